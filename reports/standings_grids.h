// The grids every format of the standings shows (the standings table, the rank after each round,
// the cross-table, the travellers), the keys that explain their columns and cells, and the lines
// around them (heading, provenance, warnings). Text, Markdown, CSV and HTML set the same cells.
#pragma once

#include <string>
#include <vector>

#include "league/standings.h"
#include "reports/table_text.h"

namespace referee::reports {

// A warning in one line: "bye-in-played-round at /byes/0 (line 25): ...".
std::string WarningText(const league::Warning& warning);

// A table as every format shows it: rank, entrant, name, matches played, the results named by what
// they count (1st, 2nd, ... where a match has more than two sides; won, drawn, lost; none in a
// duplicate event, which is scored by matchpoints), the points (matchpoints), the percentage of a
// duplicate event and the tie-break columns that no other column shows already.
Grid StandingsGrid(const league::Standings& standings, const league::StandingsTable& table);
// The parts of it: the results' column names, the tie-breaks given a column, and the points'.
std::vector<std::string> ResultColumns(const league::Standings& standings);
std::vector<league::TieBreak> TieBreakColumns(const league::Standings& standings);
std::string PointsColumn(const league::Standings& standings);
// What the standings columns count, a line each, for a key under the table.
std::vector<std::string> TableKey(const league::Standings& standings);
// A cell of the cross-table explained part by part, from the table's first match:
// "\"N 1st 74 +3 v 7,6,4\" reads: N the seat, 1st the place ..."; empty without a match.
std::string CrossTableKey(const league::Standings& standings, const league::StandingsTable& table);
// Each entrant's place and points after each round: "2= (6.5)".
Grid RankByRoundGrid(const league::Standings& standings, const league::StandingsTable& table);
// The cross-table: per entrant (numbered in table order), per round, what it met there
// (MeetingText), then its points. The columns: the number, the entrant, one per round, the points.
GridRows CrossTableRows(const league::Standings& standings, const league::StandingsTable& table);
size_t CrossTableColumns(const league::Standings& standings);
// One traveller: per table, who sat in each direction, its score and matchpoints.
Grid TravellerGrid(const league::Traveller& traveller);
// "board 1 of seed 'club-1': 3 tables, top 4"; with Neuberg's formula when played at fewer.
std::string TravellerTitle(const league::Traveller& traveller);

// One meeting in a cross-table cell: "N 1st 104 +3 v2,5,8" (seat, place or result, score, points
// gained, opponents by their number in `table`, by id when they are in another table),
// "forfeit won +3 v8", "bye +2", "adjustment -1", "withdrew".
std::string MeetingText(const league::Standings& standings, const league::Meeting& meeting,
                        const league::StandingsTable& table);

// The heading lines: scheme, tie-breaks, lots, records, rounds, and the round the standings are
// as of.
std::vector<std::string> HeadingLines(const league::Standings& standings);
// "made by: referee 0.1.0" and "inputs: sha256 HEX (the league file and 7 records counted)".
std::vector<std::string> ProvenanceLines(const league::Standings& standings);

}  // namespace referee::reports
