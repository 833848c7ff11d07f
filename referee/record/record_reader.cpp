#include "referee/record/record_reader.h"

#include <algorithm>
#include <set>

#include "referee/core/printable.h"
#include "referee/games/registry.h"
#include "referee/record/fields.h"

namespace referee::record {
namespace {

std::string GameList() {
  std::string list;
  for (const games::GameDescriptor* game : games::AllGames()) {
    list += (list.empty() ? "" : ", ") + game->name;
  }
  return list;
}

Result<const games::GameDescriptor*> ReadGame(const MapFields& root) {
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

Result<OptionValue> ReadOption(const Node& node, const std::string& path, const OptionSpec& spec) {
  switch (spec.type) {
    case OptionSpec::Type::kInteger: {
      auto value = ReadInteger(node, path, spec.min, spec.max);
      REFEREE_TRY(value);
      return OptionValue(*value);
    }
    case OptionSpec::Type::kBool: {
      auto value = ReadBool(node, path);
      REFEREE_TRY(value);
      return OptionValue(*value);
    }
    case OptionSpec::Type::kChoice:
      break;
  }
  auto text = ReadText(node, path);
  REFEREE_TRY(text);
  std::string choices;
  for (const std::string& choice : spec.choices) {
    if (choice == *text) return OptionValue(*text);
    choices += (choices.empty() ? "" : ", ") + choice;
  }
  return Fail(
      Malformed("bad-option", path,
                "expected " + spec.name + " to be one of " + choices + ", found " + Quoted(*text)));
}

Result<void> ReadPlayers(const MapFields& root, const games::GameDescriptor& game, Record& record) {
  auto node = root.Required("players");
  REFEREE_TRY(node);
  if (game.player_shape == games::PlayerShape::kFourSeats) {
    auto players = MapFields::Open(**node, "/players", "players");
    REFEREE_TRY(players);
    REFEREE_TRY(players->AllowOnly({"N", "E", "S", "W"}));
    const std::vector<std::string> seats = {"N", "E", "S", "W"};
    for (const std::string& seat : seats) {
      auto name_node = players->Required(seat);
      REFEREE_TRY(name_node);
      auto name = ReadText(**name_node, players->PathOf(seat));
      REFEREE_TRY(name);
      // One person at two seats would be credited with a match per seat in the standings.
      auto first = std::find(record.players.begin(), record.players.end(), *name);
      if (first != record.players.end()) {
        return Fail(Malformed("duplicate-player", players->PathOf(seat),
                              "expected a different player at each seat, found '" + *name +
                                  "' at " + seats[first - record.players.begin()] +
                                  " and again at " + seat));
      }
      record.players.push_back(*name);
    }
    return {};
  }
  auto list = ReadList(**node, "/players", game.max_players);
  REFEREE_TRY(list);
  std::set<std::string> seen;
  for (size_t i = 0; i < (*list)->size(); ++i) {
    std::string path = ChildPath("/players", i);
    auto name = ReadText((**list)[i], path);
    REFEREE_TRY(name);
    if (!seen.insert(*name).second) {
      return Fail(Malformed("duplicate-player", path,
                            "expected each player once, found " + Quoted(*name) + " twice"));
    }
    record.players.push_back(*name);
  }
  if (static_cast<int>(record.players.size()) < game.min_players) {
    return Fail(Malformed("out-of-range", "/players",
                          "expected " + std::to_string(game.min_players) + " to " +
                              std::to_string(game.max_players) + " players, found " +
                              std::to_string(record.players.size())));
  }
  return {};
}

Result<void> ReadMetadataAndSeed(const MapFields& root, Record& record) {
  for (const std::string& key : MetadataKeys()) {
    if (const Node* value = root.Optional(key)) {
      auto text = key == "notes" ? ReadFreeText(*value, root.PathOf(key))
                                 : ReadText(*value, root.PathOf(key));
      REFEREE_TRY(text);
      record.metadata.emplace_back(key, *text);
    }
  }
  if (const Node* seed = root.Optional("seed")) {
    auto text = ReadText(*seed, "/seed");
    REFEREE_TRY(text);
    if (text->empty() || text->size() > 1024) {
      return Fail(Malformed("bad-seed", "/seed", "expected a seed of 1 to 1024 characters"));
    }
    record.seed = *text;
  }
  return {};
}

Result<void> ReadResult(const MapFields& root, const games::GameDescriptor& game, Record& record) {
  const Node* node = root.Optional("result");
  if (node == nullptr) return {};
  auto result = MapFields::Open(*node, "/result", "the result");
  REFEREE_TRY(result);
  REFEREE_TRY(result->AllowOnly(game.result_keys));
  std::vector<ClaimedFact> values;
  for (const Node::Member& member : node->members()) {
    std::string path = result->PathOf(member.key);
    std::vector<std::string> words;
    if (member.value.IsScalar() && member.value.kind() != Node::Kind::kString) {
      if (member.value.kind() != Node::Kind::kInteger) {
        return Fail(Malformed("bad-type", path, "expected a number, a word or a list of words"));
      }
      auto value = ReadInteger(member.value, path, -1000000, 1000000);
      REFEREE_TRY(value);
      values.push_back({member.key, FactValue::Number(*value), path});
      continue;
    }
    auto read = ReadWords(member.value, path, 16);
    REFEREE_TRY(read);
    for (Token& word : *read) words.push_back(std::move(word.text));
    values.push_back({member.key, FactFromWords(std::move(words)), path});
  }
  record.result = std::move(values);
  return {};
}

std::vector<std::string> AllowedTopKeys(const games::GameDescriptor& game) {
  std::vector<std::string> keys = {"format", "game", "rules", "players", "seed", "result"};
  for (const std::string& key : MetadataKeys()) keys.push_back(key);
  for (const std::string& key : game.body_keys) keys.push_back(key);
  return keys;
}

}  // namespace

Result<void> ReadRuleOptions(const Node& node, const std::string& path,
                             const std::vector<OptionSpec>& specs, RuleOptions& options) {
  auto rules = MapFields::Open(node, path, "the rules");
  REFEREE_TRY(rules);
  std::vector<std::string> names;
  for (const OptionSpec& spec : specs) names.push_back(spec.name);
  REFEREE_TRY(rules->AllowOnly(names));
  for (const OptionSpec& spec : specs) {
    if (const Node* value = rules->Optional(spec.name)) {
      auto option = ReadOption(*value, rules->PathOf(spec.name), spec);
      REFEREE_TRY(option);
      options.Set(spec.name, *option);
    }
  }
  return {};
}

Result<Record> ReadRecordHeader(const Node& root_node) {
  auto root = MapFields::Open(root_node, "", "a record");
  REFEREE_TRY(root);
  auto game = ReadGame(*root);
  REFEREE_TRY(game);
  REFEREE_TRY(root->AllowOnly(AllowedTopKeys(**game)));
  Record record;
  record.game = *game;
  record.rules = RuleOptions((*game)->options);
  if (const Node* rules = root->Optional("rules")) {
    REFEREE_TRY(ReadRuleOptions(*rules, "/rules", (*game)->options, record.rules));
  }
  REFEREE_TRY(ReadPlayers(*root, **game, record));
  REFEREE_TRY(ReadMetadataAndSeed(*root, record));
  return record;
}

Result<void> ReadRecordResult(const Node& root_node, Record& record) {
  auto root = MapFields::Open(root_node, "", "a record");
  REFEREE_TRY(root);
  return ReadResult(*root, *record.game, record);
}

Result<Record> ReadRecord(const Node& root_node) {
  auto record = ReadRecordHeader(root_node);
  REFEREE_TRY(record);
  REFEREE_TRY(record->game->read_body(root_node, *record));
  auto root = MapFields::Open(root_node, "", "a record");
  REFEREE_TRY(ReadResult(*root, *record->game, *record));
  return record;
}

}  // namespace referee::record
