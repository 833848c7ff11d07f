#include "referee/games/cahoots/cahoots_record.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <utility>

#include "referee/core/check.h"
#include "referee/core/printable.h"
#include "referee/games/cahoots/cahoots_cards.h"
#include "referee/games/cahoots/cahoots_catalogue.h"
#include "referee/games/cahoots/cahoots_goals.h"
#include "referee/games/cahoots/cahoots_match.h"
#include "referee/games/cahoots/cahoots_record_parts.h"
#include "referee/record/fields.h"
#include "referee/record/record_writer.h"

namespace referee::games::cahoots {
namespace {

using record::Fields;
using record::Node;
using record::Value;

constexpr size_t kMaxGoals = 200;
constexpr size_t kMaxTurns = 1000;
constexpr size_t kMostDeckCards = 64;  // the pack is 56; a longer deck is a finding of its own
constexpr int64_t kMostPile = 1000;    // a pile is 1-4; the engine rules on a number outside it
constexpr int64_t kMostBoard = 1000000;

std::optional<int64_t> ParseWholeNumber(std::string_view text, int64_t min, int64_t max) {
  int64_t value = 0;
  // Most numbers here are a digit or two (a pile, a goal's position): read them in place.
  if (!text.empty() && text.size() <= 4 &&
      std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    for (char c : text) value = value * 10 + (c - '0');
    if (value < min || value > max) return std::nullopt;
    return value;
  }
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  if (value < min || value > max) return std::nullopt;
  return value;
}

// Calls take(card) for each number card of a list of cards (a list, or one space-separated
// string), at most `max_cards`.
template <typename Take>
Result<void> ForEachNumberCardOf(Value value, const Edition& edition, size_t max_cards,
                                 Take&& take) {
  return record::ForEachWordOf(value, max_cards, [&](std::string_view word, size_t index) {
    std::optional<NumberCard> card = NumberCardFromText(word, edition);
    if (!card) {
      return Result<void>(
          Fail(ParseNumberCard(word, edition, record::WordPointer(value, index)).error()));
    }
    take(*card);
    return Result<void>();
  });
}
}  // namespace

Result<std::vector<NumberCard>> ReadNumberCards(Value value, const Edition& edition,
                                                size_t max_cards) {
  std::vector<NumberCard> cards;
  REFEREE_TRY(ForEachNumberCardOf(value, edition, max_cards,
                                  [&](NumberCard card) { cards.push_back(card); }));
  return cards;
}

namespace {

Finding BadColour(std::string_view name, std::string path, const Edition& edition) {
  return Malformed("bad-colour", std::move(path),
                   "expected a colour of the " + edition.name + " edition (" +
                       ColourLegend(edition) + "), found " + Quoted(name));
}

Result<int> ReadColour(Value value, const Edition& edition) {
  auto name = record::ReadText(value);
  REFEREE_TRY(name);
  if (std::optional<int> colour = ColourIndex(edition, *name)) return *colour;
  return Fail(BadColour(*name, value.Pointer(), edition));
}

// A parameter of the goal's kind, from its value in the goal's map.
Result<void> ReadParam(Value value, const GoalParam& param, const Edition& edition,
                       GoalSpec& spec) {
  if (param.type == GoalParam::Type::kNumber) {
    auto number = record::ReadInteger(value, param.min, param.max);
    REFEREE_TRY(number);
    spec.numbers.push_back(static_cast<int>(*number));
    return {};
  }
  if (param.type == GoalParam::Type::kColour) {
    auto colour = ReadColour(value, edition);
    REFEREE_TRY(colour);
    spec.colours.push_back(*colour);
    return {};
  }
  // Two colours: counted first, then each named.
  std::array<std::string_view, 2> names;
  size_t named = 0;
  REFEREE_TRY(record::ForEachWordOf(value, 2, [&](std::string_view name, size_t index) {
    names[index] = name;
    ++named;
    return Result<void>();
  }));
  if (named != 2) {
    return Fail(Malformed("bad-goal", value.Pointer(),
                          "expected two colours, found " + std::to_string(named)));
  }
  for (size_t index = 0; index < names.size(); ++index) {
    std::string_view name = names[index];
    std::optional<int> colour = ColourIndex(edition, name);
    if (!colour) {
      std::string path = record::WordPointer(value, index);
      std::optional<size_t> bad = record::FindControlCharacter(name, record::TextKind::kIdentifier);
      return Fail(
          bad ? record::ControlCharacterFinding(name, *bad, path, "a name or word on one line")
              : BadColour(name, path, edition));
    }
    spec.colours.push_back(*colour);
  }
  return {};
}

Result<GoalSpec> ReadReference(const Fields& goal, const Edition& edition,
                               const std::string& path) {
  REFEREE_TRY(goal.AllowOnly({"catalogue", "card"}));
  auto name = record::ReadText(*goal.Optional("catalogue"));
  REFEREE_TRY(name);
  auto card_value = goal.Required("card");
  REFEREE_TRY(card_value);
  auto card = record::ReadInteger(*card_value, 1, 1000);
  REFEREE_TRY(card);
  return ResolveCatalogueGoal(*name, static_cast<int>(*card), edition, path);
}
}  // namespace

namespace {

// A goal's members, sorted in one pass over its map: its kind, whether it is a catalogue
// reference, and the others (a definition has at most its kind's parameters beside its kind).
struct GoalMembers {
  static constexpr size_t kMostOthers = 2;  // no kind has more parameters (GoalKinds())
  std::optional<Value> kind;
  bool catalogue = false;
  std::array<Value, kMostOthers> others;
  size_t other_count = 0;
  bool too_many = false;  // more members than any definition has: one of them is unknown
};

GoalMembers SortGoalMembers(Value map) {
  GoalMembers members;
  for (Value member : map) {
    std::string_view key = member.key();
    if (key == "kind") {
      members.kind = member;
    } else if (key == "catalogue") {
      members.catalogue = true;
    } else if (members.other_count < GoalMembers::kMostOthers) {
      members.others[members.other_count++] = member;
    } else {
      members.too_many = true;
    }
  }
  return members;
}

// The member under `key` among the others, if there is one.
std::optional<Value> OtherMember(const GoalMembers& members, std::string_view key) {
  for (size_t i = 0; i < members.other_count; ++i) {
    if (members.others[i].key() == key) return members.others[i];
  }
  return std::nullopt;
}

// The finding on a definition with a key its kind does not have.
Result<void> UnknownGoalKey(const Fields& goal, const GoalKindInfo& info) {
  std::vector<std::string> keys = {"kind"};
  for (const GoalParam& param : info.params) keys.push_back(param.key);
  return goal.AllowOnly(keys);
}
}  // namespace

// A goal of the pile: a definition (a kind and its parameters) or a catalogue reference, into
// `spec`, which is new (no colours or numbers yet). A definition's place is worked out only for a
// finding (the engine places a goal without one by its position in the pile).
Result<void> ReadGoal(Value value, const Edition& edition, GoalSpec& spec) {
  auto goal = Fields::Open(value, "a goal");
  REFEREE_TRY(goal);
  GoalMembers members = SortGoalMembers(value);
  if (members.catalogue) {
    auto reference = ReadReference(*goal, edition, value.Pointer());
    REFEREE_TRY(reference);
    spec = std::move(*reference);
    return {};
  }
  if (!members.kind) return Fail(goal->Required("kind").error());
  auto kind = record::ReadText(*members.kind);
  REFEREE_TRY(kind);
  const GoalKindInfo* info = FindGoalKind(*kind);
  if (info == nullptr) return Fail(UnknownGoalKind(*kind, goal->PointerOf("kind")));
  REFEREE_CHECK(info->params.size() <= GoalMembers::kMostOthers,
                "a goal kind with more parameters than a goal's members keep");
  spec.kind = info->kind;
  std::array<std::optional<Value>, GoalMembers::kMostOthers> params;
  size_t matched = 0;
  for (size_t i = 0; i < info->params.size(); ++i) {
    params[i] = OtherMember(members, info->params[i].key);
    matched += params[i].has_value();
  }
  if (members.too_many || matched != members.other_count) return UnknownGoalKey(*goal, *info);
  for (size_t i = 0; i < info->params.size(); ++i) {
    if (!params[i]) return Fail(goal->Required(info->params[i].key).error());
    REFEREE_TRY(ReadParam(*params[i], info->params[i], edition, spec));
  }
  REFEREE_TRY(CheckGoalAt(spec, [&] { return value.Pointer(); }));  // two colours that differ
  return {};
}

namespace {

std::optional<int> PlayerIndex(std::string_view name, const record::Record& record) {
  for (size_t i = 0; i < record.players.size(); ++i) {
    const std::string& player = record.players[i];
    // The names of a table often differ only at their end ("heuristic-1", "heuristic-2"): that is
    // looked at first, for every turn of a record.
    if (player.size() != name.size() || (!name.empty() && player.back() != name.back())) continue;
    if (player == name) return static_cast<int>(i);
  }
  return std::nullopt;
}
}  // namespace

Result<int> FindPlayer(std::string_view name, const std::string& path,
                       const record::Record& record) {
  if (std::optional<int> index = PlayerIndex(name, record)) return *index;
  std::string names;
  for (const std::string& player : record.players) {
    names += (names.empty() ? "" : ", ") + Printable(player);
  }
  return Fail(Malformed("unknown-player", path,
                        "expected one of the players (" + names + "), found " + Quoted(name)));
}

namespace {

Result<std::vector<std::string>> ReadCompleted(Value value) {
  std::vector<std::string> positions;
  REFEREE_TRY(record::ForEachWordOf(value, kMaxGoals, [&](std::string_view word, size_t index) {
    std::optional<int64_t> position = ParseWholeNumber(word, 1, kMaxGoals);
    if (!position) {
      return Result<void>(Fail(Malformed(
          "bad-goal-reference", record::WordPointer(value, index),
          "expected a goal's position in the goal pile (1, 2, ...), found " + Quoted(word))));
    }
    positions.push_back(std::to_string(*position));
    return Result<void>();
  }));
  return positions;
}

// "ann 3G 2": player, card, pile, into `turn` and `actor`.
Result<void> ReadTurnWords(Value value, const record::Record& record, const Edition& edition,
                           TurnEvent& turn, int& actor) {
  std::array<std::string_view, 3> words;
  size_t count = 0;
  REFEREE_TRY(record::ForEachWordOf(value, 3, [&](std::string_view word, size_t index) {
    words[index] = word;
    ++count;
    return Result<void>();
  }));
  if (count != 3) {
    return Fail(Malformed("bad-turn", value.Pointer(),
                          "expected a turn as 'player card pile' (such as 'ann 3G 2'), found " +
                              std::to_string(count) + " words"));
  }
  std::optional<int> player = PlayerIndex(words[0], record);
  if (!player) REFEREE_TRY(FindPlayer(words[0], record::WordPointer(value, 0), record));
  actor = *player;
  std::optional<NumberCard> card = NumberCardFromText(words[1], edition);
  if (!card) REFEREE_TRY(ParseNumberCard(words[1], edition, record::WordPointer(value, 1)));
  turn.card = *card;
  std::optional<int64_t> pile = ParseWholeNumber(words[2], -kMostPile, kMostPile);
  if (!pile) {
    return Fail(Malformed("bad-type", record::WordPointer(value, 2),
                          "expected a pile number 1-4, found " + Quoted(words[2])));
  }
  turn.pile = static_cast<int>(*pile);
  return {};
}

Result<void> ReadTurnExtras(const TurnMembers& members, const Edition& edition, TurnEvent& turn) {
  if (members.at) {
    auto millis = record::ReadSeconds(*members.at);
    REFEREE_TRY(millis);
    turn.at_ms = *millis;
  }
  TurnClaims claims;
  if (members.drew) {
    auto cards = ReadNumberCards(*members.drew, edition, 4);
    REFEREE_TRY(cards);
    claims.drawn = std::move(*cards);
  }
  if (members.completed) {
    auto positions = ReadCompleted(*members.completed);
    REFEREE_TRY(positions);
    claims.completed = std::move(*positions);
  }
  if (claims.drawn || claims.completed) {
    turn.claims = std::make_shared<const TurnClaims>(std::move(claims));
  }
  return {};
}

// A turn's keys, each with the member it fills: the one list of them.
constexpr std::array<record::MemberKey<TurnMembers>, 6> kTurnKeys = {{
    {"player", &TurnMembers::player},
    {"card", &TurnMembers::card},
    {"pile", &TurnMembers::pile},
    {"at", &TurnMembers::at},
    {"drew", &TurnMembers::drew},
    {"completed", &TurnMembers::completed},
}};
}  // namespace

std::vector<std::string> TurnKeys() { return record::KeyNames(kTurnKeys); }

bool GatherTurn(const Fields& fields, TurnMembers& members) {
  bool only_turns = true;
  record::GatherMembers(fields.map(), kTurnKeys, members, [&](Value) {
    only_turns = false;
    return true;  // the others are gathered still: a live line reads its `event` itself
  });
  return only_turns;
}

// A turn's fields. A live line may leave out the player (filled in from whose turn it is), a
// record may not.
Result<void> ReadTurnFields(const Fields& fields, const TurnMembers& members,
                            const record::Record& record, const Edition& edition,
                            bool player_required, TurnEvent& turn, std::optional<int>& actor) {
  if (player_required || members.player) {
    auto player_value = fields.Present(members.player, "player");
    REFEREE_TRY(player_value);
    auto name = record::ReadText(*player_value);
    REFEREE_TRY(name);
    std::optional<int> player = PlayerIndex(*name, record);
    if (!player) REFEREE_TRY(FindPlayer(*name, fields.PointerOf("player"), record));
    actor = *player;
  }
  auto card_value = fields.Present(members.card, "card");
  REFEREE_TRY(card_value);
  auto card_text = record::ReadText(*card_value);
  REFEREE_TRY(card_text);
  std::optional<NumberCard> card = NumberCardFromText(*card_text, edition);
  if (!card) REFEREE_TRY(ParseNumberCard(*card_text, edition, fields.PointerOf("card")));
  turn.card = *card;
  auto pile_value = fields.Present(members.pile, "pile");
  REFEREE_TRY(pile_value);
  auto pile = record::ReadInteger(*pile_value, -kMostPile, kMostPile);
  REFEREE_TRY(pile);
  turn.pile = static_cast<int>(*pile);
  return ReadTurnExtras(members, edition, turn);
}

namespace {

// A turn's map, its members gathered in one pass; a key that is no turn's is the finding.
Result<void> ReadTurnMap(Value value, const record::Record& record, const Edition& edition,
                         TurnEvent& turn, std::optional<int>& actor) {
  auto fields = Fields::Open(value, "a turn");
  REFEREE_TRY(fields);
  TurnMembers members;
  if (!GatherTurn(*fields, members)) {
    return fields->AllowOnly(TurnKeys());  // words the finding
  }
  return ReadTurnFields(*fields, members, record, edition, true, turn, actor);
}

// A record's turn into `event`, which may hold the last turn: a record's turns are read over one
// event kept from turn to turn.
Result<void> ReadTurn(Value value, int number, const record::Record& record, const Edition& edition,
                      Event& event) {
  TurnEvent& turn = *event.As<TurnEvent>();
  turn = TurnEvent{.turn = number};
  std::optional<int> actor;
  if (value.IsMap()) {
    REFEREE_TRY(ReadTurnMap(value, record, edition, turn, actor));
  } else {
    int player = 0;
    REFEREE_TRY(ReadTurnWords(value, record, edition, turn, player));
    actor = player;
  }
  event.actor = actor;
  event.path = EventPath::Item("turns", number - 1);
  return {};
}

// `board:` as in a trick game's deal (record-format.md, "Seeded deals"): which board of the record
// seed deals the deck, so that every table of a duplicate event plays the same one.
Result<void> ReadBoard(Value root, const record::Record& record, SetupEvent& setup) {
  std::optional<Value> board = root.Find("board");
  if (!board) return {};
  auto value = record::ReadInteger(*board, 1, kMostBoard);
  REFEREE_TRY(value);
  setup.board = static_cast<int>(*value);
  if (!record.seed) {
    return Fail(Malformed("missing-key", "/board",
                          "a board number needs a record seed to deal from; found no seed"));
  }
  return {};
}

Result<void> ReadGoals(Value root, const Edition& edition, std::vector<GoalSpec>& goals) {
  std::optional<Value> list = root.Find("goals");
  if (!list) {
    return Fail(Malformed("missing-key", "", "a record needs the key 'goals', which is missing"));
  }
  REFEREE_TRY(record::CheckList(*list, kMaxGoals));
  goals.reserve(list->size());
  for (Value goal : *list) REFEREE_TRY(ReadGoal(goal, edition, goals.emplace_back()));
  return {};
}

// The set-up event: the deck (or the seed and board that deal it) and the goal pile.
Result<Event> ReadSetup(Value root, const record::Record& record, const Edition& edition) {
  SetupEvent setup;
  const char* path = "";  // the deck's, or none when the seed alone deals
  if (std::optional<Value> deck = root.Find("deck")) {
    std::vector<NumberCard>& cards = setup.deck.emplace();
    cards.reserve(kPackSize);
    REFEREE_TRY(ForEachNumberCardOf(*deck, edition, kMostDeckCards,
                                    [&](NumberCard card) { cards.push_back(card); }));
    path = "/deck";
  }
  REFEREE_TRY(ReadBoard(root, record, setup));
  setup.seeded = record.seed.has_value();
  if (!setup.deck && !setup.seeded) {
    return Fail(Malformed("missing-deal", "",
                          "expected the number deck (deck:, 56 cards top first) or a record seed"));
  }
  REFEREE_TRY(ReadGoals(root, edition, setup.goals));
  return MakeEvent(std::move(setup), 0, std::nullopt, path);
}

}  // namespace

Result<void> ReadCahootsBody(Value root, const record::Record& header, record::BodySink& sink) {
  const Edition& edition = EditionNamed(header.rules.Choice("edition"));
  auto setup = ReadSetup(root, header, edition);
  REFEREE_TRY(setup);
  sink.Add(*setup);
  std::optional<Value> turns = root.Find("turns");
  if (!turns) {
    return Fail(Malformed("missing-key", "", "a record needs the key 'turns', which is missing"));
  }
  REFEREE_TRY(record::CheckList(*turns, kMaxTurns));
  Event turn = MakeEvent(TurnEvent{});
  int number = 0;
  for (Value value : *turns) {
    REFEREE_TRY(ReadTurn(value, ++number, header, edition, turn));
    sink.Add(turn);
  }
  return {};
}

// ---------------------------------------------------------------------------------------------
// Writing, in canonical form: compact cards, goals as written (definition or reference), turns as
// "player card pile" unless they carry a time, a draw or completed goals.

Node GoalNode(const GoalSpec& goal, const Edition& edition) {
  Node node = Node::Map({});
  if (auto reference = ParseCatalogueLabel(goal.label)) {
    node.AddMember("catalogue", {}, record::StringNode(reference->first));
    node.AddMember("card", {}, record::IntegerNode(reference->second));
    return node;
  }
  const GoalKindInfo& info = GoalKindOf(goal.kind);
  node.AddMember("kind", {}, record::StringNode(info.name));
  size_t colour = 0;
  size_t number = 0;
  for (const GoalParam& param : info.params) {
    if (param.type == GoalParam::Type::kNumber && number < goal.numbers.size()) {
      node.AddMember(param.key, {}, record::IntegerNode(goal.numbers[number++]));
    } else if (param.type == GoalParam::Type::kColour && colour < goal.colours.size()) {
      node.AddMember(param.key, {},
                     record::StringNode(ColourName(edition, goal.colours[colour++])));
    } else if (param.type == GoalParam::Type::kColourPair && colour + 1 < goal.colours.size()) {
      Node pair = Node::List({});
      for (int i = 0; i < 2; ++i) {
        pair.Append(record::StringNode(ColourName(edition, goal.colours[colour++])));
      }
      node.AddMember(param.key, {}, std::move(pair));
    }
  }
  return node;
}

std::vector<std::string> CardWords(const std::vector<NumberCard>& cards, const Edition& edition) {
  std::vector<std::string> words;
  for (NumberCard card : cards) words.push_back(CardText(card, edition));
  return words;
}

Node TurnNode(const Event& event, const record::Record& record, const Edition& edition) {
  const TurnEvent& turn = *event.As<TurnEvent>();
  std::string player = event.actor && *event.actor < static_cast<int>(record.players.size())
                           ? record.players[*event.actor]
                           : "";
  std::string card = CardText(turn.card, edition);
  const TurnClaims* claims = turn.claims.get();
  bool plain =
      !turn.at_ms && claims == nullptr && !player.empty() && player.find(' ') == std::string::npos;
  if (plain) return record::StringNode(player + " " + card + " " + std::to_string(turn.pile));
  Node node = Node::Map({});
  if (!player.empty()) node.AddMember("player", {}, record::StringNode(player));
  node.AddMember("card", {}, record::StringNode(card));
  node.AddMember("pile", {}, record::IntegerNode(turn.pile));
  if (turn.at_ms) node.AddMember("at", {}, record::SecondsNode(*turn.at_ms));
  if (claims != nullptr && claims->drawn) {
    node.AddMember("drew", {}, record::WordsNode(CardWords(*claims->drawn, edition)));
  }
  if (claims != nullptr && claims->completed) {
    Node list = Node::List({});
    for (const std::string& position : *claims->completed) {
      list.Append(Node::Scalar(Node::Kind::kInteger, position, {}));
    }
    node.AddMember("completed", {}, std::move(list));
  }
  return node;
}

void WriteCahootsBody(const record::Record& record, Node& root) {
  const Edition& edition = EditionNamed(record.rules.Choice("edition"));
  Node goals = Node::List({});
  Node turns = Node::List({});
  for (const record::Record::Entry& entry : record.entries) {
    const Event* event = std::get_if<Event>(&entry.item);
    if (event == nullptr) continue;
    if (const auto* setup = event->As<SetupEvent>()) {
      if (setup->board > 0) root.AddMember("board", {}, record::IntegerNode(setup->board));
      if (setup->deck)
        root.AddMember("deck", {}, record::WordsNode(CardWords(*setup->deck, edition)));
      for (const GoalSpec& goal : setup->goals) goals.Append(GoalNode(goal, edition));
    }
    if (event->As<TurnEvent>() != nullptr) turns.Append(TurnNode(*event, record, edition));
  }
  root.AddMember("goals", {}, std::move(goals));
  root.AddMember("turns", {}, std::move(turns));
}

}  // namespace referee::games::cahoots
