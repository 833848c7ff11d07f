// Helpers the standings' source files share; not part of the reports API.
#pragma once

#include <string>
#include <vector>

#include "reports/duplicate.h"
#include "reports/league.h"
#include "reports/standings.h"

namespace referee::reports::internal {

enum class TableKind { kPlayers, kPartnerships, kTeams };
std::string_view TableKindName(TableKind kind);
// The entrants of a table that a side's result is credited to.
std::vector<std::string> UnitsOf(const League& league, TableKind kind,
                                 const std::vector<std::string>& players);
const std::vector<Entrant>& EntrantsOf(const League& league, TableKind kind);

// What one computation of the standings counts: the matches (sorted by source), their scored
// boards (duplicate), the rounds, and the round an adjustment without one counts in.
struct Season {
  const PlayedRecord* first = nullptr;  // the records' first: Meeting::record counts from it
  std::vector<const PlayedRecord*> matches;
  std::vector<ScoredBoard> boards;
  std::vector<std::string> rounds;
  std::string last_round;
};

// The rows of one table kind, not ranked: matches, boards and the league's entries added up, with
// each entrant's meetings and opponents' strength.
std::vector<StandingRow> TallyRows(const League& league, TableKind kind, const Season& season);
// The league's entries in words.
std::vector<std::string> EntryTexts(const League& league);

// "1st", "2nd", "3rd", "11th".
std::string Ordinal(int n);

// The ranked tables of one kind: one, or one per direction of a duplicate event run by direction.
std::vector<StandingsTable> RankTables(const League& league, TableKind kind,
                                       const std::vector<const PlayedRecord*>& matches,
                                       std::vector<StandingRow> rows);

const Entrant* FindIn(const std::vector<Entrant>& list, const std::string& id);
// The group (partnership or team) whose players are exactly `players`, in any order.
const Entrant* GroupOf(const std::vector<Entrant>& groups, std::vector<std::string> players);
// Whether `round` is `limit` or an earlier round.
bool RoundUpTo(const std::string& round, const std::string& limit);
// The rounds of the matches and of the league's entries, in order.
std::vector<std::string> SortedRounds(const League& league,
                                      const std::vector<const PlayedRecord*>& matches);

// The provenance of standings computed from `counted` (sorted by source).
// `counted` point into `records`.
Provenance ProvenanceOf(const std::vector<const PlayedRecord*>& counted,
                        const std::vector<PlayedRecord>& records, const StandingsOptions& options);

}  // namespace referee::reports::internal
