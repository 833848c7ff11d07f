// The grids every format shows (standings, rank after each round, cross-table, travellers), and
// the text and Markdown reports built from them.
#include "reports/standings_output.h"

#include <algorithm>
#include <sstream>

#include "reports/standings_internal.h"
#include "reports/text_columns.h"

namespace referee::reports {
namespace {

std::string RankText(int rank, bool shared) { return std::to_string(rank) + (shared ? "=" : ""); }

std::string NameText(const StandingRow& row) {
  return row.withdrawn_after ? row.name + " (withdrawn after round " + *row.withdrawn_after + ")"
                             : row.name;
}

std::string PercentCell(const StandingRow& row) {
  std::optional<int64_t> hundredths = PercentageHundredths(row);
  return hundredths ? FormatHundredths(*hundredths) : "-";
}

std::string SignedPoints(int64_t units) { return (units >= 0 ? "+" : "") + FormatPoints(units); }

void MakePrintable(Grid& grid) {
  for (auto& line : grid) {
    for (std::string& cell : line) cell = Printable(cell);
  }
}

// Opponents by their number in the table (1-based, in table order), by id when in another table.
std::string OpponentsText(const Standings& standings, const Meeting& meeting,
                          const StandingsTable& table) {
  std::string text;
  for (const Meeting::Opponent& opponent : OpponentsOf(standings, table, meeting)) {
    auto at = std::find_if(table.rows.begin(), table.rows.end(),
                           [&](const StandingRow& row) { return row.entrant == opponent.entrant; });
    std::string shown =
        at == table.rows.end() ? opponent.entrant : std::to_string(at - table.rows.begin() + 1);
    text += (text.empty() ? "v " : ",") + shown;
  }
  return text;
}

// A place among several sides ("2nd="), else the result ("won").
std::string ResultText(const Meeting& meeting) {
  if (meeting.sides > 2) {
    return internal::Ordinal(meeting.place + 1) + (meeting.shared_place ? "=" : "");
  }
  switch (meeting.outcome) {
    case Meeting::Outcome::kWon:
      return "won";
    case Meeting::Outcome::kDrew:
      return "drew";
    default:
      return "lost";
  }
}

std::string ScoreText(const Standings& standings, const Meeting& meeting) {
  std::optional<int64_t> score = ScoreOf(standings, meeting);
  if (!score) return "";
  std::string text = std::to_string(*score);
  std::vector<int64_t> others = OtherScoresOf(standings, meeting);
  if (others.size() == 1) text += "-" + std::to_string(others[0]);
  return text;
}

std::string JoinWords(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : words) {
    if (!word.empty()) text += (text.empty() ? "" : " ") + word;
  }
  return text;
}

// What each part of a match's cell says: "N the seat, 1st the place (2nd= when shared), ...".
std::string MeetingKeyText(const Standings& standings, const Meeting& meeting,
                           const StandingsTable& table) {
  std::vector<std::string> parts;
  auto add = [&parts](const std::string& shown, const std::string& meaning) {
    if (!shown.empty()) parts.push_back(shown + " " + meaning);
  };
  bool pairs = SeatOf(standings, meeting).size() > 1;
  add(SeatOf(standings, meeting), pairs ? "the direction sat" : "the seat");
  add(ResultText(meeting),
      meeting.sides > 2 ? "the place (2nd= when shared)" : "the result (won, drew or lost)");
  const PlayedRecord* record = RecordOf(standings, meeting);
  add(record ? record->Level() : "", "the level");
  std::string score = ScoreText(standings, meeting);
  add(score, OtherScoresOf(standings, meeting).size() == 1 ? "the score, the opponents' after it"
                                                           : "the score");
  add(SignedPoints(meeting.points),
      standings.duplicate ? "the matchpoints it made" : "the points it gave");
  add(OpponentsText(standings, meeting, table),
      "the opponents, by their number in this table (by id when ranked in another)");
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : ", ") + part;
  return text;
}

}  // namespace

std::string WarningText(const Warning& warning) {
  std::string where = warning.place.path.empty() ? "" : " at " + warning.place.path;
  if (warning.place.line > 0) where += " (line " + std::to_string(warning.place.line) + ")";
  return warning.code + where + ": " + warning.message;
}

std::string MeetingText(const Standings& standings, const Meeting& meeting,
                        const StandingsTable& table) {
  std::string opponents = OpponentsText(standings, meeting, table);
  const PlayedRecord* record = RecordOf(standings, meeting);
  switch (meeting.kind) {
    case Meeting::Kind::kMatch:
      return JoinWords({SeatOf(standings, meeting), ResultText(meeting),
                        record ? record->Level() : "", ScoreText(standings, meeting),
                        SignedPoints(meeting.points), opponents});
    case Meeting::Kind::kForfeitWon:
      return JoinWords({"forfeit won", SignedPoints(meeting.points), opponents});
    case Meeting::Kind::kForfeitLost:
      return JoinWords({"forfeit lost", opponents});
    case Meeting::Kind::kBye:
      return "bye " + SignedPoints(meeting.points);
    case Meeting::Kind::kAdjustment:
      return "adjustment " + SignedPoints(meeting.points);
    case Meeting::Kind::kWithdrawal:
      return "withdrew";
  }
  return "";
}

std::vector<std::string> ResultColumns(const Standings& standings) {
  if (standings.duplicate) return {};
  std::vector<std::string> columns;
  for (int place = 1; place <= standings.placings; ++place) {
    columns.push_back(internal::Ordinal(place));
  }
  if (standings.placings > 0) return columns;
  if (standings.shows_draws) return {"won", "drawn", "lost"};
  return {"won", "lost"};
}

namespace {

std::vector<std::string> ResultCells(const Standings& standings, const StandingRow& row) {
  if (standings.duplicate) return {};
  std::vector<std::string> cells;
  for (int place = 0; place < standings.placings; ++place) {
    bool placed = static_cast<size_t>(place) < row.placings.size();
    cells.push_back(std::to_string(placed ? row.placings[place] : 0));
  }
  if (standings.placings > 0) return cells;
  cells.push_back(std::to_string(row.won));
  if (standings.shows_draws) cells.push_back(std::to_string(row.drawn));
  cells.push_back(std::to_string(row.lost));
  return cells;
}

}  // namespace

std::vector<TieBreak> TieBreakColumns(const Standings& standings) {
  std::vector<TieBreak> columns;
  for (const TieBreak& tie_break : standings.shown_tie_breaks) {
    bool as_played = tie_break.kind == TieBreak::Kind::kMatchesPlayed;
    bool as_won = tie_break.kind == TieBreak::Kind::kWins && !standings.duplicate;
    if (!as_played && !as_won) columns.push_back(tie_break);
  }
  return columns;
}

std::string PointsColumn(const Standings& standings) {
  return standings.duplicate ? "matchpoints" : "points";
}

Grid StandingsGrid(const Standings& standings, const StandingsTable& table) {
  std::vector<TieBreak> shown = TieBreakColumns(standings);
  std::vector<std::string> header = {"rank", "entrant", "name", "played"};
  for (std::string& column : ResultColumns(standings)) header.push_back(std::move(column));
  header.push_back(PointsColumn(standings));
  if (standings.duplicate) header.push_back("percentage");
  for (const TieBreak& tie_break : shown) header.emplace_back(TieBreakName(tie_break));
  Grid grid = {header};
  for (const StandingRow& row : table.rows) {
    std::vector<std::string> cells = {RankText(row.rank, row.shared), row.entrant, NameText(row),
                                      std::to_string(row.played)};
    for (std::string& cell : ResultCells(standings, row)) cells.push_back(std::move(cell));
    cells.push_back(FormatPoints(row.points));
    if (standings.duplicate) cells.push_back(PercentCell(row));
    for (const TieBreak& tie_break : shown) {
      cells.push_back(FormatTieBreakValue(tie_break, *TieBreakValue(tie_break, row)));
    }
    grid.push_back(std::move(cells));
  }
  MakePrintable(grid);
  return grid;
}

std::vector<std::string> TableKey(const Standings& standings) {
  std::string played = "played: matches, forfeits included";
  std::string results;
  if (standings.duplicate) {
    results =
        "matchpoints: on each board, 2 for every table that scored less in the same direction and "
        "1 for every table that scored the same (Neuberg's formula where fewer tables played it); "
        "percentage: of the most that could be made on the boards played";
  } else if (standings.placings > 0) {
    results = "1st to " + internal::Ordinal(standings.placings) +
              ": matches finished in each place, a shared place under the place shared; a forfeit "
              "counts as 1st for those it went to and as " +
              internal::Ordinal(standings.placings) + " for the one that gave it";
  } else {
    results = std::string(standings.shows_draws ? "won, drawn, lost" : "won, lost") +
              ": matches, forfeits included";
  }
  std::vector<std::string> lines = {played, results};
  for (const TieBreak& tie_break : standings.shown_tie_breaks) {
    if (tie_break.kind == TieBreak::Kind::kWins && !standings.duplicate) {
      lines.push_back(std::string("the tie-break wins is the ") +
                      (standings.placings > 0 ? "1st" : "won") + " column");
    }
  }
  return lines;
}

std::string CrossTableKey(const Standings& standings, const StandingsTable& table) {
  for (const StandingRow& row : table.rows) {
    for (const Meeting& meeting : row.meetings) {
      if (meeting.kind != Meeting::Kind::kMatch || RecordOf(standings, meeting) == nullptr) {
        continue;
      }
      return "\"" + MeetingText(standings, meeting, table) +
             "\" reads: " + MeetingKeyText(standings, meeting, table);
    }
  }
  return "";
}

Grid RankByRoundGrid(const Standings& standings, const StandingsTable& table) {
  Grid grid = {{"entrant"}};
  for (const std::string& round : standings.rounds) grid[0].push_back("round " + round);
  for (const StandingRow& row : table.rows) {
    std::vector<std::string> cells = {row.entrant};
    for (size_t r = 0; r < row.rank_by_round.size() && r < row.by_round.size(); ++r) {
      const RoundRank& rank = row.rank_by_round[r];
      cells.push_back(RankText(rank.rank, rank.shared) + " (" + FormatPoints(row.by_round[r]) +
                      ")");
    }
    grid.push_back(std::move(cells));
  }
  MakePrintable(grid);
  return grid;
}

GridRows RowsOf(const Grid& grid) {
  return [&grid](const std::function<void(const GridRow&)>& each) {
    for (const GridRow& row : grid) each(row);
  };
}

size_t CrossTableColumns(const Standings& standings) { return standings.rounds.size() + 3; }

GridRows CrossTableRows(const Standings& standings, const StandingsTable& table) {
  return [&standings, &table](const std::function<void(const GridRow&)>& each) {
    GridRow header = {"no", "entrant"};
    for (const std::string& round : standings.rounds) header.push_back(Printable("round " + round));
    header.push_back("points");
    each(header);
    for (size_t i = 0; i < table.rows.size(); ++i) {
      const StandingRow& row = table.rows[i];
      GridRow cells = {std::to_string(i + 1), Printable(row.entrant)};
      for (const std::string& round : standings.rounds) {
        std::string cell;
        for (const Meeting& meeting : row.meetings) {
          if (RoundOf(standings, meeting) != round) continue;
          if (!cell.empty()) cell += "; ";
          // Each meeting made Printable as it is added, not the whole cell again at the end:
          // "; " is ASCII, so the pieces escape as the whole would.
          cell += Printable(MeetingText(standings, meeting, table));
        }
        cells.push_back(cell.empty() ? std::string("-") : std::move(cell));
      }
      cells.push_back(FormatPoints(row.points));
      each(cells);
    }
  };
}

Grid TravellerGrid(const Traveller& traveller) {
  Grid grid = {{"table", "round", "record"}};
  for (const std::string& direction : traveller.directions) {
    grid[0].insert(grid[0].end(), {direction, direction + " score", direction + " MP"});
  }
  for (const TravellerLine& line : traveller.lines) {
    std::vector<std::string> cells = {line.table.empty() ? "-" : line.table, line.round,
                                      line.source};
    for (size_t side = 0; side < traveller.directions.size(); ++side) {
      cells.insert(cells.end(), {line.entrants[side], std::to_string(line.scores[side]),
                                 FormatPoints(line.matchpoints[side])});
    }
    grid.push_back(std::move(cells));
  }
  MakePrintable(grid);
  return grid;
}

std::string TravellerTitle(const Traveller& traveller) {
  std::string title = "board " + std::to_string(traveller.board) + " of seed '" + traveller.seed +
                      "': " + std::to_string(traveller.tables) +
                      (traveller.tables == 1 ? " table, top " : " tables, top ") +
                      FormatPoints(traveller.top);
  if (traveller.tables < traveller.expected) {
    title += " (" + std::to_string(traveller.expected) +
             " tables expected: matchpoints scaled by Neuberg's formula)";
  }
  return title;
}

std::vector<std::string> HeadingLines(const Standings& standings) {
  std::string tie_breaks, rounds;
  for (const TieBreak& tie_break : standings.tie_breaks) {
    tie_breaks += (tie_breaks.empty() ? "" : ", ") + std::string(TieBreakName(tie_break));
  }
  for (const std::string& round : standings.rounds) rounds += (rounds.empty() ? "" : ", ") + round;
  std::vector<std::string> lines = {"scheme: " + standings.scheme,
                                    "tie-breaks: " + (tie_breaks.empty() ? "none" : tie_breaks)};
  if (standings.lots) {
    lines.push_back(
        "lots: drawn from the seed '" + standings.lots->seed + "' for " +
        (standings.lots->first_place_only ? "a shared first place" : "every place still shared"));
  }
  lines.push_back("records: " + std::to_string(standings.records_counted) + " counted, " +
                  std::to_string(standings.not_counted.size()) +
                  " not counted; rounds: " + (rounds.empty() ? "none" : rounds));
  if (standings.after_round) {
    lines.push_back("as of round " + *standings.after_round + " of " +
                    std::to_string(standings.season_rounds.size()) + ": " +
                    std::to_string(standings.later_records) + " records of later rounds left out");
  }
  return lines;
}

std::vector<std::string> ProvenanceLines(const Standings& standings) {
  const Provenance& provenance = standings.provenance;
  std::string counted =
      "the league file and " + std::to_string(provenance.records.size()) + " records counted";
  std::string inputs = provenance.inputs
                           ? "sha256 " + HexDigest(*provenance.inputs) + " (" + counted + ")"
                           : "no digest (" + counted + ": a text was not given)";
  return {"made by: " + (provenance.referee.empty() ? "referee" : provenance.referee),
          "inputs: " + inputs};
}

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

// The widest cell of each column, `width` of each cell counting its display columns.
template <typename Width>
std::vector<size_t> ColumnWidths(const GridRows& rows, size_t columns, size_t at_least,
                                 Width width) {
  std::vector<size_t> widths(columns, at_least);
  rows([&](const GridRow& line) {
    for (size_t c = 0; c < line.size() && c < widths.size(); ++c) {
      widths[c] = std::max(widths[c], width(line[c]));
    }
  });
  return widths;
}

// A line set cell by cell straight into `out`: a cross-table's cell holds every meeting of a
// round (megabytes in a league of 100,000 records) and is not copied into a line. Spaces are held
// back until text follows them, so that a line ends without the spaces that pad its last cells.
class LineOut {
 public:
  explicit LineOut(std::ostream& out) : out_(out) {}

  void Spaces(size_t count) { held_ += count; }
  void Text(std::string_view text) {
    size_t last = text.find_last_not_of(' ');
    if (last == std::string_view::npos) {
      held_ += text.size();
      return;
    }
    static const std::string kSpaces(64, ' ');
    for (size_t n; held_ > 0; held_ -= n) {
      n = std::min(held_, kSpaces.size());
      out_.write(kSpaces.data(), static_cast<std::streamsize>(n));
    }
    out_.write(text.data(), static_cast<std::streamsize>(last + 1));
    held_ = text.size() - last - 1;
  }
  // `write` writes a cell of `shown` display columns through Text, padded to `width`.
  template <typename Write>
  void Padded(size_t shown, size_t width, Align align, Write write) {
    size_t pad = width > shown ? width - shown : 0;
    if (align == Align::kRight) Spaces(pad);
    write();
    if (align == Align::kLeft) Spaces(pad);
  }
  void End() {
    held_ = 0;
    out_.put('\n');
  }

 private:
  std::ostream& out_;
  size_t held_ = 0;
};

// Written a row at a time, each cell straight to `out` as Printable shows it: each copy of a
// cross-table's cell counted in the peak memory of `referee standings`.
void WriteAlignedGrid(const GridRows& rows, const std::vector<Align>& aligns, std::ostream& out) {
  auto width = [](const std::string& cell) { return DisplayWidth(cell); };
  std::vector<size_t> widths = ColumnWidths(rows, aligns.size(), 0, width);
  LineOut line(out);
  auto write = [&line](std::string_view cell) {
    ForEachPrintablePiece(cell, [&line](std::string_view piece) { line.Text(piece); });
  };
  rows([&](const GridRow& cells) {
    for (size_t c = 0; c < cells.size() && c < widths.size(); ++c) {
      if (c > 0) line.Spaces(2);
      line.Padded(width(cells[c]), widths[c], aligns[c], [&] { write(cells[c]); });
    }
    line.End();
  });
}

void WriteAlignedGrid(const Grid& grid, const std::vector<Align>& aligns, std::ostream& out) {
  WriteAlignedGrid(RowsOf(grid), aligns, out);
}

std::string NotCountedLine(const NotCounted& item) {
  return item.source + ": " + item.status + ": " + item.reason;
}

std::vector<std::string> WarningLines(const Standings& standings) {
  std::vector<std::string> lines;
  for (const Warning& warning : standings.warnings) lines.push_back(WarningText(warning));
  return lines;
}

// Each line Printable: a line break or an escape sequence in a name cannot start a forged line.
void WriteTextList(const std::string& title, const std::vector<std::string>& lines,
                   std::ostream& out) {
  if (lines.empty()) return;
  out << "\n" << title << ":\n";
  for (const std::string& line : lines) out << "  " << Printable(line) << "\n";
}

void WriteTextTable(const Standings& standings, const StandingsTable& table, std::ostream& out) {
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

void WriteTextTravellers(const Standings& standings, std::ostream& out) {
  if (standings.travellers.empty()) return;
  out << "\ntravellers\n";
  for (const Traveller& traveller : standings.travellers) {
    Grid grid = TravellerGrid(traveller);
    out << "\n" << Printable(TravellerTitle(traveller)) << ":\n";
    WriteAlignedGrid(grid, TravellerAligns(grid[0].size()), out);
  }
}

// The characters Markdown would act on in a table cell.
constexpr std::string_view kMarkdownSpecials = "\\`*_[]<>&|";

// Printable text with the characters Markdown would act on escaped by a backslash, handed to
// `write` a piece at a time, so that a table measures and writes a cell without making it whole.
void ForEachMarkdownPiece(std::string_view cell,
                          const std::function<void(std::string_view)>& write) {
  ForEachPrintablePiece(cell, [&write](std::string_view piece) {
    for (size_t special; (special = piece.find_first_of(kMarkdownSpecials)) != piece.npos;) {
      write(piece.substr(0, special));
      write("\\");
      write(piece.substr(special, 1));
      piece.remove_prefix(special + 1);
    }
    write(piece);
  });
}

}  // namespace

std::string AlignedTable(const Grid& grid, const std::vector<Align>& aligns) {
  std::ostringstream out;
  WriteAlignedGrid(grid, aligns, out);
  return std::move(out).str();
}

// The same as a string: a name cannot end a table cell, open a link or emphasis, or become raw
// HTML.
std::string MarkdownCell(const std::string& cell) {
  std::string escaped;
  ForEachMarkdownPiece(cell, [&escaped](std::string_view piece) { escaped.append(piece); });
  return escaped;
}

// A code span that no backtick inside can close early: the fence is longer than any run of
// backticks in the text (CommonMark).
std::string MarkdownCode(const std::string& text) {
  std::string shown = Printable(text);
  size_t longest = 0;
  for (size_t run = 0, i = 0; i < shown.size(); ++i) {
    run = shown[i] == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  std::string fence(longest + 1, '`');
  std::string pad = longest > 0 ? " " : "";
  return fence + pad + shown + pad + fence;
}

// A Markdown table whose source lines up as well: cells padded to their column's display width,
// and the rule under the header as wide (at least three dashes, CommonMark).
void WriteMarkdownTable(const GridRows& rows, const std::vector<Align>& aligns, std::ostream& out) {
  auto width = [](const std::string& cell) {
    size_t columns = 0;
    ForEachMarkdownPiece(cell,
                         [&columns](std::string_view piece) { columns += DisplayWidth(piece); });
    return columns;
  };
  std::vector<size_t> widths = ColumnWidths(rows, aligns.size(), 3, width);
  LineOut line(out);
  auto write_escaped = [&](std::string_view cell) {
    ForEachMarkdownPiece(cell, [&line](std::string_view piece) { line.Text(piece); });
  };
  bool header = true;
  rows([&](const GridRow& cells) {
    line.Text("|");
    for (size_t c = 0; c < cells.size() && c < widths.size(); ++c) {
      line.Spaces(1);
      line.Padded(width(cells[c]), widths[c], aligns[c], [&] { write_escaped(cells[c]); });
      line.Text(" |");
    }
    line.End();
    if (!header) return;
    header = false;
    std::string rule = "|";
    for (size_t c = 0; c < widths.size(); ++c) {
      bool left = aligns[c] == Align::kLeft;
      rule += std::string(widths[c] + (left ? 2 : 1), '-') + (left ? "|" : ":|");
    }
    out << rule << "\n";
  });
}

std::string MarkdownTable(const Grid& grid, const std::vector<Align>& aligns) {
  std::ostringstream out;
  WriteMarkdownTable(RowsOf(grid), aligns, out);
  return std::move(out).str();
}

std::string MarkdownList(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += "- " + MarkdownCell(line) + "\n";
  return text;
}

namespace {

void WriteMarkdownTableSection(const Standings& standings, const StandingsTable& table,
                               std::ostream& out) {
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

void WriteMarkdownTravellers(const Standings& standings, std::ostream& out) {
  if (standings.travellers.empty()) return;
  out << "\n## Travellers\n";
  for (const Traveller& traveller : standings.travellers) {
    Grid grid = TravellerGrid(traveller);
    std::vector<Align> aligns = TravellerAligns(grid[0].size());
    out << "\n### " << MarkdownCell(TravellerTitle(traveller)) << "\n\n";
    WriteMarkdownTable(RowsOf(grid), aligns, out);
  }
}

}  // namespace

void WriteStandingsText(const Standings& standings, std::ostream& out) {
  out << Printable(standings.league) << " (" << standings.game << ")\n";
  for (const std::string& line : HeadingLines(standings)) out << Printable(line) << "\n";
  for (const std::string& line : ProvenanceLines(standings)) out << Printable(line) << "\n";
  WriteTextList("warnings", WarningLines(standings), out);
  for (const StandingsTable& table : standings.tables) WriteTextTable(standings, table, out);
  WriteTextTravellers(standings, out);
  WriteTextList("entries", standings.entries, out);
  if (!standings.not_counted.empty()) {
    out << "\nnot counted:\n";
    for (const NotCounted& item : standings.not_counted) {
      out << "  " << Printable(NotCountedLine(item)) << "\n";
    }
  }
  WriteTextList("notes", standings.notes, out);
}

std::string FormatStandingsText(const Standings& standings) {
  std::ostringstream out;
  WriteStandingsText(standings, out);
  return std::move(out).str();
}

std::string FormatStandingsMarkdown(const Standings& standings) {
  std::ostringstream out;
  WriteStandingsMarkdown(standings, out);
  return std::move(out).str();
}

void WriteStandingsMarkdown(const Standings& standings, std::ostream& out) {
  out << "# " << MarkdownCell(standings.league) << "\n\n";
  out << MarkdownList(HeadingLines(standings)) << MarkdownList(ProvenanceLines(standings));
  std::vector<std::string> warnings = WarningLines(standings);
  if (!warnings.empty()) out << "\n## Warnings\n\n" << MarkdownList(warnings);
  for (const StandingsTable& table : standings.tables) {
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
    for (const NotCounted& item : standings.not_counted) {
      out << "- " << MarkdownCode(item.source) << ": "
          << MarkdownCell(item.status + ": " + item.reason) << "\n";
    }
  }
  section("Notes", standings.notes);
}

}  // namespace referee::reports
