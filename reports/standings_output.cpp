// The standings as text for a terminal and as Markdown (standings_output.h), table by table and
// line by line.
#include "reports/standings_output.h"

#include <sstream>

#include "referee/core/printable.h"
#include "reports/standings_grids.h"
#include "reports/table_text.h"
#include "reports/text_columns.h"

namespace referee::reports {

namespace {

// Which columns of a grid are people's text (left-aligned); the others are numbers.
std::vector<Align> StandingsAligns(size_t columns) {
  std::vector<Align> aligns(columns, Align::kRight);
  for (size_t c = 0; c < 3 && c < columns; ++c) aligns[c] = Align::kLeft;
  return aligns;
}
std::vector<Align> LeftThenRight(size_t columns, size_t left) {
  std::vector<Align> aligns(columns, Align::kRight);
  for (size_t c = 0; c < left && c < columns; ++c) aligns[c] = Align::kLeft;
  return aligns;
}
std::vector<Align> CrossAligns(size_t columns) {
  std::vector<Align> aligns(columns, Align::kLeft);
  aligns.front() = Align::kRight;
  aligns.back() = Align::kRight;
  return aligns;
}
std::vector<Align> TravellerAligns(size_t columns) {
  std::vector<Align> aligns(columns, Align::kRight);
  for (size_t c = 0; c < columns; ++c)
    aligns[c] = c < 3 || (c - 3) % 3 == 0 ? Align::kLeft : Align::kRight;
  return aligns;
}

std::string NotCountedLine(const league::NotCounted& item) {
  return item.source + ": " + item.status + ": " + item.reason;
}

std::vector<std::string> WarningLines(const league::Standings& standings) {
  std::vector<std::string> lines;
  for (const league::Warning& warning : standings.warnings) lines.push_back(WarningText(warning));
  return lines;
}

// Each line Printable: a line break or an escape sequence in a name cannot start a forged line.
void WriteTextList(const std::string& title, const std::vector<std::string>& lines,
                   std::ostream& out) {
  if (lines.empty()) return;
  out << "\n" << title << ":\n";
  for (const std::string& line : lines) out << "  " << Printable(line) << "\n";
}

void WriteTextTable(const league::Standings& standings, const league::StandingsTable& table,
                    std::ostream& out) {
  Grid grid = StandingsGrid(standings, table);
  out << "\n" << table.Title() << "\n";
  WriteAlignedGrid(grid, StandingsAligns(grid[0].size()), out);
  WriteTextList("key", TableKey(standings), out);
  WriteTextList("why", table.explanations, out);
  if (standings.rounds.empty()) return;
  Grid ranks = RankByRoundGrid(standings, table);
  out << "\nrank after each round (points):\n";
  WriteAlignedGrid(ranks, LeftThenRight(ranks[0].size(), 1), out);
  out << "\ncross-table:\n";
  std::string key = CrossTableKey(standings, table);
  if (!key.empty()) out << "key: " << Printable(key) << "\n";
  WriteAlignedGrid(CrossTableRows(standings, table), CrossAligns(CrossTableColumns(standings)),
                   out);
}

void WriteTextTravellers(const league::Standings& standings, std::ostream& out) {
  if (standings.travellers.empty()) return;
  out << "\ntravellers\n";
  for (const league::Traveller& traveller : standings.travellers) {
    Grid grid = TravellerGrid(traveller);
    out << "\n" << Printable(TravellerTitle(traveller)) << ":\n";
    WriteAlignedGrid(grid, TravellerAligns(grid[0].size()), out);
  }
}

void WriteMarkdownTableSection(const league::Standings& standings,
                               const league::StandingsTable& table, std::ostream& out) {
  std::string title = MarkdownCell(table.Title());
  Grid grid = StandingsGrid(standings, table);
  std::vector<Align> aligns = StandingsAligns(grid[0].size());
  out << "\n## " << title << "\n\n";
  WriteMarkdownTable(RowsOf(grid), aligns, out);
  out << "\nKey:\n\n" << MarkdownList(TableKey(standings));
  if (!table.explanations.empty()) out << "\n" << MarkdownList(table.explanations);
  if (standings.rounds.empty()) return;
  Grid ranks = RankByRoundGrid(standings, table);
  aligns = LeftThenRight(ranks[0].size(), 1);
  out << "\n### Rank after each round: " << title << "\n\n";
  WriteMarkdownTable(RowsOf(ranks), aligns, out);
  out << "\n### Cross-table: " << title << "\n\n";
  std::string key = CrossTableKey(standings, table);
  if (!key.empty()) out << "Key: " << MarkdownCell(key) << "\n\n";
  WriteMarkdownTable(CrossTableRows(standings, table), CrossAligns(CrossTableColumns(standings)),
                     out);
}

void WriteMarkdownTravellers(const league::Standings& standings, std::ostream& out) {
  if (standings.travellers.empty()) return;
  out << "\n## Travellers\n";
  for (const league::Traveller& traveller : standings.travellers) {
    Grid grid = TravellerGrid(traveller);
    std::vector<Align> aligns = TravellerAligns(grid[0].size());
    out << "\n### " << MarkdownCell(TravellerTitle(traveller)) << "\n\n";
    WriteMarkdownTable(RowsOf(grid), aligns, out);
  }
}

}  // namespace

void WriteStandingsText(const league::Standings& standings, std::ostream& out) {
  out << Printable(standings.league) << " (" << standings.game << ")\n";
  for (const std::string& line : HeadingLines(standings)) out << Printable(line) << "\n";
  for (const std::string& line : ProvenanceLines(standings)) out << Printable(line) << "\n";
  WriteTextList("warnings", WarningLines(standings), out);
  for (const league::StandingsTable& table : standings.tables)
    WriteTextTable(standings, table, out);
  WriteTextTravellers(standings, out);
  WriteTextList("entries", standings.entries, out);
  if (!standings.not_counted.empty()) {
    out << "\nnot counted:\n";
    for (const league::NotCounted& item : standings.not_counted) {
      out << "  " << Printable(NotCountedLine(item)) << "\n";
    }
  }
  WriteTextList("notes", standings.notes, out);
}

std::string FormatStandingsText(const league::Standings& standings) {
  std::ostringstream out;
  WriteStandingsText(standings, out);
  return std::move(out).str();
}

std::string FormatStandingsMarkdown(const league::Standings& standings) {
  std::ostringstream out;
  WriteStandingsMarkdown(standings, out);
  return std::move(out).str();
}

void WriteStandingsMarkdown(const league::Standings& standings, std::ostream& out) {
  out << "# " << MarkdownCell(standings.league) << "\n\n";
  out << MarkdownList(HeadingLines(standings)) << MarkdownList(ProvenanceLines(standings));
  std::vector<std::string> warnings = WarningLines(standings);
  if (!warnings.empty()) out << "\n## Warnings\n\n" << MarkdownList(warnings);
  for (const league::StandingsTable& table : standings.tables) {
    WriteMarkdownTableSection(standings, table, out);
  }
  WriteMarkdownTravellers(standings, out);
  auto section = [&](const std::string& title, const std::vector<std::string>& lines) {
    if (lines.empty()) return;
    out << "\n## " << title << "\n\n";
    for (const std::string& line : lines) out << "- " << MarkdownCell(line) << "\n";
  };
  section("Entries", standings.entries);
  if (!standings.not_counted.empty()) {
    out << "\n## Not counted\n\n";
    for (const league::NotCounted& item : standings.not_counted) {
      out << "- " << MarkdownCode(item.source) << ": "
          << MarkdownCell(item.status + ": " + item.reason) << "\n";
    }
  }
  section("Notes", standings.notes);
}

}  // namespace referee::reports
