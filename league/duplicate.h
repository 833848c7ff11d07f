// Duplicate scoring (docs/standings.md, "Duplicate"): the same seeded board played at several
// tables, each table's result for a direction compared with the same direction's result at the
// other tables, as bridge clubs score pairs events. Pure.
//
// Matchpoints are bridge's: 2 for each other table beaten, 1 for each tie (a top is 2 (n - 1) on
// a board played n times). A board played at fewer tables than the others of its seed is scaled by
// Neuberg's formula, the bridge standard (EBU, "The Neuberg Formula", Max Bavin; WBF and ACBL
// since 1991): MP' = (MP + 1) x N / n - 1, where n is the number of results on the board and N the
// number expected, so that every board of a seed weighs the same.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "league/league.h"
#include "league/standings.h"

namespace referee::league {

// Matchpoints of `score` among the `sorted` scores of one board and direction (itself included):
// 2 for each score below it, 1 for each other equal score.
int64_t Matchpoints(const std::vector<int64_t>& sorted, int64_t score);

// Neuberg's formula on the 2-per-comparison scale, in units (kPointUnit): `matchpoints` scored on
// a board with `tables` results where `expected` were due. Exact up to 12 tables; beyond, rounded
// to the nearest unit. The identity when tables == expected.
int64_t NeubergUnits(int64_t matchpoints, int tables, int expected);

// One side's result on one board at one table.
struct BoardSide {
  const PlayedRecord* match = nullptr;
  size_t side = 0;
  int64_t score = 0;
  int64_t matchpoints = 0;  // units, after Neuberg's formula
};

struct ScoredBoard {
  std::string seed;
  int board = 0;
  int tables = 0;                  // n: the tables that played it
  int expected = 0;                // N: the most tables any board of its seed was played at
  int64_t top = 0;                 // units: 2 (N - 1) matchpoints, for each side of each table
  std::vector<BoardSide> results;  // by side (direction), then table (by source)
};

// Every board of the seeded records among `matches` (sorted by source), by seed and board. A board
// whose seed was played at one table only has no comparison: top 0, no matchpoints.
std::vector<ScoredBoard> ScoreBoards(const std::vector<const PlayedRecord*>& matches);

// The notes on boards that were not played at every table: Neuberg's formula, or no comparison.
std::vector<std::string> BoardNotes(const std::vector<ScoredBoard>& boards);

// The travellers of the scored boards: per board, every table's score and matchpoints per
// direction, the sides named as the league knows them (a partnership, else its players).
std::vector<Traveller> Travellers(const League& league, const std::vector<ScoredBoard>& boards);

}  // namespace referee::league
