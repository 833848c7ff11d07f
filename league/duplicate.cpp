#include "league/duplicate.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "league/standings_internal.h"

namespace referee::league {

int64_t Matchpoints(const std::vector<int64_t>& sorted, int64_t score) {
  auto [below, above] = std::equal_range(sorted.begin(), sorted.end(), score);
  return 2 * (below - sorted.begin()) + (above - below - 1);
}

int64_t NeubergUnits(int64_t matchpoints, int tables, int expected) {
  if (tables <= 0) return 0;
  int64_t scaled = (matchpoints + 1) * expected * kPointUnit;
  int64_t units = scaled / tables;
  if (2 * (scaled % tables) >= tables) ++units;  // half up: exact up to 12 tables anyway
  return units - kPointUnit;
}

namespace {

using BoardId = std::pair<std::string, int>;  // seed, board

// Each seeded board's results, side by side, in record (source) order.
std::map<BoardId, std::vector<BoardSide>> ResultsByBoard(
    const std::vector<const PlayedRecord*>& matches) {
  std::map<BoardId, std::vector<BoardSide>> boards;
  for (const PlayedRecord* match : matches) {
    if (!match->deals) continue;
    for (const PlayedBoard& board : match->deals->boards) {
      std::vector<BoardSide>& results = boards[{match->deals->seed, board.board}];
      for (size_t side = 0; side < board.points.size() && side < match->sides.size(); ++side) {
        results.push_back({match, side, board.points[side], 0});
      }
    }
  }
  return boards;
}

int TablesOf(const std::vector<BoardSide>& results) {
  std::set<const PlayedRecord*> tables;
  for (const BoardSide& result : results) tables.insert(result.match);
  return static_cast<int>(tables.size());
}

// Each direction's results compared among themselves, scaled to the expected number of tables.
void ScoreDirections(ScoredBoard& board) {
  std::map<size_t, std::vector<int64_t>> sorted;
  for (const BoardSide& result : board.results) sorted[result.side].push_back(result.score);
  for (auto& [side, scores] : sorted) std::sort(scores.begin(), scores.end());
  for (BoardSide& result : board.results) {
    int64_t raw = Matchpoints(sorted[result.side], result.score);
    result.matchpoints = NeubergUnits(raw, board.tables, board.expected);
  }
  std::stable_sort(board.results.begin(), board.results.end(),
                   [](const BoardSide& a, const BoardSide& b) { return a.side < b.side; });
}

}  // namespace

std::vector<ScoredBoard> ScoreBoards(const std::vector<const PlayedRecord*>& matches) {
  std::map<BoardId, std::vector<BoardSide>> results = ResultsByBoard(matches);
  std::map<std::string, int> expected;  // per seed: the most tables a board was played at
  for (const auto& [id, sides] : results) {
    expected[id.first] = std::max(expected[id.first], TablesOf(sides));
  }
  std::vector<ScoredBoard> boards;
  for (auto& [id, sides] : results) {
    ScoredBoard board{id.first,           id.second, TablesOf(sides),
                      expected[id.first], 0,         std::move(sides)};
    if (board.expected > 1) {
      board.top = 2 * (board.expected - 1) * kPointUnit;
      ScoreDirections(board);
    }
    boards.push_back(std::move(board));
  }
  return boards;
}

std::vector<std::string> BoardNotes(const std::vector<ScoredBoard>& boards) {
  std::vector<std::string> notes;
  for (const ScoredBoard& board : boards) {
    std::string which = "board " + std::to_string(board.board) + " of seed '" + board.seed + "'";
    if (board.expected <= 1) {
      notes.push_back(which + " was played at one table only: no matchpoints");
    } else if (board.tables < board.expected) {
      notes.push_back(which + " was played at " + std::to_string(board.tables) + " of " +
                      std::to_string(board.expected) +
                      " tables: its matchpoints are scaled by Neuberg's formula");
    }
  }
  return notes;
}

namespace {

// Who sat on a side, as the league knows them: its partnership, else its players.
std::string SideEntrants(const League& league, const std::vector<std::string>& seated) {
  if (const Entrant* group = internal::GroupOf(league.partnerships, seated)) return group->id;
  std::string names;
  for (const std::string& player : seated) names += (names.empty() ? "" : " & ") + player;
  return names;
}

std::vector<std::string> DirectionNames(const League& league, size_t count) {
  std::vector<std::string> names;
  const std::vector<std::string>& units = league.descriptor->score_units;
  for (size_t side = 0; side < count; ++side) {
    names.push_back(side < units.size() ? units[side] : "side " + std::to_string(side + 1));
  }
  return names;
}

// One line per table: the record's sides, their scores and matchpoints on this board.
TravellerLine& LineOf(std::vector<TravellerLine>& lines, const League& league,
                      const PlayedRecord& match, size_t sides) {
  for (TravellerLine& line : lines) {
    if (line.source == match.source) return line;
  }
  TravellerLine line{match.source, match.Table(), match.round, {}, {}, {}};
  for (size_t side = 0; side < sides; ++side) {
    line.entrants.push_back(
        side < match.sides.size() ? SideEntrants(league, match.SidePlayers(side)) : std::string());
  }
  line.scores.assign(sides, 0);
  line.matchpoints.assign(sides, 0);
  lines.push_back(std::move(line));
  return lines.back();
}

}  // namespace

std::vector<Traveller> Travellers(const League& league, const std::vector<ScoredBoard>& boards) {
  std::vector<Traveller> travellers;
  for (const ScoredBoard& board : boards) {
    if (board.expected <= 1) continue;
    size_t sides = 0;
    for (const BoardSide& result : board.results) sides = std::max(sides, result.side + 1);
    Traveller traveller{board.seed,
                        board.board,
                        board.tables,
                        board.expected,
                        board.top,
                        DirectionNames(league, sides),
                        {}};
    for (const BoardSide& result : board.results) {
      TravellerLine& line = LineOf(traveller.lines, league, *result.match, sides);
      line.scores[result.side] = result.score;
      line.matchpoints[result.side] = result.matchpoints;
    }
    std::sort(traveller.lines.begin(), traveller.lines.end(),
              [](const TravellerLine& a, const TravellerLine& b) { return a.source < b.source; });
    travellers.push_back(std::move(traveller));
  }
  return travellers;
}

}  // namespace referee::league
