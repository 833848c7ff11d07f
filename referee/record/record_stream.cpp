#include "referee/record/record_stream.h"

#include <algorithm>

#include "referee/games/registry.h"
#include "referee/record/fields.h"
#include "referee/record/record_reader.h"

namespace referee::record {
namespace {

// ---------------------------------------------------------------------------------------------
// The header and the result, as the tree readers read them (record_reader.cpp), for their plain
// forms: anything else is left to those readers.

// A string, or an integer written as one (ReadText takes `round: 3` as text), that ReadText would
// take as a name: a string the parser rebuilt from escapes may hold a tab or a line break, which
// a name may not; one read as it lies in the document holds no control character (the tokenizer
// and JSON see to that).
std::optional<std::string_view> TextAt(const TokenBuffer& tokens, size_t index, TextKind kind) {
  const StreamToken& token = tokens[index];
  bool text =
      token.type == TokenType::kString || (token.type == TokenType::kNumber && token.integer_text);
  if (!text) return std::nullopt;
  std::string_view value = tokens.Text(token);
  if (token.owned && FindControlCharacter(value, kind)) return std::nullopt;
  return value;
}

std::optional<OptionValue> OptionAt(const TokenBuffer& tokens, size_t index,
                                    const OptionSpec& spec) {
  switch (spec.type) {
    case OptionSpec::Type::kInteger: {
      std::optional<int64_t> value = IntegerAt(tokens, index, spec.min, spec.max);
      if (!value) return std::nullopt;
      return OptionValue(*value);
    }
    case OptionSpec::Type::kBool:
      if (tokens[index].type != TokenType::kBool) return std::nullopt;
      return OptionValue(tokens[index].integer != 0);
    case OptionSpec::Type::kChoice:
      break;
  }
  std::optional<std::string_view> text = TextAt(tokens, index, TextKind::kIdentifier);
  if (!text) return std::nullopt;
  for (const std::string& choice : spec.choices) {
    if (choice == *text) return OptionValue(choice);
  }
  return std::nullopt;
}

bool ReadRulesFromTokens(const TokenBuffer& tokens, size_t index, Record& header) {
  if (tokens[index].type != TokenType::kBeginMap) return false;
  const std::vector<OptionSpec>& specs = header.game->options;
  for (size_t i = index + 1; tokens[i].type == TokenType::kKey; i = tokens[i + 1].next) {
    std::string_view name = tokens.Text(tokens[i]);
    auto spec = std::find_if(specs.begin(), specs.end(),
                             [&](const OptionSpec& s) { return s.name == name; });
    if (spec == specs.end()) return false;
    std::optional<OptionValue> value = OptionAt(tokens, i + 1, *spec);
    if (!value) return false;
    header.rules.Set(spec->name, std::move(*value));
  }
  return true;
}

bool AddPlayer(std::string_view name, Record& header) {
  // One person at two seats would be credited with a match per seat (ReadPlayers).
  if (std::find(header.players.begin(), header.players.end(), name) != header.players.end()) {
    return false;
  }
  header.players.emplace_back(name);
  return true;
}

bool ReadSeatedPlayers(const TokenBuffer& tokens, size_t index, Record& header) {
  std::optional<TokenMap> players = TokenMap::At(tokens, index);
  if (!players) return false;
  static constexpr std::array<std::string_view, 4> kSeats = {"N", "E", "S", "W"};
  size_t keys = 0;
  for (size_t i = index + 1; tokens[i].type == TokenType::kKey; i = tokens[i + 1].next) ++keys;
  if (keys != kSeats.size()) return false;  // a seat missing, or a key that is no seat
  header.players.reserve(kSeats.size());
  for (std::string_view seat : kSeats) {
    std::optional<size_t> value = players->Find(seat);
    std::optional<std::string_view> name =
        value ? TextAt(tokens, *value, TextKind::kIdentifier) : std::nullopt;
    if (!name || !AddPlayer(*name, header)) return false;
  }
  return true;
}

bool ReadPlayersFromTokens(const TokenBuffer& tokens, size_t index, Record& header) {
  const games::GameDescriptor& game = *header.game;
  if (game.player_shape == games::PlayerShape::kFourSeats) {
    return ReadSeatedPlayers(tokens, index, header);
  }
  bool read = ForEachListItem(tokens, index, static_cast<size_t>(game.max_players), [&](size_t i) {
    std::optional<std::string_view> name = TextAt(tokens, i, TextKind::kIdentifier);
    return name && AddPlayer(*name, header);
  });
  return read && static_cast<int>(header.players.size()) >= game.min_players;
}

// Where each top-level key's value is, by what the key is to the header.
struct TopLevelKeys {
  std::optional<size_t> format, game, rules, players, seed;
  std::array<std::optional<size_t>, 6> metadata;  // in MetadataKeys() order
};

std::optional<size_t> MetadataIndex(std::string_view key) {
  const std::vector<std::string>& keys = MetadataKeys();
  for (size_t m = 0; m < keys.size(); ++m) {
    if (keys[m] == key) return m;
  }
  return std::nullopt;
}

// Sorts the top-level keys of a record of `game`; false on a key that is neither the header's,
// the body's nor the result (ReadRecordHeader's AllowOnly).
bool SortTopLevel(const TokenBuffer& tokens, const games::GameDescriptor& game, TopLevelKeys& keys,
                  TopLevelValues& values) {
  values.body.assign(game.body_keys.size(), std::nullopt);
  for (size_t i = 1; tokens[i].type == TokenType::kKey; i = tokens[i + 1].next) {
    std::string_view key = tokens.Text(tokens[i]);
    size_t value = i + 1;
    if (key == "game") {
      keys.game = value;
    } else if (key == "format") {
      keys.format = value;
    } else if (key == "rules") {
      keys.rules = value;
    } else if (key == "players") {
      keys.players = value;
    } else if (key == "seed") {
      keys.seed = value;
    } else if (key == "result") {
      values.result = value;
    } else if (std::optional<size_t> m = MetadataIndex(key)) {
      keys.metadata[*m] = value;
    } else {
      auto body = std::find(game.body_keys.begin(), game.body_keys.end(), key);
      if (body == game.body_keys.end()) return false;
      values.body[static_cast<size_t>(body - game.body_keys.begin())] = value;
    }
  }
  return keys.format && keys.players;
}

bool ReadMetadataAndSeedFromTokens(const TokenBuffer& tokens, const TopLevelKeys& keys,
                                   Record& header) {
  const std::vector<std::string>& names = MetadataKeys();
  for (size_t m = 0; m < names.size(); ++m) {
    if (!keys.metadata[m]) continue;
    TextKind kind = names[m] == "notes" ? TextKind::kFreeText : TextKind::kIdentifier;
    std::optional<std::string_view> text = TextAt(tokens, *keys.metadata[m], kind);
    if (!text) return false;
    header.metadata.emplace_back(names[m], *text);
  }
  if (keys.seed) {
    std::optional<std::string_view> seed = TextAt(tokens, *keys.seed, TextKind::kIdentifier);
    if (!seed || seed->empty() || seed->size() > 1024) return false;
    header.seed = std::string(*seed);
  }
  return true;
}

std::optional<std::vector<std::string>> WordsAt(const TokenBuffer& tokens, size_t index,
                                                size_t max_words) {
  std::optional<std::string_view> text = StringAt(tokens, index);
  if (!text) return std::nullopt;
  std::vector<std::string> words;
  bool fits = ForEachWord(*text, [&](const Word& word) {
    if (words.size() == max_words) return false;
    words.emplace_back(word.text);
    return true;
  });
  if (!fits) return std::nullopt;
  return words;
}

}  // namespace

bool ReadHeaderFromTokens(const TokenBuffer& tokens, Record& header, TopLevelValues& values) {
  header = Record{};
  values.body.clear();
  values.result.reset();
  if (tokens.size() == 0 || tokens[0].type != TokenType::kBeginMap) return false;
  std::optional<size_t> game_value = TokenMap::At(tokens, 0)->Find("game");
  std::optional<std::string_view> name = game_value ? StringAt(tokens, *game_value) : std::nullopt;
  const games::GameDescriptor* game = name ? games::FindGame(*name) : nullptr;
  if (game == nullptr) return false;
  TopLevelKeys keys;
  if (!SortTopLevel(tokens, *game, keys, values)) return false;
  std::optional<std::string_view> format = StringAt(tokens, *keys.format);
  if (!format || *format != kFormatVersion) return false;
  header.game = game;
  header.rules = RuleOptions(game->options);
  if (keys.rules && !ReadRulesFromTokens(tokens, *keys.rules, header)) return false;
  if (!ReadPlayersFromTokens(tokens, *keys.players, header)) return false;
  return ReadMetadataAndSeedFromTokens(tokens, keys, header);
}

std::optional<std::vector<ClaimedFact>> ReadResultFromTokens(const TokenBuffer& tokens,
                                                             size_t index, const Record& header) {
  if (tokens[index].type != TokenType::kBeginMap) return std::nullopt;
  const std::vector<std::string>& allowed = header.game->result_keys;
  std::vector<ClaimedFact> facts;
  facts.reserve(allowed.size());  // no key twice (the tokenizer refuses it), each one allowed
  for (size_t i = index + 1; tokens[i].type == TokenType::kKey; i = tokens[i + 1].next) {
    std::string_view key = tokens.Text(tokens[i]);
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) return std::nullopt;
    const StreamToken& value = tokens[i + 1];
    if (value.type == TokenType::kNumber) {
      std::optional<int64_t> number = IntegerAt(tokens, i + 1, -1000000, 1000000);
      if (!number) return std::nullopt;
      facts.push_back({std::string(key), FactValue::Number(*number), {}});
      continue;
    }
    std::optional<std::vector<std::string>> words = WordsAt(tokens, i + 1, 16);
    if (!words) return std::nullopt;
    facts.push_back({std::string(key), FactFromWords(std::move(*words)), {}});
  }
  return facts;
}

}  // namespace referee::record
