// Event: one club night on the server (docs/serve.md, "A club night"): its league, its rounds (made
// by schedule/), the tables of each round, the director's acts and the seats' calls, rebuilt from
// its journal (server/event_journal.h) line by line. Not thread-safe: the service holds the
// event's mutex around every call. It knows nothing of HTTP, threads or the tables' sessions: the
// service tells it which tables are over or settled.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "league/league_file.h"
#include "referee/core/error.h"
#include "referee/core/result.h"
#include "referee/record/node.h"
#include "schedule/schedule.h"

namespace referee::server {

// A director's act as the league file says it (docs/serve.md, "The director's acts").
inline const std::set<std::string>& DirectorActs() {
  static const std::set<std::string> acts = {"adjust", "penalty", "average", "withdraw",
                                             "settle", "replace", "void"};
  return acts;
}

struct EventTable {
  std::string id;  // EVENT-rR-tT
  int round = 0;
  schedule::Table plan;
  bool settled = false;  // closed by the director unfinished
};

struct EventCall {
  int seq = 0;  // the journal line of the call
  std::string player;
  std::string table;
  std::string message;
  double at = 0;
  std::optional<std::string> answer;
};

class Event {
 public:
  // Reads the first line of a journal (`{"act":"create",...}`). An error says what is wrong.
  static Result<Event, referee::Error> FromCreation(const record::Node& create);
  // Applies a later line (a round made, an act, a call, an answer, new tokens).
  Result<void, referee::Error> Apply(const record::Node& act, int seq);

  const std::string& id() const { return id_; }
  const league::League& league() const { return league_; }
  const record::Node& league_node() const { return league_node_; }  // as the organiser gave it
  const schedule::Schedule& schedule() const { return schedule_; }
  const schedule::Field& field() const { return field_; }
  const record::Node& table_header() const { return table_header_; }
  int64_t move_ms() const { return move_ms_; }
  int64_t created_ms() const { return created_ms_; }
  const std::string& director_hash() const { return director_hash_; }
  // SHA-256 of each player's token (a seat link), by player id.
  const std::map<std::string, std::string>& player_hashes() const { return player_hashes_; }
  const std::vector<EventTable>& tables() const { return tables_; }
  const std::vector<record::Node>& acts() const { return acts_; }  // the director's, as journaled
  const std::vector<EventCall>& calls() const { return calls_; }
  int rounds_made() const { return static_cast<int>(schedule_.made.size()); }
  const EventTable* FindTable(const std::string& id) const;
  // The tables of a round.
  std::vector<const EventTable*> TablesOf(int round) const;
  // The player ids of the league (who may hold a seat link).
  std::vector<std::string> Players() const;
  // The header of a table of this event: the organiser's template with the game, ids, round,
  // table, players and the event's seed. `board`: put the board set's first board in the header
  // (a game dealt once from its header, whose tables play no deals).
  record::Node TableHeader(const EventTable& table, bool board) const;
  // The player at each of a table's seats, in the header's order ("N" -> player, or the team's).
  std::vector<std::pair<std::string, std::string>> SeatsOf(const EventTable& table) const;

  // The league file of the night as it stands: the organiser's league with its rounds under
  // `schedule:`, `records: [records/]`, and the director's acts as its adjustments, byes and
  // withdrawals. The export writes it, and the live standings are computed from it.
  record::Node LeagueNode() const;

  // The next table and line numbers, for the journal.
  int lines() const { return lines_; }

 private:
  Result<void, referee::Error> ApplyRound(const record::Node& act);
  Result<void, referee::Error> ApplyDirectorAct(const record::Node& act, const std::string& kind);
  Result<void, referee::Error> Refield();

  std::string id_;
  record::Node league_node_;  // as the organiser gave it (records and schedule left out)
  league::League league_;
  schedule::Schedule schedule_;
  schedule::Field field_;
  record::Node table_header_;
  int64_t move_ms_ = 0;
  int64_t created_ms_ = 0;
  std::string director_hash_;
  std::map<std::string, std::string> player_hashes_;
  std::vector<EventTable> tables_;
  std::vector<record::Node> acts_;
  std::vector<EventCall> calls_;
  int lines_ = 1;
};

// A league with `records: [records/]` in place of any records or schedule it names.
record::Node WithRecords(const record::Node& league);

// The event's id and round and table numbers make a table's id: EVENT-rR-tT.
std::string EventTableId(const std::string& event, int round, int table);

}  // namespace referee::server
