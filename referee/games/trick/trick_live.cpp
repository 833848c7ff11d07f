// The trick games' live lines (docs/live.md): the record's readers and writers, keyed by "event",
// and the view a seat is sent.
#include <algorithm>

#include "referee/core/printable.h"
#include "referee/games/registry.h"
#include "referee/games/trick/trick_record.h"
#include "referee/games/trick/trick_record_parts.h"
#include "referee/record/fields.h"
#include "referee/record/record_writer.h"

namespace referee::games::trick {

using record::Fields;
using record::Node;
using record::Value;

namespace {

Result<Event> ReadLiveDeal(const Fields& line, const record::Record& header, const ToAct& next) {
  REFEREE_TRY(line.AllowOnly({"event", "dealer", "board", "hands", "deck"}));
  DealEvent event;
  auto dealer = ReadOptionalSeat(line, "dealer");
  REFEREE_TRY(dealer);
  event.dealer = *dealer;
  DealCardMembers cards{line.Optional("hands"), line.Optional("deck"), line.Optional("board")};
  REFEREE_TRY(ReadDealCards(line, cards, header, next.deal, event));
  // The rules name every dealer after the first; the referee's own first seeded deal is North's,
  // as in TrickMatch::SeededDeal. A deal whose cards the client gives must name its first dealer.
  if (!event.dealer && next.phase == Phase::kDeal && next.actor) event.dealer = SeatAt(*next.actor);
  if (!event.dealer && !event.hands && !event.deck) event.dealer = Seat::kNorth;
  return MakeEvent(std::move(event), next.deal, std::nullopt, line.map().Pointer());
}

Result<Event> ReadLivePlay(const Fields& line, const ToAct& next) {
  REFEREE_TRY(line.AllowOnly({"event", "seat", "card"}));
  auto seat = ReadOptionalSeat(line, "seat");
  REFEREE_TRY(seat);
  auto text = line.RequiredText("card");
  REFEREE_TRY(text);
  auto card = ParseCard(*text, line.PointerOf("card"));
  REFEREE_TRY(card);
  std::optional<int> actor;
  if (*seat) actor = SeatIndex(**seat);
  if (!actor && next.kind == PlayEvent::kKind) actor = next.actor;
  return MakeEvent(PlayEvent{.card = *card}, next.deal, actor, line.PointerOf("card"));
}

Node SeatMap(const std::array<int, 4>& values) {
  Node map = Node::Map({});
  for (Seat seat : kAllSeats) {
    map.AddMember(SeatName(seat), {}, record::IntegerNode(values[SeatIndex(seat)]));
  }
  return map;
}

Node ScoresNode(const ScoreSheet& sheet) {
  Node totals = Node::Map({});
  for (size_t i = 0; i < sheet.units.size() && i < sheet.totals.size(); ++i) {
    totals.AddMember(sheet.units[i], {}, record::IntegerNode(sheet.totals[i]));
  }
  return totals;
}

void AddDealView(const TrickView& view, const TrickBodySpec& spec, Node& node) {
  node.AddMember("dealer", {}, record::StringNode(SeatName(*view.dealer)));
  node.AddMember("hand", {}, record::WordsNode(CardWords(view.hand.Cards())));
  Node trick = Node::Map({});
  if (view.trick_leader) {
    trick.AddMember("leader", {}, record::StringNode(SeatName(*view.trick_leader)));
  }
  trick.AddMember("cards", {}, record::WordsNode(CardWords(view.trick)));
  node.AddMember("trick", {}, std::move(trick));
  node.AddMember("played", {}, record::WordsNode(CardWords(view.played)));
  node.AddMember("tricks_won", {}, SeatMap(view.tricks_won));
  if (spec.write_view_extension != nullptr) spec.write_view_extension(view, node);
  if (!view.known_hands.empty()) {
    Node known = Node::Map({});
    for (const auto& [seat, hand] : view.known_hands) {
      known.AddMember(SeatName(seat), {}, record::WordsNode(CardWords(hand.Cards())));
    }
    node.AddMember("known_hands", {}, std::move(known));
  }
}

std::vector<std::string> LineKinds(const TrickBodySpec& spec) {
  std::vector<std::string> kinds = {"deal"};
  for (const DealPart& part : spec.parts) kinds.push_back(part.key);
  for (const char* kind : {"play", "view", "legal"}) kinds.emplace_back(kind);
  return kinds;
}

}  // namespace

Result<Event> ReadLiveEvent(Value line, const record::Record& header, const ToAct& next,
                            const TrickBodySpec& spec) {
  auto fields = Fields::Open(line, "an event");
  REFEREE_TRY(fields);
  auto kind = fields->RequiredText("event");
  REFEREE_TRY(kind);
  if (*kind == DealEvent::kKind) return ReadLiveDeal(*fields, header, next);
  if (*kind == PlayEvent::kKind) return ReadLivePlay(*fields, next);
  for (const DealPart& part : spec.parts) {
    if (*kind == part.key) return part.read_live(*fields, next);
  }
  std::vector<std::string> kinds = LineKinds(spec);
  std::string listed;
  for (size_t i = 0; i < kinds.size(); ++i) {
    listed += (i == 0 ? "" : i + 1 == kinds.size() ? " or " : ", ") + kinds[i];
  }
  return Fail(Malformed("unknown-key", "/event",
                        "expected an event " + listed + ", found " + Quoted(*kind) +
                            record::DidYouMean(*kind, kinds)));
}

Node WriteLiveEvent(const Event& event, const TrickBodySpec& spec) {
  Node line = Node::Map({});
  line.AddMember("event", {}, record::StringNode(std::string(event.kind)));
  if (const auto* deal = event.As<DealEvent>()) {
    WriteDealHeader(*deal, line);
  } else if (const auto* play = event.As<PlayEvent>()) {
    if (event.actor) line.AddMember("seat", {}, record::StringNode(SeatName(SeatAt(*event.actor))));
    line.AddMember("card", {}, record::StringNode(ToString(play->card)));
  }
  for (const DealPart& part : spec.parts) {
    if (event.kind != part.key) continue;
    Node fields = part.write_live(event);
    for (const Node::Member& member : fields.members()) {
      line.AddMember(member.key, {}, member.value);
    }
  }
  return line;
}

Node WriteLiveView(const View& view, const TrickBodySpec& spec) {
  const auto* table = view.game.As<TrickView>();
  Node node = Node::Map({});
  node.AddMember("seat", {}, record::StringNode(SeatName(SeatAt(view.actor))));
  node.AddMember("deal", {}, record::IntegerNode(table != nullptr ? table->deal : 0));
  if (table != nullptr && table->dealer) AddDealView(*table, spec, node);
  node.AddMember("scores", {}, ScoresNode(view.scores));
  return node;
}

namespace {

Result<CardSet> ReadHand(Value value) {
  CardSet hand;
  REFEREE_TRY(ForEachCardOf(value, 13, [&](Card card) { hand.Add(card); }));
  return hand;
}

Result<void> ReadTrickView(const Fields& trick, TrickView& view) {
  auto leader = ReadOptionalSeat(trick, "leader");
  REFEREE_TRY(leader);
  if (*leader) view.trick_leader = **leader;
  if (std::optional<Value> cards = trick.Optional("cards")) {
    auto read = ReadCards(*cards, 4);
    REFEREE_TRY(read);
    view.trick = *read;
  }
  return {};
}

Result<void> ReadTricksWon(const Fields& view_fields, TrickView& view) {
  std::optional<Value> won = view_fields.Optional("tricks_won");
  if (!won) return {};
  auto fields = Fields::Open(*won, "tricks per seat");
  REFEREE_TRY(fields);
  for (int i = 0; i < 4; ++i) {
    std::optional<Value> count = fields->Optional(SeatName(SeatAt(i)));
    if (!count) continue;
    auto read = record::ReadInteger(*count, 0, 13);
    REFEREE_TRY(read);
    view.tricks_won[i] = static_cast<int>(*read);
  }
  return {};
}

Result<void> ReadKnownHands(const Fields& view_fields, TrickView& view) {
  std::optional<Value> known = view_fields.Optional("known_hands");
  if (!known) return {};
  for (Value hand : *known) {
    auto seat = ParseSeat(hand.key(), known->Pointer());
    REFEREE_TRY(seat);
    auto cards = ReadHand(hand);
    REFEREE_TRY(cards);
    view.known_hands.emplace_back(*seat, *cards);
  }
  return {};
}

// The part AddDealView writes, once a deal is under way.
Result<void> ReadDealView(const Fields& fields, const TrickBodySpec& spec, TrickView& view) {
  auto dealer = fields.RequiredText("dealer");
  REFEREE_TRY(dealer);
  auto seat = ParseSeat(*dealer, fields.PointerOf("dealer"));
  REFEREE_TRY(seat);
  view.dealer = *seat;
  auto hand = fields.Required("hand");
  REFEREE_TRY(hand);
  auto cards = ReadHand(*hand);
  REFEREE_TRY(cards);
  view.hand = *cards;
  if (std::optional<Value> trick = fields.Optional("trick")) {
    auto trick_fields = Fields::Open(*trick, "a trick");
    REFEREE_TRY(trick_fields);
    REFEREE_TRY(ReadTrickView(*trick_fields, view));
  }
  if (std::optional<Value> played = fields.Optional("played")) {
    auto read = ReadCards(*played, 52);
    REFEREE_TRY(read);
    view.played = *read;
  }
  REFEREE_TRY(ReadTricksWon(fields, view));
  if (spec.read_view_extension != nullptr) REFEREE_TRY(spec.read_view_extension(fields, view));
  return ReadKnownHands(fields, view);
}

}  // namespace

Result<View> ReadLiveView(Value value, const TrickBodySpec& spec) {
  auto fields = Fields::Open(value, "a view");
  REFEREE_TRY(fields);
  auto seat_text = fields->RequiredText("seat");
  REFEREE_TRY(seat_text);
  auto seat = ParseSeat(*seat_text, fields->PointerOf("seat"));
  REFEREE_TRY(seat);
  View view;
  view.actor = SeatIndex(*seat);
  TrickView table;
  if (std::optional<Value> deal = fields->Optional("deal")) {
    auto number = record::ReadInteger(*deal, 0, 1000000);
    REFEREE_TRY(number);
    table.deal = static_cast<int>(*number);
  }
  if (fields->Optional("dealer")) REFEREE_TRY(ReadDealView(*fields, spec, table));
  view.game = Payload(std::move(table));
  return view;
}

}  // namespace referee::games::trick
