// Collusion scoring (David Parlett, parlettgames.uk/oricards/collude.html;
// docs/rules/collusion.md).
//
// Per deal each player scores 1 per trick plus at most one bonus:
//   - exactly two players tie on tricks: +10 to each of them;
//   - three players tie: +30 to the fourth;
//   - all four counts differ: +20 to the player with the fewest tricks.
// With 13 tricks there are never two pairs or a four-way tie, so exactly one case applies.
//
// Game is `target` up (100), reachable only with a bonus: a player without a bonus whose tricks
// would take the total to the target or beyond deducts them instead (project ruling: exactly the
// target counts as "into the hundreds"). A player with a bonus adds tricks and bonus as usual.
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace referee::games::collusion {

enum class BonusCase {
  kPair,       // exactly two players tie: +10 each
  kThreeTie,   // three tie: +30 to the fourth
  kAllDiffer,  // all differ: +20 to the fewest
  kNone,       // any other pattern (impossible with 13 tricks; kept for robustness)
};

struct CollusionDealScore {
  BonusCase bonus_case = BonusCase::kNone;
  std::array<int, 4> bonus{};      // by seat
  std::array<int, 4> points{};     // change to each total (negative on a deduction)
  std::array<bool, 4> deducted{};  // tricks deducted under the 100-up rule
  std::array<bool, 4> reached{};   // reached the target with a bonus
};

BonusCase ClassifyTricks(const std::array<int, 4>& tricks);
std::array<int, 4> Bonuses(const std::array<int, 4>& tricks);
CollusionDealScore ScoreCollusionDeal(const std::array<int, 4>& tricks,
                                      const std::array<int, 4>& totals_before, int target);
std::string_view BonusCaseName(BonusCase bonus_case);

}  // namespace referee::games::collusion
