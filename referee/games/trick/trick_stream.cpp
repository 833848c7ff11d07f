// The fast path's reader of a trick game's body: ReadTrickBody's entries from tokens, deal by deal.
// Every check of the tree reader is either made here the same way or left to it: a form this
// reader does not take (cards as lists, a trick of other than four cards, a value of another type,
// a key it does not know) is read the slow way, which also makes any finding.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "referee/games/trick/trick_record.h"

namespace referee::games::trick {
namespace {

using record::TokenBuffer;
using record::TokenMap;

constexpr size_t kMaxDeals = 10000;  // as ReadTrickBody
constexpr size_t kMaxTricks = 64;
constexpr int kMaxBoard = 1000000;

std::optional<Seat> SeatOf(std::string_view text) {
  for (Seat seat : kAllSeats) {
    if (text.size() == 1 && text[0] == SeatLetter(seat)) return seat;
  }
  return std::nullopt;
}

std::optional<std::vector<Card>> CardsAt(const TokenBuffer& tokens, size_t index,
                                         size_t max_cards) {
  std::optional<std::string_view> text = record::StringAt(tokens, index);
  if (!text) return std::nullopt;
  return WellFormedCardText(*text, max_cards);
}

bool ReadHands(const TokenBuffer& tokens, size_t index, DealEvent& deal) {
  static const std::vector<std::string> kSeatKeys = {"N", "E", "S", "W"};
  std::optional<TokenMap> hands = TokenMap::At(tokens, index);
  if (!hands || !hands->KeysAmong(kSeatKeys)) return false;
  std::array<std::vector<Card>, 4> cards;
  for (Seat seat : kAllSeats) {
    std::optional<size_t> hand = hands->Find(SeatName(seat));
    std::optional<std::vector<Card>> read = hand ? CardsAt(tokens, *hand, 64) : std::nullopt;
    if (!read) return false;
    cards[SeatIndex(seat)] = std::move(*read);
  }
  deal.hands = std::move(cards);
  return true;
}

// The deal's own keys: dealer, board, hands, deck (ReadDeal and ReadDealCards).
std::optional<DealEvent> ReadDealHeader(const TokenBuffer& tokens, const TokenMap& map,
                                        const record::Record& header) {
  DealEvent deal;
  std::optional<size_t> dealer = map.Find("dealer");
  std::optional<std::string_view> text = dealer ? record::StringAt(tokens, *dealer) : std::nullopt;
  deal.dealer = text ? SeatOf(*text) : std::nullopt;
  if (!deal.dealer) return std::nullopt;
  if (std::optional<size_t> hands = map.Find("hands"); hands && !ReadHands(tokens, *hands, deal)) {
    return std::nullopt;
  }
  if (std::optional<size_t> deck = map.Find("deck")) {
    deal.deck = CardsAt(tokens, *deck, 64);
    if (!deal.deck) return std::nullopt;
  }
  if (std::optional<size_t> board = map.Find("board")) {
    std::optional<int64_t> number = record::IntegerAt(tokens, *board, 1, kMaxBoard);
    if (!number || !header.seed) return std::nullopt;
    deal.board = static_cast<int>(*number);
  }
  deal.seeded = header.seed.has_value();
  if (!deal.hands && !deal.deck && !deal.seeded) return std::nullopt;
  return deal;
}

bool ReadParts(const TokenBuffer& tokens, const TokenMap& map, const std::string& path, int number,
               const TrickBodySpec& spec, std::vector<record::Record::Entry>& batch) {
  for (const DealPart& part : spec.parts) {
    std::optional<size_t> index = map.Find(part.key);
    if (!index) continue;
    std::optional<record::Node> node = record::NodeAt(tokens, *index);
    if (!node) return false;
    Result<Event> read = part.read(*node, ChildPath(path, part.key), number);
    if (!read.has_value()) return false;
    batch.push_back({std::move(*read)});
  }
  return true;
}

// The four cards of a whole trick, as WellFormedCardText reads them, into `cards`.
bool ReadTrickCards(const TokenBuffer& tokens, size_t index, std::array<Card, 4>& cards) {
  std::optional<std::string_view> text = record::StringAt(tokens, index);
  if (!text) return false;
  size_t count = 0;
  bool all_cards = record::ForEachWord(*text, [&](const record::Word& word) {
    std::optional<Card> card = CardFromText(word.text);
    if (!card || count == cards.size()) return false;
    cards[count++] = *card;
    return true;
  });
  return all_cards && count == cards.size();
}

// Whole tricks only: four cards each, as a finished deal writes them, read as one run
// (TricksEvent): a card costs no event of its own.
bool ReadTricks(const TokenBuffer& tokens, std::optional<size_t> index, int number, bool last_deal,
                const std::string& tricks_path, std::vector<record::Record::Entry>& batch) {
  if (!index) return true;
  std::optional<std::vector<size_t>> tricks = record::ListItems(tokens, *index, kMaxTricks);
  if (!tricks) return false;
  TricksEvent run{.cards = {}, .last_in_record = last_deal};
  run.cards.resize(tricks->size() * 4);
  std::array<Card, 4> cards;
  for (size_t t = 0; t < tricks->size(); ++t) {
    if (!ReadTrickCards(tokens, (*tricks)[t], cards)) return false;
    std::copy(cards.begin(), cards.end(), run.cards.begin() + static_cast<ptrdiff_t>(t * 4));
  }
  if (run.cards.empty()) return true;
  int parts = static_cast<int>(run.cards.size());
  Event& event = std::get<Event>(batch.emplace_back().item);
  event = MakeEvent(std::move(run), number, std::nullopt, tricks_path);
  event.parts = parts;
  return true;
}

bool ReadClaim(const TokenBuffer& tokens, std::optional<size_t> index, const std::string& path,
               int number, const TrickBodySpec& spec, std::vector<record::Record::Entry>& batch) {
  if (!index) return true;
  std::optional<TokenMap> claim = TokenMap::At(tokens, *index);
  if (!claim || !claim->KeysAmong(spec.claim_units)) return false;
  record::DealClaim read{number, path, {}};
  for (size_t i = *index + 1; tokens[i].type == record::TokenType::kKey; i = tokens[i + 1].next) {
    std::optional<int64_t> points = record::IntegerAt(tokens, i + 1, -100000, 100000);
    if (!points) return false;
    std::string unit(tokens.Text(tokens[i]));
    read.values.push_back({unit, *points, ChildPath(path, unit)});
  }
  batch.push_back({std::move(read)});
  return true;
}

struct DealContext {
  const record::Record& header;
  const TrickBodySpec& spec;
  std::vector<std::string> keys;  // DealKeysOf(spec)
};

bool ReadDeal(const TokenBuffer& tokens, size_t index, int number, bool last,
              const DealContext& context, std::vector<record::Record::Entry>& batch) {
  const TrickBodySpec& spec = context.spec;
  const record::Record& header = context.header;
  std::optional<TokenMap> map = TokenMap::At(tokens, index);
  if (!map || !map->KeysAmong(context.keys)) return false;
  std::optional<DealEvent> deal = ReadDealHeader(tokens, *map, header);
  if (!deal) return false;
  std::string path = ChildPath("/deals", static_cast<size_t>(number - 1));
  batch.push_back({MakeEvent(std::move(*deal), number, std::nullopt, path)});
  if (!ReadParts(tokens, *map, path, number, spec, batch)) return false;
  std::string tricks_path = ChildPath(path, "tricks");
  if (!ReadTricks(tokens, map->Find("tricks"), number, last, tricks_path, batch)) return false;
  if (!last) batch.push_back({MakeEvent(DealEndEvent{}, number, std::nullopt, tricks_path)});
  return ReadClaim(tokens, map->Find("claim"), ChildPath(path, "claim"), number, spec, batch);
}

}  // namespace

bool StreamTrickBody(const TokenBuffer& tokens, const record::BodyValues& values,
                     const record::Record& header, record::EntrySink& sink,
                     const TrickBodySpec& spec) {
  if (values.size() != 1 || !values[0]) return false;
  std::optional<std::vector<size_t>> deals = record::ListItems(tokens, *values[0], kMaxDeals);
  if (!deals) return false;
  thread_local std::vector<record::Record::Entry> batch;
  DealContext context{header, spec, DealKeysOf(spec)};
  for (size_t d = 0; d < deals->size(); ++d) {
    batch.clear();
    bool last = d + 1 == deals->size();
    if (!ReadDeal(tokens, (*deals)[d], static_cast<int>(d) + 1, last, context, batch)) {
      return false;
    }
    if (!sink.Take(batch)) return false;
  }
  return true;
}

}  // namespace referee::games::trick
