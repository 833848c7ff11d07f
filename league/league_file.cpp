// Reads a league file's tree into a League (league_file.h): each key with the strict field readers
// records use, then the checks that the entries agree (league_checks.h).
#include "league/league_file.h"

#include <algorithm>
#include <map>
#include <set>

#include "league/league_checks.h"
#include "referee/games/registry.h"
#include "referee/record/fields.h"

namespace referee::league {
namespace {

using record::MapFields;
using record::Node;
using record::NodeMember;

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

Result<SchemeKind> SchemeKindAt(const Node& node, const std::string& path) {
  Result<std::string> name = record::ReadText(node, path);
  if (!name) return Fail(std::move(name).error());
  std::vector<std::string> names;
  for (const auto& [kind, known] : SchemeNames()) {
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
  REFEREE_TRY(CheckLeague(league));
  LocateEntries(root, league);
  return league;
}

}  // namespace referee::league
