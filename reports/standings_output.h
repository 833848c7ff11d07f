// Standings for people (a terminal table, Markdown, CSV) and for programs (a tree that formats/
// writes as JSON), and the comparison with a published standings file (`--check`). Pure and
// deterministic: the same standings give the same bytes.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "referee/core/printable.h"
#include "referee/core/result.h"
#include "referee/record/node.h"
#include "referee/record/node_sink.h"
#include "reports/standings.h"
#include "reports/text_columns.h"

namespace referee::reports {

// A warning in one line: "bye-in-played-round at /byes/0 (line 25): ...".
std::string WarningText(const Warning& warning);

// Rows of cells, the header first. Cells are Printable.
using GridRow = std::vector<std::string>;
using Grid = std::vector<GridRow>;
// A table made a row at a time and handed to `each`, the header first. A cross-table's cell holds
// every meeting of a round (megabytes in a large league), so its rows are made, written and
// dropped one by one; writers that set cells in columns go through the rows twice, once to measure
// them and once to write them.
using GridRows = std::function<void(const std::function<void(const GridRow&)>& each)>;
// The rows of a whole grid; `grid` must outlive the result.
GridRows RowsOf(const Grid& grid);

// A table as every format shows it: rank, entrant, name, matches played, the results named by what
// they count (1st, 2nd, ... where a match has more than two sides; won, drawn, lost; none in a
// duplicate event, which is scored by matchpoints), the points (matchpoints), the percentage of a
// duplicate event and the tie-break columns that no other column shows already.
Grid StandingsGrid(const Standings& standings, const StandingsTable& table);
// The parts of it: the results' column names, the tie-breaks given a column, and the points'.
std::vector<std::string> ResultColumns(const Standings& standings);
std::vector<TieBreak> TieBreakColumns(const Standings& standings);
std::string PointsColumn(const Standings& standings);
// What the standings columns count, a line each, for a key under the table.
std::vector<std::string> TableKey(const Standings& standings);
// A cell of the cross-table explained part by part, from the table's first match:
// "\"N 1st 74 +3 v 7,6,4\" reads: N the seat, 1st the place ..."; empty without a match.
std::string CrossTableKey(const Standings& standings, const StandingsTable& table);
// Each entrant's place and points after each round: "2= (6.5)".
Grid RankByRoundGrid(const Standings& standings, const StandingsTable& table);
// The cross-table: per entrant (numbered in table order), per round, what it met there
// (MeetingText), then its points. The columns: the number, the entrant, one per round, the points.
GridRows CrossTableRows(const Standings& standings, const StandingsTable& table);
size_t CrossTableColumns(const Standings& standings);
// One traveller: per table, who sat in each direction, its score and matchpoints.
Grid TravellerGrid(const Traveller& traveller);
// "board 1 of seed 'club-1': 3 tables, top 4"; with Neuberg's formula when played at fewer.
std::string TravellerTitle(const Traveller& traveller);

// One meeting in a cross-table cell: "N 1st 104 +3 v2,5,8" (seat, place or result, score, points
// gained, opponents by their number in `table`, by id when they are in another table),
// "forfeit won +3 v8", "bye +2", "adjustment -1", "withdrew".
std::string MeetingText(const Standings& standings, const Meeting& meeting,
                        const StandingsTable& table);

// The heading lines: scheme, tie-breaks, lots, records, rounds, and the round the standings are
// as of.
std::vector<std::string> HeadingLines(const Standings& standings);
// "made by: referee 0.1.0" and "inputs: sha256 HEX (the league file and 7 records counted)".
std::vector<std::string> ProvenanceLines(const Standings& standings);

// Markdown and CSV pieces the other reports (ratings) share.
// Printable text with the characters Markdown acts on escaped: it cannot end a cell, open a link
// or emphasis, or become raw HTML.
std::string MarkdownCell(const std::string& cell);
// A code span no backtick inside can close early.
std::string MarkdownCode(const std::string& text);
// Text pieces the other reports share.
// A grid set in columns for a terminal: each column padded to its widest cell (display columns),
// `aligns` per column, the spaces that would end a line left out.
std::string AlignedTable(const Grid& grid, const std::vector<Align>& aligns);
// A table whose source lines up too; cells are escaped with MarkdownCell.
std::string MarkdownTable(const Grid& grid, const std::vector<Align>& aligns);
// The same, written to `out` a row at a time.
void WriteMarkdownTable(const GridRows& rows, const std::vector<Align>& aligns, std::ostream& out);
// "- line" per line, escaped.
std::string MarkdownList(const std::vector<std::string>& lines);
// A text that a spreadsheet would take for a formula (it starts with = + - @, a tab, a carriage
// return, or a quote) after a single quote (OWASP, "CSV Injection"); numbers such as "-1" as
// they are. CsvRows reads the quote off again.
std::string GuardFormula(std::string text);
// RFC 4180 quoting of Printable text guarded by GuardFormula, and a line of such fields.
std::string CsvField(const std::string& field);
std::string CsvLine(const std::vector<std::string>& cells);
// Splits CSV text into rows of fields (RFC 4180 quoting; CRLF accepted), each field's formula
// guard (GuardFormula's leading quote) read off; more than `max_fields` fields is `too-large`. An
// empty line is a row of no fields: it separates sections.
Result<std::vector<std::vector<std::string>>> CsvRows(std::string_view text, size_t max_fields);

std::string FormatStandingsText(const Standings& standings);
std::string FormatStandingsMarkdown(const Standings& standings);
// The same, written to `out` table by table and line by line: the cross-table is held once, as the
// cells that are set in columns, never again as the text of the whole report.
void WriteStandingsText(const Standings& standings, std::ostream& out);
void WriteStandingsMarkdown(const Standings& standings, std::ostream& out);
// Sections separated by an empty line, each with its own header line whose first field names it:
// the standings (`table,rank,entrant,...`, one line per entrant per table), then `rank_by_round`,
// `cross_table`, `traveller` (duplicate) and `provenance` (docs/standings.md, "Outputs").
std::string FormatStandingsCsv(const Standings& standings);
// The same, written to `out` as it is made: its cross-table and provenance, a line per meeting
// and per record, are never held whole.
void WriteStandingsCsv(const Standings& standings, std::ostream& out);
// The tree of docs/standings.md ("format": "referee-standings/1"), given to `sink` a piece at a
// time (a row's meetings one by one, a record's provenance one by one), so that it can be written
// without being held whole.
void EmitStandings(const Standings& standings, record::NodeSink& sink);
// The same tree, whole.
record::Node StandingsTree(const Standings& standings);

// Reads a standings file in the CSV output format into the tree StandingsTree makes (only the
// parts --check compares). More than `max_fields` fields is `too-large`: the tree of a hostile
// file stays bounded.
Result<record::Node> ParseStandingsCsv(std::string_view text, size_t max_fields = 1'000'000);

// Every difference between the computed standings and a published tree (StandingsTree's shape,
// from JSON or ParseStandingsCsv), e.g. "rank 3: expected carol (12 points), published dave (12
// points)". Empty when they agree; a published tree of the wrong shape is one difference. What the
// published file leaves out (an older file without provenance) is not compared.
std::vector<std::string> CompareStandings(const Standings& standings,
                                          const record::Node& published);

// Things a published file says that are not differences, e.g. that another version of referee
// made it.
std::vector<std::string> CompareNotes(const Standings& standings, const record::Node& published);

}  // namespace referee::reports
