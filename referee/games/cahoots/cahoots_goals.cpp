#include "referee/games/cahoots/cahoots_goals.h"

#include <algorithm>

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

// --- The goals' tests, on the four tops as they are: a goal is tested after every turn. ---

// Whether the four tops differ pairwise in `key` (their colour, or their number).
template <class Key>
bool AllDistinct(const PileTops& tops, Key key) {
  for (size_t i = 0; i < tops.size(); ++i) {
    for (size_t j = i + 1; j < tops.size(); ++j) {
      if (key(tops[i]) == key(tops[j])) return false;
    }
  }
  return true;
}

template <class Test>
bool Every(const PileTops& tops, Test test) {
  return test(tops[0]) && test(tops[1]) && test(tops[2]) && test(tops[3]);
}

// Exactly two piles of the colour; whether they are next to each other.
bool TwoOfColour(const TopsFacts& facts, int colour, bool adjacent) {
  if (facts.count(colour) != 2) return false;
  const PileTops& tops = facts.tops();
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
  return AllDistinct(tops, [](NumberCard x) { return x.number; }) &&
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
bool NamedColoursInPlay(const GoalTest& goal, const TopsFacts& facts) {
  unsigned shown = facts.shown() & goal.named;
  bool all = goal.kind == GoalKind::kSumDouble || goal.kind == GoalKind::kSumEqual;
  return goal.named == 0 || (all ? shown == goal.named : shown != 0);
}

// The kind's own test; c0 and c1 are the named colours, n the number parameter.
bool KindMet(GoalKind kind, int c0, int c1, int n, const TopsFacts& facts) {
  const PileTops& tops = facts.tops();
  auto colour = [](NumberCard x) { return x.colour; };
  auto number = [](NumberCard x) { return x.number; };
  switch (kind) {
    case GoalKind::kPileCount:
      return facts.count(c0) == n;
    case GoalKind::kSumAll:
      return facts.sum_all() == n;
    case GoalKind::kSumColour:
      return facts.sum(c0) == n;
    case GoalKind::kSumDouble:
      return 2 * facts.sum(c0) == facts.sum(c1);
    case GoalKind::kSumEqual:
      return facts.sum(c0) == facts.sum(c1);
    case GoalKind::kTwoColours:
      return Every(tops, [&](NumberCard x) { return x.colour == c0 || x.colour == c1; });
    case GoalKind::kAllBelow:
      return Every(tops, [&](NumberCard x) { return x.number < n; });
    case GoalKind::kAllAbove:
      return Every(tops, [&](NumberCard x) { return x.number > n; });
    case GoalKind::kColoursDifferent:
      return AllDistinct(tops, colour);
    case GoalKind::kNumbersDifferent:
      return AllDistinct(tops, number);
    case GoalKind::kAllDifferent:
      return AllDistinct(tops, colour) && AllDistinct(tops, number);
    case GoalKind::kAdjacent:
      return TwoOfColour(facts, c0, true);
    case GoalKind::kApart:
      return TwoOfColour(facts, c0, false);
    case GoalKind::kAlternating:
      return OnAlternatingPiles(tops, c0);
    case GoalKind::kRunInOrder:
      return RunInOrder(tops, n);
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

// A goal's test from its kind and parameters, which must be in range.
GoalTest MakeTest(GoalKind kind, const GoalParams& colours, const GoalParams& numbers) {
  GoalTest test{.kind = kind};
  for (size_t i = 0; i < colours.size() && i < test.colours.size(); ++i) {
    test.colours[i] = static_cast<int8_t>(colours[i]);
    if (colours[i] >= 0 && colours[i] < kColours) test.named |= 1u << colours[i];
  }
  if (!numbers.empty()) test.number = static_cast<int8_t>(numbers[0]);
  return test;
}

// The words of a goal, in one string built in place (a set-up words every goal it reads).
std::string TextOf(GoalKind kind, std::string_view c0, std::string_view c1, int n) {
  std::string text;
  text.reserve(56);
  auto add = [&text](auto... parts) { (text.append(parts), ...); };
  std::string num = std::to_string(n);
  switch (kind) {
    case GoalKind::kPileCount:
      add("exactly ", num, " ", c0, " piles");
      break;
    case GoalKind::kSumAll:
      add("the 4 top cards sum to ", num);
      break;
    case GoalKind::kSumColour:
      add("the ", c0, " cards sum to ", num);
      break;
    case GoalKind::kSumDouble:
      add("the ", c1, " cards sum to double the ", c0, " cards");
      break;
    case GoalKind::kSumEqual:
      add("the ", c0, " and the ", c1, " cards sum the same");
      break;
    case GoalKind::kTwoColours:
      add("every pile is ", c0, " or ", c1);
      break;
    case GoalKind::kAllBelow:
      add("every card is lower than ", num);
      break;
    case GoalKind::kAllAbove:
      add("every card is higher than ", num);
      break;
    case GoalKind::kColoursDifferent:
      add("4 different colours");
      break;
    case GoalKind::kNumbersDifferent:
      add("4 different numbers");
      break;
    case GoalKind::kAllDifferent:
      add("4 different colours and 4 different numbers");
      break;
    case GoalKind::kAdjacent:
      add("exactly 2 ", c0, " piles, side by side");
      break;
    case GoalKind::kApart:
      add("exactly 2 ", c0, " piles, not side by side");
      break;
    case GoalKind::kAlternating:
      add(c0, " on piles 1 and 3 or on piles 2 and 4");
      break;
    case GoalKind::kRunInOrder:
      add(num, " piles in a row rising by 1 left to right");
      break;
    case GoalKind::kRunAnyOrder:
      add("the 4 numbers are consecutive, in any order");
      break;
    case GoalKind::kAllEven:
      add("every card is even");
      break;
    case GoalKind::kAllOdd:
      add("every card is odd");
      break;
    case GoalKind::kParityAlternating:
      add("odd and even alternate from pile 1 to pile 4");
      break;
  }
  return text;
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
    // Sizes first: the kinds' names are of many lengths, and a record names a kind for every goal.
    if (info.name.size() == name.size() && info.name == name) return &info;
  }
  return nullptr;
}

GoalKind GoalKindNamed(std::string_view name) {
  const GoalKindInfo* info = FindGoalKind(name);
  REFEREE_CHECK(info != nullptr, "no goal kind named " + std::string(name));
  return info->kind;
}

const GoalKindInfo& GoalKindOf(GoalKind kind) {
  const GoalKindInfo& info = GoalKinds().at(static_cast<size_t>(kind));
  REFEREE_CHECK(info.kind == kind, "GoalKinds() out of the order of GoalKind");
  return info;
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

Finding UnknownGoalKind(std::string_view name, const std::string& path) {
  std::string names;
  for (const GoalKindInfo& kind : GoalKinds()) names += (names.empty() ? "" : ", ") + kind.name;
  return Malformed("bad-goal", path, "expected a goal kind (" + names + "), found " + Quoted(name));
}

Result<GoalTest> CheckGoal(const GoalSpec& goal, const std::string& path) {
  const GoalKindInfo& info = GoalKindOf(goal.kind);
  if (goal.colours.size() != ColourParamCount(info) ||
      goal.numbers.size() != NumberParamCount(info)) {
    return Fail(Malformed("bad-goal", path, "expected the parameters of a " + info.name + " goal"));
  }
  for (int colour : goal.colours) {
    if (colour < 0 || colour >= kColours) {
      return Fail(Malformed("bad-goal", path,
                            "expected a colour index 0-3, found " + std::to_string(colour)));
    }
  }
  if (goal.colours.size() == 2 && goal.colours[0] == goal.colours[1]) {
    return Fail(
        Malformed("bad-goal", path, "expected two different colours in a " + info.name + " goal"));
  }
  size_t n = 0;
  for (const GoalParam& param : info.params) {
    if (param.type != Type::kNumber) continue;
    int value = goal.numbers[n++];
    if (value < param.min || value > param.max) {
      return Fail(Malformed("bad-goal", ChildPath(path, param.key),
                            "expected " + param.key + " from " + std::to_string(param.min) +
                                " to " + std::to_string(param.max) + " in a " + info.name +
                                " goal, found " + std::to_string(value)));
    }
  }
  return MakeTest(info.kind, goal.colours, goal.numbers);
}

bool GoalMet(const GoalSpec& goal, const PileTops& tops) {
  Result<GoalTest> test = CheckGoal(goal, "");
  REFEREE_CHECK(test.has_value(), "an invalid " + GoalKindOf(goal.kind).name + " goal tested");
  return GoalMet(*test, tops);
}

TopsFacts::TopsFacts(const PileTops& tops) : tops_(tops) {
  for (NumberCard card : tops_) Count(card, 1);
}

unsigned TopsFacts::Cover(int pile, NumberCard card) {
  unsigned touched = (1u << tops_[pile].colour | 1u << card.colour) & kEveryColour;
  Count(tops_[pile], -1);
  tops_[pile] = card;
  Count(card, 1);
  return touched;
}

void TopsFacts::Count(NumberCard card, int sign) {
  sum_all_ += sign * card.number;
  if (!InPack(card.colour)) return;
  count_[card.colour] += sign;
  sum_[card.colour] += sign * card.number;
  unsigned bit = 1u << card.colour;
  shown_ = count_[card.colour] > 0 ? shown_ | bit : shown_ & ~bit;
}

bool GoalMet(const GoalTest& goal, const TopsFacts& tops) {
  return NamedColoursInPlay(goal, tops) &&
         KindMet(goal.kind, goal.colours[0], goal.colours[1], goal.number, tops);
}

bool GoalMet(const GoalTest& goal, const PileTops& tops) { return GoalMet(goal, TopsFacts(tops)); }

std::string GoalText(const GoalSpec& goal, const Edition& edition) {
  const GoalKindInfo& info = GoalKindOf(goal.kind);
  if (goal.colours.size() != ColourParamCount(info) ||
      goal.numbers.size() != NumberParamCount(info)) {
    return info.name;
  }
  std::array<std::string_view, 2> colours;
  for (size_t i = 0; i < goal.colours.size(); ++i) {
    if (goal.colours[i] < 0 || goal.colours[i] >= kColours) return info.name;
    colours[i] = edition.colours[goal.colours[i]];
  }
  return TextOf(info.kind, colours[0], colours[1], goal.numbers.empty() ? 0 : goal.numbers[0]);
}

}  // namespace referee::games::cahoots
