// Standings for people (a terminal table, Markdown, CSV) and for programs (a tree that formats/
// writes as JSON), and the comparison with a published standings file (`--check`). Pure and
// deterministic: the same standings give the same bytes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "referee/core/printable.h"
#include "referee/core/result.h"
#include "referee/record/node.h"
#include "reports/standings.h"

namespace referee::reports {

// A warning in one line: "bye-in-played-round at /byes/0 (line 25): ...".
std::string WarningText(const Warning& warning);

// A table as rows of cells, the header first: the columns every format shows. Cells are Printable.
std::vector<std::vector<std::string>> StandingsGrid(const Standings& standings,
                                                    const StandingsTable& table);

std::string FormatStandingsText(const Standings& standings);
std::string FormatStandingsMarkdown(const Standings& standings);
// One header line, then one line per entrant per table; the first column names the table.
std::string FormatStandingsCsv(const Standings& standings);
// The tree of docs/standings.md ("format": "referee-standings/1").
record::Node StandingsTree(const Standings& standings);

// Reads a standings file in the CSV output format into the tree StandingsTree makes (only the
// parts --check compares: tables, rank, entrant, points and tie-break values). More than
// `max_fields` fields is `too-large`: the tree of a hostile file stays bounded.
Result<record::Node> ParseStandingsCsv(std::string_view text, size_t max_fields = 1'000'000);

// Every difference between the computed standings and a published tree (StandingsTree's shape,
// from JSON or ParseStandingsCsv), e.g. "rank 3: expected carol (12 points), published dave (12
// points)". Empty when they agree; a published tree of the wrong shape is one difference.
std::vector<std::string> CompareStandings(const Standings& standings,
                                          const record::Node& published);

}  // namespace referee::reports
