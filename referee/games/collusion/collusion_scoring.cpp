#include "referee/games/collusion/collusion_scoring.h"

#include <algorithm>

namespace referee::games::collusion {
namespace {

// How many seats took as many tricks as each seat, itself included: the counts every case of
// the bonus is told by, worked out once a deal.
std::array<int, 4> EqualCounts(const std::array<int, 4>& tricks) {
  std::array<int, 4> equal{};
  for (int seat = 0; seat < 4; ++seat) {
    for (int other = 0; other < 4; ++other) equal[seat] += tricks[other] == tricks[seat] ? 1 : 0;
  }
  return equal;
}

BonusCase CaseOf(const std::array<int, 4>& equal) {
  int pairs = 0;
  int triples = 0;
  int singles = 0;
  for (int count : equal) {
    switch (count) {
      case 1:
        ++singles;
        break;
      case 2:
        ++pairs;
        break;
      case 3:
        ++triples;
        break;
      default:
        break;
    }
  }
  if (singles == 4) return BonusCase::kAllDiffer;
  if (triples == 3 && singles == 1) return BonusCase::kThreeTie;
  if (pairs == 2 && singles == 2) return BonusCase::kPair;
  return BonusCase::kNone;  // two pairs or all four equal: no sum of 13 gives these
}

std::array<int, 4> BonusesOf(const std::array<int, 4>& tricks, const std::array<int, 4>& equal,
                             BonusCase bonus_case) {
  std::array<int, 4> bonus{};
  for (int seat = 0; seat < 4; ++seat) {
    if (bonus_case == BonusCase::kPair && equal[seat] == 2) bonus[seat] = 10;
    if (bonus_case == BonusCase::kThreeTie && equal[seat] == 1) bonus[seat] = 30;
  }
  if (bonus_case == BonusCase::kAllDiffer) {
    bonus[std::min_element(tricks.begin(), tricks.end()) - tricks.begin()] = 20;
  }
  return bonus;
}

}  // namespace

BonusCase ClassifyTricks(const std::array<int, 4>& tricks) { return CaseOf(EqualCounts(tricks)); }

std::array<int, 4> Bonuses(const std::array<int, 4>& tricks) {
  std::array<int, 4> equal = EqualCounts(tricks);
  return BonusesOf(tricks, equal, CaseOf(equal));
}

CollusionDealScore ScoreCollusionDeal(const std::array<int, 4>& tricks,
                                      const std::array<int, 4>& totals_before, int target) {
  CollusionDealScore score;
  std::array<int, 4> equal = EqualCounts(tricks);
  score.bonus_case = CaseOf(equal);
  score.bonus = BonusesOf(tricks, equal, score.bonus_case);
  for (int seat = 0; seat < 4; ++seat) {
    if (score.bonus[seat] > 0) {
      score.points[seat] = tricks[seat] + score.bonus[seat];
      score.reached[seat] = totals_before[seat] + score.points[seat] >= target;
    } else if (totals_before[seat] + tricks[seat] >= target) {
      score.points[seat] = -tricks[seat];  // tricks alone may not reach the target
      score.deducted[seat] = true;
    } else {
      score.points[seat] = tricks[seat];
    }
  }
  return score;
}

std::string_view BonusCaseName(BonusCase bonus_case) {
  switch (bonus_case) {
    case BonusCase::kPair:
      return "two tie: +10 each";
    case BonusCase::kThreeTie:
      return "three tie: +30 to the fourth";
    case BonusCase::kAllDiffer:
      return "all differ: +20 to the fewest";
    case BonusCase::kNone:
      return "no bonus";
  }
  return "no bonus";
}

}  // namespace referee::games::collusion
