// Every Cahoots goal kind against examples, met and not met (rules.md section 1, "Goal cards" and
// "Play"; seed 004 for "exactly" and "named colour in play").
#include "referee/games/cahoots/cahoots_goals.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

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
    ASSERT_TRUE(CheckGoal(example.goal, "").has_value()) << GoalKindOf(example.goal.kind).name;
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

// GoalKindOf reads the table by the enum's value: the table must keep the enum's order.
TEST(CahootsGoals, TheKindsAreListedInTheOrderOfTheirEnum) {
  for (size_t i = 0; i < GoalKinds().size(); ++i) {
    EXPECT_EQ(static_cast<size_t>(GoalKinds()[i].kind), i) << GoalKinds()[i].name;
    EXPECT_EQ(&GoalKindOf(GoalKinds()[i].kind), &GoalKinds()[i]);
    EXPECT_EQ(GoalKindNamed(GoalKinds()[i].name), GoalKinds()[i].kind);
  }
}

// A goal holds its parameters in place (GoalParams): every kind's must fit.
TEST(CahootsGoals, EveryKindsParametersFitInAGoal) {
  for (const GoalKindInfo& info : GoalKinds()) {
    EXPECT_LE(ColourParamCount(info), kMostGoalParams) << info.name;
    EXPECT_LE(NumberParamCount(info), kMostGoalParams) << info.name;
  }
}

TEST(CahootsGoals, AnUnknownKindIsABadGoalThatNamesEveryKind) {
  Finding finding = UnknownGoalKind("three-greens", "/goals/0/kind");
  EXPECT_EQ(finding.code, "bad-goal");
  EXPECT_EQ(finding.place.path, "/goals/0/kind");
  for (const GoalKindInfo& info : GoalKinds()) {
    EXPECT_NE(finding.message.find(info.name), std::string::npos) << info.name;
  }
  EXPECT_EQ(FindGoalKind("three-greens"), nullptr);
}

TEST(CahootsGoals, ValidationRejectsBadParameters) {
  EXPECT_EQ(CheckGoal(Goal("pile-count", {kGreen}, {5}), "/goals/0").error().place.path,
            "/goals/0/count");
  EXPECT_FALSE(CheckGoal(Goal("pile-count", {kGreen}, {}), "").has_value());
  EXPECT_FALSE(CheckGoal(Goal("sum-equal", {kGreen, kGreen}), "").has_value());
  EXPECT_FALSE(CheckGoal(Goal("sum-colour", {7}, {3}), "").has_value());
  EXPECT_TRUE(CheckGoal(Goal("sum-all", {}, {28}), "").has_value());
  EXPECT_FALSE(CheckGoal(Goal("sum-all", {}, {29}), "").has_value());
}

TEST(CahootsGoals, TextNamesTheEditionColours) {
  EXPECT_EQ(GoalText(Goal("pile-count", {kGreen}, {3}), EditionNamed("gamewright")),
            "exactly 3 green piles");
  EXPECT_EQ(GoalText(Goal("sum-double", {0, 3}), EditionNamed("spanish")),
            "the red cards sum to double the green cards");
}

// The goals as rules.md words them, tested the plain way (a set for "different", a loop for each
// count and sum): the oracle for GoalMet, which tests a goal on facts kept up to date turn by turn.
bool Oracle(const GoalSpec& goal, const PileTops& tops) {
  const GoalParams& c = goal.colours;
  int n = goal.numbers.empty() ? 0 : goal.numbers[0];
  auto count = [&](int colour) {
    int k = 0;
    for (NumberCard top : tops) k += top.colour == colour ? 1 : 0;
    return k;
  };
  auto sum = [&](int colour) {
    int k = 0;
    for (NumberCard top : tops) k += top.colour == colour ? top.number : 0;
    return k;
  };
  auto distinct = [&](auto key) {
    std::set<int> seen;
    for (NumberCard top : tops) seen.insert(key(top));
    return seen.size() == 4;
  };
  auto colour = [](NumberCard x) { return x.colour; };
  auto number = [](NumberCard x) { return x.number; };
  auto every = [&](auto test) { return std::all_of(tops.begin(), tops.end(), test); };
  int present = 0;
  for (int named : c) present += count(named) > 0 ? 1 : 0;
  const std::string& k = GoalKindOf(goal.kind).name;
  bool both = k == "sum-double" || k == "sum-equal";
  if (!c.empty() && (both ? present != static_cast<int>(c.size()) : present == 0)) return false;
  auto pair = [&](int colour_index, bool side_by_side) {
    if (count(colour_index) != 2) return false;
    bool touching = false;
    for (int i = 0; i < 3; ++i) {
      touching = touching || (tops[i].colour == colour_index && tops[i + 1].colour == colour_index);
    }
    return touching == side_by_side;
  };
  if (k == "pile-count") return count(c[0]) == n;
  if (k == "sum-all") return sum(0) + sum(1) + sum(2) + sum(3) == n;
  if (k == "sum-colour") return sum(c[0]) == n;
  if (k == "sum-double") return 2 * sum(c[0]) == sum(c[1]);
  if (k == "sum-equal") return sum(c[0]) == sum(c[1]);
  if (k == "two-colours") return count(c[0]) + count(c[1]) == 4;
  if (k == "all-below") return every([&](NumberCard x) { return x.number < n; });
  if (k == "all-above") return every([&](NumberCard x) { return x.number > n; });
  if (k == "colours-different") return distinct(colour);
  if (k == "numbers-different") return distinct(number);
  if (k == "all-different") return distinct(colour) && distinct(number);
  if (k == "adjacent") return pair(c[0], true);
  if (k == "apart") return pair(c[0], false);
  if (k == "alternating") {
    return (tops[0].colour == c[0] && tops[2].colour == c[0]) ||
           (tops[1].colour == c[0] && tops[3].colour == c[0]);
  }
  if (k == "run-in-order") {
    for (int start = 0; start + n <= 4; ++start) {
      bool run = true;
      for (int i = 1; i < n; ++i) run = run && tops[start + i].number == tops[start].number + i;
      if (run) return true;
    }
    return false;
  }
  if (k == "run-any-order") {
    int low = 7;
    int high = 1;
    for (NumberCard top : tops) low = std::min<int>(low, top.number);
    for (NumberCard top : tops) high = std::max<int>(high, top.number);
    return distinct(number) && high - low == 3;
  }
  if (k == "all-even") return every([](NumberCard x) { return x.number % 2 == 0; });
  if (k == "all-odd") return every([](NumberCard x) { return x.number % 2 == 1; });
  if (k == "parity-alternating") {
    for (int i = 0; i < 3; ++i) {
      if (tops[i].number % 2 == tops[i + 1].number % 2) return false;
    }
    return true;
  }
  ADD_FAILURE() << "no oracle for " << k;
  return false;
}

NumberCard RandomCard(std::mt19937& rng) {
  return NumberCard{static_cast<uint8_t>(rng() % 4), static_cast<uint8_t>(1 + rng() % 7)};
}

// A goal of `info`'s kind with random parameters, in range or a little out of it.
GoalSpec RandomGoal(const GoalKindInfo& info, std::mt19937& rng, bool in_range) {
  GoalSpec goal{.kind = info.kind};
  for (const GoalParam& param : info.params) {
    if (param.type == GoalParam::Type::kNumber) {
      int span = param.max - param.min + 1 + (in_range ? 0 : 4);
      goal.numbers.push_back(param.min - (in_range ? 0 : 2) + static_cast<int>(rng() % span));
      continue;
    }
    int colours = param.type == GoalParam::Type::kColourPair ? 2 : 1;
    for (int i = 0; i < colours; ++i) {
      goal.colours.push_back(in_range ? static_cast<int>(rng() % 4)
                                      : static_cast<int>(rng() % 6) - 1);
    }
  }
  // One parameter too many, where a goal has room for it.
  if (!in_range && goal.colours.size() < kMostGoalParams && rng() % 4 == 0) {
    goal.colours.push_back(0);
  }
  if (!in_range && goal.numbers.size() < kMostGoalParams && rng() % 4 == 0) {
    goal.numbers.push_back(1);
  }
  return goal;
}

// Whether a goal's parameters are what its kind asks, checked the plain way, parameter by
// parameter: the oracle for CheckGoal. Two colours a goal names must differ.
bool ValidByItsKind(const GoalSpec& goal) {
  size_t colours = 0;
  size_t numbers = 0;
  for (const GoalParam& param : GoalKindOf(goal.kind).params) {
    if (param.type == GoalParam::Type::kNumber) {
      if (numbers == goal.numbers.size()) return false;
      int value = goal.numbers[numbers++];
      if (value < param.min || value > param.max) return false;
      continue;
    }
    for (int i = param.type == GoalParam::Type::kColourPair ? 2 : 1; i > 0; --i) {
      if (colours == goal.colours.size()) return false;
      int colour = goal.colours[colours++];
      if (colour < 0 || colour > 3) return false;
    }
  }
  if (colours != goal.colours.size() || numbers != goal.numbers.size()) return false;
  return colours != 2 || goal.colours[0] != goal.colours[1];
}

TEST(CahootsGoals, CheckGoalAcceptsExactlyTheGoalsTheirKindsAllow) {
  std::mt19937 rng(6);
  int accepted = 0;
  int refused = 0;
  for (int round = 0; round < 2000; ++round) {
    GoalSpec goal = RandomGoal(GoalKinds()[rng() % GoalKinds().size()], rng, round % 2 == 0);
    Result<GoalTest> test = CheckGoal(goal, "/goals/0");
    EXPECT_EQ(test.has_value(), ValidByItsKind(goal)) << GoalText(goal, EditionNamed("gamewright"));
    if (test.has_value()) {
      ++accepted;
    } else {
      EXPECT_EQ(test.error().code, "bad-goal");
      ++refused;
    }
  }
  EXPECT_GT(accepted, 900);
  EXPECT_GT(refused, 300);
}

// The facts a goal is tested on are kept up to date one covered pile at a time; a goal is met on
// them exactly when the rules (the oracle, on the four tops) say it is.
// 400 valid goals, every kind alike, each with its test.
std::vector<std::pair<GoalSpec, GoalTest>> RandomValidGoals(std::mt19937& rng) {
  std::vector<std::pair<GoalSpec, GoalTest>> goals;
  for (int round = 0; round < 400; ++round) {
    GoalSpec goal = RandomGoal(GoalKinds()[round % GoalKinds().size()], rng, true);
    if (Result<GoalTest> test = CheckGoal(goal, "")) goals.emplace_back(goal, *test);
  }
  return goals;
}

PileTops RandomTops(std::mt19937& rng) {
  return {RandomCard(rng), RandomCard(rng), RandomCard(rng), RandomCard(rng)};
}

TEST(CahootsGoals, GoalTestsOnCoveredTopsMeetTheRulesAsWritten) {
  std::mt19937 rng(11);
  std::vector<std::pair<GoalSpec, GoalTest>> goals = RandomValidGoals(rng);
  PileTops tops = RandomTops(rng);
  TopsFacts facts(tops);
  std::vector<int> met(goals.size());
  for (int turn = 0; turn < 3000; ++turn) {
    int pile = static_cast<int>(rng() % 4);
    tops[pile] = RandomCard(rng);
    facts.Cover(pile, tops[pile]);
    ASSERT_EQ(facts.tops(), tops);
    for (size_t g = 0; g < goals.size(); ++g) {
      bool oracle = Oracle(goals[g].first, tops);
      ASSERT_EQ(GoalMet(goals[g].second, facts), oracle)
          << GoalText(goals[g].first, EditionNamed("gamewright")) << " after turn " << turn;
      ASSERT_EQ(GoalMet(goals[g].first, tops), oracle);
      met[g] += oracle ? 1 : 0;
    }
  }
  // Every kind is met somewhere along the way, and missed elsewhere.
  std::set<std::string> met_kinds;
  for (size_t g = 0; g < goals.size(); ++g) {
    if (met[g] > 0 && met[g] < 3000) met_kinds.insert(GoalKindOf(goals[g].first.kind).name);
  }
  EXPECT_EQ(met_kinds.size(), GoalKinds().size());
}

// The match judges again only the goals a cover can change (CoverCanChange): one it says cannot
// change comes out the same before and after the cover, by the rules as written (the oracle).
TEST(CahootsGoals, ACoverOfOtherColoursLeavesAGoalThatNamesColoursAsItWas) {
  std::mt19937 rng(17);
  std::vector<std::pair<GoalSpec, GoalTest>> goals = RandomValidGoals(rng);
  PileTops tops = RandomTops(rng);
  TopsFacts facts(tops);
  int unchanged = 0;
  int judged = 0;
  for (int turn = 0; turn < 3000; ++turn) {
    PileTops before = tops;
    int pile = static_cast<int>(rng() % 4);
    tops[pile] = RandomCard(rng);
    unsigned touched = facts.Cover(pile, tops[pile]);
    ASSERT_EQ(touched, (1u << before[pile].colour) | (1u << tops[pile].colour));
    for (const auto& [spec, test] : goals) {
      if (CoverCanChange(test, touched)) {
        ++judged;
        continue;
      }
      ++unchanged;
      ASSERT_EQ(Oracle(spec, tops), Oracle(spec, before))
          << GoalText(spec, EditionNamed("gamewright")) << " after turn " << turn;
    }
  }
  // Both sides are seen often: the rule saves work and is tested where it does.
  EXPECT_GT(unchanged, 100000);
  EXPECT_GT(judged, 100000);
}

}  // namespace
}  // namespace referee::games::cahoots
