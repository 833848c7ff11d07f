#include "referee/games/game_record.h"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

#include "referee/core/check.h"
#include "referee/core/printable.h"
#include "referee/games/registry.h"
#include "referee/record/fields.h"
#include "referee/record/record_writer.h"

namespace referee::record {
namespace {

// The most words a claimed fact may hold (a shared win names at most every seat).
constexpr size_t kMostFactWords = 16;
// A claimed total is a number of points; beyond this it is a slip, not a score.
constexpr int64_t kMostClaimedTotal = 1000000;
// A seed is a word or a phrase an organiser publishes.
constexpr size_t kMostSeedBytes = 1024;

constexpr std::array<std::string_view, 4> kSeatKeys = {"N", "E", "S", "W"};

std::string GameList() {
  std::string list;
  for (const games::GameDescriptor* game : games::AllGames()) {
    list += (list.empty() ? "" : ", ") + game->name;
  }
  return list;
}

Result<const games::GameDescriptor*> ReadGame(const Fields& root) {
  auto version = root.RequiredText("format");
  REFEREE_TRY(version);
  if (*version != kFormatVersion) {
    return Fail(Malformed(
        "unknown-format", "/format",
        "expected format " + std::string(kFormatVersion) + ", found " + Quoted(*version)));
  }
  auto name = root.RequiredText("game");
  REFEREE_TRY(name);
  const games::GameDescriptor* game = games::FindGame(*name);
  if (game == nullptr) {
    std::vector<std::string> names;
    for (const games::GameDescriptor* known : games::AllGames()) names.push_back(known->name);
    return Fail(Malformed(
        "unknown-game", "/game",
        "expected one of " + GameList() + ", found " + Quoted(*name) + DidYouMean(*name, names)));
  }
  return game;
}

// The header's members of a record, each in its place: the record's top level is gone through
// once, and a key no record of the game has is found on the way.
struct HeaderMembers {
  static constexpr size_t kMostMetadata = 8;
  std::optional<Value> rules;
  std::optional<Value> players;
  std::optional<Value> seed;
  std::array<std::optional<Value>, kMostMetadata> metadata;  // in the order of MetadataKeys()
};

// The header's keys, each with the member it fills; none for those read where they are needed
// (the format and game first, the result after the body): the one list of them.
constexpr std::array<record::MemberKey<HeaderMembers>, 6> kHeaderKeys = {{
    {"format", nullptr},
    {"game", nullptr},
    {"rules", &HeaderMembers::rules},
    {"players", &HeaderMembers::players},
    {"seed", &HeaderMembers::seed},
    {"result", nullptr},
}};

// The index of `key` among `keys`, if it is one of them (sizes compared first).
std::optional<size_t> IndexAmong(const std::vector<std::string>& keys, std::string_view key) {
  for (size_t i = 0; i < keys.size(); ++i) {
    if (std::string_view(keys[i]) == key) return i;
  }
  return std::nullopt;
}

// The finding on a record whose top level has a key that is none of those below.
Finding UnknownTopKey(const Fields& root, const games::GameDescriptor& game) {
  // The list is made for the message only: a record that is right never builds it.
  std::vector<std::string> keys = record::KeyNames(kHeaderKeys);
  for (const std::string& key : MetadataKeys()) keys.push_back(key);
  for (const std::string& key : game.body_keys) keys.push_back(key);
  Result<void> allowed = root.AllowOnly(keys);
  REFEREE_CHECK(!allowed.has_value(), "a top-level key refused, then allowed");
  return std::move(allowed).error();
}

// The keys a record of `game` may have at its top level: the header's, the metadata, the body's.
Result<HeaderMembers> SortTopMembers(const Fields& root, const games::GameDescriptor& game) {
  const std::vector<std::string>& metadata = MetadataKeys();
  REFEREE_CHECK(metadata.size() <= HeaderMembers::kMostMetadata, "more metadata keys than kept");
  HeaderMembers members;
  std::optional<Value> unknown =
      record::GatherMembers(root.map(), kHeaderKeys, members, [&](Value member) {
        std::optional<size_t> at = IndexAmong(metadata, member.key());
        if (at) members.metadata[*at] = member;
        return at || IndexAmong(game.body_keys, member.key());
      });
  if (unknown) return Fail(UnknownTopKey(root, game));
  return members;
}

Result<OptionValue> ReadOption(Value value, const OptionSpec& spec) {
  switch (spec.type) {
    case OptionSpec::Type::kInteger: {
      auto integer = ReadInteger(value, spec.min, spec.max);
      REFEREE_TRY(integer);
      return OptionValue(*integer);
    }
    case OptionSpec::Type::kBool: {
      auto flag = ReadBool(value);
      REFEREE_TRY(flag);
      return OptionValue(*flag);
    }
    case OptionSpec::Type::kChoice:
      break;
  }
  auto text = ReadText(value);
  REFEREE_TRY(text);
  std::string choices;
  for (const std::string& choice : spec.choices) {
    if (choice == *text) return OptionValue(choice);
    choices += (choices.empty() ? "" : ", ") + choice;
  }
  return Fail(
      Malformed("bad-option", value.Pointer(),
                "expected " + spec.name + " to be one of " + choices + ", found " + Quoted(*text)));
}

// One person at two seats would be credited with a match per seat in the standings.
Result<void> AddSeatedPlayer(std::string_view name, size_t seat, const Fields& players,
                             Record& record) {
  auto first = std::find(record.players.begin(), record.players.end(), name);
  if (first != record.players.end()) {
    return Fail(Malformed("duplicate-player", players.PointerOf(kSeatKeys[seat]),
                          "expected a different player at each seat, found '" + std::string(name) +
                              "' at " + std::string(kSeatKeys[first - record.players.begin()]) +
                              " and again at " + std::string(kSeatKeys[seat])));
  }
  record.players.emplace_back(name);
  return {};
}

Result<void> ReadSeatedPlayers(Value value, Record& record) {
  auto players = Fields::Open(value, "players");
  REFEREE_TRY(players);
  REFEREE_TRY(players->AllowOnly({"N", "E", "S", "W"}));
  record.players.reserve(kSeatKeys.size());
  for (size_t seat = 0; seat < kSeatKeys.size(); ++seat) {
    auto name = players->RequiredText(kSeatKeys[seat]);
    REFEREE_TRY(name);
    REFEREE_TRY(AddSeatedPlayer(*name, seat, *players, record));
  }
  return {};
}

Result<void> ReadPlayerList(Value value, const games::GameDescriptor& game, Record& record) {
  REFEREE_TRY(CheckList(value, static_cast<size_t>(game.max_players)));
  for (Value item : value) {
    auto name = ReadText(item);
    REFEREE_TRY(name);
    if (std::find(record.players.begin(), record.players.end(), *name) != record.players.end()) {
      return Fail(Malformed("duplicate-player", item.Pointer(),
                            "expected each player once, found " + Quoted(*name) + " twice"));
    }
    record.players.emplace_back(*name);
  }
  if (static_cast<int>(record.players.size()) < game.min_players) {
    return Fail(Malformed("out-of-range", "/players",
                          "expected " + std::to_string(game.min_players) + " to " +
                              std::to_string(game.max_players) + " players, found " +
                              std::to_string(record.players.size())));
  }
  return {};
}

Result<void> ReadPlayers(const Fields& root, const HeaderMembers& members,
                         const games::GameDescriptor& game, Record& record) {
  if (!members.players) return Fail(root.Required("players").error());
  if (game.player_shape == games::PlayerShape::kFourSeats) {
    return ReadSeatedPlayers(*members.players, record);
  }
  return ReadPlayerList(*members.players, game, record);
}

Result<void> ReadMetadataAndSeed(const HeaderMembers& members, Record& record) {
  const std::vector<std::string>& keys = MetadataKeys();
  for (size_t i = 0; i < keys.size(); ++i) {
    const std::optional<Value>& value = members.metadata[i];
    if (!value) continue;
    auto text = keys[i] == "notes" ? ReadFreeText(*value) : ReadText(*value);
    REFEREE_TRY(text);
    record.metadata.emplace_back(keys[i], *text);
  }
  if (const std::optional<Value>& seed = members.seed) {
    auto text = ReadText(*seed);
    REFEREE_TRY(text);
    if (text->empty() || text->size() > kMostSeedBytes) {
      return Fail(Malformed("bad-seed", "/seed", "expected a seed of 1 to 1024 characters"));
    }
    record.seed = std::string(*text);
  }
  return {};
}

// A claimed fact: a whole number, or words (a list, or one string of several).
Result<FactValue> ReadFact(Value value) {
  if (value.IsScalar() && !value.IsString()) {
    if (value.kind() != ValueKind::kInteger) {
      return Fail(
          Malformed("bad-type", value.Pointer(), "expected a number, a word or a list of words"));
    }
    auto number = ReadInteger(value, -kMostClaimedTotal, kMostClaimedTotal);
    REFEREE_TRY(number);
    return FactValue::Number(*number);
  }
  std::vector<std::string> words;
  REFEREE_TRY(ForEachWordOf(value, kMostFactWords, [&](std::string_view word, size_t) {
    words.emplace_back(word);
    return Result<void>();
  }));
  return FactFromWords(std::move(words));
}

}  // namespace

Result<void> ReadRuleOptions(Value rules, const std::vector<OptionSpec>& specs,
                             RuleOptions& options) {
  auto fields = Fields::Open(rules, "the rules");
  REFEREE_TRY(fields);
  auto spec_of = [&](Value member) {
    return std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& spec) {
      return std::string_view(spec.name) == member.key();  // sizes first
    });
  };
  for (Value member : rules) {
    if (spec_of(member) != specs.end()) continue;
    std::vector<std::string> names;
    for (const OptionSpec& known : specs) names.push_back(known.name);
    return fields->AllowOnly(names);
  }
  // Every key is an option's: each is read where it stands.
  for (Value member : rules) {
    const OptionSpec& spec = *spec_of(member);
    auto option = ReadOption(member, spec);
    REFEREE_TRY(option);
    options.Set(spec.name, std::move(*option));
  }
  return {};
}

Result<void> ReadRuleOptions(const Node& node, const std::string& path,
                             const std::vector<OptionSpec>& specs, RuleOptions& options) {
  Document document = DocumentOf(node);
  Result<void> read = ReadRuleOptions(document.Root(), specs, options);
  if (read.has_value()) return {};
  Finding finding = std::move(read).error();
  finding.place.path = path + finding.place.path;  // the tree's place, not the copy's
  return Fail(std::move(finding));
}

Result<Record> ReadRecordHeader(Value root_value) {
  auto root = Fields::Open(root_value, "a record");
  REFEREE_TRY(root);
  auto game = ReadGame(*root);
  REFEREE_TRY(game);
  auto members = SortTopMembers(*root, **game);
  REFEREE_TRY(members);
  Record record;
  record.game = *game;
  record.rules = RuleOptions((*game)->options);
  if (members->rules) REFEREE_TRY(ReadRuleOptions(*members->rules, (*game)->options, record.rules));
  REFEREE_TRY(ReadPlayers(*root, *members, **game, record));
  REFEREE_TRY(ReadMetadataAndSeed(*members, record));
  return record;
}

Result<Record> ReadRecordHeader(const Node& root) {
  Document document = DocumentOf(root);
  return ReadRecordHeader(document.Root());
}

Result<std::optional<std::vector<ClaimedFact>>> ReadRecordResult(
    Value root, const games::GameDescriptor& game) {
  std::optional<Value> value = root.Find("result");
  if (!value) return std::optional<std::vector<ClaimedFact>>();
  auto result = Fields::Open(*value, "the result");
  REFEREE_TRY(result);
  REFEREE_TRY(result->AllowOnly(game.result_keys));
  std::vector<ClaimedFact> facts;
  facts.reserve(value->size());
  for (Value member : *value) {
    auto fact = ReadFact(member);
    REFEREE_TRY(fact);
    facts.push_back(
        {std::string(member.key()), std::move(*fact), ChildPath("/result", member.key())});
  }
  return std::optional<std::vector<ClaimedFact>>(std::move(facts));
}

Result<Record> ReadRecord(Value root) {
  auto record = ReadRecordHeader(root);
  REFEREE_TRY(record);
  RecordSink sink(*record);
  REFEREE_TRY(record->game->read_body(root, *record, sink));
  auto result = ReadRecordResult(root, *record->game);
  REFEREE_TRY(result);
  record->result = std::move(*result);
  return record;
}

Result<Record> ReadRecord(const Node& root) {
  Document document = DocumentOf(root);
  return ReadRecord(document.Root());
}

// ---------------------------------------------------------------------------------------------
// Writing.

namespace {

Node OptionNode(const OptionValue& value) {
  if (const auto* integer = std::get_if<int64_t>(&value)) return IntegerNode(*integer);
  if (const auto* flag = std::get_if<bool>(&value)) {
    return Node::Scalar(Node::Kind::kBool, *flag ? "true" : "false", {});
  }
  return StringNode(std::get<std::string>(value));
}

Node PlayersNode(const Record& record) {
  if (record.game->player_shape == games::PlayerShape::kTurnOrder) {
    Node list = Node::List({});
    for (const std::string& name : record.players) list.Append(StringNode(name));
    return list;
  }
  Node map = Node::Map({});
  for (size_t seat = 0; seat < record.players.size(); ++seat) {
    map.AddMember(std::string(kSeatKeys[seat]), {}, StringNode(record.players[seat]));
  }
  return map;
}

Node ResultNode(const std::vector<ClaimedFact>& values) {
  Node map = Node::Map({});
  for (const ClaimedFact& fact : values) {
    map.AddMember(
        fact.key, {},
        fact.value.IsNumber() ? IntegerNode(fact.value.number()) : WordsNode(fact.value.words()));
  }
  return map;
}

}  // namespace

Node WriteRecord(const Record& record) {
  Node root = Node::Map({});
  root.AddMember("format", {}, StringNode(std::string(kFormatVersion)));
  root.AddMember("game", {}, StringNode(record.game->name));
  for (const auto& [key, value] : record.metadata) root.AddMember(key, {}, StringNode(value));
  if (auto explicit_rules = record.rules.Explicit(); !explicit_rules.empty()) {
    Node rules = Node::Map({});
    for (const auto& [name, value] : explicit_rules) rules.AddMember(name, {}, OptionNode(value));
    root.AddMember("rules", {}, std::move(rules));
  }
  root.AddMember("players", {}, PlayersNode(record));
  if (record.seed) root.AddMember("seed", {}, StringNode(*record.seed));
  record.game->write_body(record, root);
  if (record.result) root.AddMember("result", {}, ResultNode(*record.result));
  return root;
}

}  // namespace referee::record
