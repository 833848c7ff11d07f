#include "referee/games/cahoots/cahoots_record.h"

#include <algorithm>
#include <array>
#include <charconv>

#include "referee/core/printable.h"
#include "referee/games/cahoots/cahoots_cards.h"
#include "referee/games/cahoots/cahoots_catalogue.h"
#include "referee/games/cahoots/cahoots_goals.h"
#include "referee/games/cahoots/cahoots_match.h"
#include "referee/record/fields.h"
#include "referee/record/record_stream.h"
#include "referee/record/record_writer.h"
#include "referee/record/tokens.h"

namespace referee::games::cahoots {
namespace {

using record::MapFields;
using record::Node;

constexpr size_t kMaxGoals = 200;
constexpr size_t kMaxTurns = 1000;

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

Result<std::vector<NumberCard>> ReadNumberCards(const Node& node, const std::string& path,
                                                const Edition& edition, size_t max_cards) {
  auto words = record::ReadWords(node, path, max_cards);
  REFEREE_TRY(words);
  std::vector<NumberCard> cards;
  for (const record::Token& word : *words) {
    auto card = ParseNumberCard(word.text, edition, word.path);
    REFEREE_TRY(card);
    cards.push_back(*card);
  }
  return cards;
}

Result<int> ReadColour(const Node& node, const std::string& path, const Edition& edition) {
  auto name = record::ReadText(node, path);
  REFEREE_TRY(name);
  if (std::optional<int> colour = ColourIndex(edition, *name)) return *colour;
  return Fail(Malformed("bad-colour", path,
                        "expected a colour of the " + edition.name + " edition (" +
                            ColourLegend(edition) + "), found " + Quoted(*name)));
}

Result<void> ReadParam(const MapFields& goal, const GoalParam& param, const Edition& edition,
                       GoalSpec& spec) {
  auto node = goal.Required(param.key);
  REFEREE_TRY(node);
  std::string path = goal.PathOf(param.key);
  if (param.type == GoalParam::Type::kNumber) {
    auto value = record::ReadInteger(**node, path, param.min, param.max);
    REFEREE_TRY(value);
    spec.numbers.push_back(static_cast<int>(*value));
    return {};
  }
  if (param.type == GoalParam::Type::kColour) {
    auto colour = ReadColour(**node, path, edition);
    REFEREE_TRY(colour);
    spec.colours.push_back(*colour);
    return {};
  }
  auto names = record::ReadWords(**node, path, 2);
  REFEREE_TRY(names);
  if (names->size() != 2) {
    return Fail(Malformed("bad-goal", path,
                          "expected two colours, found " + std::to_string(names->size())));
  }
  for (const record::Token& name : *names) {
    auto colour = ReadColour(Node::Scalar(Node::Kind::kString, name.text, {}), name.path, edition);
    REFEREE_TRY(colour);
    spec.colours.push_back(*colour);
  }
  return {};
}

Result<GoalSpec> ReadReference(const MapFields& goal, const Edition& edition) {
  REFEREE_TRY(goal.AllowOnly({"catalogue", "card"}));
  auto name = record::ReadText(*goal.Optional("catalogue"), goal.PathOf("catalogue"));
  REFEREE_TRY(name);
  auto card_node = goal.Required("card");
  REFEREE_TRY(card_node);
  auto card = record::ReadInteger(**card_node, goal.PathOf("card"), 1, 1000);
  REFEREE_TRY(card);
  return ResolveCatalogueGoal(*name, static_cast<int>(*card), edition, goal.path());
}

Result<GoalSpec> ReadGoal(const Node& node, const std::string& path, const Edition& edition) {
  auto goal = MapFields::Open(node, path, "a goal");
  REFEREE_TRY(goal);
  if (goal->Optional("catalogue") != nullptr) return ReadReference(*goal, edition);
  auto kind = goal->RequiredText("kind");
  REFEREE_TRY(kind);
  GoalSpec spec{.kind = *kind, .path = path};
  const GoalKindInfo* info = FindGoalKind(*kind);
  if (info == nullptr) return Fail(ValidateGoal(spec, goal->PathOf("kind")).error());
  std::vector<std::string> keys = {"kind"};
  for (const GoalParam& param : info->params) keys.push_back(param.key);
  REFEREE_TRY(goal->AllowOnly(keys));
  for (const GoalParam& param : info->params) REFEREE_TRY(ReadParam(*goal, param, edition, spec));
  REFEREE_TRY(ValidateGoal(spec, path));
  return spec;
}

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

Result<int> FindPlayer(const std::string& name, const std::string& path,
                       const record::Record& record) {
  if (std::optional<int> index = PlayerIndex(name, record)) return *index;
  std::string names;
  for (const std::string& player : record.players) {
    names += (names.empty() ? "" : ", ") + Printable(player);
  }
  return Fail(Malformed("unknown-player", path,
                        "expected one of the players (" + names + "), found " + Quoted(name)));
}

Result<std::vector<std::string>> ReadCompleted(const Node& node, const std::string& path) {
  auto words = record::ReadWords(node, path, kMaxGoals);
  REFEREE_TRY(words);
  std::vector<std::string> positions;
  for (const record::Token& word : *words) {
    std::optional<int64_t> position = ParseWholeNumber(word.text, 1, kMaxGoals);
    if (!position) {
      return Fail(Malformed(
          "bad-goal-reference", word.path,
          "expected a goal's position in the goal pile (1, 2, ...), found " + Quoted(word.text)));
    }
    positions.push_back(std::to_string(*position));
  }
  return positions;
}

// Whether `text` has exactly three words, into `words`.
bool ThreeWords(std::string_view text, std::array<std::string_view, 3>& words) {
  size_t count = 0;
  bool fits = record::ForEachWord(text, [&](const record::Word& word) {
    if (count == words.size()) return false;
    words[count++] = word.text;
    return true;
  });
  return fits && count == words.size();
}

// The common case of ReadTurnWords, a string "player card pile" of a known player and a
// well-formed card and number, read without a string per word into `turn` and `actor`; false for
// anything else (which ReadTurnWords reads word by word, or words the finding of).
bool PlainTurn(std::string_view text, const record::Record& record, const Edition& edition,
               TurnEvent& turn, int& actor) {
  std::array<std::string_view, 3> words;
  if (!ThreeWords(text, words)) return false;
  std::optional<int> player = PlayerIndex(words[0], record);
  std::optional<NumberCard> card = NumberCardFromText(words[1], edition);
  std::optional<int64_t> pile = ParseWholeNumber(words[2], -1000, 1000);
  if (!player || !card || !pile) return false;
  actor = *player;
  turn.card = *card;
  turn.pile = static_cast<int>(*pile);
  return true;
}

std::optional<Event> WellFormedTurn(std::string_view text, const std::string& path,
                                    const record::Record& record, const Edition& edition) {
  TurnEvent turn;
  int actor = 0;
  if (!PlainTurn(text, record, edition, turn, actor)) return std::nullopt;
  return MakeEvent(turn, 0, actor, path);
}

// "ann 3G 2": player, card, pile.
Result<Event> ReadTurnWords(const Node& node, const std::string& path, const record::Record& record,
                            const Edition& edition) {
  if (node.kind() == Node::Kind::kString) {
    if (std::optional<Event> turn = WellFormedTurn(node.text(), path, record, edition)) {
      return *turn;
    }
  }
  // Anything else is read word by word, where the findings come from.
  auto words = record::ReadWords(node, path, 3);
  REFEREE_TRY(words);
  if (words->size() != 3) {
    return Fail(Malformed("bad-turn", path,
                          "expected a turn as 'player card pile' (such as 'ann 3G 2'), found " +
                              std::to_string(words->size()) + " words"));
  }
  TurnEvent turn;
  auto player = FindPlayer((*words)[0].text, (*words)[0].path, record);
  REFEREE_TRY(player);
  auto card = ParseNumberCard((*words)[1].text, edition, (*words)[1].path);
  REFEREE_TRY(card);
  turn.card = *card;
  std::optional<int64_t> pile = ParseWholeNumber((*words)[2].text, -1000, 1000);
  if (!pile) {
    return Fail(Malformed("bad-type", (*words)[2].path,
                          "expected a pile number 1-4, found " + Quoted((*words)[2].text)));
  }
  turn.pile = static_cast<int>(*pile);
  return MakeEvent(turn, 0, *player, path);
}

Result<void> ReadTurnExtras(const MapFields& fields, const Edition& edition, TurnEvent& turn) {
  if (const Node* at = fields.Optional("at")) {
    auto millis = record::ReadSeconds(*at, fields.PathOf("at"));
    REFEREE_TRY(millis);
    turn.at_ms = *millis;
  }
  TurnClaims claims;
  if (const Node* drew = fields.Optional("drew")) {
    auto cards = ReadNumberCards(*drew, fields.PathOf("drew"), edition, 4);
    REFEREE_TRY(cards);
    claims.drawn = *cards;
  }
  if (const Node* completed = fields.Optional("completed")) {
    auto positions = ReadCompleted(*completed, fields.PathOf("completed"));
    REFEREE_TRY(positions);
    claims.completed = *positions;
  }
  if (claims.drawn || claims.completed) {
    turn.claims = std::make_shared<const TurnClaims>(std::move(claims));
  }
  return {};
}

// A turn's fields; the caller has checked the keys. A live line may leave out the player (filled
// in from whose turn it is), a record may not.
Result<Event> ReadTurnFields(const MapFields& fields, const record::Record& record,
                             const Edition& edition, bool player_required) {
  TurnEvent turn;
  std::optional<int> actor;
  if (player_required || fields.Optional("player") != nullptr) {
    auto name = fields.RequiredText("player");
    REFEREE_TRY(name);
    auto player = FindPlayer(*name, fields.PathOf("player"), record);
    REFEREE_TRY(player);
    actor = *player;
  }
  auto card_text = fields.RequiredText("card");
  REFEREE_TRY(card_text);
  auto card = ParseNumberCard(*card_text, edition, fields.PathOf("card"));
  REFEREE_TRY(card);
  turn.card = *card;
  auto pile_node = fields.Required("pile");
  REFEREE_TRY(pile_node);
  auto pile = record::ReadInteger(**pile_node, fields.PathOf("pile"), -1000, 1000);
  REFEREE_TRY(pile);
  turn.pile = static_cast<int>(*pile);
  REFEREE_TRY(ReadTurnExtras(fields, edition, turn));
  return MakeEvent(std::move(turn), 0, actor, fields.path());
}

Result<Event> ReadTurnMap(const Node& node, const std::string& path, const record::Record& record,
                          const Edition& edition) {
  auto fields = MapFields::Open(node, path, "a turn");
  REFEREE_TRY(fields);
  REFEREE_TRY(fields->AllowOnly({"player", "card", "pile", "at", "drew", "completed"}));
  return ReadTurnFields(*fields, record, edition, true);
}

// Appends one event to the record's entries.
void AddEvent(record::Record& record, Event event) {
  record::Record::Entry entry;
  entry.item.emplace<Event>(std::move(event));
  record.entries.push_back(std::move(entry));
}

// `board:` as in a trick game's deal (record-format.md, "Seeded deals"): which board of the record
// seed deals the deck, so that every table of a duplicate event plays the same one.
Result<void> ReadBoard(const Node& root, const record::Record& record, SetupEvent& setup) {
  const Node* board = root.Find("board");
  if (board == nullptr) return {};
  auto value = record::ReadInteger(*board, "/board", 1, 1000000);
  REFEREE_TRY(value);
  setup.board = static_cast<int>(*value);
  if (!record.seed) {
    return Fail(Malformed("missing-key", "/board",
                          "a board number needs a record seed to deal from; found no seed"));
  }
  return {};
}

// The set-up event: the deck (or the seed and board that deal it) and the goal pile.
Result<Event> ReadSetup(const Node& root, const record::Record& record, const Edition& edition) {
  SetupEvent setup;
  std::string path;  // the deck's, or none when the seed alone deals
  if (const Node* deck = root.Find("deck")) {
    auto cards = ReadNumberCards(*deck, "/deck", edition, 64);
    REFEREE_TRY(cards);
    setup.deck = *cards;
    path = "/deck";
  }
  REFEREE_TRY(ReadBoard(root, record, setup));
  setup.seeded = record.seed.has_value();
  if (!setup.deck && !setup.seeded) {
    return Fail(Malformed("missing-deal", "",
                          "expected the number deck (deck:, 56 cards top first) or a record seed"));
  }
  const Node* goals_node = root.Find("goals");
  if (goals_node == nullptr) {
    return Fail(Malformed("missing-key", "", "a record needs the key 'goals', which is missing"));
  }
  auto goals = record::ReadList(*goals_node, "/goals", kMaxGoals);
  REFEREE_TRY(goals);
  for (size_t i = 0; i < (*goals)->size(); ++i) {
    auto goal = ReadGoal((**goals)[i], ChildPath("/goals", i), edition);
    REFEREE_TRY(goal);
    setup.goals.push_back(*goal);
  }
  return MakeEvent(std::move(setup), 0, std::nullopt, path);
}

// The fast path's set-up in a form the token reader declines: the values of `board`, `deck` and
// `goals` (the first three body keys) copied out as a tree and read by ReadSetup; none where it
// makes a finding.
std::optional<Event> StreamSetup(const record::TokenBuffer& tokens,
                                 const record::BodyValues& values, const record::Record& header,
                                 const Edition& edition) {
  static constexpr std::array<const char*, 3> kSetupKeys = {"board", "deck", "goals"};
  Node root = Node::Map({});
  for (size_t k = 0; k < kSetupKeys.size(); ++k) {
    if (!values[k]) continue;
    std::optional<Node> value = record::NodeAt(tokens, *values[k]);
    if (!value) return std::nullopt;
    root.AddMember(kSetupKeys[k], {}, std::move(*value));
  }
  Result<Event> setup = ReadSetup(root, header, edition);
  if (!setup.has_value()) return std::nullopt;
  return std::move(*setup);
}

// The fast path's turn in a form the token reader declines, read by the tree readers on the
// turn's own value; none where they make a finding.
std::optional<Event> StreamTurn(const record::TokenBuffer& tokens, size_t index, int turn_number,
                                const record::Record& header, const Edition& edition) {
  std::optional<Node> node = record::NodeAt(tokens, index);
  if (!node) return std::nullopt;
  std::string path = ChildPath("/turns", static_cast<size_t>(turn_number - 1));
  Result<Event> turn = node->IsMap() ? ReadTurnMap(*node, path, header, edition)
                                     : ReadTurnWords(*node, path, header, edition);
  if (!turn.has_value()) return std::nullopt;
  turn->As<TurnEvent>()->turn = turn_number;
  return std::move(*turn);
}

// ---------------------------------------------------------------------------------------------
// The token readers: the set-up and the turns read straight from the tokens, with no tree and no
// string per turn or card. Each reads what the tree readers above read, into the same event, and
// declines (false, none) a form it does not take and anything they would make a finding of.

using record::TokenBuffer;
using record::TokenType;

// Calls visit(text) for each word as ReadWords gives them (the words of a string, or the items of
// a list), at most `max_words`; false where ReadWords would refuse the value, or visit does. An
// item that is no string is declined: every reader here refuses what such an item says.
template <typename Visit>
bool ForEachWordToken(const TokenBuffer& tokens, size_t index, size_t max_words, Visit&& visit) {
  if (tokens[index].type == TokenType::kString) {
    size_t count = 0;
    return record::ForEachWord(tokens.Text(tokens[index]), [&](const record::Word& word) {
      return ++count <= max_words && visit(word.text);
    });
  }
  return record::ForEachListItem(tokens, index, max_words, [&](size_t item) {
    std::optional<std::string_view> text = record::StringAt(tokens, item);
    return text && visit(*text);
  });
}

// ReadNumberCards: the cards appended to `cards`.
bool CardsFromTokens(const TokenBuffer& tokens, size_t index, const Edition& edition,
                     size_t max_cards, std::vector<NumberCard>& cards) {
  return ForEachWordToken(tokens, index, max_cards, [&](std::string_view word) {
    std::optional<NumberCard> card = NumberCardFromText(word, edition);
    if (card) cards.push_back(*card);
    return card.has_value();
  });
}

std::optional<int> ColourFromToken(const TokenBuffer& tokens, size_t index,
                                   const Edition& edition) {
  std::optional<std::string_view> name = record::StringAt(tokens, index);
  return name ? ColourIndex(edition, *name) : std::nullopt;
}

// ReadParam.
bool ParamFromTokens(const TokenBuffer& tokens, size_t index, const GoalParam& param,
                     const Edition& edition, GoalSpec& spec) {
  if (param.type == GoalParam::Type::kNumber) {
    std::optional<int64_t> value = record::IntegerAt(tokens, index, param.min, param.max);
    if (value) spec.numbers.push_back(static_cast<int>(*value));
    return value.has_value();
  }
  if (param.type == GoalParam::Type::kColour) {
    std::optional<int> colour = ColourFromToken(tokens, index, edition);
    if (colour) spec.colours.push_back(*colour);
    return colour.has_value();
  }
  size_t named = 0;
  bool read = ForEachWordToken(tokens, index, 2, [&](std::string_view name) {
    std::optional<int> colour = ColourIndex(edition, name);
    if (colour) spec.colours.push_back(*colour);
    ++named;
    return colour.has_value();
  });
  return read && named == 2;
}

// The keys of a goal's map with the indexes of their values, found in one pass. No goal has more
// than three keys (kind and two parameters): a map with more is none (the tree refuses it).
class GoalKeys {
 public:
  static std::optional<GoalKeys> At(const TokenBuffer& tokens, size_t index) {
    if (tokens[index].type != TokenType::kBeginMap) return std::nullopt;
    GoalKeys keys;
    for (size_t i = index + 1; tokens[i].type == TokenType::kKey; i = tokens[i + 1].next) {
      if (keys.count_ == keys.keys_.size()) return std::nullopt;
      keys.keys_[keys.count_++] = {tokens.Text(tokens[i]), i + 1};
    }
    return keys;
  }
  std::optional<size_t> Find(std::string_view key) const {
    for (size_t i = 0; i < count_; ++i) {
      if (keys_[i].first == key) return keys_[i].second;
    }
    return std::nullopt;
  }
  size_t count() const { return count_; }

 private:
  std::array<std::pair<std::string_view, size_t>, 3> keys_;
  size_t count_ = 0;
};

// ChildPath("/goals", position), made in place: a set-up names every goal's path.
std::string GoalPath(size_t position) {
  char text[32] = "/goals/";
  auto [end, error] = std::to_chars(text + 7, text + sizeof(text), position);
  return std::string(text, end);
}

// ReadReference.
std::optional<GoalSpec> ReferenceFromTokens(const TokenBuffer& tokens, const GoalKeys& keys,
                                            size_t position, const Edition& edition) {
  std::optional<std::string_view> name = record::StringAt(tokens, *keys.Find("catalogue"));
  std::optional<size_t> card_at = keys.Find("card");
  // Only `catalogue` and `card`: both found, or `catalogue` alone, and nothing else.
  if (keys.count() != (card_at ? 2u : 1u) || !name || !card_at) return std::nullopt;
  std::optional<int64_t> card = record::IntegerAt(tokens, *card_at, 1, 1000);
  if (!card) return std::nullopt;
  Result<GoalSpec> goal =
      ResolveCatalogueGoal(*name, static_cast<int>(*card), edition, GoalPath(position));
  if (!goal.has_value()) return std::nullopt;
  return std::move(*goal);
}

// ReadGoal.
std::optional<GoalSpec> GoalFromTokens(const TokenBuffer& tokens, size_t index, size_t position,
                                       const Edition& edition) {
  std::optional<GoalKeys> keys = GoalKeys::At(tokens, index);
  if (!keys) return std::nullopt;
  if (keys->Find("catalogue")) return ReferenceFromTokens(tokens, *keys, position, edition);
  std::optional<size_t> kind_at = keys->Find("kind");
  std::optional<std::string_view> kind =
      kind_at ? record::StringAt(tokens, *kind_at) : std::nullopt;
  const GoalKindInfo* info = kind ? FindGoalKind(*kind) : nullptr;
  // Exactly `kind` and the kind's parameters: each found, and no other key.
  if (info == nullptr || keys->count() != 1 + info->params.size()) return std::nullopt;
  GoalSpec spec{.kind = info->name};
  spec.colours.reserve(ColourParamCount(*info));  // one allocation for a pair, not two
  spec.numbers.reserve(NumberParamCount(*info));
  for (const GoalParam& param : info->params) {
    std::optional<size_t> value = keys->Find(param.key);
    if (!value || !ParamFromTokens(tokens, *value, param, edition, spec)) return std::nullopt;
  }
  if (!CompileGoal(spec, *info)) return std::nullopt;  // ValidateGoal would refuse it
  spec.path = GoalPath(position);
  return spec;
}

// The size of the list at `index` (0 for anything else), for room made once.
size_t ItemCount(const TokenBuffer& tokens, size_t index) {
  size_t count = 0;
  record::ForEachListItem(tokens, index, SIZE_MAX, [&](size_t /*item*/) {
    ++count;
    return true;
  });
  return count;
}

bool GoalsFromTokens(const TokenBuffer& tokens, size_t index, const Edition& edition,
                     std::vector<GoalSpec>& goals) {
  goals.reserve(std::min(ItemCount(tokens, index), kMaxGoals));
  return record::ForEachListItem(tokens, index, kMaxGoals, [&](size_t item) {
    std::optional<GoalSpec> goal = GoalFromTokens(tokens, item, goals.size(), edition);
    if (goal) goals.push_back(std::move(*goal));
    return goal.has_value();
  });
}

// ReadSeconds, on the text of a number: seconds with at most 3 decimals, up to 1000000.
std::optional<int64_t> MillisFromText(std::string_view text) {
  size_t dot = text.find('.');
  std::string_view whole = text.substr(0, dot);
  std::string_view fraction = dot == std::string_view::npos ? "" : text.substr(dot + 1);
  if (whole.empty() || whole.size() > 7 || fraction.size() > 3) return std::nullopt;
  int64_t seconds = 0;
  for (char c : whole) {
    if (c < '0' || c > '9') return std::nullopt;
    seconds = seconds * 10 + (c - '0');
  }
  int64_t millis = seconds * 1000;
  int64_t scale = 100;
  for (char c : fraction) {
    if (c < '0' || c > '9') return std::nullopt;
    millis += (c - '0') * scale;
    scale /= 10;
  }
  if (millis > int64_t{1000000} * 1000) return std::nullopt;
  return millis;
}

// ReadCompleted: each position written back as its number.
bool CompletedFromTokens(const TokenBuffer& tokens, size_t index,
                         std::vector<std::string>& positions) {
  auto add = [&](std::string_view word) {
    std::optional<int64_t> position = ParseWholeNumber(word, 1, kMaxGoals);
    if (position) positions.push_back(std::to_string(*position));
    return position.has_value();
  };
  if (tokens[index].type == TokenType::kString) {
    return ForEachWordToken(tokens, index, kMaxGoals, add);
  }
  // A list's numbers are words too (a tree reads their text).
  return record::ForEachListItem(tokens, index, kMaxGoals, [&](size_t item) {
    TokenType type = tokens[item].type;
    return (type == TokenType::kString || type == TokenType::kNumber) &&
           add(tokens.Text(tokens[item]));
  });
}

// The values of a turn map's keys, found in one pass over them.
struct TurnKeys {
  std::optional<size_t> player, card, pile, at, drew, completed;
};

std::optional<TurnKeys> FindTurnKeys(const TokenBuffer& tokens, size_t index) {
  TurnKeys keys;
  const std::array<std::pair<std::string_view, std::optional<size_t>*>, 6> kKeys = {{
      {"player", &keys.player},
      {"card", &keys.card},
      {"pile", &keys.pile},
      {"at", &keys.at},
      {"drew", &keys.drew},
      {"completed", &keys.completed},
  }};
  for (size_t i = index + 1; tokens[i].type == TokenType::kKey; i = tokens[i + 1].next) {
    std::string_view key = tokens.Text(tokens[i]);
    auto known =
        std::find_if(kKeys.begin(), kKeys.end(), [&](const auto& k) { return k.first == key; });
    if (known == kKeys.end()) return std::nullopt;  // unknown-key
    *known->second = i + 1;
  }
  return keys;
}

// ReadTurnExtras: `at`, and the claims of `drew` and `completed`.
bool TurnExtrasFromTokens(const TokenBuffer& tokens, const TurnKeys& keys, const Edition& edition,
                          TurnEvent& turn) {
  if (keys.at) {
    std::optional<int64_t> millis = tokens[*keys.at].type == TokenType::kNumber
                                        ? MillisFromText(tokens.Text(tokens[*keys.at]))
                                        : std::nullopt;
    if (!millis) return false;
    turn.at_ms = *millis;
  }
  if (!keys.drew && !keys.completed) return true;
  TurnClaims claims;
  if (keys.drew && !CardsFromTokens(tokens, *keys.drew, edition, 4, claims.drawn.emplace())) {
    return false;
  }
  if (keys.completed && !CompletedFromTokens(tokens, *keys.completed, claims.completed.emplace())) {
    return false;
  }
  turn.claims = std::make_shared<const TurnClaims>(std::move(claims));
  return true;
}

// ReadTurnMap, for a record (the player is required).
bool TurnMapFromTokens(const TokenBuffer& tokens, size_t index, const record::Record& header,
                       const Edition& edition, TurnEvent& turn, int& actor) {
  std::optional<TurnKeys> keys = FindTurnKeys(tokens, index);
  if (!keys || !keys->player || !keys->card || !keys->pile) return false;
  std::optional<std::string_view> name = record::StringAt(tokens, *keys->player);
  std::optional<int> player = name ? PlayerIndex(*name, header) : std::nullopt;
  std::optional<std::string_view> card_text = record::StringAt(tokens, *keys->card);
  std::optional<NumberCard> card =
      card_text ? NumberCardFromText(*card_text, edition) : std::nullopt;
  std::optional<int64_t> pile = record::IntegerAt(tokens, *keys->pile, -1000, 1000);
  if (!player || !card || !pile) return false;
  actor = *player;
  turn.card = *card;
  turn.pile = static_cast<int>(*pile);
  return TurnExtrasFromTokens(tokens, *keys, edition, turn);
}

}  // namespace

std::optional<Event> ReadSetupFromTokens(const record::TokenBuffer& tokens,
                                         const record::BodyValues& values,
                                         const record::Record& header, const Edition& edition) {
  if (values.size() < 3) return std::nullopt;
  SetupEvent setup;
  const char* path = "";  // the deck's, or none when the seed alone deals
  if (values[1]) {
    std::vector<NumberCard>& deck = setup.deck.emplace();
    deck.reserve(kPackSize);
    if (!CardsFromTokens(tokens, *values[1], edition, 64, deck)) return std::nullopt;
    path = "/deck";
  }
  if (values[0]) {
    std::optional<int64_t> board = record::IntegerAt(tokens, *values[0], 1, 1000000);
    if (!board || !header.seed) return std::nullopt;
    setup.board = static_cast<int>(*board);
  }
  setup.seeded = header.seed.has_value();
  if ((!setup.deck && !setup.seeded) || !values[2]) return std::nullopt;
  if (!GoalsFromTokens(tokens, *values[2], edition, setup.goals)) return std::nullopt;
  return MakeEvent(std::move(setup), 0, std::nullopt, path);
}

bool ReadTurnFromTokens(const record::TokenBuffer& tokens, size_t index, int turn_number,
                        const record::Record& header, const Edition& edition, Event& event) {
  TurnEvent turn{.turn = turn_number};
  int actor = 0;
  TokenType type = tokens[index].type;
  bool read = type == TokenType::kString
                  ? PlainTurn(tokens.Text(tokens[index]), header, edition, turn, actor)
                  : type == TokenType::kBeginMap &&
                        TurnMapFromTokens(tokens, index, header, edition, turn, actor);
  if (!read) return false;
  // MakeEvent's event, made in place; a turn event the caller kept from the last turn keeps its
  // storage.
  event.kind = TurnEvent::kKind;
  event.deal = 0;
  event.actor = actor;
  event.path = EventPath::Item("turns", turn_number - 1);
  if (TurnEvent* kept = event.As<TurnEvent>()) {
    *kept = std::move(turn);
  } else {
    event.payload = Payload(std::move(turn));
  }
  return true;
}

std::optional<Event> ReadTurnFromTokens(const record::TokenBuffer& tokens, size_t index,
                                        int turn_number, const record::Record& header,
                                        const Edition& edition) {
  std::optional<Event> event(std::in_place);
  if (!ReadTurnFromTokens(tokens, index, turn_number, header, edition, *event)) event.reset();
  return event;
}

Result<void> ReadCahootsBody(const Node& root, record::Record& record) {
  const Edition& edition = EditionNamed(record.rules.Choice("edition"));
  auto setup = ReadSetup(root, record, edition);
  REFEREE_TRY(setup);
  AddEvent(record, std::move(*setup));
  const Node* turns_node = root.Find("turns");
  if (turns_node == nullptr) {
    return Fail(Malformed("missing-key", "", "a record needs the key 'turns', which is missing"));
  }
  auto turns = record::ReadList(*turns_node, "/turns", kMaxTurns);
  REFEREE_TRY(turns);
  for (size_t i = 0; i < (*turns)->size(); ++i) {
    const Node& node = (**turns)[i];
    std::string path = ChildPath("/turns", i);
    auto turn = node.IsMap() ? ReadTurnMap(node, path, record, edition)
                             : ReadTurnWords(node, path, record, edition);
    REFEREE_TRY(turn);
    turn->As<TurnEvent>()->turn = static_cast<int>(i) + 1;
    AddEvent(record, std::move(*turn));
  }
  return {};
}

bool ReplayCahootsBody(const record::TokenBuffer& tokens, const record::BodyValues& values,
                       const record::Record& header, Match& match, record::FastTally& tally) {
  if (values.size() != 4 || !values[3]) return false;
  const Edition& edition = EditionNamed(header.rules.Choice("edition"));
  std::optional<Event> setup = ReadSetupFromTokens(tokens, values, header, edition);
  if (!setup) setup = StreamSetup(tokens, values, header, edition);
  if (!setup || !match.ApplyCleanly(*setup)) return false;
  // The tree reads the whole list before a turn; a list too long sends the record to it all the
  // same, when the reading gets there.
  int number = 0;
  Event turn;  // one event for every turn, read over in place
  bool replayed = record::ForEachListItem(tokens, *values[3], kMaxTurns, [&](size_t item) {
    ++number;
    if (ReadTurnFromTokens(tokens, item, number, header, edition, turn)) {
      return match.ApplyCleanly(turn);
    }
    std::optional<Event> streamed = StreamTurn(tokens, item, number, header, edition);
    return streamed && match.ApplyCleanly(*streamed);
  });
  tally.events = 1 + number;  // the set-up and each turn, as the record's entries are counted
  return replayed;
}

// ---------------------------------------------------------------------------------------------
// Writing, in canonical form: compact cards, goals as written (definition or reference), turns as
// "player card pile" unless they carry a time, a draw or completed goals.

namespace {

Node GoalNode(const GoalSpec& goal, const Edition& edition) {
  Node node = Node::Map({});
  if (auto reference = ParseCatalogueLabel(goal.label)) {
    node.AddMember("catalogue", {}, record::StringNode(reference->first));
    node.AddMember("card", {}, record::IntegerNode(reference->second));
    return node;
  }
  node.AddMember("kind", {}, record::StringNode(goal.kind));
  const GoalKindInfo* info = FindGoalKind(goal.kind);
  if (info == nullptr) return node;
  size_t colour = 0;
  size_t number = 0;
  for (const GoalParam& param : info->params) {
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

}  // namespace

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

// ---------------------------------------------------------------------------------------------
// Live lines (docs/live.md): a turn, read and written with the record's turn map.

namespace {

// What a player draws is hidden until drawn, and which goals a turn completes depends on the goal
// pile when a goal turned up completes at once: the answer to a claim of either, accepted or
// refused, would tell a seat hidden cards. The referee draws and resolves the goals; the player's
// view shows its cards, and the reply announces the goals completed.
Result<void> RefuseHiddenClaims(const record::MapFields& fields) {
  for (const char* key : {"drew", "completed"}) {
    if (fields.Optional(key) == nullptr) continue;
    return Fail(Malformed("unknown-key", "/" + std::string(key),
                          "expected a live turn without '" + std::string(key) +
                              "' (the referee draws and resolves the goals; the player's view "
                              "shows its cards, the reply the goals completed), found '" +
                              std::string(key) + "'"));
  }
  return {};
}

Result<Event> ReadLiveEvent(const Node& line, const record::Record& header, const ToAct& next,
                            LineSource source) {
  auto fields = MapFields::Open(line, "", "an event");
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
  REFEREE_TRY(fields->AllowOnly({"event", "player", "card", "pile", "at", "drew", "completed"}));
  const Edition& edition = EditionNamed(header.rules.Choice("edition"));
  auto turn = ReadTurnFields(*fields, header, edition, false);
  REFEREE_TRY(turn);
  if (!turn->actor) turn->actor = next.actor;
  return turn;
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

Result<std::vector<GoalSpec>> ReadViewGoals(const MapFields& view, const Edition& edition) {
  std::vector<GoalSpec> goals;
  const Node* shown = view.Optional("goals");
  if (shown == nullptr) return goals;
  auto items = record::ReadList(*shown, view.PathOf("goals"), kPiles);
  REFEREE_TRY(items);
  for (size_t i = 0; i < (*items)->size(); ++i) {
    std::string path = ChildPath(view.PathOf("goals"), i);
    auto item = MapFields::Open((**items)[i], path, "a visible goal");
    REFEREE_TRY(item);
    auto goal = item->Required("goal");
    REFEREE_TRY(goal);
    auto spec = ReadGoal(**goal, item->PathOf("goal"), edition);
    REFEREE_TRY(spec);
    goals.push_back(std::move(*spec));
  }
  return goals;
}

Result<int> ReadCount(const MapFields& view, const char* key) {
  const Node* node = view.Optional(key);
  if (node == nullptr) return 0;
  auto count = record::ReadInteger(*node, view.PathOf(key), 0, 1000);
  REFEREE_TRY(count);
  return static_cast<int>(*count);
}

Result<View> ReadLiveView(const Node& node, const record::Record& header) {
  const Edition& edition = EditionNamed(header.rules.Choice("edition"));
  auto fields = MapFields::Open(node, "", "a view");
  REFEREE_TRY(fields);
  View shown;
  CahootsView view;
  auto player = fields->RequiredText("player");
  REFEREE_TRY(player);
  auto actor = FindPlayer(*player, fields->PathOf("player"), header);
  REFEREE_TRY(actor);
  shown.actor = *actor;
  for (auto [key, cards] : {std::pair{"cards", &view.cards}, {"piles", &view.pile_tops}}) {
    const Node* shown = fields->Optional(key);
    if (shown == nullptr) continue;
    auto read = ReadNumberCards(*shown, fields->PathOf(key), edition, kHandSize);
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
  if (const Node* open = fields->Optional("open_hands")) {
    auto hands = MapFields::Open(*open, fields->PathOf("open_hands"), "open hands");
    REFEREE_TRY(hands);
    for (const Node::Member& member : open->members()) {
      auto player_index = FindPlayer(member.key, hands->PathOf(member.key), header);
      REFEREE_TRY(player_index);
      auto cards = ReadNumberCards(member.value, hands->PathOf(member.key), edition, kHandSize);
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
  return live;
}

}  // namespace referee::games::cahoots
