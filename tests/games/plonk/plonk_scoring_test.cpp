// Plonk scoring from the rule text (seed 002, parlettgames.uk/oricards/plonk.html) and the
// project's rulings (rules.md section 3).
#include "referee/games/plonk/plonk_scoring.h"

#include <gtest/gtest.h>

#include <sstream>

namespace referee::games::plonk {
namespace {

Card C(const std::string& text) { return ParseCard(text, "").value(); }

std::vector<Card> Cards(const std::string& text) {
  std::vector<Card> cards;
  std::istringstream words(text);
  for (std::string word; words >> word;) cards.push_back(C(word));
  return cards;
}

trick::CompletedTrick Trick(Seat leader, const std::string& cards, Seat winner) {
  std::vector<Card> list = Cards(cards);
  trick::CompletedTrick trick{leader, {}, winner};
  std::copy(list.begin(), list.end(), trick.cards.begin());
  return trick;
}

constexpr int kNS = static_cast<int>(Partnership::kNorthSouth);
constexpr int kEW = static_cast<int>(Partnership::kEastWest);

// Seed 002: "numerals count face value, J-Q-K count 10 each, Ace counts 15".
TEST(PlonkScoringTest, CardValuesFromTheRuleText) {
  EXPECT_EQ(LiveValue(C("AS")), 15);
  EXPECT_EQ(LiveValue(C("KH")), 10);
  EXPECT_EQ(LiveValue(C("QD")), 10);
  EXPECT_EQ(LiveValue(C("JC")), 10);
  EXPECT_EQ(LiveValue(C("TS")), 10);
  EXPECT_EQ(LiveValue(C("9S")), 9);
  EXPECT_EQ(LiveValue(C("2C")), 2);
}

// rules.md: "the pack's total value is 4 x (54 + 30 + 15) = 396".
TEST(PlonkScoringTest, PackTotalIs396) {
  int total = 0;
  for (Card card : FullPack52().Cards()) total += LiveValue(card);
  EXPECT_EQ(total, 396);
}

// Seed 002: "Bear in mind that a trick consisting entirely of dead cards loses you 4 points for
// no gain."
TEST(PlonkScoringTest, TrickOfDeadCardsLosesFourPoints) {
  auto piles = PlonkPiles(std::vector{Trick(Seat::kNorth, "5H KH 2H AH", Seat::kWest)});
  EXPECT_EQ(piles[kEW].dead_cards, 4);
  EXPECT_EQ(piles[kEW].live_cards, 0);
  EXPECT_EQ(piles[kEW].Score(), -4);
  EXPECT_EQ(piles[kNS].Score(), 0);
}

// Seed 002: the led card and any card of its suit are dead; other suits are live for the winner.
// N leads 5H, E KS, S 2H, W AC: 5H is the highest heart, NS take dead 5H 2H and live KS (10) and
// AC (15): 25 - 2 = 23.
TEST(PlonkScoringTest, LiveAtFaceValueMinusOnePerDeadCard) {
  auto piles = PlonkPiles(std::vector{Trick(Seat::kNorth, "5H KS 2H AC", Seat::kNorth)});
  EXPECT_EQ(piles[kNS].live_points, 25);
  EXPECT_EQ(piles[kNS].dead_cards, 2);
  EXPECT_EQ(piles[kNS].Score(), 23);
  EXPECT_EQ(piles[kEW].Score(), 0);
}

// rules.md, Plonk ambiguity 7: cards you play into the opponents' tricks count for them.
TEST(PlonkScoringTest, CardsCountForTheSideThatWonTheTrick) {
  auto piles = PlonkPiles(std::vector{Trick(Seat::kEast, "3D AS 9D 4C", Seat::kWest),
                                      Trick(Seat::kWest, "7C 8C 2S KC", Seat::kSouth)});
  // Trick 1 (E 3D, S AS, W 9D, N 4C), won by W's 9D: dead 3D 9D, live AS 15 + 4C 4, so the AS and
  // 4C of N and S score for EW: 19 - 2 = 17.
  // Trick 2 (W 7C, N 8C, E 2S, S KC), won by S's KC: dead 7C 8C KC, live 2S: NS 2 - 3 = -1.
  EXPECT_EQ(piles[kEW].Score(), 17);
  EXPECT_EQ(piles[kNS].Score(), -1);
}

// Seed 002: "If nobody follows suit to the card led ..."; rules.md ambiguity 4: none of the three
// non-leaders played the suit led. One follower, even the last, is enough to cancel it.
TEST(PlonkScoringTest, NobodyFollowedMeansNoneOfTheOtherThree) {
  EXPECT_TRUE(NobodyFollowed(Cards("AS 2H 2D 2C")));
  EXPECT_FALSE(NobodyFollowed(Cards("AS 2H 2D 2S")));
  EXPECT_FALSE(NobodyFollowed(Cards("2S AS 2D 2C")));
}

// rules.md, Plonk ambiguity 5: checked after a deal; one side at or above the target wins; both:
// the higher total; equal: play on. Reaching exactly the target counts.
TEST(PlonkScoringTest, TargetRuling) {
  EXPECT_EQ(CheckPlonkEnd({499, 480}, 500), PlonkEnd::kPlayOn);
  EXPECT_EQ(CheckPlonkEnd({500, 480}, 500), PlonkEnd::kNorthSouthWins);
  EXPECT_EQ(CheckPlonkEnd({-20, 501}, 500), PlonkEnd::kEastWestWins);
  EXPECT_EQ(CheckPlonkEnd({530, 512}, 500), PlonkEnd::kNorthSouthWins);
  EXPECT_EQ(CheckPlonkEnd({512, 530}, 500), PlonkEnd::kEastWestWins);
  EXPECT_EQ(CheckPlonkEnd({520, 520}, 500), PlonkEnd::kPlayOn);
}

}  // namespace
}  // namespace referee::games::plonk
