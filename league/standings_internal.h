// Helpers the standings' source files share; not part of the reports API.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "league/duplicate.h"
#include "league/league.h"
#include "league/standings.h"

namespace referee::league::internal {

enum class TableKind { kPlayers, kPartnerships, kTeams };
std::string_view TableKindName(TableKind kind);
TableKind TableKindNamed(std::string_view name);  // StandingsTable::kind
// The entrants of a table that a side's result is credited to: the players themselves, or the
// group of `groups` (the league's partnerships or teams) whose players they are.
std::vector<std::string> UnitsIn(const std::vector<Entrant>& groups, TableKind kind,
                                 const std::vector<std::string>& players);
std::vector<std::string> UnitsOf(const League& league, TableKind kind,
                                 const std::vector<std::string>& players);
const std::vector<Entrant>& EntrantsOf(const League& league, TableKind kind);
// A meeting's round: an entry's own, a match's record's (`records`: what Meeting::record counts
// in, `entries`: what Meeting::entry counts in); empty for an index out of range.
const std::string& MeetingRound(std::span<const PlayedRecord> records,
                                std::span<const Meeting::Entry> entries, const Meeting& meeting);
// The opponents a match gives the entrants of its side `side` in a table of `kind`: the units of
// every other side, in side order, with that side's place.
std::vector<Meeting::Opponent> MatchOpponents(const std::vector<Entrant>& groups, TableKind kind,
                                              const PlayedRecord& match, size_t side);

// What one computation of the standings counts: the matches (sorted by source), their scored
// boards (duplicate), the rounds, and the round an adjustment without one counts in.
struct Season {
  std::span<const PlayedRecord> records;  // every record: what Meeting::record counts in
  std::vector<const PlayedRecord*> matches;
  std::vector<ScoredBoard> boards;
  std::vector<std::string> rounds;
  std::string last_round;
};

// The rows of one table kind, not ranked: matches, boards and the league's entries added up, with
// each entrant's meetings and opponents' strength. What the entries say is added to `entries`,
// which the entries' meetings index (Meeting::entry).
std::vector<StandingRow> TallyRows(const League& league, TableKind kind, const Season& season,
                                   std::vector<Meeting::Entry>& entries);
// The league's entries in words.
std::vector<std::string> EntryTexts(const League& league);

// The ranked tables of one kind: one, or one per direction of a duplicate event run by direction.
std::vector<StandingsTable> RankTables(const League& league, TableKind kind,
                                       const std::vector<const PlayedRecord*>& matches,
                                       std::vector<StandingRow> rows);

const Entrant* FindIn(const std::vector<Entrant>& list, const std::string& id);
// The group (partnership or team) whose players are exactly `players`, in any order.
const Entrant* GroupOf(const std::vector<Entrant>& groups, const std::vector<std::string>& players);
// Whether `round` is `limit` or an earlier round.
bool RoundUpTo(const std::string& round, const std::string& limit);
// The rounds of the matches and of the league's entries, in order.
std::vector<std::string> SortedRounds(const League& league,
                                      const std::vector<const PlayedRecord*>& matches);

// std::stable_sort without its buffer of half the items (7 MB for an entrant's meetings in a league
// of 100,000 records, the peak of `referee standings`): 4-byte indices are sorted, ties kept in
// their order, and each item is moved once along the cycles of the permutation.
template <typename T, typename Less>
void StableSortInPlace(std::vector<T>& items, Less less) {
  std::vector<uint32_t> order(items.size());  // order[i]: the item that belongs at i
  std::iota(order.begin(), order.end(), uint32_t{0});
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    if (less(items[a], items[b])) return true;
    if (less(items[b], items[a])) return false;
    return a < b;
  });
  for (uint32_t start = 0; start < order.size(); ++start) {
    if (order[start] == start) continue;
    T held = std::move(items[start]);
    uint32_t at = start;
    while (order[at] != start) {
      uint32_t from = order[at];
      items[at] = std::move(items[from]);
      order[at] = at;
      at = from;
    }
    items[at] = std::move(held);
    order[at] = at;
  }
}

// The provenance of standings computed from `counted` (sorted by source).
// `counted` point into `records`.
Provenance ProvenanceOf(const std::vector<const PlayedRecord*>& counted,
                        const std::vector<PlayedRecord>& records, const StandingsOptions& options);

}  // namespace referee::league::internal
