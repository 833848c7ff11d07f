// The grids every format of the standings shows, and the lines around them (standings_grids.h).
#include "reports/standings_grids.h"

#include <algorithm>

#include "referee/core/printable.h"

namespace referee::reports {
namespace {

std::string RankText(int rank, bool shared) { return std::to_string(rank) + (shared ? "=" : ""); }

std::string NameText(const league::StandingRow& row) {
  return row.withdrawn_after ? row.name + " (withdrawn after round " + *row.withdrawn_after + ")"
                             : row.name;
}

std::string PercentCell(const league::StandingRow& row) {
  std::optional<int64_t> hundredths = PercentageHundredths(row);
  return hundredths ? league::FormatHundredths(*hundredths) : "-";
}

std::string SignedPoints(int64_t units) {
  return (units >= 0 ? "+" : "") + league::FormatPoints(units);
}

void MakePrintable(Grid& grid) {
  for (auto& line : grid) {
    for (std::string& cell : line) cell = Printable(cell);
  }
}

// Opponents by their number in the table (1-based, in table order), by id when in another table.
std::string OpponentsText(const league::Standings& standings, const league::Meeting& meeting,
                          const league::StandingsTable& table) {
  std::string text;
  for (const league::Meeting::Opponent& opponent : OpponentsOf(standings, table, meeting)) {
    auto at = std::find_if(
        table.rows.begin(), table.rows.end(),
        [&](const league::StandingRow& row) { return row.entrant == opponent.entrant; });
    std::string shown =
        at == table.rows.end() ? opponent.entrant : std::to_string(at - table.rows.begin() + 1);
    text += (text.empty() ? "v " : ",") + shown;
  }
  return text;
}

// A place among several sides ("2nd="), else the result ("won").
std::string ResultText(const league::Meeting& meeting) {
  if (meeting.sides > 2) {
    return league::Ordinal(meeting.place + 1) + (meeting.shared_place ? "=" : "");
  }
  switch (meeting.outcome) {
    case league::Meeting::Outcome::kWon:
      return "won";
    case league::Meeting::Outcome::kDrew:
      return "drew";
    default:
      return "lost";
  }
}

std::string ScoreText(const league::Standings& standings, const league::Meeting& meeting) {
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
std::string MeetingKeyText(const league::Standings& standings, const league::Meeting& meeting,
                           const league::StandingsTable& table) {
  std::vector<std::string> parts;
  auto add = [&parts](const std::string& shown, const std::string& meaning) {
    if (!shown.empty()) parts.push_back(shown + " " + meaning);
  };
  bool pairs = SeatOf(standings, meeting).size() > 1;
  add(SeatOf(standings, meeting), pairs ? "the direction sat" : "the seat");
  add(ResultText(meeting),
      meeting.sides > 2 ? "the place (2nd= when shared)" : "the result (won, drew or lost)");
  const league::PlayedRecord* record = RecordOf(standings, meeting);
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

std::string WarningText(const league::Warning& warning) {
  std::string where = warning.place.path.empty() ? "" : " at " + warning.place.path;
  if (warning.place.line > 0) where += " (line " + std::to_string(warning.place.line) + ")";
  return warning.code + where + ": " + warning.message;
}

std::string MeetingText(const league::Standings& standings, const league::Meeting& meeting,
                        const league::StandingsTable& table) {
  std::string opponents = OpponentsText(standings, meeting, table);
  const league::PlayedRecord* record = RecordOf(standings, meeting);
  switch (meeting.kind) {
    case league::Meeting::Kind::kMatch:
      return JoinWords({SeatOf(standings, meeting), ResultText(meeting),
                        record ? record->Level() : "", ScoreText(standings, meeting),
                        SignedPoints(meeting.points), opponents});
    case league::Meeting::Kind::kForfeitWon:
      return JoinWords({"forfeit won", SignedPoints(meeting.points), opponents});
    case league::Meeting::Kind::kForfeitLost:
      return JoinWords({"forfeit lost", opponents});
    case league::Meeting::Kind::kBye:
      return "bye " + SignedPoints(meeting.points);
    case league::Meeting::Kind::kAdjustment:
      return "adjustment " + SignedPoints(meeting.points);
    case league::Meeting::Kind::kWithdrawal:
      return "withdrew";
  }
  return "";
}

std::vector<std::string> ResultColumns(const league::Standings& standings) {
  if (standings.duplicate) return {};
  std::vector<std::string> columns;
  for (int place = 1; place <= standings.placings; ++place) {
    columns.push_back(league::Ordinal(place));
  }
  if (standings.placings > 0) return columns;
  if (standings.shows_draws) return {"won", "drawn", "lost"};
  return {"won", "lost"};
}

namespace {

std::vector<std::string> ResultCells(const league::Standings& standings,
                                     const league::StandingRow& row) {
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

std::vector<league::TieBreak> TieBreakColumns(const league::Standings& standings) {
  std::vector<league::TieBreak> columns;
  for (const league::TieBreak& tie_break : standings.shown_tie_breaks) {
    bool as_played = tie_break.kind == league::TieBreak::Kind::kMatchesPlayed;
    bool as_won = tie_break.kind == league::TieBreak::Kind::kWins && !standings.duplicate;
    if (!as_played && !as_won) columns.push_back(tie_break);
  }
  return columns;
}

std::string PointsColumn(const league::Standings& standings) {
  return standings.duplicate ? "matchpoints" : "points";
}

Grid StandingsGrid(const league::Standings& standings, const league::StandingsTable& table) {
  std::vector<league::TieBreak> shown = TieBreakColumns(standings);
  std::vector<std::string> header = {"rank", "entrant", "name", "played"};
  for (std::string& column : ResultColumns(standings)) header.push_back(std::move(column));
  header.push_back(PointsColumn(standings));
  if (standings.duplicate) header.push_back("percentage");
  for (const league::TieBreak& tie_break : shown) header.emplace_back(TieBreakName(tie_break));
  Grid grid = {header};
  for (const league::StandingRow& row : table.rows) {
    std::vector<std::string> cells = {RankText(row.rank, row.shared), row.entrant, NameText(row),
                                      std::to_string(row.played)};
    for (std::string& cell : ResultCells(standings, row)) cells.push_back(std::move(cell));
    cells.push_back(league::FormatPoints(row.points));
    if (standings.duplicate) cells.push_back(PercentCell(row));
    for (const league::TieBreak& tie_break : shown) {
      cells.push_back(FormatTieBreakValue(tie_break, *TieBreakValue(tie_break, row)));
    }
    grid.push_back(std::move(cells));
  }
  MakePrintable(grid);
  return grid;
}

std::vector<std::string> TableKey(const league::Standings& standings) {
  std::string played = "played: matches, forfeits included";
  std::string results;
  if (standings.duplicate) {
    results =
        "matchpoints: on each board, 2 for every table that scored less in the same direction and "
        "1 for every table that scored the same (Neuberg's formula where fewer tables played it); "
        "percentage: of the most that could be made on the boards played";
  } else if (standings.placings > 0) {
    results = "1st to " + league::Ordinal(standings.placings) +
              ": matches finished in each place, a shared place under the place shared; a forfeit "
              "counts as 1st for those it went to and as " +
              league::Ordinal(standings.placings) + " for the one that gave it";
  } else {
    results = std::string(standings.shows_draws ? "won, drawn, lost" : "won, lost") +
              ": matches, forfeits included";
  }
  std::vector<std::string> lines = {played, results};
  for (const league::TieBreak& tie_break : standings.shown_tie_breaks) {
    if (tie_break.kind == league::TieBreak::Kind::kWins && !standings.duplicate) {
      lines.push_back(std::string("the tie-break wins is the ") +
                      (standings.placings > 0 ? "1st" : "won") + " column");
    }
  }
  return lines;
}

std::string CrossTableKey(const league::Standings& standings, const league::StandingsTable& table) {
  for (const league::StandingRow& row : table.rows) {
    for (const league::Meeting& meeting : row.meetings) {
      if (meeting.kind != league::Meeting::Kind::kMatch ||
          RecordOf(standings, meeting) == nullptr) {
        continue;
      }
      return "\"" + MeetingText(standings, meeting, table) +
             "\" reads: " + MeetingKeyText(standings, meeting, table);
    }
  }
  return "";
}

Grid RankByRoundGrid(const league::Standings& standings, const league::StandingsTable& table) {
  Grid grid = {{"entrant"}};
  for (const std::string& round : standings.rounds) grid[0].push_back("round " + round);
  for (const league::StandingRow& row : table.rows) {
    std::vector<std::string> cells = {row.entrant};
    for (size_t r = 0; r < row.rank_by_round.size() && r < row.by_round.size(); ++r) {
      const league::RoundRank& rank = row.rank_by_round[r];
      cells.push_back(RankText(rank.rank, rank.shared) + " (" +
                      league::FormatPoints(row.by_round[r]) + ")");
    }
    grid.push_back(std::move(cells));
  }
  MakePrintable(grid);
  return grid;
}

size_t CrossTableColumns(const league::Standings& standings) { return standings.rounds.size() + 3; }

GridRows CrossTableRows(const league::Standings& standings, const league::StandingsTable& table) {
  return [&standings, &table](const std::function<void(const GridRow&)>& each) {
    GridRow header = {"no", "entrant"};
    for (const std::string& round : standings.rounds) header.push_back(Printable("round " + round));
    header.push_back("points");
    each(header);
    for (size_t i = 0; i < table.rows.size(); ++i) {
      const league::StandingRow& row = table.rows[i];
      GridRow cells = {std::to_string(i + 1), Printable(row.entrant)};
      for (const std::string& round : standings.rounds) {
        std::string cell;
        for (const league::Meeting& meeting : row.meetings) {
          if (RoundOf(standings, meeting) != round) continue;
          if (!cell.empty()) cell += "; ";
          // Each meeting made Printable as it is added, not the whole cell again at the end:
          // "; " is ASCII, so the pieces escape as the whole would.
          cell += Printable(MeetingText(standings, meeting, table));
        }
        cells.push_back(cell.empty() ? std::string("-") : std::move(cell));
      }
      cells.push_back(league::FormatPoints(row.points));
      each(cells);
    }
  };
}

Grid TravellerGrid(const league::Traveller& traveller) {
  Grid grid = {{"table", "round", "record"}};
  for (const std::string& direction : traveller.directions) {
    grid[0].insert(grid[0].end(), {direction, direction + " score", direction + " MP"});
  }
  for (const league::TravellerLine& line : traveller.lines) {
    std::vector<std::string> cells = {line.table.empty() ? "-" : line.table, line.round,
                                      line.source};
    for (size_t side = 0; side < traveller.directions.size(); ++side) {
      cells.insert(cells.end(), {line.entrants[side], std::to_string(line.scores[side]),
                                 league::FormatPoints(line.matchpoints[side])});
    }
    grid.push_back(std::move(cells));
  }
  MakePrintable(grid);
  return grid;
}

std::string TravellerTitle(const league::Traveller& traveller) {
  std::string title = "board " + std::to_string(traveller.board) + " of seed '" + traveller.seed +
                      "': " + std::to_string(traveller.tables) +
                      (traveller.tables == 1 ? " table, top " : " tables, top ") +
                      league::FormatPoints(traveller.top);
  if (traveller.tables < traveller.expected) {
    title += " (" + std::to_string(traveller.expected) +
             " tables expected: matchpoints scaled by Neuberg's formula)";
  }
  return title;
}

std::vector<std::string> HeadingLines(const league::Standings& standings) {
  std::string tie_breaks, rounds;
  for (const league::TieBreak& tie_break : standings.tie_breaks) {
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

std::vector<std::string> ProvenanceLines(const league::Standings& standings) {
  const league::Provenance& provenance = standings.provenance;
  std::string counted =
      "the league file and " + std::to_string(provenance.records.size()) + " records counted";
  std::string inputs = provenance.inputs
                           ? "sha256 " + HexDigest(*provenance.inputs) + " (" + counted + ")"
                           : "no digest (" + counted + ": a text was not given)";
  return {"made by: " + (provenance.referee.empty() ? "referee" : provenance.referee),
          "inputs: " + inputs};
}

}  // namespace referee::reports
