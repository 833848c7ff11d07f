#include "server/event.h"

#include <algorithm>

#include "referee/core/printable.h"
#include "referee/record/fields.h"
#include "referee/record/record_writer.h"

namespace referee::server {

namespace {

using record::Node;

std::string TextOf(const Node& act, std::string_view key) {
  const Node* node = act.Find(key);
  return node != nullptr && node->IsScalar() ? node->text() : "";
}

std::optional<int64_t> IntegerOf(const Node& act, std::string_view key) {
  const Node* node = act.Find(key);
  if (node == nullptr || node->kind() != Node::Kind::kInteger) return std::nullopt;
  Result<int64_t> value = record::ReadInteger(*node, "", INT64_MIN / 2, INT64_MAX / 2);
  if (!value) return std::nullopt;
  return *value;
}

// A copy of a map without some keys.
Node Without(const Node& map, const std::set<std::string>& keys) {
  Node copy = Node::Map({});
  for (const auto& member : map.members()) {
    if (keys.count(member.key) == 0) copy.AddMember(member.key, member.key_pos, member.value);
  }
  return copy;
}

// The list under `key` of a map, with `entry` added (a new list when there is none).
void AppendTo(Node& map, const std::string& key, Node entry) {
  Node list = Node::List({});
  if (const Node* existing = map.Find(key)) list = *existing;
  list.Append(std::move(entry));
  Node copy = Node::Map({});
  bool placed = false;
  for (const auto& member : map.members()) {
    if (member.key == key) {
      copy.AddMember(key, member.key_pos, list);
      placed = true;
    } else {
      copy.AddMember(member.key, member.key_pos, member.value);
    }
  }
  if (!placed) copy.AddMember(key, {}, std::move(list));
  map = std::move(copy);
}

Node Entry(std::initializer_list<std::pair<std::string, Node>> members) {
  Node entry = Node::Map({});
  for (const auto& [key, value] : members) entry.AddMember(key, {}, value);
  return entry;
}

}  // namespace

// The league with `records: [records/]`: an event's records are its tables', filed beside its
// league file in the export.
Node WithRecords(const Node& league) {
  Node copy = Without(league, {"records", "schedule"});
  Node records = Node::List({});
  records.Append(record::StringNode("records/"));
  copy.AddMember("records", {}, std::move(records));
  return copy;
}

namespace {

std::string Reason(const Node& act) {
  std::string why = TextOf(act, "why");
  return "director: " + (why.empty() ? TextOf(act, "act") : why);
}

}  // namespace

std::string EventTableId(const std::string& event, int round, int table) {
  return event + "-r" + std::to_string(round) + "-t" + std::to_string(table);
}

Result<Event, referee::Error> Event::FromCreation(const Node& create) {
  Event event;
  event.id_ = TextOf(create, "id");
  const Node* league = create.Find("league");
  const Node* plan = create.Find("schedule");
  const Node* header = create.Find("table_header");
  const Node* players = create.Find("player_sha256");
  if (event.id_.empty() || league == nullptr || plan == nullptr || header == nullptr ||
      players == nullptr || !players->IsMap()) {
    return Unusable("expected an event's creation line, found another line");
  }
  event.league_node_ = *league;
  event.table_header_ = *header;
  event.move_ms_ = IntegerOf(create, "move_ms").value_or(0);
  event.created_ms_ = IntegerOf(create, "created_ms").value_or(0);
  event.director_hash_ = TextOf(create, "director_sha256");
  for (const auto& member : players->members()) {
    event.player_hashes_[member.key] = member.value.text();
  }
  Result<league::League> read = league::ReadLeague(WithRecords(event.league_node_));
  if (!read) return Unusable("the league: " + read.error().message);
  Result<schedule::Schedule> schedule = schedule::ReadSchedule(*plan, "/schedule", *read);
  if (!schedule) return Unusable("the schedule: " + schedule.error().message);
  event.schedule_ = std::move(*schedule);
  if (auto refielded = event.Refield(); !refielded) return referee::Fail(refielded.error());
  return event;
}

Result<void, referee::Error> Event::Refield() {
  Result<league::League> read = league::ReadLeague(LeagueNode());
  if (!read) return Unusable("the league: " + read.error().message);
  league_ = std::move(*read);
  Result<schedule::Field> field = schedule::FieldOf(league_, schedule_);
  if (!field) return Unusable("the schedule: " + field.error().message);
  field_ = std::move(*field);
  return {};
}

Result<void, referee::Error> Event::Apply(const Node& act, int seq) {
  std::string kind = TextOf(act, "act");
  Result<void, referee::Error> applied;
  if (kind == "round") {
    applied = ApplyRound(act);
  } else if (DirectorActs().count(kind) > 0) {
    applied = ApplyDirectorAct(act, kind);
  } else if (kind == "call") {
    calls_.push_back(EventCall{seq, TextOf(act, "by"), TextOf(act, "table"), TextOf(act, "message"),
                               0, std::nullopt});
  } else if (kind == "answer") {
    std::optional<int64_t> call = IntegerOf(act, "call");
    auto found = std::find_if(calls_.begin(), calls_.end(),
                              [&](const EventCall& c) { return call && c.seq == *call; });
    if (found == calls_.end()) return Unusable("an answer to no call");
    found->answer = TextOf(act, "answer");
  } else if (kind == "tokens") {
    const Node* hashes = act.Find("player_sha256");
    if (hashes == nullptr || !hashes->IsMap()) return Unusable("no token hashes");
    for (const auto& member : hashes->members()) player_hashes_[member.key] = member.value.text();
  } else {
    return Unusable("expected an act of an event, found '" + kind + "'");
  }
  if (applied) ++lines_;
  return applied;
}

Result<void, referee::Error> Event::ApplyRound(const Node& act) {
  Node round_node = Without(act, {"act", "by", "at"});
  Node list = Node::List({});
  list.Append(round_node);
  Node holder = Node::Map({});
  holder.AddMember("method", {},
                   record::StringNode(std::string(schedule::MethodName(schedule_.method))));
  holder.AddMember("seed", {}, record::StringNode(schedule_.seed));
  holder.AddMember("planned_rounds", {}, record::IntegerNode(schedule_.rounds));
  holder.AddMember("rounds", {}, std::move(list));
  Result<schedule::Schedule> read = schedule::ReadSchedule(holder, "", league_);
  if (!read || read->made.size() != 1) return Unusable("a round that cannot be read");
  schedule::Round round = std::move(read->made.front());
  if (round.number != rounds_made() + 1) {
    return Unusable("expected round " + std::to_string(rounds_made() + 1) + ", found round " +
                    std::to_string(round.number));
  }
  for (const schedule::Table& table : round.tables) {
    tables_.push_back(
        EventTable{EventTableId(id_, round.number, table.number), round.number, table, false});
  }
  schedule_.made.push_back(std::move(round));
  return {};
}

Result<void, referee::Error> Event::ApplyDirectorAct(const Node& act, const std::string& kind) {
  acts_.push_back(act);
  if (kind == "settle") {
    std::string table = TextOf(act, "table");
    auto found = std::find_if(tables_.begin(), tables_.end(),
                              [&](const EventTable& t) { return t.id == table; });
    if (found == tables_.end()) return Unusable("no table " + table);
    found->settled = true;
  }
  return Refield();
}

const EventTable* Event::FindTable(const std::string& id) const {
  for (const EventTable& table : tables_) {
    if (table.id == id) return &table;
  }
  return nullptr;
}

std::vector<const EventTable*> Event::TablesOf(int round) const {
  std::vector<const EventTable*> found;
  for (const EventTable& table : tables_) {
    if (table.round == round) found.push_back(&table);
  }
  return found;
}

std::vector<std::string> Event::Players() const {
  std::vector<std::string> players;
  for (const league::Entrant& player : league_.players) players.push_back(player.id);
  return players;
}

std::vector<std::pair<std::string, std::string>> Event::SeatsOf(const EventTable& table) const {
  const games::GameDescriptor& game = *league_.descriptor;
  const std::vector<std::string>& seats = table.plan.seats;
  std::vector<std::pair<std::string, std::string>> placed;
  switch (game.league.sides) {
    case games::SideKind::kSeat:
      for (size_t i = 0; i < seats.size() && i < game.score_units.size(); ++i) {
        placed.emplace_back(game.score_units[i], seats[i]);
      }
      break;
    case games::SideKind::kPartnership: {
      // N and S are the first partnership's players, E and W the second's.
      std::vector<std::string> ns = league::PlayersOf(league_, seats.at(0));
      std::vector<std::string> ew = league::PlayersOf(league_, seats.at(1));
      placed = {{"N", ns.at(0)}, {"E", ew.at(0)}, {"S", ns.at(1)}, {"W", ew.at(1)}};
      break;
    }
    case games::SideKind::kTable:
      for (const std::string& player : league::PlayersOf(league_, seats.at(0))) {
        placed.emplace_back(player, player);
      }
      break;
  }
  return placed;
}

Node Event::TableHeader(const EventTable& table, bool board) const {
  const games::GameDescriptor& game = *league_.descriptor;
  Node header = Node::Map({});
  header.AddMember("format", {}, record::StringNode("referee/1"));
  header.AddMember("game", {}, record::StringNode(game.name));
  header.AddMember("id", {}, record::StringNode(table.id));
  header.AddMember("event", {}, record::StringNode(league_.name));
  header.AddMember("round", {}, record::StringNode(std::to_string(table.round)));
  header.AddMember("table", {}, record::StringNode(std::to_string(table.plan.number)));
  for (const auto& member : table_header_.members()) {
    header.AddMember(member.key, member.key_pos, member.value);
  }
  Node players = game.league.sides == games::SideKind::kTable ? Node::List({}) : Node::Map({});
  for (const auto& [seat, player] : SeatsOf(table)) {
    if (players.IsList()) {
      players.Append(record::StringNode(player));
    } else {
      players.AddMember(seat, {}, record::StringNode(player));
    }
  }
  header.AddMember("players", {}, std::move(players));
  header.AddMember("seed", {}, record::StringNode(schedule_.seed));
  if (board) {
    header.AddMember("board", {}, record::IntegerNode(schedule::FirstBoard(table.plan.boards)));
  }
  return header;
}

Node Event::LeagueNode() const {
  Node league = WithRecords(league_node_);
  league.AddMember("schedule", {}, schedule::ScheduleNode(schedule_));
  for (const Node& act : acts_) {
    std::string kind = TextOf(act, "act");
    std::string round = std::to_string(IntegerOf(act, "round").value_or(rounds_made()));
    std::string entrant = TextOf(act, "entrant");
    Node reason = record::StringNode(Reason(act));
    if (kind == "adjust" || kind == "penalty") {
      int64_t points = IntegerOf(act, "points").value_or(0);
      if (kind == "penalty") points = -points;
      AppendTo(league, "adjustments",
               Entry({{"entrant", record::StringNode(entrant)},
                      {"points", record::IntegerNode(points)},
                      {"round", record::StringNode(round)},
                      {"reason", reason}}));
    } else if (kind == "average") {
      Node bye = Entry({{"round", record::StringNode(round)},
                        {"entrant", record::StringNode(entrant)},
                        {"reason", reason}});
      if (std::optional<int64_t> points = IntegerOf(act, "points")) {
        bye.AddMember("points", {}, record::IntegerNode(*points));
      }
      AppendTo(league, "byes", std::move(bye));
    } else if (kind == "settle") {
      const Node* averages = act.Find("averages");
      for (const auto& member :
           averages != nullptr ? averages->members() : std::vector<Node::Member>{}) {
        Node bye = Entry({{"round", record::StringNode(round)},
                          {"entrant", record::StringNode(member.key)},
                          {"reason", reason}});
        if (member.value.kind() == Node::Kind::kInteger) bye.AddMember("points", {}, member.value);
        AppendTo(league, "byes", std::move(bye));
      }
    } else if (kind == "void") {
      AppendTo(league, "voids",
               Entry({{"record", record::StringNode(TextOf(act, "table"))},
                      {"deal", record::IntegerNode(IntegerOf(act, "deal").value_or(0))},
                      {"reason", reason}}));
    } else if (kind == "withdraw") {
      AppendTo(league, "withdrawals",
               Entry({{"entrant", record::StringNode(entrant)},
                      {"after_round", record::StringNode(TextOf(act, "after_round"))},
                      {"reason", reason}}));
    }
  }
  return league;
}

}  // namespace referee::server
