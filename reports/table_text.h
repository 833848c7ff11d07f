// Tables and fields as the text formats write them, for every report: a grid of cells set in
// columns for a terminal, Markdown cells, code spans, tables and lists that a name cannot break out
// of, and CSV fields (RFC 4180) guarded against spreadsheet formulas. Cells are shown Printable:
// a control byte in a name is never written raw.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "reports/text_columns.h"

namespace referee::reports {

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

// Printable text with the characters Markdown acts on escaped: it cannot end a cell, open a link
// or emphasis, or become raw HTML.
std::string MarkdownCell(const std::string& cell);
// A code span no backtick inside can close early.
std::string MarkdownCode(const std::string& text);
// A grid set in columns for a terminal: each column padded to its widest cell (display columns),
// `aligns` per column, the spaces that would end a line left out.
std::string AlignedTable(const Grid& grid, const std::vector<Align>& aligns);
// The same, written to `out` a row at a time, each cell straight from its row: a cross-table's
// cells are never copied into a line.
void WriteAlignedGrid(const GridRows& rows, const std::vector<Align>& aligns, std::ostream& out);
void WriteAlignedGrid(const Grid& grid, const std::vector<Align>& aligns, std::ostream& out);
// A table whose source lines up too; cells are escaped with MarkdownCell.
std::string MarkdownTable(const Grid& grid, const std::vector<Align>& aligns);
// The same, written to `out` a row at a time.
void WriteMarkdownTable(const GridRows& rows, const std::vector<Align>& aligns, std::ostream& out);
// "- line" per line, escaped.
std::string MarkdownList(const std::vector<std::string>& lines);
// A text that a spreadsheet would take for a formula (it starts with = + - @, a tab, a carriage
// return, or a quote) after a single quote (OWASP, "CSV Injection"); numbers such as "-1" as
// they are. formats::CsvRows reads the quote off again.
std::string GuardFormula(std::string text);
// RFC 4180 quoting of Printable text guarded by GuardFormula, and a line of such fields.
std::string CsvField(const std::string& field);
std::string CsvLine(const std::vector<std::string>& cells);

}  // namespace referee::reports
