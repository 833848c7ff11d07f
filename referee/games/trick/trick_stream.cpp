// The fast path's replay of a trick game's body (GameDescriptor::replay_body): each deal read from
// the tokens into a WholeDeal (hands as sets, the cards of its tricks in a buffer reused from deal
// to deal) and replayed at once by TrickMatch::ReplayWholeDeal, with no event for a card. It reads
// the plain forms only (cards as strings of words, every trick of four cards, the keys a deal may
// have); anything else, and anything the tree readers would report, gives up: the record is then
// read and replayed the slow way (ReadTrickBody, the match's events), which makes the findings.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "referee/core/fixed_list.h"
#include "referee/games/trick/trick_record.h"

namespace referee::games::trick {
namespace {

using record::StreamToken;
using record::TokenBuffer;
using record::TokenType;

constexpr size_t kMaxDeals = 10000;  // as ReadTrickBody
constexpr size_t kMaxTricks = 64;
constexpr size_t kMaxCards = 64;  // in a hand or a pack order, as ReadCards
constexpr int64_t kMaxBoard = 1000000;
constexpr int64_t kMaxPoints = 100000;

// What the reader keeps from one deal to the next, so that a deal costs no allocation. The cards
// are held in place, bounded as the reader bounds them, with no capacity to look up on a push.
struct DealScratch {
  FixedList<Card, kMaxCards> deck;
  FixedList<Card, kMaxTricks * 4> plays;
  std::vector<Event> opening;
};

// Where the values of a deal's keys are.
struct DealValues {
  std::optional<size_t> dealer, board, hands, deck, tricks, claim;
  std::vector<std::optional<size_t>> parts;  // one per DealPart of the game, in its order
};

// "N", "E", "S" or "W", exactly, as a deal's dealer and a hand's key are written.
std::optional<Seat> SeatOf(std::string_view text) {
  if (text.size() != 1) return std::nullopt;
  switch (text[0]) {
    case 'N':
      return Seat::kNorth;
    case 'E':
      return Seat::kEast;
    case 'S':
      return Seat::kSouth;
    case 'W':
      return Seat::kWest;
    default:
      return std::nullopt;
  }
}

// The deal's keys sorted; false on a key a deal may not have (ReadDeal's AllowOnly).
bool SortDealKeys(const TokenBuffer& tokens, size_t index, const TrickBodySpec& spec,
                  DealValues& values) {
  values.parts.assign(spec.parts.size(), std::nullopt);
  for (size_t i = index + 1; tokens[i].type == TokenType::kKey; i = tokens[i + 1].next) {
    std::string_view key = tokens.Text(tokens[i]);
    std::optional<size_t>* slot = key == "dealer"   ? &values.dealer
                                  : key == "tricks" ? &values.tricks
                                  : key == "hands"  ? &values.hands
                                  : key == "claim"  ? &values.claim
                                  : key == "board"  ? &values.board
                                  : key == "deck"   ? &values.deck
                                                    : nullptr;
    for (size_t p = 0; slot == nullptr && p < spec.parts.size(); ++p) {
      if (spec.parts[p].key == key) slot = &values.parts[p];
    }
    if (slot == nullptr) return false;
    *slot = i + 1;
  }
  return true;
}

// Each word of a string as a card, as WellFormedCardText reads it; false on anything else or on
// more than `max_cards` cards.
template <typename Take>
bool ForEachCardOf(const TokenBuffer& tokens, size_t index, size_t max_cards, Take&& take) {
  std::optional<std::string_view> text = record::StringAt(tokens, index);
  return text && ForEachCardWord(*text, max_cards, take);
}

bool ReadHands(const TokenBuffer& tokens, size_t index, WholeDeal& deal) {
  if (tokens[index].type != TokenType::kBeginMap) return false;
  std::array<CardSet, 4> sets;
  size_t seats = 0;
  for (size_t i = index + 1; tokens[i].type == TokenType::kKey; i = tokens[i + 1].next) {
    std::string_view key = tokens.Text(tokens[i]);
    std::optional<Seat> seat = SeatOf(key);
    if (!seat) return false;
    int s = SeatIndex(*seat);
    deal.hand_counts[s] = 0;
    auto take = [&](Card card) {
      sets[s].Add(card);
      ++deal.hand_counts[s];
    };
    if (!ForEachCardOf(tokens, i + 1, kMaxCards, take)) return false;
    ++seats;
  }
  // Four keys, each a seat and none twice (the tokenizer refuses a key given twice): every seat.
  if (seats != kAllSeats.size()) return false;
  deal.hands = sets;
  return true;
}

// Every trick a string of exactly four cards, the common form (a shorter last trick of a record
// that stops in the middle of one, or cards as lists, are read the slow way).
bool ReadTricks(const TokenBuffer& tokens, size_t index, FixedList<Card, kMaxTricks * 4>& plays) {
  return record::ForEachListItem(tokens, index, kMaxTricks, [&](size_t trick) {
    size_t before = plays.size();
    return ForEachCardOf(tokens, trick, 4, [&](Card card) { plays.push_back(card); }) &&
           plays.size() - before == 4;
  });
}

bool ReadClaim(const TokenBuffer& tokens, size_t index, int number, const TrickBodySpec& spec,
               record::FastDealClaim& claim) {
  if (tokens[index].type != TokenType::kBeginMap) return false;
  const std::vector<std::string>& units = spec.claim_units;
  if (units.size() > record::FastDealClaim::kMaxUnits) return false;
  claim = record::FastDealClaim{.deal = number};
  for (size_t i = index + 1; tokens[i].type == TokenType::kKey; i = tokens[i + 1].next) {
    auto unit = std::find(units.begin(), units.end(), tokens.Text(tokens[i]));
    std::optional<int64_t> points = record::IntegerAt(tokens, i + 1, -kMaxPoints, kMaxPoints);
    if (unit == units.end() || !points) return false;
    size_t u = static_cast<size_t>(unit - units.begin());
    claim.points[u] = *points;
    claim.given[u] = true;
  }
  return true;
}

// The game's parts (a call, a conference), read by the game's own tree readers: one small map a
// deal at most.
bool ReadOpening(const TokenBuffer& tokens, const DealValues& values, int number,
                 const TrickBodySpec& spec, std::vector<Event>& opening) {
  opening.clear();
  for (size_t p = 0; p < spec.parts.size(); ++p) {
    if (!values.parts[p]) continue;
    const DealPart& part = spec.parts[p];
    if (part.read_tokens != nullptr) {
      if (std::optional<Event> read = part.read_tokens(tokens, *values.parts[p], number)) {
        read->path = EventPath::Member("deals", number - 1, part.key.c_str());
        opening.push_back(std::move(*read));
        continue;
      }
    }
    std::optional<record::Node> node = record::NodeAt(tokens, *values.parts[p]);
    if (!node) return false;
    std::string path = ChildPath(ChildPath("/deals", static_cast<size_t>(number - 1)), part.key);
    Result<Event> read = part.read(*node, path, number);
    if (!read.has_value()) return false;
    opening.push_back(std::move(*read));
  }
  return true;
}

// The deal's cards: dealer, hands, pack order, board (ReadDeal and ReadDealCards).
bool ReadDealCards(const TokenBuffer& tokens, const DealValues& values,
                   const record::Record& header, DealScratch& scratch, WholeDeal& deal) {
  std::optional<std::string_view> dealer =
      values.dealer ? record::StringAt(tokens, *values.dealer) : std::nullopt;
  std::optional<Seat> seat = dealer ? SeatOf(*dealer) : std::nullopt;
  if (!seat) return false;
  deal.dealer = *seat;
  if (values.hands && !ReadHands(tokens, *values.hands, deal)) return false;
  if (values.deck) {
    scratch.deck.clear();
    auto take = [&](Card card) { scratch.deck.push_back(card); };
    if (!ForEachCardOf(tokens, *values.deck, kMaxCards, take)) return false;
    deal.deck = scratch.deck.span();
  }
  if (values.board) {
    std::optional<int64_t> board = record::IntegerAt(tokens, *values.board, 1, kMaxBoard);
    if (!board || !header.seed) return false;
    deal.board = static_cast<int>(*board);
  }
  deal.seeded = header.seed.has_value();
  return deal.hands || deal.deck || deal.seeded;
}

struct BodyContext {
  const record::Record& header;
  const TrickBodySpec& spec;
  TrickMatch& match;
  record::FastTally& tally;
  DealScratch& scratch;
  DealValues values;
};

bool ReplayDeal(const TokenBuffer& tokens, size_t index, int number, bool last,
                BodyContext& context) {
  DealScratch& scratch = context.scratch;
  if (tokens[index].type != TokenType::kBeginMap ||
      !SortDealKeys(tokens, index, context.spec, context.values)) {
    return false;
  }
  const DealValues& values = context.values;
  WholeDeal deal;
  if (!ReadDealCards(tokens, values, context.header, scratch, deal) ||
      !ReadOpening(tokens, values, number, context.spec, scratch.opening)) {
    return false;
  }
  scratch.plays.clear();
  if (values.tricks && !ReadTricks(tokens, *values.tricks, scratch.plays)) return false;
  deal.plays = scratch.plays.span();
  deal.last_in_record = last;
  if (!context.match.ReplayWholeDeal(deal, scratch.opening)) return false;
  // Counted as the record's entries are: the deal, its parts, each card, its end.
  context.tally.events +=
      1 + static_cast<int>(scratch.opening.size() + scratch.plays.size()) + (last ? 0 : 1);
  if (!values.claim) return true;
  return ReadClaim(tokens, *values.claim, number, context.spec,
                   context.tally.claims.emplace_back());
}

}  // namespace

bool ReplayTrickBody(const TokenBuffer& tokens, const record::BodyValues& values,
                     const record::Record& header, const TrickBodySpec& spec, TrickMatch& match,
                     record::FastTally& tally) {
  if (values.size() != 1 || !values[0]) return false;
  thread_local DealScratch scratch;
  BodyContext context{header, spec, match, tally, scratch, {}};
  int number = 0;
  return record::ForEachListItem(tokens, *values[0], kMaxDeals, [&](size_t deal) {
    bool last = tokens[tokens[deal].next].type == TokenType::kEndList;
    return ReplayDeal(tokens, deal, ++number, last, context);
  });
}

}  // namespace referee::games::trick
