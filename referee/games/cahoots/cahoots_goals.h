// Cahoots goals as data: a closed set of goal kinds, each a predicate over the four pile tops.
//
// Source: rules.md section 1 "Goal cards: what is and is not known" (the confirmed goal types and
// the Spanish-edition list of github.com/Middlederg/cahoots) and "Play". The full Gamewright list
// of 50 goal cards is not public, so a record carries each goal as kind + parameters (rules.md's
// proposed ruling); this file is the closed set of kinds. Interpretation choices:
// - Goals are met exactly as written [P seed 004]: "exactly 3 green piles" is false with four.
// - A goal that names colours needs at least one named colour in play [P seed 004]; for the
//   two-colour relations (sum-double, sum-equal) both named colours must be in play (ruling 7).
// - all-below / all-above are strict (ruling 6).
// - run-in-order: some `length` consecutive piles, left to right, each one higher than the last
//   (a longer run contains it); run-any-order: the four numbers are consecutive in any order
//   (ruling 8, both unconfirmed).
// - adjacent / apart: exactly two piles of the colour, next to each other / not next to each other.
// - alternating: the colour shows on piles 1 and 3, or on piles 2 and 4, whatever the other two
//   piles show (as the Spanish-edition code does; unconfirmed).
// - two-colours: every pile is one of the two colours (one colour alone also meets it: the Dutch
//   seed says "at least 1 of the colors must be met").
// - parity-alternating: odd and even alternate from pile 1 to pile 4, starting with either.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "referee/core/finding.h"
#include "referee/core/fixed_list.h"
#include "referee/core/result.h"
#include "referee/games/cahoots/cahoots_cards.h"

namespace referee::games::cahoots {

using PileTops = std::array<NumberCard, 4>;  // piles 1..4, left to right

enum class GoalKind {
  kPileCount,
  kSumAll,
  kSumColour,
  kSumDouble,
  kSumEqual,
  kTwoColours,
  kAllBelow,
  kAllAbove,
  kColoursDifferent,
  kNumbersDifferent,
  kAllDifferent,
  kAdjacent,
  kApart,
  kAlternating,
  kRunInOrder,
  kRunAnyOrder,
  kAllEven,
  kAllOdd,
  kParityAlternating,
};

// A goal's parameters of one type, held in place: no kind names more than two colours or two
// numbers (GoalKinds()), and a reader reads no more than its kind names.
inline constexpr size_t kMostGoalParams = 2;
using GoalParams = FixedList<int, kMostGoalParams>;

// A goal as data: a kind from the closed set above with its parameters. The kind is named once,
// where a record or a table is read (FindGoalKind); past that it is this enum.
struct GoalSpec {
  GoalKind kind = GoalKind::kPileCount;
  GoalParams colours;  // colour indexes the goal names
  GoalParams numbers;  // numeric parameters, in the order the kind defines
  // The catalogue reference ("confirmed#3") of a goal given as a catalogue card; empty for one
  // given by kind and parameters, whose words are GoalText's (worded only when shown).
  std::string label;
  std::string path;
  bool operator==(const GoalSpec&) const = default;
};

// One named parameter of a goal kind. A colour parameter fills GoalSpec::colours in the order of
// the kind's parameters (a colour pair fills two entries); a number parameter fills
// GoalSpec::numbers, within [min, max].
struct GoalParam {
  enum class Type { kColour, kColourPair, kNumber };
  std::string key;
  Type type = Type::kNumber;
  int min = 0;
  int max = 0;
};

struct GoalKindInfo {
  GoalKind kind;
  std::string name;  // as written in records: "pile-count"
  std::vector<GoalParam> params;
  std::string meaning;  // one line for docs
};

// Every kind, in the order of GoalKind.
const std::vector<GoalKindInfo>& GoalKinds();
// The kind a record names `name`, if any.
const GoalKindInfo* FindGoalKind(std::string_view name);
// The kind the program's own tables name `name`: it must be one.
GoalKind GoalKindNamed(std::string_view name);
const GoalKindInfo& GoalKindOf(GoalKind kind);
size_t ColourParamCount(const GoalKindInfo& info);
size_t NumberParamCount(const GoalKindInfo& info);

// The finding on a goal whose kind `name` is none of GoalKinds(), at `path`.
Finding UnknownGoalKind(std::string_view name, const std::string& path);

// Whether the goal is met by the four pile tops. The goal must be valid (CheckGoal).
bool GoalMet(const GoalSpec& goal, const PileTops& tops);

// A valid goal made ready to test: its kind as an enum and its parameters in place. The match
// tests the goals shown after every turn, and the bot every card on every pile: neither should
// look a kind up by its name or walk a goal's vectors each time.
struct GoalTest {
  GoalKind kind = GoalKind::kSumAll;
  std::array<int8_t, 2> colours = {-1, -1};  // the named colours; -1 where the kind names fewer
  int8_t number = 0;                         // the kind's number parameter, where it has one
  uint8_t named = 0;                         // the named colours as bits (1 << colour)
  bool operator==(const GoalTest&) const = default;
};

// Checks a goal's parameters (counts, ranges, distinct colour pairs) and makes it ready to test:
// the one statement of what a valid goal is. Otherwise a Malformed `bad-goal` at `path` (worded
// only then). Colours must already be indexes 0..3 of the edition.
Result<GoalTest> CheckGoal(const GoalSpec& goal, const std::string& path);
// The same, the goal's place worked out (`place()`) only for a finding: a goal pile is checked
// whole for every record, and nearly every goal is valid.
template <class PlaceOfGoal>
Result<GoalTest> CheckGoalAt(const GoalSpec& goal, PlaceOfGoal place) {
  Result<GoalTest> test = CheckGoal(goal, std::string());
  if (test.has_value()) return test;
  return CheckGoal(goal, place());  // checked again, to word the finding where the goal is
}

// The four pile tops with what most goals ask of them (how many show each colour, and their
// totals), kept up to date as one top at a time is covered: the match tests the goals shown
// against them after every turn.
class TopsFacts {
 public:
  explicit TopsFacts(const PileTops& tops = {});
  // The top of `pile` (0-based) is covered by `card`; returns the colours the cover touched (the
  // covered top's and the card's, as bits 1 << colour), for CoverCanChange.
  unsigned Cover(int pile, NumberCard card);

  const PileTops& tops() const { return tops_; }
  int count(int colour) const { return InPack(colour) ? count_[colour] : 0; }
  int sum(int colour) const { return InPack(colour) ? sum_[colour] : 0; }
  int sum_all() const { return sum_all_; }
  unsigned shown() const { return shown_; }  // the colours on top as bits (1 << colour)

 private:
  static bool InPack(int colour) { return colour >= 0 && colour < kColours; }
  void Count(NumberCard card, int sign);

  PileTops tops_;
  std::array<int, kColours> count_{};
  std::array<int, kColours> sum_{};
  int sum_all_ = 0;
  unsigned shown_ = 0;
};

// GoalMet of the goal the test was compiled from.
bool GoalMet(const GoalTest& goal, const TopsFacts& tops);
bool GoalMet(const GoalTest& goal, const PileTops& tops);

// Every colour, as the bits of TopsFacts::Cover: what a new set of tops touches.
inline constexpr unsigned kEveryColour = (1u << kColours) - 1;
// Whether a cover that touched `colours` (TopsFacts::Cover) can change what GoalMet says of the
// goal. A goal that names colours looks only at which tops show them and at their numbers, so a
// cover of another colour by another colour leaves it as it was; a goal that names none looks at
// every top.
inline bool CoverCanChange(const GoalTest& goal, unsigned colours) {
  return goal.named == 0 || (goal.named & colours) != 0;
}

// The goal in words, with the edition's colour names: "exactly 3 green piles".
std::string GoalText(const GoalSpec& goal, const Edition& edition);

}  // namespace referee::games::cahoots
