// How a league counts a game (league/, docs/standings.md): the games declare it in these types,
// so that the standings need not know any game and no game spells the league file's words. The
// words ("placement", "head-to-head") are the league file's, in league/league.cpp.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace referee::games {

// What one side of a match is, as a league ranks it.
enum class SideKind {
  kSeat,         // each seat for itself: the league's entrants are players
  kPartnership,  // two seats play together: entrants are players or partnerships of two
  kTable,        // the whole table plays together: entrants are teams of the table's players
};

// The scoring schemes a league may count matches by.
enum class SchemeKind {
  kPlacement,    // placement points per match, shared on ties
  kMatchPoints,  // points for a win, a draw, a loss
  kLevelWins,    // a win is worth the weight of its level (the game's level rule option)
  kDuplicate,    // seeded boards: matchpoints unit by unit per board
};

// The tie-breaks the standings measure on any game, and kStatistic: one a game declares on a
// statistic of its sides (StatisticTieBreak).
enum class TieBreakKind {
  kWins,
  kTotalScore,
  kPointDifference,
  kHeadToHead,
  kMatchesPlayed,
  kOpponentsPoints,  // "buchholz": the sum of the opponents' points
  kSonnebornBerger,  // the points of opponents beaten, plus half of those met level
  kStatistic,
};

// A tie-break of the game's own, measured on one of its side statistics.
struct StatisticTieBreak {
  enum class Measure {
    kTotal,       // the statistic summed over the matches counted
    kMeanInWins,  // its mean over the matches won in play (a forfeit win is not measured)
  };
  std::string name;       // as league files write it: "goals-completed"
  std::string statistic;  // the side statistic it reads
  Measure measure = Measure::kTotal;
  bool fewer_is_better = false;
  bool by_default = false;    // used, after LeagueTraits::default_tie_breaks, when none are named
  bool always_shown = false;  // a column of the standings even when the league ranks by others
};

struct LeagueTraits {
  SideKind sides = SideKind::kSeat;
  // The schemes that fit, the default first.
  std::vector<SchemeKind> schemes;
  // The standings' own tie-breaks that fit (never kStatistic: the game's statistic tie-breaks
  // always fit), and those used when a league names none, before the statistic tie-breaks
  // marked by_default.
  std::vector<TieBreakKind> tie_breaks;
  std::vector<TieBreakKind> default_tie_breaks;
  std::vector<StatisticTieBreak> statistic_tie_breaks;
  // level-wins: the rule option that names a match's level, and the default weight of a win at
  // each level, in the option's order.
  std::string level_option;
  std::vector<std::pair<std::string, int>> level_weights;
};

}  // namespace referee::games
