// Text tables are padded by the columns a terminal gives each character, not by bytes: a name
// with accents, a combining mark or a wide character lines up with plain ASCII names.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "league/standings.h"
#include "referee/core/printable.h"
#include "reports/html_page.h"
#include "reports/standings_grids.h"
#include "reports/standings_output.h"
#include "reports/table_text.h"
#include "reports/text_columns.h"
#include "reports/verdict_text.h"

namespace referee::league {
namespace {

// Display columns of text that is already printable, the way the terminal shows it.
size_t Columns(std::string_view text) {
  size_t columns = 0;
  while (!text.empty()) {
    PrintableChar next = NextPrintable(text);
    columns += next.columns;
    text.remove_prefix(next.bytes);
  }
  return columns;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  for (size_t start = 0, end; (end = text.find('\n', start)) != std::string::npos;
       start = end + 1) {
    lines.push_back(text.substr(start, end - start));
  }
  return lines;
}

// "Zoë Ångström 李" takes 16 columns in 20 bytes; "Chloë" spells its ë as e and U+0308.
Standings WideNames() {
  League league;
  league.name = "Width";
  league.game = "collusion";
  league.players = {{"zoe", "Zoë Ångström 李", {}, ""},
                    {"chloe", "Chloe\xcc\x88 Ba", {}, ""},
                    {"bob", "Bob Baker", {}, ""},
                    {"li", "李小龍", {}, ""}};
  league.descriptor = games::FindGame("collusion");
  league.scheme = DefaultScheme(*league.descriptor);
  league.tie_breaks = DefaultTieBreaks(*league.descriptor, league.scheme.kind);
  return ComputeStandings(league, {});
}

// The header and the rows of the first table: from the line after the table's kind up to the
// blank line that ends it.
std::vector<std::string> TableLines(const std::string& text, const std::string& first) {
  std::vector<std::string> lines = Lines(text);
  std::vector<std::string> table;
  bool in_table = false;
  for (const std::string& line : lines) {
    if (line.starts_with(first)) in_table = true;
    if (in_table && line.empty()) break;
    if (in_table) table.push_back(line);
  }
  return table;
}

// Regression: the text table padded by bytes, so every row with a wide or accented name ended
// short of the others and its numbers stood left of their column.
// Markdown tables are measured and written without making their escaped cells (a cross-table's
// cell is megabytes): each special character's backslash still counts in the column's width.
TEST(DisplayWidth, AMarkdownTablePadsEscapedCellsToTheColumnsTheyTake) {
  reports::Grid grid = {{"name", "pts"}, {"a|b_c", "1"}, {"Zoë 李", "10"}, {"<i>", ""}};
  EXPECT_EQ(reports::MarkdownTable(grid, {reports::Align::kLeft, reports::Align::kRight}),
            "| name    | pts |\n"
            "|---------|----:|\n"
            "| a\\|b\\_c |   1 |\n"
            "| Zoë 李  |  10 |\n"
            "| \\<i\\>   |     |\n");
}

// The table writers escape a cell a piece at a time; a cell that is not Printable (a caller's grid
// that skipped it) still comes out as the whole cell's escape would.
TEST(DisplayWidth, ACellThatIsNotPrintableIsEscapedAsAWholeCellWouldBe) {
  std::string hostile = "a\x1b[31m<b>|\xff\xe2\x80\xae";
  reports::Grid grid = {{"cell"}, {hostile}};
  std::string markdown = reports::MarkdownTable(grid, {reports::Align::kLeft});
  EXPECT_NE(markdown.find("| " + reports::MarkdownCell(hostile) + " |"), std::string::npos)
      << markdown;
  std::string html = reports::HtmlGrid(grid, "t", "", {true});
  EXPECT_NE(html.find("<td class=\"text\">" + reports::HtmlEscape(hostile) + "</td>"),
            std::string::npos)
      << html;
  EXPECT_EQ(markdown.find('\x1b'), std::string::npos);
  EXPECT_EQ(html.find('\x1b'), std::string::npos);
}

// A text table's lines end where their text does: the spaces that would pad a last cell, or that
// end a name, are not written.
TEST(DisplayWidth, TextTableLinesEndWithoutSpaces) {
  League league;
  league.name = "Trailing";
  league.game = "collusion";
  league.players = {{"ann", "Ann  ", {}, ""}, {"bob", "  ", {}, ""}};
  league.descriptor = games::FindGame("collusion");
  league.scheme = DefaultScheme(*league.descriptor);
  league.tie_breaks = DefaultTieBreaks(*league.descriptor, league.scheme.kind);
  std::string text = reports::FormatStandingsText(ComputeStandings(league, {}));
  for (const std::string& line : Lines(text)) {
    EXPECT_TRUE(line.empty() || line.back() != ' ') << "'" << line << "'";
  }
  EXPECT_NE(text.find("ann      Ann"), std::string::npos) << text;
}

TEST(DisplayWidth, StandingsTextRowsLineUp) {
  std::vector<std::string> table = TableLines(reports::FormatStandingsText(WideNames()), "rank");
  ASSERT_EQ(table.size(), 5u) << reports::FormatStandingsText(WideNames());
  for (const std::string& line : table) {
    EXPECT_EQ(Columns(line), Columns(table[0])) << line;
  }
}

TEST(DisplayWidth, StandingsMarkdownCellsLineUp) {
  std::vector<std::string> table =
      TableLines(reports::FormatStandingsMarkdown(WideNames()), "| rank");
  ASSERT_EQ(table.size(), 6u) << reports::FormatStandingsMarkdown(WideNames());
  for (const std::string& line : table) EXPECT_EQ(Columns(line), Columns(table[0])) << line;
}

TEST(DisplayWidth, ScoreTableColumnsLineUp) {
  verifier::Verdict verdict;
  verdict.source = "wide.yaml";
  verdict.status = verifier::Status::kValid;
  verdict.game = "cahoots";
  verdict.scores.units = {"Zoë", "李小龍", "ann"};
  verdict.scores.rows = {{.deal = 1, .label = "x", .points = {10, 2, 3}}};
  verdict.scores.totals = {10, 2, 3};
  std::string text = reports::FormatVerdict(verdict, nullptr, true);
  std::vector<std::string> table = TableLines(text, "  deal");
  ASSERT_GE(table.size(), 3u) << text;  // the header, the deal, the totals (then the result)
  EXPECT_EQ(Columns(table[2]), Columns(table[0])) << text;      // the totals under the units
  EXPECT_EQ(Columns(table[1]), Columns(table[0]) + 4) << text;  // and the row, then "   x"
}

}  // namespace
}  // namespace referee::league
