// Collusion scoring, from the rule text (parlettgames.uk/oricards/collude.html, seed 000) and the
// project's rulings (../shared/rules.md section 2).
#include "referee/games/collusion/collusion_scoring.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <numeric>

namespace referee::games::collusion {
namespace {

using Counts = std::array<int, 4>;

TEST(CollusionScoring, ExactlyTwoTieGetTenEach) {
  // "If exactly two players win the same number of tricks, they each add a bonus of 10."
  EXPECT_EQ(ClassifyTricks({5, 3, 3, 2}), BonusCase::kPair);
  EXPECT_EQ(Bonuses({5, 3, 3, 2}), (Counts{0, 10, 10, 0}));
}

TEST(CollusionScoring, AllDifferGivesTwentyToTheFewest) {
  // "If no two players win the same number of tricks, then whoever won fewest adds a bonus of 20."
  EXPECT_EQ(ClassifyTricks({6, 4, 2, 1}), BonusCase::kAllDiffer);
  EXPECT_EQ(Bonuses({6, 4, 2, 1}), (Counts{0, 0, 0, 20}));
  EXPECT_EQ(Bonuses({0, 1, 5, 7}), (Counts{20, 0, 0, 0}));
}

TEST(CollusionScoring, ThreeTieGiveThirtyToTheFourth) {
  // "If three players win the same number of tricks, the fourth player adds a bonus of 30."
  EXPECT_EQ(Bonuses({3, 4, 3, 3}), (Counts{0, 30, 0, 0}));
}

TEST(CollusionScoring, ThirteenNilNilNilGivesTheThirtyBonus) {
  // rules.md: the splits that give the 30 bonus include (13,0,0,0).
  EXPECT_EQ(ClassifyTricks({13, 0, 0, 0}), BonusCase::kThreeTie);
  CollusionDealScore score = ScoreCollusionDeal({13, 0, 0, 0}, {0, 0, 0, 0}, 100);
  EXPECT_EQ(score.points, (Counts{43, 0, 0, 0}));
}

TEST(CollusionScoring, TricksAloneIntoTheHundredsAreDeducted) {
  // "If you win a number of tricks that would take your score into the hundreds, but fail to get
  // a bonus, you must deduct that number from your current total": 95 + 8 without a bonus -> 87.
  CollusionDealScore score = ScoreCollusionDeal({8, 2, 2, 1}, {95, 0, 0, 0}, 100);
  EXPECT_EQ(score.bonus, (Counts{0, 10, 10, 0}));
  EXPECT_TRUE(score.deducted[0]);
  EXPECT_EQ(95 + score.points[0], 87);
  EXPECT_FALSE(score.reached[0]);
}

TEST(CollusionScoring, ExactlyTheTargetCountsAsIntoTheHundreds) {
  // Ruling (rules.md, Collusion ambiguity 2): tricks alone giving exactly 100 are deducted.
  CollusionDealScore score = ScoreCollusionDeal({5, 3, 3, 2}, {95, 0, 0, 0}, 100);
  EXPECT_TRUE(score.deducted[0]);
  EXPECT_EQ(score.points[0], -5);
  CollusionDealScore below = ScoreCollusionDeal({4, 3, 3, 3}, {95, 0, 0, 0}, 100);
  EXPECT_FALSE(below.deducted[0]);  // 4 tricks with the 30 bonus: 129, reached with a bonus
  EXPECT_TRUE(below.reached[0]);
}

TEST(CollusionScoring, ABonusReachesTheTargetEvenWhenTricksAloneWould) {
  // Ruling (ambiguity 3): tricks alone would reach 100 but a bonus came too: add and win.
  CollusionDealScore score = ScoreCollusionDeal({6, 3, 2, 2}, {0, 0, 95, 95}, 100);
  EXPECT_EQ(score.points, (Counts{6, 3, 12, 12}));
  EXPECT_TRUE(score.reached[2]);
  EXPECT_TRUE(score.reached[3]);
}

TEST(CollusionScoring, TheTargetIsARuleOption) {
  CollusionDealScore score = ScoreCollusionDeal({8, 2, 2, 1}, {45, 0, 0, 0}, 50);
  EXPECT_TRUE(score.deducted[0]);
}

// Every split of 13 tricks among four players.
rc::Gen<Counts> TrickSplits() {
  return rc::gen::map(rc::gen::container<std::vector<int>>(3, rc::gen::inRange(0, 14)),
                      [](std::vector<int> cuts) {
                        std::sort(cuts.begin(), cuts.end());
                        return Counts{cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]};
                      });
}

RC_GTEST_PROP(CollusionScoring, ExactlyOneBonusCaseAppliesToEveryDeal, ()) {
  Counts tricks = *TrickSplits();
  RC_ASSERT(std::accumulate(tricks.begin(), tricks.end(), 0) == 13);
  BonusCase bonus_case = ClassifyTricks(tricks);
  RC_ASSERT(bonus_case != BonusCase::kNone);
  Counts bonus = Bonuses(tricks);
  int receivers =
      static_cast<int>(std::count_if(bonus.begin(), bonus.end(), [](int b) { return b > 0; }));
  int total = std::accumulate(bonus.begin(), bonus.end(), 0);
  switch (bonus_case) {
    case BonusCase::kPair:
      RC_ASSERT(receivers == 2 && total == 20);
      break;
    case BonusCase::kThreeTie:
      RC_ASSERT(receivers == 1 && total == 30);
      break;
    case BonusCase::kAllDiffer:
      RC_ASSERT(receivers == 1 && total == 20);
      break;
    case BonusCase::kNone:
      RC_FAIL("no bonus case");
  }
}

RC_GTEST_PROP(CollusionScoring, NoTotalGoesNegativeAndOnlyBonusReceiversReachTheTarget, ()) {
  Counts tricks = *TrickSplits();
  Counts before;
  for (int& total : before) total = *rc::gen::inRange(0, 100);
  CollusionDealScore score = ScoreCollusionDeal(tricks, before, 100);
  for (int seat = 0; seat < 4; ++seat) {
    int after = before[seat] + score.points[seat];
    RC_ASSERT(after >= 0);
    RC_ASSERT((after >= 100) == score.reached[seat]);
    if (score.reached[seat]) RC_ASSERT(score.bonus[seat] > 0);
    RC_ASSERT(score.deducted[seat] ==
              (score.bonus[seat] == 0 && before[seat] + tricks[seat] >= 100));
  }
}

}  // namespace
}  // namespace referee::games::collusion
