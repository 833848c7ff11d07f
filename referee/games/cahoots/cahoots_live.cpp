// Cahoots' live lines (docs/live.md): a turn, read and written with the record's turn map, and the
// view a seat is sent.
#include <algorithm>
#include <array>

#include "referee/core/printable.h"
#include "referee/games/cahoots/cahoots_cards.h"
#include "referee/games/cahoots/cahoots_catalogue.h"
#include "referee/games/cahoots/cahoots_goals.h"
#include "referee/games/cahoots/cahoots_match.h"
#include "referee/games/cahoots/cahoots_record.h"
#include "referee/games/cahoots/cahoots_record_parts.h"
#include "referee/record/fields.h"
#include "referee/record/record_writer.h"

namespace referee::games::cahoots {

using record::Fields;
using record::Node;
using record::Value;

namespace {

// What a player draws is hidden until drawn, and which goals a turn completes depends on the goal
// pile when a goal turned up completes at once: the answer to a claim of either, accepted or
// refused, would tell a seat hidden cards. The referee draws and resolves the goals; the player's
// view shows its cards, and the reply announces the goals completed.
Result<void> RefuseHiddenClaims(const Fields& fields) {
  for (const char* key : {"drew", "completed"}) {
    if (!fields.Optional(key)) continue;
    return Fail(Malformed("unknown-key", "/" + std::string(key),
                          "expected a live turn without '" + std::string(key) +
                              "' (the referee draws and resolves the goals; the player's view "
                              "shows its cards, the reply the goals completed), found '" +
                              std::string(key) + "'"));
  }
  return {};
}

Result<Event> ReadLiveEvent(Value line, const record::Record& header, const ToAct& next,
                            LineSource source) {
  auto fields = Fields::Open(line, "an event");
  REFEREE_TRY(fields);
  auto kind = fields->RequiredText("event");
  REFEREE_TRY(kind);
  if (*kind != "turn") {
    return Fail(Malformed("unknown-key", "/event",
                          "expected an event turn, view or legal (the table is set up from the "
                          "header), found " +
                              Quoted(*kind) +
                              record::DidYouMean(*kind, {"turn", "view", "legal"})));
  }
  if (source == LineSource::kSeat) REFEREE_TRY(RefuseHiddenClaims(*fields));
  std::vector<std::string> keys = TurnKeys();
  keys.insert(keys.begin(), "event");
  REFEREE_TRY(fields->AllowOnly(keys));
  const Edition& edition = EditionNamed(header.rules.Choice("edition"));
  TurnEvent turn;
  std::optional<int> actor;
  TurnMembers members;
  GatherTurn(*fields, members);  // its keys are checked above: the other is `event`
  REFEREE_TRY(ReadTurnFields(*fields, members, header, edition, false, turn, actor));
  if (!actor) actor = next.actor;
  return MakeEvent(std::move(turn), 0, actor, "");
}

Node WriteLiveEvent(const Event& event, const record::Record& header) {
  Node line = Node::Map({});
  line.AddMember("event", {}, record::StringNode("turn"));
  const auto* turn = event.As<TurnEvent>();
  if (turn == nullptr) return line;
  const Edition& edition = EditionNamed(header.rules.Choice("edition"));
  Node node = TurnNode(event, header, edition);
  if (node.IsMap()) {
    for (const Node::Member& member : node.members()) line.AddMember(member.key, {}, member.value);
    return line;
  }
  // The plain form "ann 3G 2": player, card, pile.
  std::vector<record::Word> words = record::SplitWords(node.text());
  line.AddMember("player", {}, record::StringNode(std::string(words.at(0).text)));
  line.AddMember("card", {}, record::StringNode(std::string(words.at(1).text)));
  line.AddMember("pile", {}, record::IntegerNode(turn->pile));
  return line;
}

Node CardsNode(const std::vector<NumberCard>& cards, const Edition& edition) {
  return record::WordsNode(CardWords(cards, edition));
}

Node WriteLiveView(const View& shown, const record::Record& header) {
  const Edition& edition = EditionNamed(header.rules.Choice("edition"));
  static const CahootsView kNothing;
  const CahootsView* table = shown.game.As<CahootsView>();
  const CahootsView& view = table != nullptr ? *table : kNothing;
  Node node = Node::Map({});
  node.AddMember("player", {}, record::StringNode(header.players.at(shown.actor)));
  node.AddMember("cards", {}, CardsNode(view.cards, edition));
  node.AddMember("piles", {}, CardsNode(view.pile_tops, edition));
  // Each visible goal as its card's text, for people, and as the data a record gives it, for a
  // client that plays from the view (the goal pile itself is hidden).
  Node goals = Node::List({});
  for (const GoalSpec& goal : view.goals) {
    Node shown = Node::Map({});
    std::string text = goal.label.empty() ? GoalText(goal, edition) : goal.label;
    shown.AddMember("text", {}, record::StringNode(text));
    shown.AddMember("goal", {}, GoalNode(goal, edition));
    goals.Append(std::move(shown));
  }
  node.AddMember("goals", {}, std::move(goals));
  node.AddMember("goals_completed", {}, record::IntegerNode(view.goals_completed));
  node.AddMember("goals_total", {}, record::IntegerNode(view.goals_total));
  node.AddMember("draw_pile", {}, record::IntegerNode(view.draw_pile));
  if (!view.open_hands.empty()) {
    Node open = Node::Map({});
    for (const auto& [player, cards] : view.open_hands) {
      open.AddMember(header.players.at(player), {}, CardsNode(cards, edition));
    }
    node.AddMember("open_hands", {}, std::move(open));
  }
  return node;
}

Result<std::vector<GoalSpec>> ReadViewGoals(const Fields& view, const Edition& edition) {
  std::vector<GoalSpec> goals;
  std::optional<Value> shown = view.Optional("goals");
  if (!shown) return goals;
  REFEREE_TRY(record::CheckList(*shown, kPiles));
  for (Value each : *shown) {
    auto item = Fields::Open(each, "a visible goal");
    REFEREE_TRY(item);
    auto goal = item->Required("goal");
    REFEREE_TRY(goal);
    GoalSpec& spec = goals.emplace_back();
    REFEREE_TRY(ReadGoal(*goal, edition, spec));
    spec.path = goal->Pointer();
  }
  return goals;
}

Result<int> ReadCount(const Fields& view, const char* key) {
  std::optional<Value> value = view.Optional(key);
  if (!value) return 0;
  auto count = record::ReadInteger(*value, 0, 1000);
  REFEREE_TRY(count);
  return static_cast<int>(*count);
}

Result<View> ReadLiveView(Value value, const record::Record& header) {
  const Edition& edition = EditionNamed(header.rules.Choice("edition"));
  auto fields = Fields::Open(value, "a view");
  REFEREE_TRY(fields);
  View shown;
  CahootsView view;
  auto player = fields->RequiredText("player");
  REFEREE_TRY(player);
  auto actor = FindPlayer(*player, fields->PointerOf("player"), header);
  REFEREE_TRY(actor);
  shown.actor = *actor;
  for (auto [key, cards] : {std::pair{"cards", &view.cards}, {"piles", &view.pile_tops}}) {
    std::optional<Value> listed = fields->Optional(key);
    if (!listed) continue;
    auto read = ReadNumberCards(*listed, edition, kHandSize);
    REFEREE_TRY(read);
    *cards = *read;
  }
  auto goals = ReadViewGoals(*fields, edition);
  REFEREE_TRY(goals);
  view.goals = std::move(*goals);
  auto completed = ReadCount(*fields, "goals_completed");
  auto total = ReadCount(*fields, "goals_total");
  auto draw_pile = ReadCount(*fields, "draw_pile");
  REFEREE_TRY(completed);
  REFEREE_TRY(total);
  REFEREE_TRY(draw_pile);
  view.goals_completed = *completed;
  view.goals_total = *total;
  view.draw_pile = *draw_pile;
  if (std::optional<Value> open = fields->Optional("open_hands")) {
    auto hands = Fields::Open(*open, "open hands");
    REFEREE_TRY(hands);
    for (Value hand : *open) {
      auto player_index = FindPlayer(hand.key(), hand.Pointer(), header);
      REFEREE_TRY(player_index);
      auto cards = ReadNumberCards(hand, edition, kHandSize);
      REFEREE_TRY(cards);
      view.open_hands.emplace_back(*player_index, std::move(*cards));
    }
  }
  shown.game = Payload(std::move(view));
  return shown;
}

// A turn's time is the server's clock when it arrives (Speed is judged on it), whatever the
// client sent.
Result<Node> StampTurn(Node line, std::string_view kind, int /*actor*/, const ToAct& /*next*/,
                       int64_t /*phase_started_ms*/, int64_t now_ms) {
  if (kind != TurnEvent::kKind) return line;
  Node stamped = Node::Map({});
  Node at = record::SecondsNode(now_ms);
  for (const Node::Member& member : line.members()) {
    stamped.AddMember(member.key, {}, member.key == "at" ? at : member.value);
  }
  if (!line.Has("at")) stamped.AddMember("at", {}, at);
  return stamped;
}

// A record's turn as a player sends it live: without the draw and goals it claims (the referee
// works them out); the table set up from the header is no line of its own.
std::optional<Event> SeatLine(const Event& event) {
  const auto* turn = event.As<TurnEvent>();
  if (turn == nullptr) return std::nullopt;
  Event line = event;
  line.As<TurnEvent>()->claims.reset();
  return line;
}

}  // namespace

LiveHooks CahootsLiveHooks() {
  LiveHooks live;
  live.events_key = "turns";
  live.read_event = &ReadLiveEvent;
  live.write_event = &WriteLiveEvent;
  live.seat_line = &SeatLine;
  live.stamp_line = &StampTurn;
  live.write_view = &WriteLiveView;
  live.read_view = &ReadLiveView;
  live.hidden_keys = {"deck", "goals"};
  live.own_view_keys = {"player", "cards", "open_hands"};
  return live;
}

}  // namespace referee::games::cahoots
