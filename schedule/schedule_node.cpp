// The `schedule:` key of a league file (docs/schedule.md, "In the league file"), read with the
// record readers' field readers, so that a bad schedule gets a finding at its JSON pointer.
#include <algorithm>
#include <set>

#include "referee/record/fields.h"
#include "referee/record/record_writer.h"
#include "schedule/schedule.h"

namespace referee::schedule {

namespace {

using record::MapFields;
using record::Node;

// Bounds that no club night reaches and that keep a hostile file's work small.
constexpr int64_t kMostRounds = 1000;
constexpr int64_t kMostBoardSets = 10000;  // FirstBoard stays within a seed's boards (1000000)
constexpr size_t kMostTables = 1000;

Result<Method> ReadMethod(const MapFields& fields, const games::GameDescriptor& game) {
  Result<std::string> name = fields.RequiredText("method");
  if (!name) return Fail(std::move(name).error());
  std::vector<std::string> fit;
  for (Method method : MethodsFor(game)) fit.emplace_back(MethodName(method));
  std::optional<Method> method = MethodNamed(*name);
  if (method && std::find(fit.begin(), fit.end(), *name) != fit.end()) return *method;
  std::string listed;
  for (const std::string& known : fit) listed += (listed.empty() ? "" : ", ") + known;
  return Fail(Malformed(method ? "method-unfit" : "unknown-method", fields.PathOf("method"),
                        "expected a method that fits " + game.name + " (" + listed + "), found '" +
                            *name + "'" + (method ? "" : record::DidYouMean(*name, fit))));
}

Result<int64_t> IntegerAt(const MapFields& fields, std::string_view key, int64_t min, int64_t max) {
  Result<const Node*> node = fields.Required(key);
  if (!node) return Fail(std::move(node).error());
  return record::ReadInteger(**node, fields.PathOf(key), min, max);
}

Result<std::vector<std::string>> ReadIds(const Node& node, const std::string& path) {
  Result<const std::vector<Node>*> items = record::ReadList(node, path, kMostTables * 4);
  if (!items) return Fail(std::move(items).error());
  std::vector<std::string> ids;
  for (size_t i = 0; i < (*items)->size(); ++i) {
    Result<std::string> id = record::ReadText((**items)[i], ChildPath(path, i));
    if (!id) return Fail(std::move(id).error());
    ids.push_back(std::move(*id));
  }
  return ids;
}

Result<Arrival> ReadArrival(const Node& node, const std::string& path, int64_t rounds) {
  Result<MapFields> fields = MapFields::Open(node, path, "an arrival");
  if (!fields) return Fail(std::move(fields).error());
  REFEREE_TRY(fields->AllowOnly({"entrant", "round"}));
  Result<std::string> entrant = fields->RequiredText("entrant");
  if (!entrant) return Fail(std::move(entrant).error());
  Result<int64_t> round = IntegerAt(*fields, "round", 2, std::max<int64_t>(2, rounds));
  if (!round) return Fail(std::move(round).error());
  return Arrival{*entrant, static_cast<int>(*round), path};
}

Result<Table> ReadTable(const Node& node, const std::string& path) {
  Result<MapFields> fields = MapFields::Open(node, path, "a table");
  if (!fields) return Fail(std::move(fields).error());
  REFEREE_TRY(fields->AllowOnly({"table", "seats", "boards"}));
  Result<int64_t> number = IntegerAt(*fields, "table", 1, static_cast<int64_t>(kMostTables));
  if (!number) return Fail(std::move(number).error());
  Result<const Node*> seats_node = fields->Required("seats");
  if (!seats_node) return Fail(std::move(seats_node).error());
  Result<std::vector<std::string>> seats = ReadIds(**seats_node, fields->PathOf("seats"));
  if (!seats) return Fail(std::move(seats).error());
  Result<int64_t> boards = IntegerAt(*fields, "boards", 1, kMostBoardSets);
  if (!boards) return Fail(std::move(boards).error());
  return Table{static_cast<int>(*number), std::move(*seats), static_cast<int>(*boards)};
}

Result<Round> ReadRound(const Node& node, const std::string& path) {
  Result<MapFields> fields = MapFields::Open(node, path, "a round");
  if (!fields) return Fail(std::move(fields).error());
  REFEREE_TRY(fields->AllowOnly({"round", "tables", "sitting_out"}));
  Round round;
  round.path = path;
  Result<int64_t> number = IntegerAt(*fields, "round", 1, kMostRounds);
  if (!number) return Fail(std::move(number).error());
  round.number = static_cast<int>(*number);
  Result<const Node*> tables = fields->Required("tables");
  if (!tables) return Fail(std::move(tables).error());
  Result<const std::vector<Node>*> items =
      record::ReadList(**tables, fields->PathOf("tables"), kMostTables);
  if (!items) return Fail(std::move(items).error());
  for (size_t i = 0; i < (*items)->size(); ++i) {
    Result<Table> table = ReadTable((**items)[i], ChildPath(fields->PathOf("tables"), i));
    if (!table) return Fail(std::move(table).error());
    round.tables.push_back(std::move(*table));
  }
  if (const Node* out = fields->Optional("sitting_out")) {
    Result<std::vector<std::string>> ids = ReadIds(*out, fields->PathOf("sitting_out"));
    if (!ids) return Fail(std::move(ids).error());
    round.sitting_out = std::move(*ids);
  }
  return round;
}

Node IdList(const std::vector<std::string>& ids) {
  Node list = Node::List({});
  for (const std::string& id : ids) list.Append(record::StringNode(id));
  return list;
}

}  // namespace

Result<Schedule> ReadSchedule(const Node& node, const std::string& path,
                              const league::League& league) {
  Result<MapFields> fields = MapFields::Open(node, path, "a schedule");
  if (!fields) return Fail(std::move(fields).error());
  REFEREE_TRY(fields->AllowOnly({"method", "seed", "planned_rounds", "arrivals", "rounds"}));
  Schedule schedule;
  Result<Method> method = ReadMethod(*fields, *league.descriptor);
  if (!method) return Fail(std::move(method).error());
  schedule.method = *method;
  Result<std::string> seed = fields->RequiredText("seed");
  if (!seed) return Fail(std::move(seed).error());
  if (seed->empty()) {
    return Fail(Malformed("out-of-range", fields->PathOf("seed"), "expected a seed, found ''"));
  }
  schedule.seed = *seed;
  Result<int64_t> rounds = IntegerAt(*fields, "planned_rounds", 1, kMostRounds);
  if (!rounds) return Fail(std::move(rounds).error());
  schedule.rounds = static_cast<int>(*rounds);
  if (const Node* arrivals = fields->Optional("arrivals")) {
    std::string at = fields->PathOf("arrivals");
    Result<const std::vector<Node>*> items = record::ReadList(*arrivals, at, kMostTables * 4);
    if (!items) return Fail(std::move(items).error());
    std::set<std::string> arriving;
    for (size_t i = 0; i < (*items)->size(); ++i) {
      Result<Arrival> arrival = ReadArrival((**items)[i], ChildPath(at, i), *rounds);
      if (!arrival) return Fail(std::move(arrival).error());
      if (!arriving.insert(arrival->entrant).second) {
        return Fail(Malformed("duplicate-entry", ChildPath(at, i),
                              "expected one arrival for " + arrival->entrant + ", found two"));
      }
      schedule.arrivals.push_back(std::move(*arrival));
    }
  }
  if (const Node* made = fields->Optional("rounds")) {
    std::string at = fields->PathOf("rounds");
    Result<const std::vector<Node>*> items = record::ReadList(*made, at, kMostRounds);
    if (!items) return Fail(std::move(items).error());
    for (size_t i = 0; i < (*items)->size(); ++i) {
      Result<Round> round = ReadRound((**items)[i], ChildPath(at, i));
      if (!round) return Fail(std::move(round).error());
      schedule.made.push_back(std::move(*round));
    }
  }
  return schedule;
}

Node ScheduleNode(const Schedule& schedule) {
  Node node = Node::Map({});
  node.AddMember("method", {}, record::StringNode(std::string(MethodName(schedule.method))));
  node.AddMember("seed", {}, record::StringNode(schedule.seed));
  node.AddMember("planned_rounds", {}, record::IntegerNode(schedule.rounds));
  if (!schedule.arrivals.empty()) {
    Node arrivals = Node::List({});
    for (const Arrival& arrival : schedule.arrivals) {
      Node entry = Node::Map({});
      entry.AddMember("entrant", {}, record::StringNode(arrival.entrant));
      entry.AddMember("round", {}, record::IntegerNode(arrival.round));
      arrivals.Append(std::move(entry));
    }
    node.AddMember("arrivals", {}, std::move(arrivals));
  }
  Node rounds = Node::List({});
  for (const Round& round : schedule.made) {
    Node entry = Node::Map({});
    entry.AddMember("round", {}, record::IntegerNode(round.number));
    Node tables = Node::List({});
    for (const Table& table : round.tables) {
      Node item = Node::Map({});
      item.AddMember("table", {}, record::IntegerNode(table.number));
      item.AddMember("seats", {}, IdList(table.seats));
      item.AddMember("boards", {}, record::IntegerNode(table.boards));
      tables.Append(std::move(item));
    }
    entry.AddMember("tables", {}, std::move(tables));
    if (!round.sitting_out.empty()) entry.AddMember("sitting_out", {}, IdList(round.sitting_out));
    rounds.Append(std::move(entry));
  }
  node.AddMember("rounds", {}, std::move(rounds));
  return node;
}

}  // namespace referee::schedule
