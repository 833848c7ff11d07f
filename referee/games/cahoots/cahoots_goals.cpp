#include "referee/games/cahoots/cahoots_goals.h"

#include <algorithm>
#include <set>

#include "referee/core/check.h"
#include "referee/core/printable.h"

namespace referee::games::cahoots {
namespace {

using Type = GoalParam::Type;

GoalParam Colour(std::string key) { return GoalParam{std::move(key), Type::kColour, 0, 0}; }
GoalParam Pair(std::string key) { return GoalParam{std::move(key), Type::kColourPair, 0, 0}; }
GoalParam Number(std::string key, int min, int max) {
  return GoalParam{std::move(key), Type::kNumber, min, max};
}

// --- Facts about the pile tops. ---

int CountOf(const PileTops& tops, int colour) {
  return static_cast<int>(
      std::count_if(tops.begin(), tops.end(), [&](NumberCard c) { return c.colour == colour; }));
}

int SumOf(const PileTops& tops, int colour) {
  int sum = 0;
  for (NumberCard card : tops) sum += card.colour == colour ? card.number : 0;
  return sum;
}

int SumAll(const PileTops& tops) {
  int sum = 0;
  for (NumberCard card : tops) sum += card.number;
  return sum;
}

template <class Key>
bool AllDistinct(const PileTops& tops, Key key) {
  std::set<int> seen;
  for (NumberCard card : tops) seen.insert(key(card));
  return seen.size() == tops.size();
}

template <class Test>
bool Every(const PileTops& tops, Test test) {
  return std::all_of(tops.begin(), tops.end(), test);
}

// Exactly two piles of the colour; whether they are next to each other.
bool TwoOfColour(const PileTops& tops, int colour, bool adjacent) {
  if (CountOf(tops, colour) != 2) return false;
  bool touching = false;
  for (size_t i = 0; i + 1 < tops.size(); ++i) {
    touching = touching || (tops[i].colour == colour && tops[i + 1].colour == colour);
  }
  return touching == adjacent;
}

bool OnAlternatingPiles(const PileTops& tops, int colour) {
  return (tops[0].colour == colour && tops[2].colour == colour) ||
         (tops[1].colour == colour && tops[3].colour == colour);
}

bool RunInOrder(const PileTops& tops, int length) {
  for (size_t start = 0; start + length <= tops.size(); ++start) {
    bool run = true;
    for (int k = 1; k < length; ++k) {
      run = run && tops[start + k].number == tops[start].number + k;
    }
    if (run) return true;
  }
  return false;
}

bool RunAnyOrder(const PileTops& tops) {
  auto [low, high] = std::minmax_element(
      tops.begin(), tops.end(), [](NumberCard a, NumberCard b) { return a.number < b.number; });
  return AllDistinct(tops, [](NumberCard c) { return c.number; }) &&
         high->number - low->number == 3;
}

bool ParityAlternates(const PileTops& tops) {
  for (size_t i = 0; i + 1 < tops.size(); ++i) {
    if (tops[i].number % 2 == tops[i + 1].number % 2) return false;
  }
  return true;
}

// The named colours in play: at least one for most kinds, both for the two-colour relations
// (rules.md Play: "needs at least one named colour in play"; ruling 7).
bool NamedColoursInPlay(const GoalSpec& goal, const PileTops& tops, GoalKind kind) {
  if (goal.colours.empty()) return true;
  bool all = kind == GoalKind::kSumDouble || kind == GoalKind::kSumEqual;
  int present = 0;
  for (int colour : goal.colours) present += CountOf(tops, colour) > 0 ? 1 : 0;
  return all ? present == static_cast<int>(goal.colours.size()) : present > 0;
}

bool KindMet(GoalKind kind, const std::vector<int>& c, const std::vector<int>& n,
             const PileTops& tops) {
  switch (kind) {
    case GoalKind::kPileCount:
      return CountOf(tops, c[0]) == n[0];
    case GoalKind::kSumAll:
      return SumAll(tops) == n[0];
    case GoalKind::kSumColour:
      return SumOf(tops, c[0]) == n[0];
    case GoalKind::kSumDouble:
      return 2 * SumOf(tops, c[0]) == SumOf(tops, c[1]);
    case GoalKind::kSumEqual:
      return SumOf(tops, c[0]) == SumOf(tops, c[1]);
    case GoalKind::kTwoColours:
      return Every(tops, [&](NumberCard x) { return x.colour == c[0] || x.colour == c[1]; });
    case GoalKind::kAllBelow:
      return Every(tops, [&](NumberCard x) { return x.number < n[0]; });
    case GoalKind::kAllAbove:
      return Every(tops, [&](NumberCard x) { return x.number > n[0]; });
    case GoalKind::kColoursDifferent:
      return AllDistinct(tops, [](NumberCard x) { return x.colour; });
    case GoalKind::kNumbersDifferent:
      return AllDistinct(tops, [](NumberCard x) { return x.number; });
    case GoalKind::kAllDifferent:
      return KindMet(GoalKind::kColoursDifferent, c, n, tops) &&
             KindMet(GoalKind::kNumbersDifferent, c, n, tops);
    case GoalKind::kAdjacent:
      return TwoOfColour(tops, c[0], true);
    case GoalKind::kApart:
      return TwoOfColour(tops, c[0], false);
    case GoalKind::kAlternating:
      return OnAlternatingPiles(tops, c[0]);
    case GoalKind::kRunInOrder:
      return RunInOrder(tops, n[0]);
    case GoalKind::kRunAnyOrder:
      return RunAnyOrder(tops);
    case GoalKind::kAllEven:
      return Every(tops, [](NumberCard x) { return x.number % 2 == 0; });
    case GoalKind::kAllOdd:
      return Every(tops, [](NumberCard x) { return x.number % 2 == 1; });
    case GoalKind::kParityAlternating:
      return ParityAlternates(tops);
  }
  return false;
}

std::string TextOf(GoalKind kind, const std::vector<std::string>& c, const std::vector<int>& n) {
  auto num = [&](size_t i) { return std::to_string(n[i]); };
  switch (kind) {
    case GoalKind::kPileCount:
      return "exactly " + num(0) + " " + c[0] + " piles";
    case GoalKind::kSumAll:
      return "the 4 top cards sum to " + num(0);
    case GoalKind::kSumColour:
      return "the " + c[0] + " cards sum to " + num(0);
    case GoalKind::kSumDouble:
      return "the " + c[1] + " cards sum to double the " + c[0] + " cards";
    case GoalKind::kSumEqual:
      return "the " + c[0] + " and the " + c[1] + " cards sum the same";
    case GoalKind::kTwoColours:
      return "every pile is " + c[0] + " or " + c[1];
    case GoalKind::kAllBelow:
      return "every card is lower than " + num(0);
    case GoalKind::kAllAbove:
      return "every card is higher than " + num(0);
    case GoalKind::kColoursDifferent:
      return "4 different colours";
    case GoalKind::kNumbersDifferent:
      return "4 different numbers";
    case GoalKind::kAllDifferent:
      return "4 different colours and 4 different numbers";
    case GoalKind::kAdjacent:
      return "exactly 2 " + c[0] + " piles, side by side";
    case GoalKind::kApart:
      return "exactly 2 " + c[0] + " piles, not side by side";
    case GoalKind::kAlternating:
      return c[0] + " on piles 1 and 3 or on piles 2 and 4";
    case GoalKind::kRunInOrder:
      return num(0) + " piles in a row rising by 1 left to right";
    case GoalKind::kRunAnyOrder:
      return "the 4 numbers are consecutive, in any order";
    case GoalKind::kAllEven:
      return "every card is even";
    case GoalKind::kAllOdd:
      return "every card is odd";
    case GoalKind::kParityAlternating:
      return "odd and even alternate from pile 1 to pile 4";
  }
  return "";
}

}  // namespace

const std::vector<GoalKindInfo>& GoalKinds() {
  static const std::vector<GoalKindInfo> kKinds = {
      {GoalKind::kPileCount,
       "pile-count",
       {Colour("colour"), Number("count", 1, 4)},
       "exactly `count` piles show `colour`"},
      {GoalKind::kSumAll, "sum-all", {Number("total", 4, 28)}, "the 4 tops sum to `total`"},
      {GoalKind::kSumColour,
       "sum-colour",
       {Colour("colour"), Number("total", 1, 28)},
       "the tops of `colour` sum to `total`"},
      {GoalKind::kSumDouble,
       "sum-double",
       {Colour("half"), Colour("double")},
       "the tops of `double` sum to twice the tops of `half` (both in play)"},
      {GoalKind::kSumEqual,
       "sum-equal",
       {Pair("colours")},
       "the tops of the two `colours` sum the same (both in play)"},
      {GoalKind::kTwoColours,
       "two-colours",
       {Pair("colours")},
       "every top is one of the two `colours`"},
      {GoalKind::kAllBelow, "all-below", {Number("value", 2, 7)}, "every top is below `value`"},
      {GoalKind::kAllAbove, "all-above", {Number("value", 1, 6)}, "every top is above `value`"},
      {GoalKind::kColoursDifferent, "colours-different", {}, "the 4 tops show 4 colours"},
      {GoalKind::kNumbersDifferent, "numbers-different", {}, "the 4 tops show 4 numbers"},
      {GoalKind::kAllDifferent, "all-different", {}, "4 colours and 4 numbers"},
      {GoalKind::kAdjacent,
       "adjacent",
       {Colour("colour")},
       "exactly 2 tops of `colour`, side by side"},
      {GoalKind::kApart,
       "apart",
       {Colour("colour")},
       "exactly 2 tops of `colour`, not side by side"},
      {GoalKind::kAlternating,
       "alternating",
       {Colour("colour")},
       "`colour` on piles 1 and 3, or on piles 2 and 4"},
      {GoalKind::kRunInOrder,
       "run-in-order",
       {Number("length", 2, 4)},
       "`length` neighbouring piles rising by 1 from left to right"},
      {GoalKind::kRunAnyOrder, "run-any-order", {}, "the 4 numbers are consecutive"},
      {GoalKind::kAllEven, "all-even", {}, "every top is even"},
      {GoalKind::kAllOdd, "all-odd", {}, "every top is odd"},
      {GoalKind::kParityAlternating,
       "parity-alternating",
       {},
       "odd and even alternate from pile 1 to pile 4"},
  };
  return kKinds;
}

const GoalKindInfo* FindGoalKind(std::string_view name) {
  for (const GoalKindInfo& info : GoalKinds()) {
    if (info.name == name) return &info;
  }
  return nullptr;
}

size_t ColourParamCount(const GoalKindInfo& info) {
  size_t count = 0;
  for (const GoalParam& param : info.params) {
    count += param.type == Type::kColour ? 1 : param.type == Type::kColourPair ? 2 : 0;
  }
  return count;
}

size_t NumberParamCount(const GoalKindInfo& info) {
  return static_cast<size_t>(
      std::count_if(info.params.begin(), info.params.end(),
                    [](const GoalParam& p) { return p.type == Type::kNumber; }));
}

Result<void> ValidateGoal(const GoalSpec& goal, const std::string& path) {
  const GoalKindInfo* info = FindGoalKind(goal.kind);
  if (info == nullptr) {
    std::string names;
    for (const GoalKindInfo& kind : GoalKinds()) names += (names.empty() ? "" : ", ") + kind.name;
    return Fail(Malformed("bad-goal", path,
                          "expected a goal kind (" + names + "), found " + Quoted(goal.kind)));
  }
  if (goal.colours.size() != ColourParamCount(*info) ||
      goal.numbers.size() != NumberParamCount(*info)) {
    return Fail(
        Malformed("bad-goal", path, "expected the parameters of a " + info->name + " goal"));
  }
  for (int colour : goal.colours) {
    if (colour < 0 || colour >= kColours) {
      return Fail(Malformed("bad-goal", path,
                            "expected a colour index 0-3, found " + std::to_string(colour)));
    }
  }
  if (goal.colours.size() == 2 && goal.colours[0] == goal.colours[1]) {
    return Fail(
        Malformed("bad-goal", path, "expected two different colours in a " + info->name + " goal"));
  }
  size_t n = 0;
  for (const GoalParam& param : info->params) {
    if (param.type != Type::kNumber) continue;
    int value = goal.numbers[n++];
    if (value < param.min || value > param.max) {
      return Fail(Malformed("bad-goal", ChildPath(path, param.key),
                            "expected " + param.key + " from " + std::to_string(param.min) +
                                " to " + std::to_string(param.max) + " in a " + info->name +
                                " goal, found " + std::to_string(value)));
    }
  }
  return {};
}

bool GoalMet(const GoalSpec& goal, const PileTops& tops) {
  const GoalKindInfo* info = FindGoalKind(goal.kind);
  REFEREE_CHECK(info != nullptr, "unknown goal kind " + goal.kind);
  REFEREE_CHECK(goal.colours.size() == ColourParamCount(*info) &&
                    goal.numbers.size() == NumberParamCount(*info),
                "goal " + goal.kind + " has the wrong parameters");
  return NamedColoursInPlay(goal, tops, info->kind) &&
         KindMet(info->kind, goal.colours, goal.numbers, tops);
}

std::string GoalText(const GoalSpec& goal, const Edition& edition) {
  const GoalKindInfo* info = FindGoalKind(goal.kind);
  if (info == nullptr || goal.colours.size() != ColourParamCount(*info) ||
      goal.numbers.size() != NumberParamCount(*info)) {
    return goal.kind;
  }
  std::vector<std::string> colours;
  for (int colour : goal.colours) {
    if (colour < 0 || colour >= kColours) return goal.kind;
    colours.push_back(ColourName(edition, colour));
  }
  return TextOf(info->kind, colours, goal.numbers);
}

}  // namespace referee::games::cahoots
