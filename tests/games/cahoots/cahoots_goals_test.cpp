// Every Cahoots goal kind against examples, met and not met (rules.md section 1, "Goal cards" and
// "Play"; seed 004 for "exactly" and "named colour in play").
#include "referee/games/cahoots/cahoots_goals.h"

#include <gtest/gtest.h>

#include "tests/games/cahoots/cahoots_test_util.h"

namespace referee::games::cahoots {
namespace {

using cahoots_test::Goal;
using cahoots_test::kGreen;
using cahoots_test::kOrange;
using cahoots_test::kPink;
using cahoots_test::kPurple;
using cahoots_test::Tops;

struct Example {
  GoalSpec goal;
  std::string tops;
  bool met;
};

void ExpectAll(const std::vector<Example>& examples) {
  for (const Example& example : examples) {
    ASSERT_TRUE(ValidateGoal(example.goal, "").has_value()) << example.goal.kind;
    EXPECT_EQ(GoalMet(example.goal, Tops(example.tops)), example.met)
        << GoalText(example.goal, EditionNamed("gamewright")) << " with " << example.tops;
  }
}

// Seed 004: "three green piles" means exactly three green piles showing.
TEST(CahootsGoals, ExactlyThreeGreenPilesIsFalseWithFour) {
  GoalSpec three_green = Goal("pile-count", {kGreen}, {3});
  EXPECT_TRUE(GoalMet(three_green, Tops("1G 2G 3G 4P")));
  EXPECT_FALSE(GoalMet(three_green, Tops("1G 2G 3G 4G")));
  EXPECT_FALSE(GoalMet(three_green, Tops("1G 2G 3O 4P")));
}

// Seed 004: a goal that names colours needs at least one named colour in play; ruling 7: both for
// the two-colour relations.
TEST(CahootsGoals, NamedColourMustBeInPlay) {
  ExpectAll({
      // 0 = 0: the sums are equal, but neither colour shows.
      {Goal("sum-equal", {kGreen, kPink}), "1O 2O 3U 4U", false},
      {Goal("sum-equal", {kGreen, kPink}), "3G 3P 1O 1U", true},
      // Only one of the two shows: ruling 7 wants both.
      {Goal("sum-equal", {kGreen, kPink}), "3G 1O 1U 2O", false},
      {Goal("sum-double", {kPurple, kGreen}), "1O 2O 3O 4O", false},
      {Goal("sum-double", {kPurple, kGreen}), "2U 4G 7O 7O", true},
      {Goal("sum-double", {kPurple, kGreen}), "4G 2U 1P 1O", true},
      {Goal("sum-double", {kPurple, kGreen}), "2G 4U 1P 1O", false},  // the wrong way round
      {Goal("alternating", {kGreen}), "1O 2P 3O 4P", false},
  });
}

TEST(CahootsGoals, CountsAndSums) {
  ExpectAll({
      {Goal("pile-count", {kOrange}, {1}), "1O 2G 3G 4G", true},
      {Goal("pile-count", {kOrange}, {4}), "1O 2O 3O 4O", true},
      {Goal("pile-count", {kOrange}, {4}), "1O 2O 3O 4G", false},
      {Goal("sum-all", {}, {10}), "1G 2P 3O 4U", true},
      {Goal("sum-all", {}, {10}), "1G 2P 3O 5U", false},
      {Goal("sum-colour", {kPink}, {10}), "3P 7P 1G 2O", true},
      {Goal("sum-colour", {kPink}, {10}), "3P 6P 1G 2O", false},
      {Goal("sum-colour", {kPink}, {10}), "3P 7P 1P 2O", false},
  });
}

TEST(CahootsGoals, ColourPatterns) {
  ExpectAll({
      {Goal("two-colours", {kPurple, kGreen}), "1U 2G 3U 4G", true},
      {Goal("two-colours", {kPurple, kGreen}), "1U 2U 3U 4U", true},  // Dutch seed: at least one
      {Goal("two-colours", {kPurple, kGreen}), "1U 2G 3U 4O", false},
      {Goal("colours-different", {}), "1G 1P 1O 1U", true},
      {Goal("colours-different", {}), "1G 2P 3O 4G", false},
      {Goal("adjacent", {kGreen}), "1O 2G 3G 4P", true},
      {Goal("adjacent", {kGreen}), "1G 2O 3G 4P", false},
      {Goal("adjacent", {kGreen}), "1G 2G 3G 4P", false},  // exactly two
      {Goal("apart", {kGreen}), "1G 2O 3P 4G", true},
      {Goal("apart", {kGreen}), "1G 2O 3G 4P", true},
      {Goal("apart", {kGreen}), "1G 2G 3O 4P", false},
      {Goal("apart", {kGreen}), "1G 2O 3G 4G", false},
      {Goal("alternating", {kGreen}), "1G 2O 3G 4P", true},
      {Goal("alternating", {kGreen}), "1P 2G 3O 4G", true},
      {Goal("alternating", {kGreen}), "1G 2G 3O 4P", false},
      {Goal("alternating", {kGreen}), "1G 2O 3P 4G", false},
  });
}

TEST(CahootsGoals, NumberPatterns) {
  ExpectAll({
      {Goal("all-below", {}, {4}), "1G 2P 3O 3U", true},
      {Goal("all-below", {}, {4}), "1G 2P 3O 4U", false},  // ruling 6: strict
      {Goal("all-above", {}, {4}), "5G 6P 7O 5U", true},
      {Goal("all-above", {}, {4}), "5G 6P 7O 4U", false},
      {Goal("numbers-different", {}), "1G 2G 3G 4G", true},
      {Goal("numbers-different", {}), "1G 2P 3O 1U", false},
      {Goal("all-different", {}), "1G 2P 3O 4U", true},
      {Goal("all-different", {}), "1G 2P 3O 4G", false},
      {Goal("all-different", {}), "1G 2P 3O 3U", false},
      {Goal("run-in-order", {}, {3}), "7O 2G 3P 4U", true},
      {Goal("run-in-order", {}, {3}), "2G 3P 4U 7O", true},
      {Goal("run-in-order", {}, {3}), "4G 3P 2U 7O", false},  // descending
      {Goal("run-in-order", {}, {3}), "2G 3P 7O 4U", false},  // not neighbours
      {Goal("run-in-order", {}, {4}), "3G 4P 5O 6U", true},
      {Goal("run-any-order", {}), "5G 3P 6O 4U", true},
      {Goal("run-any-order", {}), "5G 3P 7O 4U", false},
      {Goal("run-any-order", {}), "5G 3P 4O 4U", false},
      {Goal("all-even", {}), "2G 4P 6O 2U", true},
      {Goal("all-even", {}), "2G 4P 6O 3U", false},
      {Goal("all-odd", {}), "1G 3P 5O 7U", true},
      {Goal("all-odd", {}), "1G 3P 5O 6U", false},
      {Goal("parity-alternating", {}), "1G 2P 3O 4U", true},
      {Goal("parity-alternating", {}), "2G 1P 4O 7U", true},
      {Goal("parity-alternating", {}), "1G 3P 2O 4U", false},
  });
}

TEST(CahootsGoals, EveryKindHasAnExampleHere) {
  // A new kind must come with examples: this list is the kinds the tests above cover.
  std::vector<std::string> covered = {
      "pile-count",    "sum-all",   "sum-colour", "sum-double",        "sum-equal",
      "two-colours",   "all-below", "all-above",  "colours-different", "numbers-different",
      "all-different", "adjacent",  "apart",      "alternating",       "run-in-order",
      "run-any-order", "all-even",  "all-odd",    "parity-alternating"};
  ASSERT_EQ(GoalKinds().size(), covered.size());
  for (const std::string& kind : covered) EXPECT_NE(FindGoalKind(kind), nullptr) << kind;
}

TEST(CahootsGoals, ValidationRejectsBadParameters) {
  EXPECT_EQ(ValidateGoal(Goal("no-such-kind"), "/goals/0").error().code, "bad-goal");
  EXPECT_EQ(ValidateGoal(Goal("pile-count", {kGreen}, {5}), "/goals/0").error().place.path,
            "/goals/0/count");
  EXPECT_FALSE(ValidateGoal(Goal("pile-count", {kGreen}, {}), "").has_value());
  EXPECT_FALSE(ValidateGoal(Goal("sum-equal", {kGreen, kGreen}), "").has_value());
  EXPECT_FALSE(ValidateGoal(Goal("sum-colour", {7}, {3}), "").has_value());
  EXPECT_TRUE(ValidateGoal(Goal("sum-all", {}, {28}), "").has_value());
  EXPECT_FALSE(ValidateGoal(Goal("sum-all", {}, {29}), "").has_value());
}

TEST(CahootsGoals, TextNamesTheEditionColours) {
  EXPECT_EQ(GoalText(Goal("pile-count", {kGreen}, {3}), EditionNamed("gamewright")),
            "exactly 3 green piles");
  EXPECT_EQ(GoalText(Goal("sum-double", {0, 3}), EditionNamed("spanish")),
            "the red cards sum to double the green cards");
}

}  // namespace
}  // namespace referee::games::cahoots
