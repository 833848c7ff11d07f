// The standings as CSV (RFC 4180), in sections (standings_output.h), guarded against formulas.
#include <algorithm>
#include <ostream>
#include <sstream>

#include "reports/standings_grids.h"
#include "reports/standings_output.h"
#include "reports/table_text.h"

namespace referee::reports {
namespace {

using Row = std::vector<std::string>;

std::string JoinIds(const std::vector<std::string>& ids) {
  std::string text;
  for (const std::string& id : ids) text += (text.empty() ? "" : " ") + id;
  return text;
}

std::string ScoreText(const league::Standings& standings, const league::Meeting& meeting) {
  std::optional<int64_t> score = ScoreOf(standings, meeting);
  return score ? std::to_string(*score) : "";
}

const char* OutcomeWord(league::Meeting::Outcome outcome) {
  return outcome == league::Meeting::Outcome::kWon    ? "won"
         : outcome == league::Meeting::Outcome::kDrew ? "drew"
         : outcome == league::Meeting::Outcome::kLost ? "lost"
                                                      : "";
}

// The standings tables: one header, then one line per entrant per table.
std::string TablesSection(const league::Standings& standings) {
  std::string text;
  for (const league::StandingsTable& table : standings.tables) {
    Grid grid = StandingsGrid(standings, table);
    for (size_t r = 0; r < grid.size(); ++r) {
      if (r == 0 && !text.empty()) continue;  // one header for every table
      Row cells = {r == 0 ? "table" : table.Title()};
      cells.insert(cells.end(), grid[r].begin(), grid[r].end());
      if (r > 0) {
        const league::StandingRow& row = table.rows[r - 1];
        cells[1] = std::to_string(row.rank);  // the shared mark has its own column in JSON
        cells[3] = row.name;                  // the withdrawal has its column
      }
      cells.push_back(r == 0 ? "withdrawn_after" : table.rows[r - 1].withdrawn_after.value_or(""));
      if (standings.lots) {
        const std::optional<Sha256Digest>& lot = r == 0 ? std::nullopt : table.rows[r - 1].lot;
        cells.push_back(r == 0 ? "lot" : lot ? HexDigest(*lot) : "");
      }
      text += CsvLine(cells);
    }
  }
  return text;
}

std::string RankByRoundSection(const league::Standings& standings) {
  std::string text =
      CsvLine({"rank_by_round", "table", "entrant", "round", "rank", "shared", "points"});
  for (const league::StandingsTable& table : standings.tables) {
    for (const league::StandingRow& row : table.rows) {
      for (size_t r = 0; r < row.rank_by_round.size() && r < standings.rounds.size(); ++r) {
        const league::RoundRank& rank = row.rank_by_round[r];
        text += CsvLine({"rank_by_round", table.Title(), row.entrant, standings.rounds[r],
                         std::to_string(rank.rank), rank.shared ? "true" : "false",
                         league::FormatPoints(row.by_round[r])});
      }
    }
  }
  return text;
}

// A line per meeting: written as made, never held whole.
void WriteCrossTableSection(const league::Standings& standings, std::ostream& out) {
  out << CsvLine({"cross_table", "table", "entrant", "round", "kind", "record", "at_table", "seat",
                  "opponents", "place", "result", "level", "score", "points", "reason"});
  for (const league::StandingsTable& table : standings.tables) {
    for (const league::StandingRow& row : table.rows) {
      for (const league::Meeting& meeting : row.meetings) {
        bool match = meeting.kind == league::Meeting::Kind::kMatch;
        const league::PlayedRecord* record = RecordOf(standings, meeting);
        out << CsvLine({"cross_table", table.Title(), row.entrant, RoundOf(standings, meeting),
                        std::string(MeetingKindName(meeting.kind)), record ? record->source : "",
                        record ? record->Table() : "", SeatOf(standings, meeting),
                        JoinIds(OpponentIdsOf(standings, table, meeting)),
                        match ? std::to_string(meeting.place + 1) : "",
                        OutcomeWord(meeting.outcome), record ? record->Level() : "",
                        ScoreText(standings, meeting), league::FormatPoints(meeting.points),
                        ReasonOf(standings, meeting)});
      }
    }
  }
}

void WriteTravellerSection(const league::Standings& standings, std::ostream& out) {
  out << CsvLine({"traveller", "seed", "board", "tables", "expected", "top", "record", "at_table",
                  "round", "direction", "entrants", "score", "matchpoints"});
  for (const league::Traveller& traveller : standings.travellers) {
    for (const league::TravellerLine& line : traveller.lines) {
      for (size_t side = 0; side < traveller.directions.size(); ++side) {
        out << CsvLine({"traveller", traveller.seed, std::to_string(traveller.board),
                        std::to_string(traveller.tables), std::to_string(traveller.expected),
                        league::FormatPoints(traveller.top), line.source, line.table, line.round,
                        traveller.directions[side], line.entrants[side],
                        std::to_string(line.scores[side]),
                        league::FormatPoints(line.matchpoints[side])});
      }
    }
  }
}

void WriteProvenanceSection(const league::Standings& standings, std::ostream& out) {
  const league::Provenance& provenance = standings.provenance;
  auto hex = [](const std::optional<Sha256Digest>& digest) {
    return digest ? HexDigest(*digest) : "";
  };
  out << CsvLine({"provenance", "item", "value", "source"});
  out << CsvLine({"provenance", "referee", provenance.referee, ""});
  out << CsvLine({"provenance", "inputs", hex(provenance.inputs), ""});
  out << CsvLine({"provenance", "league", hex(provenance.league), ""});
  for (size_t index : provenance.records) {
    const league::PlayedRecord& record = standings.records[index];
    out << CsvLine({"provenance", "record", hex(record.text_digest), record.source});
  }
}

}  // namespace

void WriteStandingsCsv(const league::Standings& standings, std::ostream& out) {
  out << TablesSection(standings);
  if (!standings.rounds.empty()) {
    out << "\n" << RankByRoundSection(standings) << "\n";
    WriteCrossTableSection(standings, out);
  }
  if (!standings.travellers.empty()) {
    out << "\n";
    WriteTravellerSection(standings, out);
  }
  out << "\n";
  WriteProvenanceSection(standings, out);
}

std::string FormatStandingsCsv(const league::Standings& standings) {
  std::ostringstream out;
  WriteStandingsCsv(standings, out);
  return std::move(out).str();
}

}  // namespace referee::reports
