// Conspiracy scoring and match end from the rule text (seed 003,
// pagat.com/invented/conspiracy.html) and the project's rulings (rules.md section 4).
#include "referee/games/conspiracy/conspiracy_scoring.h"

#include <gtest/gtest.h>

namespace referee::games::conspiracy {
namespace {

constexpr int kNS = static_cast<int>(Partnership::kNorthSouth);
constexpr int kEW = static_cast<int>(Partnership::kEastWest);

// Seed 003: "If BD make exactly as many tricks as the call, they score twice the amount of points
// as the call and the team AC make 0 for that round."
TEST(ConspiracyScoringTest, ExactCallScoresTwiceTheCall) {
  ConspiracyDealScore score = ScoreConspiracyDeal(Partnership::kEastWest, 5, 5);
  EXPECT_TRUE(score.made);
  EXPECT_EQ(score.points[kEW], 10);
  EXPECT_EQ(score.points[kNS], 0);
  EXPECT_EQ(ScoreConspiracyDeal(Partnership::kNorthSouth, 8, 8).points[kNS], 16);
}

// Seed 003: "If they make less or more tricks, the team AC get 5 points instead whilst BD make 0."
TEST(ConspiracyScoringTest, AnythingElseGivesFiveToTheDealers) {
  for (int taken : {0, 4, 6, 8}) {
    ConspiracyDealScore score = ScoreConspiracyDeal(Partnership::kEastWest, 5, taken);
    EXPECT_FALSE(score.made) << taken;
    EXPECT_EQ(score.points[kNS], 5) << taken;
    EXPECT_EQ(score.points[kEW], 0) << taken;
  }
}

// rules.md, Conspiracy ambiguity 1: a call of 0 taken exactly is made and nobody scores.
TEST(ConspiracyScoringTest, CallZeroMadeScoresNothingForBoth) {
  ConspiracyDealScore score = ScoreConspiracyDeal(Partnership::kNorthSouth, 0, 0);
  EXPECT_TRUE(score.made);
  EXPECT_EQ(score.points[kNS], 0);
  EXPECT_EQ(score.points[kEW], 0);
  EXPECT_EQ(ScoreConspiracyDeal(Partnership::kNorthSouth, 0, 1).points[kEW], 5);
}

// Seed 003: A deals, "A & C are the dealing team and B & D are the calling team".
TEST(ConspiracyScoringTest, CallingSideIsTheDealersLeftHandOpponents) {
  EXPECT_EQ(CallingSide(Seat::kNorth), Partnership::kEastWest);
  EXPECT_EQ(CallingSide(Seat::kEast), Partnership::kNorthSouth);
  EXPECT_EQ(CallingSide(Seat::kSouth), Partnership::kEastWest);
  EXPECT_EQ(CallingSide(Seat::kWest), Partnership::kNorthSouth);
}

// Seed 003: "Play may be terminated at the end of any even number of games. The team with the
// higher number of points is the winner." rules.md ambiguities 4 and 5: odd is unfinished, equal
// is a draw (or two more deals).
TEST(ConspiracyScoringTest, EndAfterAnEvenNumberOfDeals) {
  EXPECT_EQ(CheckConspiracyEnd({0, 0}, 0, 0, false), ConspiracyEnd::kPlayOn);
  EXPECT_EQ(CheckConspiracyEnd({10, 5}, 1, 0, false), ConspiracyEnd::kPlayOn);
  EXPECT_EQ(CheckConspiracyEnd({10, 5}, 2, 0, false), ConspiracyEnd::kNorthSouthWins);
  EXPECT_EQ(CheckConspiracyEnd({10, 15}, 3, 0, false), ConspiracyEnd::kPlayOn);
  EXPECT_EQ(CheckConspiracyEnd({10, 15}, 4, 0, false), ConspiracyEnd::kEastWestWins);
  EXPECT_EQ(CheckConspiracyEnd({5, 5}, 2, 0, false), ConspiracyEnd::kDraw);
  EXPECT_EQ(CheckConspiracyEnd({5, 5}, 2, 0, true), ConspiracyEnd::kPlayOn);
  EXPECT_EQ(CheckConspiracyEnd({5, 10}, 4, 0, true), ConspiracyEnd::kEastWestWins);
}

// Rule option `deals`: a fixed number of deals; with `tie: two-more` a tie adds two deals.
TEST(ConspiracyScoringTest, FixedNumberOfDeals) {
  EXPECT_EQ(CheckConspiracyEnd({10, 5}, 2, 4, false), ConspiracyEnd::kPlayOn);
  EXPECT_EQ(CheckConspiracyEnd({10, 5}, 4, 4, false), ConspiracyEnd::kNorthSouthWins);
  EXPECT_EQ(CheckConspiracyEnd({10, 10}, 4, 4, false), ConspiracyEnd::kDraw);
  EXPECT_EQ(CheckConspiracyEnd({10, 10}, 4, 4, true), ConspiracyEnd::kPlayOn);
  EXPECT_EQ(CheckConspiracyEnd({10, 15}, 5, 4, true), ConspiracyEnd::kPlayOn);
  EXPECT_EQ(CheckConspiracyEnd({10, 15}, 6, 4, true), ConspiracyEnd::kEastWestWins);
  EXPECT_EQ(CheckConspiracyEnd({10, 5}, 3, 3, false), ConspiracyEnd::kNorthSouthWins);
}

}  // namespace
}  // namespace referee::games::conspiracy
