#include "referee/games/trick/trick_record.h"

#include <algorithm>

#include "referee/core/fixed_list.h"
#include "referee/core/printable.h"
#include "referee/games/registry.h"
#include "referee/games/trick/trick_record_parts.h"
#include "referee/record/fields.h"
#include "referee/record/record_writer.h"

namespace referee::games::trick {
namespace {

using record::Fields;
using record::Node;
using record::Value;

// The limits of a deal as a record writes it: bounds on what a reader keeps, well past any pack.
constexpr size_t kMostDeals = 10000;
constexpr size_t kMostTricks = 64;
constexpr size_t kMostCardsInATrick = 8;
constexpr size_t kMostDealCards = 64;  // in a hand or a pack order
constexpr int64_t kMostBoard = 1000000;
constexpr int64_t kMostClaimedPoints = 100000;

constexpr size_t kMostDealParts = 4;  // no game adds more (checked in ReadTrickBody)

// A deal's members by key, gathered in one pass over its map: the readers take each from here.
struct DealMembers : DealCardMembers {
  std::optional<Value> dealer, tricks, claim;
  std::array<std::optional<Value>, kMostDealParts> parts;  // the game's, in its order
};

// The keys of a deal's map that every trick game has, each with the member it fills: the one list
// of them. A game's parts add theirs.
constexpr std::array<record::MemberKey<DealMembers>, 6> kDealKeys = {{
    {"dealer", &DealMembers::dealer},
    {"board", &DealMembers::board},
    {"hands", &DealMembers::hands},
    {"deck", &DealMembers::deck},
    {"tricks", &DealMembers::tricks},
    {"claim", &DealMembers::claim},
}};

// The deal's members, in one pass over its map; a key that is no deal's is the finding.
Result<void> GatherDeal(const Fields& deal, const TrickBodySpec& spec, DealMembers& members) {
  std::optional<Value> unknown =
      record::GatherMembers(deal.map(), kDealKeys, members, [&](Value member) {
        auto part = std::find_if(spec.parts.begin(), spec.parts.end(),
                                 [&](const DealPart& known) { return known.key == member.key(); });
        if (part == spec.parts.end()) return false;
        members.parts[static_cast<size_t>(part - spec.parts.begin())] = member;
        return true;
      });
  if (unknown) return deal.AllowOnly(DealKeysOf(spec));  // words the finding
  return {};
}

// A list of cards read into `cards`, whose memory an event read over may keep from the last deal.
std::vector<Card>& Emptied(std::optional<std::vector<Card>>& cards) {
  // Made at its largest size once, not grown card by card: a record that gives some deals by
  // hands and others by pack order makes its lists again.
  if (!cards) cards.emplace().reserve(kMostDealCards);
  cards->clear();
  return *cards;
}

Result<void> ReadHands(const std::optional<Value>& value, DealEvent& event) {
  if (!value) {
    event.hands.reset();
    return {};
  }
  auto hands = Fields::Open(*value, "the hands");
  REFEREE_TRY(hands);
  // One pass over the keys: each a seat, and none twice (the readers refuse a key given twice).
  std::array<std::optional<Value>, 4> by_seat;
  for (Value hand : *value) {
    std::optional<Seat> seat = SeatFromText(hand.key());
    if (!seat) return hands->AllowOnly({"N", "E", "S", "W"});  // words the finding
    by_seat[SeatIndex(*seat)] = hand;
  }
  if (!event.hands) {  // made at a size that holds a hand, as Emptied does
    for (std::vector<Card>& hand : event.hands.emplace()) hand.reserve(kMostDealCards / 4);
  }
  std::array<std::vector<Card>, 4>& cards = *event.hands;
  for (Seat seat : kAllSeats) {
    std::optional<Value> hand = by_seat[SeatIndex(seat)];
    if (!hand) return Fail(hands->Required(SeatName(seat)).error());  // words the finding
    std::vector<Card>& held = cards[SeatIndex(seat)];
    held.clear();
    REFEREE_TRY(ForEachCardOf(*hand, kMostDealCards, [&](Card card) { held.push_back(card); }));
  }
  return {};
}
}  // namespace

// The cards of a deal (a record's, or a live line's): its hands, its pack order, its board of the
// record's seed. `event` may hold the last deal read: what this one leaves out is cleared.
Result<void> ReadDealCards(const Fields& deal, const DealCardMembers& members,
                           const record::Record& header, int number, DealEvent& event) {
  REFEREE_TRY(ReadHands(members.hands, event));
  event.board = 0;
  if (const std::optional<Value>& deck = members.deck) {
    std::vector<Card>& cards = Emptied(event.deck);
    REFEREE_TRY(ForEachCardOf(*deck, kMostDealCards, [&](Card card) { cards.push_back(card); }));
  } else {
    event.deck.reset();
  }
  if (const std::optional<Value>& board = members.board) {
    auto value = record::ReadInteger(*board, 1, kMostBoard);
    REFEREE_TRY(value);
    event.board = static_cast<int>(*value);
    if (!header.seed) {
      return Fail(Malformed("missing-key", board->Pointer(),
                            "a board number needs a record seed to deal from; found no seed"));
    }
  }
  event.seeded = header.seed.has_value();
  if (!event.hands && !event.deck && !event.seeded) {
    return Fail(Malformed("missing-deal", deal.map().Pointer(),
                          "expected deal " + std::to_string(number) +
                              " to give its hands, its deck (pack order) or a record seed"));
  }
  return {};
}

namespace {

// The index of the score unit a claim's key names, if it names one.
std::optional<size_t> UnitIndex(std::string_view key, const std::vector<std::string>& units) {
  auto unit = std::find(units.begin(), units.end(), key);
  if (unit == units.end()) return std::nullopt;
  return static_cast<size_t>(unit - units.begin());
}

// Every key is looked at before any value is read, so that an unknown unit is the finding
// whatever the values say.
Result<void> ReadClaim(Value value, const std::vector<std::string>& units,
                       record::DealClaim& claim) {
  auto fields = Fields::Open(value, "the claim");
  REFEREE_TRY(fields);
  claim.values.reserve(value.size());
  for (Value member : value) {
    std::optional<size_t> unit = UnitIndex(member.key(), units);
    if (!unit) return fields->AllowOnly(units);  // words the finding
    claim.values.push_back({*unit, 0});
  }
  auto claimed = claim.values.begin();
  for (Value member : value) {
    auto points = record::ReadInteger(member, -kMostClaimedPoints, kMostClaimedPoints);
    REFEREE_TRY(points);
    (claimed++)->points = *points;
  }
  return {};
}

// The events a thread's reader reads its records' deals over, so that a deal costs no allocation
// once the first few records are read: the sink copies what it keeps.
struct DealScratch {
  Event deal = MakeEvent(DealEvent{});
  std::vector<Event> plays;                   // a deal's plays
  FixedList<Card, kMostCardsInATrick> cards;  // a trick's cards
};

// Reads a record's deals one by one into a sink, over the events of its scratch.
class DealReader {
 public:
  DealReader(const record::Record& header, const TrickBodySpec& spec, record::BodySink& sink,
             DealScratch& scratch)
      : header_(header), spec_(spec), sink_(sink), scratch_(scratch) {}

  Result<void> Read(Value value, int number, bool last) {
    auto deal = Fields::Open(value, "a deal");
    REFEREE_TRY(deal);
    DealMembers members;
    REFEREE_TRY(GatherDeal(*deal, spec_, members));
    REFEREE_TRY(ReadDeal(*deal, members, number));
    REFEREE_TRY(ReadParts(members, number));
    if (members.tricks) REFEREE_TRY(ReadTricks(*members.tricks, number, last));
    if (!last) sink_.Add(MakeEvent(DealEndEvent{}, number, std::nullopt, Member(number, "tricks")));
    if (members.claim) {
      record::DealClaim read{number, Member(number, "claim"), {}};
      REFEREE_TRY(ReadClaim(*members.claim, header_.game->score_units, read));
      sink_.Add(read);
    }
    return {};
  }

 private:
  static EventPath Member(int number, const char* key) {
    return EventPath::Member("deals", number - 1, key);
  }

  // The deal's event is read over the last deal's, so that its lists of cards keep their memory.
  Result<void> ReadDeal(const Fields& deal, const DealMembers& members, int number) {
    Event& dealt = scratch_.deal;
    DealEvent& event = *dealt.As<DealEvent>();
    auto dealer_value = deal.Present(members.dealer, "dealer");
    REFEREE_TRY(dealer_value);
    auto dealer = record::ReadText(*dealer_value);
    REFEREE_TRY(dealer);
    std::optional<Seat> seat = SeatFromText(*dealer);
    if (!seat) REFEREE_TRY(ParseSeat(*dealer, deal.PointerOf("dealer")));  // words the finding
    event.dealer = *seat;
    REFEREE_TRY(ReadDealCards(deal, members, header_, number, event));
    dealt.deal = number;
    dealt.path = EventPath::Item("deals", number - 1);
    sink_.Add(dealt);
    return {};
  }

  Result<void> ReadParts(const DealMembers& members, int number) {
    for (size_t i = 0; i < spec_.parts.size(); ++i) {
      const DealPart& part = spec_.parts[i];
      const std::optional<Value>& value = members.parts[i];
      if (!value) continue;
      auto event = part.read(*value, number);
      REFEREE_TRY(event);
      event->path = Member(number, part.key.c_str());
      sink_.Add(*event);
    }
    return {};
  }

  // A deal's plays go out together, once its tricks are read: each says how many cards its trick
  // has (a short trick is a finding at its first card), and the match takes a deal's plays in one
  // loop (Match::ApplyRun). Their events are kept from deal to deal.
  Result<void> ReadTricks(Value tricks, int number, bool last_deal) {
    REFEREE_TRY(record::CheckList(tricks, kMostTricks));
    size_t played = 0;
    int t = 0;
    for (Value trick : tricks) {
      FixedList<Card, kMostCardsInATrick>& cards = scratch_.cards;
      cards.clear();
      REFEREE_TRY(
          ForEachCardOf(trick, kMostCardsInATrick, [&](Card card) { cards.push_back(card); }));
      ++t;
      bool last_trick = last_deal && t == static_cast<int>(tricks.size());
      Event* events = PlaysFor(played + cards.size());
      for (size_t position = 0; position < cards.size(); ++position) {
        Event& event = events[played++];
        event.deal = number;
        event.path.SetIndexes(number - 1, t - 1, static_cast<int>(position));
        PlayEvent& play = *event.As<PlayEvent>();
        play.card = cards[position];
        play.trick = t;
        play.position = static_cast<int>(position);
        play.written_size = static_cast<int>(cards.size());
        play.last_in_record = last_trick;
      }
    }
    sink_.Add(std::span<const Event>(scratch_.plays.data(), played));
    return {};
  }

  // The events of a deal's first `count` plays, made the first time a record needs that many.
  Event* PlaysFor(size_t count) {
    std::vector<Event>& plays = scratch_.plays;
    while (plays.size() < count) {
      plays.push_back(
          MakeEvent(PlayEvent{}, 0, std::nullopt, EventPath::Nested("deals", 0, "tricks", 0, 0)));
    }
    return plays.data();
  }

  const record::Record& header_;
  const TrickBodySpec& spec_;
  record::BodySink& sink_;
  DealScratch& scratch_;
};

}  // namespace

Finding BadCardWord(Value value, size_t index) {
  std::string_view word;
  if (value.IsString()) {
    size_t at = 0;
    record::ForEachWord(value.text(), [&](const record::Word& each) {
      if (at++ != index) return true;
      word = each.text;
      return false;
    });
  } else {
    size_t at = 0;
    for (Value item : value) {
      if (at++ == index) word = item.text();
    }
  }
  Result<Card> card = ParseCard(word, record::WordPointer(value, index));
  REFEREE_CHECK(!card.has_value(), "BadCardWord: the word is a card");
  return std::move(card).error();
}

Result<std::vector<Card>> ReadCards(Value value, size_t max_cards) {
  std::vector<Card> cards;
  REFEREE_TRY(ForEachCardOf(value, max_cards, [&](Card card) { cards.push_back(card); }));
  return cards;
}

Result<std::optional<Seat>> ReadOptionalSeat(const Fields& fields, std::string_view key) {
  std::optional<Value> value = fields.Optional(key);
  if (!value) return std::optional<Seat>();
  auto text = record::ReadText(*value);
  REFEREE_TRY(text);
  std::optional<Seat> seat = SeatFromText(*text);
  if (!seat) REFEREE_TRY(ParseSeat(*text, value->Pointer()));  // words the finding
  return seat;
}

std::vector<std::string> DealKeysOf(const TrickBodySpec& spec) {
  std::vector<std::string> keys = record::KeyNames(kDealKeys);
  for (const DealPart& part : spec.parts) keys.push_back(part.key);
  return keys;
}

Result<void> ReadTrickBody(Value root, const record::Record& header, const TrickBodySpec& spec,
                           record::BodySink& sink) {
  std::optional<Value> deals = root.Find("deals");
  if (!deals) {
    return Fail(Malformed("missing-key", "", "a record needs the key 'deals', which is missing"));
  }
  REFEREE_TRY(record::CheckList(*deals, kMostDeals));
  REFEREE_CHECK(spec.parts.size() <= kMostDealParts, "a game with more deal parts than kept");
  thread_local DealScratch scratch;
  DealReader reader(header, spec, sink, scratch);
  int number = 0;
  for (Value deal : *deals) {
    ++number;
    REFEREE_TRY(reader.Read(deal, number, number == static_cast<int>(deals->size())));
  }
  return {};
}

// ---------------------------------------------------------------------------------------------
// Writing: the entries are regrouped by deal, in the canonical key order.

std::vector<std::string> CardWords(const std::vector<Card>& cards) {
  std::vector<std::string> words;
  for (Card card : cards) words.push_back(ToString(card));
  return words;
}

void WriteDealHeader(const DealEvent& event, Node& deal) {
  deal.AddMember("dealer", {}, record::StringNode(event.dealer ? SeatName(*event.dealer) : "N"));
  if (event.board > 0) deal.AddMember("board", {}, record::IntegerNode(event.board));
  if (event.hands) {
    Node hands = Node::Map({});
    for (Seat seat : kAllSeats) {
      hands.AddMember(SeatName(seat), {},
                      record::WordsNode(CardWords((*event.hands)[SeatIndex(seat)])));
    }
    deal.AddMember("hands", {}, std::move(hands));
  }
  if (event.deck) deal.AddMember("deck", {}, record::WordsNode(CardWords(*event.deck)));
}

namespace {

Node ClaimNode(const record::DealClaim& claim, const std::vector<std::string>& units) {
  Node node = Node::Map({});
  for (const record::ClaimedPoints& value : claim.values) {
    node.AddMember(units[value.unit], {}, record::IntegerNode(value.points));
  }
  return node;
}

// Collects one deal's parts as they come, then writes them in canonical order.
struct DealParts {
  std::optional<DealEvent> deal;
  std::vector<std::optional<Event>> parts;  // one per DealPart of the game, in its order
  std::vector<std::vector<std::string>> tricks;
  std::optional<record::DealClaim> claim;

  Node ToNode(const TrickBodySpec& spec, const std::vector<std::string>& units) const {
    Node node = Node::Map({});
    if (deal) WriteDealHeader(*deal, node);
    for (size_t i = 0; i < spec.parts.size() && i < parts.size(); ++i) {
      if (parts[i]) node.AddMember(spec.parts[i].key, {}, spec.parts[i].write(*parts[i]));
    }
    Node list = Node::List({});
    for (const std::vector<std::string>& trick : tricks) list.Append(record::WordsNode(trick));
    node.AddMember("tricks", {}, std::move(list));
    if (claim) node.AddMember("claim", {}, ClaimNode(*claim, units));
    return node;
  }
};

void AddToParts(const record::Record::Entry& entry, const TrickBodySpec& spec, DealParts& parts) {
  if (const auto* claim = std::get_if<record::DealClaim>(&entry.item)) {
    parts.claim = *claim;
    return;
  }
  const Event& event = std::get<Event>(entry.item);
  if (const auto* deal = event.As<DealEvent>()) parts.deal = *deal;
  parts.parts.resize(spec.parts.size());
  for (size_t i = 0; i < spec.parts.size(); ++i) {
    if (event.kind == spec.parts[i].key) parts.parts[i] = event;
  }
  if (const auto* play = event.As<PlayEvent>()) {
    bool full = !parts.tricks.empty() && parts.tricks.back().size() == 4;
    if (parts.tricks.empty() || play->position == 0 || (play->position < 0 && full)) {
      parts.tricks.emplace_back();
    }
    parts.tricks.back().push_back(ToString(play->card));
  }
}

int EntryDeal(const record::Record::Entry& entry) {
  if (const auto* claim = std::get_if<record::DealClaim>(&entry.item)) return claim->deal;
  return std::get<Event>(entry.item).deal;
}

}  // namespace

void WriteTrickBody(const record::Record& record, Node& root, const TrickBodySpec& spec) {
  const std::vector<std::string>& units = record.game->score_units;
  Node deals = Node::List({});
  DealParts parts;
  int current = 0;
  for (const record::Record::Entry& entry : record.entries) {
    int deal = EntryDeal(entry);
    if (deal != current && current != 0) {
      deals.Append(parts.ToNode(spec, units));
      parts = DealParts{};
    }
    current = deal;
    AddToParts(entry, spec, parts);
  }
  if (current != 0) deals.Append(parts.ToNode(spec, units));
  root.AddMember("deals", {}, std::move(deals));
}

}  // namespace referee::games::trick
