// The rounds of an event: who sits at which table, and which seeded boards each table plays
// (docs/schedule.md). Pure: a league and the rounds made so far in, the next round or the rules a
// schedule breaks out; no files, clocks or logging. `referee schedule` and `referee serve` use it.
//
// How a game is scheduled follows from how a league ranks it (games::LeagueTraits::sides), never
// from its name:
//   seats each for themselves  individual rounds (each player meets every other as evenly as the
//                              numbers allow, sit-outs in turn) or Swiss rounds;
//   partnerships               Mitchell (NS stay, EW move up a table, boards down a table, a skip
//                              halfway when the count of tables is even), Howell (every pair meets
//                              every other) or Swiss rounds of two partnerships a table;
//   the whole table together   one team a table every round (teams).
// Every table plays seeded boards: a board set is a run of boards of the event's seed.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "league/league.h"
#include "referee/core/error.h"
#include "referee/core/finding.h"
#include "referee/core/result.h"
#include "referee/games/registry.h"
#include "referee/record/node.h"

namespace referee::schedule {

enum class Method { kIndividual, kMitchell, kHowell, kSwiss, kTeams };

std::string_view MethodName(Method method);  // "individual", "mitchell", ...
std::optional<Method> MethodNamed(std::string_view name);
// The methods that fit a game, the default first.
std::vector<Method> MethodsFor(const games::GameDescriptor& game);
// The entrants at one table: as many players as the game seats, two partnerships, one team.
int EntrantsPerTable(const games::GameDescriptor& game);
// The fewest entrants present that a method makes rounds for: a full table, and for the movements
// enough tables that every board set is compared (Mitchell 5 pairs, Howell 4).
int SmallestEvent(Method method, const games::GameDescriptor& game);

// A board set's boards are numbered from FirstBoard(set) on, as many as a table's match deals.
inline constexpr int kBoardsPerSet = 100;
inline int FirstBoard(int set) { return (set - 1) * kBoardsPerSet + 1; }

struct Arrival {
  std::string entrant;
  int round = 2;  // the first round the entrant plays
  std::string path;
};

struct Table {
  int number = 0;                  // 1-based within the round
  std::vector<std::string> seats;  // players in seat order; partnerships NS then EW; one team
  int boards = 0;                  // the board set the table plays
};

struct Round {
  int number = 0;  // 1-based
  std::vector<Table> tables;
  std::vector<std::string> sitting_out;
  std::string path;  // JSON pointer in the league file, when read from one
};

struct Schedule {
  Method method = Method::kSwiss;
  std::string seed;  // the drawing of lots and the seeded boards
  int rounds = 1;    // planned
  std::vector<Arrival> arrivals;
  std::vector<Round> made;  // the rounds made so far, in order
};

// The entrants of an event and the rounds each is present for (arrivals from the schedule,
// withdrawals from the league: `after_round` must be a round number).
struct Field {
  const games::GameDescriptor* game = nullptr;
  std::vector<std::string> entrants;  // the league's ranked entrants, in league order
  std::map<std::string, int> first_round;
  std::map<std::string, int> last_round;
  std::vector<std::string> ns, ew;  // a duplicate event by direction: the declared directions
  bool Present(const std::string& entrant, int round) const;
  std::vector<std::string> PresentIn(int round) const;  // in league order
};
Result<Field> FieldOf(const league::League& league, const Schedule& schedule);

// Points so far (units, as the standings count them): Swiss rounds seat entrants on equal or near
// points. Missing entrants have none.
using Points = std::map<std::string, int64_t>;

// Makes round `schedule.made.size() + 1`. An error says why none can be made (no round left of
// the plan or the movement, a method that does not fit the game, too few entrants).
Result<Round, referee::Error> NextRound(const Field& field, const Schedule& schedule,
                                        const Points& points);

// A rule a schedule breaks (docs/schedule.md, "The checker"): the rule's name, where, and what.
struct Breach {
  std::string rule;
  int round = 0;
  int table = 0;  // 0: the round as a whole
  std::string message;
};
std::vector<Breach> Check(const Field& field, const Schedule& schedule);
std::string BreachText(const Breach& breach);  // "round 2, table 3: seated-twice: ..."

// The `schedule:` key of a league file, read with the record readers' strictness; and written.
Result<Schedule> ReadSchedule(const record::Node& node, const std::string& path,
                              const league::League& league);
record::Node ScheduleNode(const Schedule& schedule);

// A random event (`referee schedule --generate`): a league file of `entrants` entrants of `game`
// with a schedule of `method`, late arrivals and withdrawals between rounds, and every round made
// with results drawn at random for Swiss; all of it drawn from `seed`. The league file's tree.
Result<record::Node, referee::Error> RandomEvent(const games::GameDescriptor& game, Method method,
                                                 int entrants, const std::string& seed);

}  // namespace referee::schedule
