// GamePlace: where a finding happened, in the game's own units, as every output words it.
#include "referee/core/finding.h"

#include <gtest/gtest.h>

namespace referee {
namespace {

TEST(GamePlace, TextNamesTheStepInTheGamesOwnUnit) {
  EXPECT_EQ(GamePlaceText({.deal = 1, .step = {"trick", 2}, .actor = "E", .card = "6H"}),
            "deal 1, trick 2, E, 6H");
  EXPECT_EQ(GamePlaceText({.step = {"turn", 7}, .actor = "ann"}), "turn 7, ann");
  EXPECT_EQ(GamePlaceText({.deal = 3}), "deal 3");
  EXPECT_EQ(GamePlaceText({}), "");
  // A step numbered 0 does not apply, whatever its unit.
  EXPECT_EQ(GamePlaceText({.deal = 1, .step = {"trick", 0}}), "deal 1");
}

// A step numbered 0 is no step, whichever game's unit it was made in: places compare equal.
TEST(GamePlace, AStepNumberedZeroIsNone) {
  EXPECT_EQ((GamePlace{.deal = 1, .step = {"trick", 0}}), (GamePlace{.deal = 1}));
  EXPECT_NE((GamePlace{.step = {"trick", 1}}), (GamePlace{.step = {"turn", 1}}));
  EXPECT_EQ((GamePlace{.step = {"trick", 3}}), (GamePlace{.step = {"trick", 3}}));
}

// A player's name comes from the record: wherever a place is worded (the verdict, the league's
// summary line, both through this function) it is shown escaped.
TEST(GamePlace, TextEscapesANameFromTheRecord) {
  EXPECT_EQ(GamePlaceText({.step = {"turn", 1}, .actor = "a\x1b[2Jb"}), "turn 1, a\\x1b[2Jb");
}

}  // namespace
}  // namespace referee
