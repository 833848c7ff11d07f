// Standings for people (a terminal table, Markdown, CSV) and for programs (a tree that formats/
// writes as JSON), and the comparison with a published standings file (`--check`). Pure and
// deterministic: the same standings give the same bytes.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "league/standings.h"
#include "referee/record/node.h"
#include "referee/record/node_sink.h"

namespace referee::reports {

std::string FormatStandingsText(const league::Standings& standings);
std::string FormatStandingsMarkdown(const league::Standings& standings);
// The same, written to `out` table by table and line by line: the cross-table is held once, as the
// cells that are set in columns, never again as the text of the whole report.
void WriteStandingsText(const league::Standings& standings, std::ostream& out);
void WriteStandingsMarkdown(const league::Standings& standings, std::ostream& out);
// Sections separated by an empty line, each with its own header line whose first field names it:
// the standings (`table,rank,entrant,...`, one line per entrant per table), then `rank_by_round`,
// `cross_table`, `traveller` (duplicate) and `provenance` (docs/standings.md, "Outputs").
std::string FormatStandingsCsv(const league::Standings& standings);
// The same, written to `out` as it is made: its cross-table and provenance, a line per meeting
// and per record, are never held whole.
void WriteStandingsCsv(const league::Standings& standings, std::ostream& out);
// The tree of docs/standings.md ("format": "referee-standings/1"), given to `sink` a piece at a
// time (a row's meetings one by one, a record's provenance one by one), so that it can be written
// without being held whole.
void EmitStandings(const league::Standings& standings, record::NodeSink& sink);
// The same tree, whole.
record::Node StandingsTree(const league::Standings& standings);

// Every difference between the computed standings and a published tree (StandingsTree's shape,
// from JSON or formats::ParseStandingsCsv), e.g. "rank 3: expected carol (12 points), published
// dave (12 points)". Empty when they agree; a published tree of the wrong shape is one difference.
// What the published file leaves out (an older file without provenance) is not compared.
std::vector<std::string> CompareStandings(const league::Standings& standings,
                                          const record::Node& published);

// Things a published file says that are not differences, e.g. that another version of referee
// made it.
std::vector<std::string> CompareNotes(const league::Standings& standings,
                                      const record::Node& published);

}  // namespace referee::reports
