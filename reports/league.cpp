#include "reports/league.h"

#include <algorithm>
#include <map>
#include <set>

#include "referee/games/registry.h"
#include "referee/record/fields.h"

namespace referee::reports {
namespace {

using record::MapFields;
using record::Node;
using record::NodeMember;

// The standings' own tie-breaks; games add theirs (LeagueTraits::statistic_tie_breaks).
const std::vector<std::pair<TieBreak::Kind, std::string>> kOwnTieBreaks = {
    {TieBreak::Kind::kWins, "wins"},
    {TieBreak::Kind::kTotalScore, "total-score"},
    {TieBreak::Kind::kPointDifference, "point-difference"},
    {TieBreak::Kind::kHeadToHead, "head-to-head"},
    {TieBreak::Kind::kMatchesPlayed, "matches-played"},
    {TieBreak::Kind::kOpponentsPoints, "buchholz"},
    {TieBreak::Kind::kSonnebornBerger, "sonneborn-berger"},
};

const std::vector<std::pair<SchemeKind, std::string>> kSchemeNames = {
    {SchemeKind::kPlacement, "placement"},
    {SchemeKind::kMatchPoints, "match-points"},
    {SchemeKind::kLevelWins, "level-wins"},
    {SchemeKind::kDuplicate, "duplicate"},
};

Finding BadValue(std::string code, const std::string& path, const std::string& message) {
  return Malformed(std::move(code), path, message);
}

Result<std::string> TextAt(const MapFields& fields, std::string_view key) {
  Result<const Node*> node = fields.Required(key);
  if (!node) return Fail(std::move(node).error());
  return record::ReadText(**node, fields.PathOf(key));
}

Result<std::optional<std::string>> OptionalText(const MapFields& fields, std::string_view key) {
  const Node* node = fields.Optional(key);
  if (node == nullptr) return std::optional<std::string>();
  Result<std::string> text = record::ReadText(*node, fields.PathOf(key));
  if (!text) return Fail(std::move(text).error());
  return std::optional<std::string>(*text);
}

Result<int> IntegerAt(const Node& node, const std::string& path) {
  Result<int64_t> value = record::ReadInteger(node, path, -100000, 100000);
  if (!value) return Fail(std::move(value).error());
  return static_cast<int>(*value);
}

// A list of names: a YAML list or one space-separated string.
Result<std::vector<std::string>> NamesAt(const Node& node, const std::string& path) {
  Result<std::vector<record::Token>> words = record::ReadWords(node, path, 64);
  if (!words) return Fail(std::move(words).error());
  std::vector<std::string> names;
  for (const record::Token& word : *words) names.push_back(word.text);
  return names;
}

// Calls `read` on each map of the list under `key` (absent: no items).
template <class T, class Read>
Result<std::vector<T>> ReadMaps(const MapFields& fields, std::string_view key,
                                std::string_view what, Read read) {
  std::vector<T> items;
  const Node* node = fields.Optional(key);
  if (node == nullptr) return items;
  std::string path = fields.PathOf(key);
  Result<const std::vector<Node>*> list = record::ReadList(*node, path);
  if (!list) return Fail(std::move(list).error());
  for (size_t i = 0; i < (*list)->size(); ++i) {
    Result<MapFields> item = MapFields::Open((**list)[i], ChildPath(path, i), what);
    if (!item) return Fail(std::move(item).error());
    Result<T> value = read(*item);
    if (!value) return Fail(std::move(value).error());
    items.push_back(std::move(*value));
  }
  return items;
}

Result<Entrant> ReadEntrant(const MapFields& fields, bool with_players) {
  std::vector<std::string> allowed = {"id", "name"};
  if (with_players) allowed.push_back("players");
  REFEREE_TRY(fields.AllowOnly(allowed));
  Entrant entrant;
  entrant.path = fields.path();
  Result<std::string> id = TextAt(fields, "id");
  if (!id) return Fail(std::move(id).error());
  entrant.id = *id;
  Result<std::optional<std::string>> name = OptionalText(fields, "name");
  if (!name) return Fail(std::move(name).error());
  entrant.name = name->value_or(entrant.id);
  if (!with_players) return entrant;
  Result<const Node*> players = fields.Required("players");
  if (!players) return Fail(std::move(players).error());
  Result<std::vector<std::string>> names = NamesAt(**players, fields.PathOf("players"));
  if (!names) return Fail(std::move(names).error());
  entrant.players = std::move(*names);
  return entrant;
}

Result<RecordSource> ReadRecordSource(const Node& node, const std::string& path) {
  if (node.kind() == Node::Kind::kString) return RecordSource{node.text(), std::nullopt, {path}};
  Result<MapFields> fields = MapFields::Open(node, path, "a record source");
  if (!fields) return Fail(std::move(fields).error());
  REFEREE_TRY(fields->AllowOnly({"path", "round"}));
  Result<std::string> where = TextAt(*fields, "path");
  if (!where) return Fail(std::move(where).error());
  Result<std::optional<std::string>> round = OptionalText(*fields, "round");
  if (!round) return Fail(std::move(round).error());
  if (*round) **round = RoundName(**round);
  return RecordSource{*where, *round, {path}};
}

Result<std::vector<RecordSource>> ReadRecordSources(const MapFields& fields) {
  Result<const Node*> node = fields.Required("records");
  if (!node) return Fail(std::move(node).error());
  std::string path = fields.PathOf("records");
  Result<const std::vector<Node>*> list = record::ReadList(**node, path);
  if (!list) return Fail(std::move(list).error());
  std::vector<RecordSource> sources;
  for (size_t i = 0; i < (*list)->size(); ++i) {
    Result<RecordSource> source = ReadRecordSource((**list)[i], ChildPath(path, i));
    if (!source) return Fail(std::move(source).error());
    sources.push_back(std::move(*source));
  }
  return sources;
}

}  // namespace

std::string_view TieBreakName(const TieBreak& tie_break) { return tie_break.name; }

const std::vector<std::string>& TieBreakNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> list;
    for (const auto& entry : kOwnTieBreaks) list.push_back(entry.second);
    for (const games::GameDescriptor* game : games::AllGames()) {
      for (const games::StatisticTieBreak& own : game->league.statistic_tie_breaks) {
        if (std::find(list.begin(), list.end(), own.name) == list.end()) list.push_back(own.name);
      }
    }
    return list;
  }();
  return names;
}

std::optional<TieBreak> TieBreakNamed(std::string_view name, const games::GameDescriptor& game) {
  for (const auto& [kind, own] : kOwnTieBreaks) {
    if (own == name) return TieBreak{.kind = kind, .name = own};
  }
  const std::vector<std::string>& names = TieBreakNames();
  if (std::find(names.begin(), names.end(), name) == names.end()) return std::nullopt;
  TieBreak tie_break{.kind = TieBreak::Kind::kStatistic, .name = std::string(name)};
  for (const games::StatisticTieBreak& own : game.league.statistic_tie_breaks) {
    if (own.name != name) continue;
    for (size_t i = 0; i < game.side_statistics.size(); ++i) {
      if (game.side_statistics[i].name == own.statistic) tie_break.statistic = static_cast<int>(i);
    }
    tie_break.measure = own.measure;
    tie_break.fewer_is_better = own.fewer_is_better;
  }
  return tie_break;
}

Scheme DefaultScheme(const games::GameDescriptor& game) {
  Scheme scheme;
  if (!game.league.schemes.empty()) {
    for (const auto& [kind, name] : kSchemeNames) {
      if (name == game.league.schemes.front()) scheme.kind = kind;
    }
  }
  scheme.level_weights = game.league.level_weights;
  return scheme;
}

std::vector<TieBreak> DefaultTieBreaks(const games::GameDescriptor& game, SchemeKind scheme) {
  if (scheme == SchemeKind::kDuplicate) return {*TieBreakNamed("total-score", game)};
  std::vector<TieBreak> tie_breaks;
  for (const std::string& name : game.league.default_tie_breaks) {
    tie_breaks.push_back(*TieBreakNamed(name, game));
  }
  return tie_breaks;
}

namespace {

Result<SchemeKind> SchemeKindAt(const Node& node, const std::string& path) {
  Result<std::string> name = record::ReadText(node, path);
  if (!name) return Fail(std::move(name).error());
  std::vector<std::string> names;
  for (const auto& [kind, known] : kSchemeNames) {
    if (known == *name) return kind;
    names.push_back(known);
  }
  return Fail(BadValue("unknown-scheme", path,
                       "expected a scheme (placement, match-points, level-wins, duplicate), "
                       "found '" +
                           *name + "'" + record::DidYouMean(*name, names)));
}

Result<void> ReadPlacement(const MapFields& fields, Scheme& scheme) {
  const Node* points = fields.Optional("points");
  if (points == nullptr) return {};
  std::string path = fields.PathOf("points");
  Result<const std::vector<Node>*> list = record::ReadList(*points, path, 16);
  if (!list) return Fail(std::move(list).error());
  if ((*list)->empty()) {
    return Fail(BadValue("out-of-range", path,
                         "expected the points for 1st place at least, found an empty list"));
  }
  scheme.placement.clear();
  for (size_t i = 0; i < (*list)->size(); ++i) {
    Result<int> value = IntegerAt((**list)[i], ChildPath(path, i));
    if (!value) return Fail(std::move(value).error());
    scheme.placement.push_back(*value);
  }
  return {};
}

Result<void> ReadLevelWeights(const MapFields& fields, Scheme& scheme) {
  const Node* weights = fields.Optional("weights");
  if (weights == nullptr) return {};
  Result<MapFields> map = MapFields::Open(*weights, fields.PathOf("weights"), "level weights");
  if (!map) return Fail(std::move(map).error());
  std::vector<std::string> levels;
  for (const auto& [level, weight] : scheme.level_weights) levels.push_back(level);
  REFEREE_TRY(map->AllowOnly(levels));
  for (auto& [level, weight] : scheme.level_weights) {
    const Node* node = map->Optional(level);
    if (node == nullptr) continue;
    Result<int> value = IntegerAt(*node, map->PathOf(level));
    if (!value) return Fail(std::move(value).error());
    weight = *value;
  }
  return {};
}

Result<void> ReadMatchPoints(const MapFields& fields, Scheme& scheme) {
  for (auto [key, target] : {std::pair<const char*, int*>{"win", &scheme.win},
                             {"draw", &scheme.draw},
                             {"loss", &scheme.loss}}) {
    const Node* node = fields.Optional(key);
    if (node == nullptr) continue;
    Result<int> value = IntegerAt(*node, fields.PathOf(key));
    if (!value) return Fail(std::move(value).error());
    *target = *value;
  }
  return {};
}

Result<Direction> ReadDirection(const NodeMember& member, const std::string& path,
                                const games::GameDescriptor& game) {
  const std::vector<std::string>& units = game.score_units;
  if (std::find(units.begin(), units.end(), member.key) == units.end()) {
    std::string list;
    for (const std::string& unit : units) list += (list.empty() ? "" : ", ") + unit;
    return Fail(BadValue("unknown-direction", path,
                         "expected a direction of " + game.name + " (" + list + "), found '" +
                             member.key + "'" + record::DidYouMean(member.key, units)));
  }
  Result<std::vector<std::string>> entrants = NamesAt(member.value, path);
  if (!entrants) return Fail(std::move(entrants).error());
  return Direction{member.key, std::move(*entrants), {path}};
}

// `rank: percentage | matchpoints` and `directions: {NS: [...], EW: [...]}`: duplicate only.
Result<void> ReadDuplicate(const MapFields& fields, const games::GameDescriptor& game,
                           Scheme& scheme) {
  for (const char* key : {"rank", "directions"}) {
    if (fields.Optional(key) == nullptr || scheme.kind == SchemeKind::kDuplicate) continue;
    return Fail(BadValue("unexpected-key", fields.PathOf(key),
                         std::string("expected '") + key + "' only in a duplicate scheme"));
  }
  if (const Node* rank = fields.Optional("rank")) {
    Result<std::string> by = record::ReadText(*rank, fields.PathOf("rank"));
    if (!by) return Fail(std::move(by).error());
    if (*by != "percentage" && *by != "matchpoints") {
      return Fail(BadValue("out-of-range", fields.PathOf("rank"),
                           "expected percentage or matchpoints, found '" + *by + "'"));
    }
    scheme.rank_by_percentage = *by == "percentage";
  }
  const Node* directions = fields.Optional("directions");
  if (directions == nullptr) return {};
  Result<MapFields> map = MapFields::Open(*directions, fields.PathOf("directions"), "directions");
  if (!map) return Fail(std::move(map).error());
  for (const record::NodeMember& member : directions->members()) {
    Result<Direction> direction = ReadDirection(member, map->PathOf(member.key), game);
    if (!direction) return Fail(std::move(direction).error());
    scheme.directions.push_back(std::move(*direction));
  }
  return {};
}

// `scheme: NAME` or `scheme: {name: NAME, ...parameters}`.
Result<Scheme> ReadScheme(const Node* node, const std::string& path,
                          const games::GameDescriptor& game) {
  Scheme scheme = DefaultScheme(game);
  if (node == nullptr) return scheme;
  if (!node->IsMap()) {
    Result<SchemeKind> kind = SchemeKindAt(*node, path);
    if (!kind) return Fail(std::move(kind).error());
    scheme.kind = *kind;
    return scheme;
  }
  Result<MapFields> fields = MapFields::Open(*node, path, "a scheme");
  if (!fields) return Fail(std::move(fields).error());
  REFEREE_TRY(fields->AllowOnly(
      {"name", "points", "win", "draw", "loss", "weights", "rank", "directions"}));
  Result<const Node*> name = fields->Required("name");
  if (!name) return Fail(std::move(name).error());
  Result<SchemeKind> kind = SchemeKindAt(**name, fields->PathOf("name"));
  if (!kind) return Fail(std::move(kind).error());
  scheme.kind = *kind;
  REFEREE_TRY(ReadPlacement(*fields, scheme));
  REFEREE_TRY(ReadMatchPoints(*fields, scheme));
  REFEREE_TRY(ReadLevelWeights(*fields, scheme));
  REFEREE_TRY(ReadDuplicate(*fields, game, scheme));
  return scheme;
}

Result<std::string> ReadSeed(const Node& node, const std::string& path) {
  Result<std::string> seed = record::ReadText(node, path);
  if (!seed) return Fail(std::move(seed).error());
  if (seed->empty()) {
    return Fail(BadValue("out-of-range", path, "expected a seed to draw lots from, found ''"));
  }
  return seed;
}

// `lots: SEED` or `lots: {seed: SEED, places: all | first}`.
Result<std::optional<Lots>> ReadLots(const Node* node, const std::string& path) {
  if (node == nullptr) return std::optional<Lots>();
  Lots lots;
  lots.place.path = path;
  if (!node->IsMap()) {
    Result<std::string> seed = ReadSeed(*node, path);
    if (!seed) return Fail(std::move(seed).error());
    lots.seed = *seed;
    return std::optional<Lots>(lots);
  }
  Result<MapFields> fields = MapFields::Open(*node, path, "a drawing of lots");
  if (!fields) return Fail(std::move(fields).error());
  REFEREE_TRY(fields->AllowOnly({"seed", "places"}));
  Result<const Node*> seed_node = fields->Required("seed");
  if (!seed_node) return Fail(std::move(seed_node).error());
  Result<std::string> seed = ReadSeed(**seed_node, fields->PathOf("seed"));
  if (!seed) return Fail(std::move(seed).error());
  lots.seed = *seed;
  Result<std::optional<std::string>> places = OptionalText(*fields, "places");
  if (!places) return Fail(std::move(places).error());
  if (*places && **places != "all" && **places != "first") {
    return Fail(BadValue("out-of-range", fields->PathOf("places"),
                         "expected all or first, found '" + **places + "'"));
  }
  lots.first_place_only = *places && **places == "first";
  return std::optional<Lots>(lots);
}

Result<std::vector<TieBreak>> ReadTieBreaks(const Node& node, const std::string& path,
                                            const games::GameDescriptor& game) {
  Result<std::vector<record::Token>> words = record::ReadWords(node, path, 16);
  if (!words) return Fail(std::move(words).error());
  std::vector<TieBreak> tie_breaks;
  for (const record::Token& word : *words) {
    std::optional<TieBreak> known = TieBreakNamed(word.text, game);
    if (!known) {
      std::string list;
      for (const std::string& name : TieBreakNames()) list += (list.empty() ? "" : ", ") + name;
      return Fail(BadValue("unknown-tie-break", word.path,
                           "expected a tie-break (" + list + "), found '" + word.text + "'" +
                               record::DidYouMean(word.text, TieBreakNames())));
    }
    auto earlier = std::find(tie_breaks.begin(), tie_breaks.end(), *known);
    if (earlier != tie_breaks.end()) {
      return Fail(BadValue("duplicate-tie-break", word.path,
                           "expected each tie-break once, found '" + word.text + "' again (" +
                               ChildPath(path, static_cast<size_t>(earlier - tie_breaks.begin())) +
                               ")"));
    }
    tie_breaks.push_back(std::move(*known));
  }
  return tie_breaks;
}

Result<Forfeit> ReadForfeit(const MapFields& fields) {
  REFEREE_TRY(fields.AllowOnly({"round", "by", "to", "reason"}));
  Forfeit forfeit;
  forfeit.place.path = fields.path();
  for (auto [key, target] : {std::pair<const char*, std::string*>{"round", &forfeit.round},
                             {"by", &forfeit.by},
                             {"reason", &forfeit.reason}}) {
    Result<std::string> text = TextAt(fields, key);
    if (!text) return Fail(std::move(text).error());
    *target = *text;
  }
  if (const Node* to = fields.Optional("to")) {
    Result<std::vector<std::string>> names = NamesAt(*to, fields.PathOf("to"));
    if (!names) return Fail(std::move(names).error());
    forfeit.to = std::move(*names);
  }
  forfeit.round = RoundName(forfeit.round);
  return forfeit;
}

Result<Bye> ReadBye(const MapFields& fields) {
  REFEREE_TRY(fields.AllowOnly({"round", "entrant", "points", "reason"}));
  Bye bye;
  bye.place.path = fields.path();
  for (auto [key, target] : {std::pair<const char*, std::string*>{"round", &bye.round},
                             {"entrant", &bye.entrant},
                             {"reason", &bye.reason}}) {
    Result<std::string> text = TextAt(fields, key);
    if (!text) return Fail(std::move(text).error());
    *target = *text;
  }
  if (const Node* points = fields.Optional("points")) {
    Result<int> value = IntegerAt(*points, fields.PathOf("points"));
    if (!value) return Fail(std::move(value).error());
    bye.points = *value;
  }
  bye.round = RoundName(bye.round);
  return bye;
}

Result<Withdrawal> ReadWithdrawal(const MapFields& fields) {
  REFEREE_TRY(fields.AllowOnly({"entrant", "after_round", "reason"}));
  Withdrawal withdrawal;
  withdrawal.place.path = fields.path();
  for (auto [key, target] : {std::pair<const char*, std::string*>{"entrant", &withdrawal.entrant},
                             {"after_round", &withdrawal.after_round},
                             {"reason", &withdrawal.reason}}) {
    Result<std::string> text = TextAt(fields, key);
    if (!text) return Fail(std::move(text).error());
    *target = *text;
  }
  withdrawal.after_round = RoundName(withdrawal.after_round);
  return withdrawal;
}

Result<Adjustment> ReadAdjustment(const MapFields& fields) {
  REFEREE_TRY(fields.AllowOnly({"entrant", "points", "round", "reason"}));
  Adjustment adjustment;
  adjustment.place.path = fields.path();
  Result<std::string> entrant = TextAt(fields, "entrant");
  if (!entrant) return Fail(std::move(entrant).error());
  adjustment.entrant = *entrant;
  Result<const Node*> points = fields.Required("points");
  if (!points) return Fail(std::move(points).error());
  Result<int> value = IntegerAt(**points, fields.PathOf("points"));
  if (!value) return Fail(std::move(value).error());
  adjustment.points = *value;
  Result<std::optional<std::string>> round = OptionalText(fields, "round");
  if (!round) return Fail(std::move(round).error());
  if (*round) adjustment.round = RoundName(**round);
  Result<std::string> reason = TextAt(fields, "reason");
  if (!reason) return Fail(std::move(reason).error());
  adjustment.reason = *reason;
  return adjustment;
}

Result<DealVoid> ReadVoid(const MapFields& fields) {
  REFEREE_TRY(fields.AllowOnly({"record", "deal", "reason"}));
  DealVoid voided;
  voided.place.path = fields.path();
  Result<std::string> record = TextAt(fields, "record");
  if (!record) return Fail(std::move(record).error());
  voided.record = *record;
  Result<const Node*> deal = fields.Required("deal");
  if (!deal) return Fail(std::move(deal).error());
  Result<int64_t> number = record::ReadInteger(**deal, fields.PathOf("deal"), 1, 10000);
  if (!number) return Fail(std::move(number).error());
  voided.deal = static_cast<int>(*number);
  Result<std::string> reason = TextAt(fields, "reason");
  if (!reason) return Fail(std::move(reason).error());
  voided.reason = *reason;
  return voided;
}

Result<std::string> ReadGame(const MapFields& fields) {
  Result<std::string> game = TextAt(fields, "game");
  if (!game) return Fail(std::move(game).error());
  if (games::FindGame(*game) != nullptr) return *game;
  std::vector<std::string> names;
  for (const games::GameDescriptor* known : games::AllGames()) names.push_back(known->name);
  return Fail(BadValue(
      "unknown-game", fields.PathOf("game"),
      "expected a game referee knows, found '" + *game + "'" + record::DidYouMean(*game, names)));
}

// `schedule:` holds an event's rounds; schedule/ reads it (docs/schedule.md), the standings do not.
Result<void> ReadHeader(const MapFields& fields, League& league) {
  REFEREE_TRY(fields.AllowOnly({"format", "name", "game", "entrants", "partnerships", "teams",
                                "records", "scheme", "tie_breaks", "lots", "forfeits", "byes",
                                "withdrawals", "adjustments", "voids", "schedule"}));
  Result<std::string> format = TextAt(fields, "format");
  if (!format) return Fail(std::move(format).error());
  if (*format != kLeagueFormat) {
    return Fail(BadValue("unknown-format", fields.PathOf("format"),
                         "expected " + std::string(kLeagueFormat) + ", found " + *format));
  }
  Result<std::string> name = TextAt(fields, "name");
  if (!name) return Fail(std::move(name).error());
  league.name = *name;
  Result<std::string> game = ReadGame(fields);
  if (!game) return Fail(std::move(game).error());
  league.game = *game;
  league.descriptor = games::FindGame(*game);
  return {};
}

Result<void> ReadEntrants(const MapFields& fields, League& league) {
  auto player = [](const MapFields& item) { return ReadEntrant(item, false); };
  auto group = [](const MapFields& item) { return ReadEntrant(item, true); };
  Result<std::vector<Entrant>> players =
      ReadMaps<Entrant>(fields, "entrants", "an entrant", player);
  if (!players) return Fail(std::move(players).error());
  league.players = std::move(*players);
  Result<std::vector<Entrant>> partnerships =
      ReadMaps<Entrant>(fields, "partnerships", "a partnership", group);
  if (!partnerships) return Fail(std::move(partnerships).error());
  league.partnerships = std::move(*partnerships);
  Result<std::vector<Entrant>> teams = ReadMaps<Entrant>(fields, "teams", "a team", group);
  if (!teams) return Fail(std::move(teams).error());
  league.teams = std::move(*teams);
  if (!fields.Optional("entrants")) {
    return Fail(Malformed("missing-key", fields.path(), "expected the key 'entrants' in a league"));
  }
  return {};
}

Result<void> ReadEntries(const MapFields& fields, League& league) {
  Result<std::vector<Forfeit>> forfeits =
      ReadMaps<Forfeit>(fields, "forfeits", "a forfeit", ReadForfeit);
  if (!forfeits) return Fail(std::move(forfeits).error());
  league.forfeits = std::move(*forfeits);
  Result<std::vector<Bye>> byes = ReadMaps<Bye>(fields, "byes", "a bye", ReadBye);
  if (!byes) return Fail(std::move(byes).error());
  league.byes = std::move(*byes);
  Result<std::vector<Withdrawal>> withdrawals =
      ReadMaps<Withdrawal>(fields, "withdrawals", "a withdrawal", ReadWithdrawal);
  if (!withdrawals) return Fail(std::move(withdrawals).error());
  league.withdrawals = std::move(*withdrawals);
  Result<std::vector<Adjustment>> adjustments =
      ReadMaps<Adjustment>(fields, "adjustments", "an adjustment", ReadAdjustment);
  if (!adjustments) return Fail(std::move(adjustments).error());
  league.adjustments = std::move(*adjustments);
  Result<std::vector<DealVoid>> voids = ReadMaps<DealVoid>(fields, "voids", "a void", ReadVoid);
  if (!voids) return Fail(std::move(voids).error());
  league.voids = std::move(*voids);
  return {};
}

// Every id once across players, partnerships and teams, so an entry names one thing.
Result<void> CheckIds(const League& league) {
  std::set<std::string> ids;
  for (const auto* list : {&league.players, &league.partnerships, &league.teams}) {
    for (const Entrant& entrant : *list) {
      if (!ids.insert(entrant.id).second) {
        return Fail(BadValue("duplicate-entrant", entrant.path + "/id",
                             "expected each id once, found '" + entrant.id + "' again"));
      }
    }
  }
  return {};
}

bool IsPlayer(const League& league, const std::string& id) {
  return std::any_of(league.players.begin(), league.players.end(),
                     [&](const Entrant& e) { return e.id == id; });
}

bool IsEntrant(const League& league, const std::string& id) {
  auto has = [&](const std::vector<Entrant>& list) {
    return std::any_of(list.begin(), list.end(), [&](const Entrant& e) { return e.id == id; });
  };
  return has(league.players) || has(league.partnerships) || has(league.teams);
}

// Which groups of players a game's league has: partnerships where two seats play together,
// teams where the whole table does.
std::string GameList(games::SideKind sides) {
  std::string list;
  for (const games::GameDescriptor* game : games::AllGames()) {
    if (game->league.sides == sides) list += (list.empty() ? "" : ", ") + game->name;
  }
  return list;
}

// A side's players name one group: a group that lists a player twice could never be found, and a
// match of two groups of the same players could be credited to either. Each group's players are
// sorted once and looked up in a map, so a league file of many groups is not checked pair by pair.
Result<void> CheckGroupsDistinct(const std::vector<Entrant>& groups) {
  std::map<std::vector<std::string>, const Entrant*> seen;
  for (const Entrant& group : groups) {
    std::vector<std::string> players = group.players;
    std::sort(players.begin(), players.end());
    auto twice = std::adjacent_find(players.begin(), players.end());
    if (twice != players.end()) {
      size_t at = static_cast<size_t>(
          std::find(group.players.begin(), group.players.end(), *twice) - group.players.begin());
      at = static_cast<size_t>(
          std::find(group.players.begin() + at + 1, group.players.end(), *twice) -
          group.players.begin());
      return Fail(BadValue(
          "duplicate-player", group.path + "/players/" + std::to_string(at),
          "expected each player once in '" + group.id + "', found '" + *twice + "' again"));
    }
    auto [earlier, added] = seen.emplace(std::move(players), &group);
    if (added) continue;
    return Fail(BadValue("duplicate-group", group.path + "/players",
                         "expected each group of players once, found the players of '" +
                             earlier->second->id + "' again in '" + group.id + "'"));
  }
  return {};
}

Result<void> CheckGroups(const League& league) {
  games::SideKind sides = league.descriptor->league.sides;
  bool pairs = sides == games::SideKind::kPartnership;
  bool teams = sides == games::SideKind::kTable;
  if (!pairs && !league.partnerships.empty()) {
    return Fail(BadValue("unexpected-key", "/partnerships",
                         "expected partnerships only for a game played in partnerships (" +
                             GameList(games::SideKind::kPartnership) + "), found them for " +
                             league.game));
  }
  if (!teams && !league.teams.empty()) {
    return Fail(BadValue("unexpected-key", "/teams",
                         "expected teams only for a game the whole table plays together (" +
                             GameList(games::SideKind::kTable) + "), found them for " +
                             league.game));
  }
  if (teams && league.teams.empty()) {
    return Fail(Malformed(
        "missing-key", "",
        "expected the key 'teams' in a " + league.game + " league: its tables play as one team"));
  }
  for (const auto* list : {&league.partnerships, &league.teams}) {
    for (const Entrant& group : *list) {
      if (pairs && group.players.size() != 2) {
        return Fail(BadValue(
            "out-of-range", group.path + "/players",
            "expected 2 players in a partnership, found " + std::to_string(group.players.size())));
      }
      for (size_t i = 0; i < group.players.size(); ++i) {
        if (IsPlayer(league, group.players[i])) continue;
        return Fail(BadValue("unknown-entrant", group.path + "/players/" + std::to_string(i),
                             "expected an entrant id, found '" + group.players[i] + "'"));
      }
    }
    REFEREE_TRY(CheckGroupsDistinct(*list));
  }
  return {};
}

// Where teams are ranked (the whole table plays together), an entry naming a player would change
// nothing.
Result<void> CheckNamesTeam(const League& league, const std::string& id, const std::string& path) {
  if (league.descriptor->league.sides != games::SideKind::kTable || !IsPlayer(league, id)) {
    return {};
  }
  std::string team;
  for (const Entrant& group : league.teams) {
    if (std::find(group.players.begin(), group.players.end(), id) != group.players.end()) {
      team = " (of team '" + group.id + "')";
    }
  }
  return Fail(BadValue(
      "not-a-team", path,
      "expected a team id in a " + league.game + " league, found the player '" + id + "'" + team));
}

Result<void> CheckNamed(const League& league, const std::string& id, const std::string& path) {
  if (IsEntrant(league, id)) return CheckNamesTeam(league, id, path);
  std::vector<std::string> ids;
  for (const auto* list : {&league.players, &league.partnerships, &league.teams}) {
    for (const Entrant& entrant : *list) ids.push_back(entrant.id);
  }
  return Fail(BadValue("unknown-entrant", path,
                       "expected an entrant id, found '" + id + "'" + record::DidYouMean(id, ids)));
}

Result<void> CheckEntries(const League& league) {
  for (size_t i = 0; i < league.forfeits.size(); ++i) {
    std::string path = "/forfeits/" + std::to_string(i);
    REFEREE_TRY(CheckNamed(league, league.forfeits[i].by, path + "/by"));
    for (size_t j = 0; j < league.forfeits[i].to.size(); ++j) {
      REFEREE_TRY(CheckNamed(league, league.forfeits[i].to[j], path + "/to/" + std::to_string(j)));
    }
  }
  for (size_t i = 0; i < league.byes.size(); ++i) {
    REFEREE_TRY(
        CheckNamed(league, league.byes[i].entrant, "/byes/" + std::to_string(i) + "/entrant"));
  }
  for (size_t i = 0; i < league.withdrawals.size(); ++i) {
    REFEREE_TRY(CheckNamed(league, league.withdrawals[i].entrant,
                           "/withdrawals/" + std::to_string(i) + "/entrant"));
  }
  for (size_t i = 0; i < league.adjustments.size(); ++i) {
    REFEREE_TRY(CheckNamed(league, league.adjustments[i].entrant,
                           "/adjustments/" + std::to_string(i) + "/entrant"));
  }
  for (size_t i = 0; i < league.voids.size(); ++i) {
    const DealVoid& voided = league.voids[i];
    for (size_t j = 0; j < i; ++j) {
      if (league.voids[j].record != voided.record || league.voids[j].deal != voided.deal) continue;
      return Fail(BadValue("duplicate-entry", voided.place.path,
                           "expected each deal voided once, found deal " +
                               std::to_string(voided.deal) + " of '" + voided.record +
                               "' again (first at " + league.voids[j].place.path + ")"));
    }
  }
  return {};
}

// The first player two entries both stand for, if any.
std::optional<std::string> Shared(const std::vector<std::string>& a,
                                  const std::vector<std::string>& b) {
  for (const std::string& player : a) {
    if (std::find(b.begin(), b.end(), player) != b.end()) return player;
  }
  return std::nullopt;
}

// "(b is in both)" when the two entries name different entrants that share a player.
std::string Also(const std::string& one, const std::string& other, const std::string& player) {
  return one == other ? "" : " (" + player + " is in both)";
}

// A forfeit goes to other entrants, each named once.
Result<void> CheckForfeit(const League& league, const Forfeit& forfeit) {
  std::vector<std::string> by = PlayersOf(league, forfeit.by);
  for (size_t j = 0; j < forfeit.to.size(); ++j) {
    std::vector<std::string> to = PlayersOf(league, forfeit.to[j]);
    std::string path = forfeit.place.path + "/to/" + std::to_string(j);
    if (std::optional<std::string> player = Shared(by, to)) {
      return Fail(BadValue("self-forfeit", path,
                           "expected an entrant other than '" + forfeit.by +
                               "', who forfeited, found '" + forfeit.to[j] + "'" +
                               Also(forfeit.by, forfeit.to[j], *player)));
    }
    for (size_t k = 0; k < j; ++k) {
      std::optional<std::string> player = Shared(PlayersOf(league, forfeit.to[k]), to);
      if (!player) continue;
      return Fail(BadValue("duplicate-entry", path,
                           "expected each entrant once, found '" + forfeit.to[j] + "' after '" +
                               forfeit.to[k] + "'" + Also(forfeit.to[k], forfeit.to[j], *player)));
    }
  }
  return {};
}

using RoundPlayer = std::pair<std::string, std::string>;

// One bye per player and round, and none in a round the player has a forfeit in (a forfeit is a
// match played). Records are not known here: a bye in a round with a counted record is a warning
// of the standings.
Result<void> CheckByes(const League& league) {
  std::map<RoundPlayer, std::string> forfeited;
  for (const Forfeit& forfeit : league.forfeits) {
    std::vector<std::string> ids = forfeit.to;
    ids.push_back(forfeit.by);
    for (const std::string& id : ids) {
      for (const std::string& player : PlayersOf(league, id)) {
        forfeited.emplace(RoundPlayer{forfeit.round, player}, forfeit.place.path);
      }
    }
  }
  std::map<RoundPlayer, std::string> byes;
  for (const Bye& bye : league.byes) {
    for (const std::string& player : PlayersOf(league, bye.entrant)) {
      RoundPlayer key{bye.round, player};
      auto [first, fresh] = byes.emplace(key, bye.place.path);
      if (!fresh) {
        return Fail(BadValue("duplicate-entry", bye.place.path + "/entrant",
                             "expected one bye for " + player + " in round " + bye.round +
                                 ", found a second (the first is " + first->second + ")"));
      }
      auto played = forfeited.find(key);
      if (played == forfeited.end()) continue;
      return Fail(BadValue("bye-in-played-round", bye.place.path + "/round",
                           "expected a bye in a round " + player + " did not play, found " +
                               player + " in the forfeit " + played->second + " of round " +
                               bye.round));
    }
  }
  return {};
}

Result<void> CheckWithdrawals(const League& league) {
  std::map<std::string, std::string> withdrawn;
  for (const Withdrawal& withdrawal : league.withdrawals) {
    for (const std::string& player : PlayersOf(league, withdrawal.entrant)) {
      auto [first, fresh] = withdrawn.emplace(player, withdrawal.place.path);
      if (fresh) continue;
      return Fail(BadValue("duplicate-entry", withdrawal.place.path + "/entrant",
                           "expected one withdrawal for " + player +
                               ", found a second (the "
                               "first is " +
                               first->second + ")"));
    }
  }
  return {};
}

Result<void> CheckConflicts(const League& league) {
  for (const Forfeit& forfeit : league.forfeits) REFEREE_TRY(CheckForfeit(league, forfeit));
  REFEREE_TRY(CheckByes(league));
  return CheckWithdrawals(league);
}

// Line and column of each entry, for warnings that point at it after reading.
void Locate(const Node& root, Place& place) {
  record::SourcePos pos = record::PositionOf(root, place.path);
  place.line = pos.line;
  place.column = pos.column;
}

void LocateEntries(const Node& root, League& league) {
  for (RecordSource& source : league.records) Locate(root, source.place);
  for (Forfeit& forfeit : league.forfeits) Locate(root, forfeit.place);
  for (Bye& bye : league.byes) Locate(root, bye.place);
  for (Withdrawal& withdrawal : league.withdrawals) Locate(root, withdrawal.place);
  for (Adjustment& adjustment : league.adjustments) Locate(root, adjustment.place);
  for (DealVoid& voided : league.voids) Locate(root, voided.place);
  if (league.lots) Locate(root, league.lots->place);
  for (Direction& direction : league.scheme.directions) Locate(root, direction.place);
}

// Each ranked entrant (partnerships where the league has them, else players) in exactly one
// direction: each direction is ranked on its own, so an entrant in none would be in no table.
Result<void> CheckDirections(const League& league) {
  const std::vector<Direction>& directions = league.scheme.directions;
  if (directions.empty()) return {};
  const std::vector<Entrant>& ranked = RankedEntrants(league);
  std::map<std::string, std::string> seen;
  for (const Direction& direction : directions) {
    std::string path = "/scheme/directions/" + direction.name;
    for (size_t i = 0; i < direction.entrants.size(); ++i) {
      const std::string& id = direction.entrants[i];
      std::string at = path + "/" + std::to_string(i);
      bool known = std::any_of(ranked.begin(), ranked.end(),
                               [&](const Entrant& entrant) { return entrant.id == id; });
      if (!known) {
        std::string kind = league.partnerships.empty() ? "a player" : "a partnership";
        return Fail(
            BadValue("unknown-entrant", at, "expected " + kind + " id, found '" + id + "'"));
      }
      auto [first, fresh] = seen.emplace(id, direction.name);
      if (fresh) continue;
      return Fail(BadValue("duplicate-entry", at,
                           "expected each entrant in one direction, found '" + id + "' in " +
                               first->second + " and " + direction.name));
    }
  }
  for (const Entrant& entrant : ranked) {
    if (seen.count(entrant.id)) continue;
    return Fail(
        BadValue("missing-direction", "/scheme/directions",
                 "expected every entrant in a direction, found '" + entrant.id + "' in none"));
  }
  return {};
}

// A scheme or tie-break that measures something the game does not have is a mistake in the
// league file, not a silent zero.
Result<void> CheckFit(const League& league) {
  const games::LeagueTraits& traits = league.descriptor->league;
  std::string_view scheme;
  for (const auto& [kind, name] : kSchemeNames) {
    if (kind == league.scheme.kind) scheme = name;
  }
  if (std::find(traits.schemes.begin(), traits.schemes.end(), scheme) == traits.schemes.end()) {
    return Fail(BadValue("bad-scheme", "/scheme",
                         "expected a scheme that fits " + league.game +
                             ", found one that does not"
                             " (docs/standings.md lists the schemes per game)"));
  }
  for (size_t i = 0; i < league.tie_breaks.size(); ++i) {
    const TieBreak& tie_break = league.tie_breaks[i];
    if (std::find(traits.tie_breaks.begin(), traits.tie_breaks.end(), tie_break.name) !=
        traits.tie_breaks.end()) {
      continue;
    }
    return Fail(BadValue("bad-tie-break", "/tie_breaks/" + std::to_string(i),
                         "expected a tie-break that " + league.game + " can measure, found '" +
                             tie_break.name + "'"));
  }
  return {};
}

}  // namespace

Result<League> ReadLeague(const record::Node& root) {
  Result<MapFields> fields = MapFields::Open(root, "", "a league");
  if (!fields) return Fail(std::move(fields).error());
  League league;
  REFEREE_TRY(ReadHeader(*fields, league));
  REFEREE_TRY(ReadEntrants(*fields, league));
  Result<std::vector<RecordSource>> sources = ReadRecordSources(*fields);
  if (!sources) return Fail(std::move(sources).error());
  league.records = std::move(*sources);
  Result<Scheme> scheme = ReadScheme(fields->Optional("scheme"), "/scheme", *league.descriptor);
  if (!scheme) return Fail(std::move(scheme).error());
  league.scheme = *scheme;
  league.tie_breaks = DefaultTieBreaks(*league.descriptor, league.scheme.kind);
  if (const Node* tie_breaks = fields->Optional("tie_breaks")) {
    Result<std::vector<TieBreak>> list =
        ReadTieBreaks(*tie_breaks, "/tie_breaks", *league.descriptor);
    if (!list) return Fail(std::move(list).error());
    league.tie_breaks = std::move(*list);
  }
  Result<std::optional<Lots>> lots = ReadLots(fields->Optional("lots"), "/lots");
  if (!lots) return Fail(std::move(lots).error());
  league.lots = std::move(*lots);
  REFEREE_TRY(ReadEntries(*fields, league));
  REFEREE_TRY(CheckIds(league));
  REFEREE_TRY(CheckGroups(league));
  REFEREE_TRY(CheckEntries(league));
  REFEREE_TRY(CheckConflicts(league));
  REFEREE_TRY(CheckFit(league));
  REFEREE_TRY(CheckDirections(league));
  LocateEntries(root, league);
  return league;
}

std::string RoundName(std::string_view text) {
  bool number = !text.empty() &&
                std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!number) return std::string(text);
  size_t first = text.find_first_not_of('0');
  return first == std::string_view::npos ? "0" : std::string(text.substr(first));
}

verifier::DirectorVoids VoidsByRecord(const League& league) {
  verifier::DirectorVoids voids;
  for (const DealVoid& voided : league.voids) {
    voids[voided.record].push_back({voided.deal, voided.reason});
  }
  return voids;
}

const std::vector<Entrant>& RankedEntrants(const League& league) {
  if (league.descriptor->league.sides == games::SideKind::kTable) return league.teams;
  return league.partnerships.empty() ? league.players : league.partnerships;
}

std::vector<std::string> PlayersOf(const League& league, const std::string& id) {
  if (IsPlayer(league, id)) return {id};
  for (const auto* list : {&league.partnerships, &league.teams}) {
    for (const Entrant& group : *list) {
      if (group.id == id) return group.players;
    }
  }
  return {};
}

}  // namespace referee::reports
