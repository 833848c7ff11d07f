// The Plonk match: the lead exception, the deal, the target, the dealer rotation, findings with
// their exact place, and RapidCheck properties over random legal deals. Rule source: seed 002
// (parlettgames.uk/oricards/plonk.html) and rules.md section 3.
#include "referee/games/plonk/plonk.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <numeric>
#include <sstream>

#include "referee/games/conspiracy/conspiracy_events.h"
#include "referee/games/plonk/plonk_scoring.h"
#include "tests/support/facts.h"
#include "tests/support/trick_events.h"

namespace referee::games::plonk {
namespace {

using test_support::Dealing;
using test_support::DealOf;
using test_support::NextSeat;
using test_support::Playing;
using test_support::PlayOf;

using Hands = std::array<std::vector<Card>, 4>;

MatchSetup Setup(const std::vector<std::pair<std::string, OptionValue>>& options = {}) {
  MatchSetup setup;
  setup.rules = RuleOptions(Descriptor().options);
  for (const auto& [name, value] : options) setup.rules.Set(name, value);
  setup.players = {"ann", "bob", "cat", "dan"};
  return setup;
}

std::unique_ptr<Match> NewMatch(const std::vector<std::pair<std::string, OptionValue>>& options) {
  return Descriptor().new_match(Setup(options));
}

Card C(const std::string& text) { return ParseCard(text, "").value(); }

std::string DealPath(int deal) { return "/deals/" + std::to_string(deal - 1); }

Event Deal(int deal, Seat dealer, const Hands& hands) {
  return Dealing(deal, {.dealer = dealer, .hands = hands}, DealPath(deal));
}

Event Play(int deal, int trick, int position, Card card) {
  std::string path =
      DealPath(deal) + "/tricks/" + std::to_string(trick - 1) + "/" + std::to_string(position);
  return Playing(deal, card, trick, position, path);
}

// Every player holds one whole suit: N spades, E hearts, S diamonds, W clubs. Nobody can ever
// follow, so every trick is won by its leader and the lead exception fires after each one.
Hands OneSuitEach() {
  Hands hands;
  const Suit suits[4] = {Suit::kSpades, Suit::kHearts, Suit::kDiamonds, Suit::kClubs};
  for (Seat seat : kAllSeats) {
    for (Card card : FullPack52().OfSuit(suits[SeatIndex(seat)]).Cards()) {
      hands[SeatIndex(seat)].push_back(card);
    }
  }
  return hands;
}

// OneSuitEach with N's 2S and E's 2H swapped, so E can follow N's spade lead.
Hands OneSuitEachSwapped() {
  Hands hands = OneSuitEach();
  std::erase(hands[0], C("2S"));
  std::erase(hands[1], C("2H"));
  hands[0].push_back(C("2H"));
  hands[1].push_back(C("2S"));
  return hands;
}

// The card of `seat`'s suit in OneSuitEach with the given rank.
Card OneSuitCard(Seat seat, Rank rank) {
  const Suit suits[4] = {Suit::kSpades, Suit::kHearts, Suit::kDiamonds, Suit::kClubs};
  return Card{suits[SeatIndex(seat)], rank};
}

// Plays trick k of a OneSuitEach deal: everyone plays their card of rank 15 - k (A first).
void PlayOneSuitTrick(Match& match, int deal, int trick) {
  Seat leader = *NextSeat(match);
  Rank rank = static_cast<Rank>(15 - trick);
  for (int position = 0; position < 4; ++position) {
    Card card = OneSuitCard(SeatAt(SeatIndex(leader) + position), rank);
    ASSERT_TRUE(match.Apply(Play(deal, trick, position, card)).has_value())
        << "deal " << deal << " trick " << trick << " " << ToString(card);
  }
}

void PlayOneSuitDeal(Match& match, int deal, Seat dealer) {
  ASSERT_TRUE(match.Apply(Deal(deal, dealer, OneSuitEach())).has_value());
  for (int trick = 1; trick <= 13; ++trick) PlayOneSuitTrick(match, deal, trick);
}

// Worked by hand: dealer W, N leads; the lead passes right after every trick (N W S E N ...), so
// NS lead and win tricks 1 3 5 7 9 11 13 (ranks A Q 10 8 6 4 2: 55 a card, 3 live cards a trick,
// 1 dead): 165 - 7 = 158; EW win tricks 2 4 ... 12 (K J 9 7 5 3: 44): 132 - 6 = 126.
TEST(PlonkMatchTest, LeadPassesRightAfterEveryUnfollowedTrick) {
  auto match = NewMatch({{"target", int64_t{150}}});
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kWest, OneSuitEach())).has_value());
  const Seat leaders[4] = {Seat::kNorth, Seat::kWest, Seat::kSouth, Seat::kEast};
  for (int trick = 1; trick <= 13; ++trick) {
    ASSERT_EQ(NextSeat(*match), leaders[(trick - 1) % 4]) << "trick " << trick;
    PlayOneSuitTrick(*match, 1, trick);
  }
  ScoreSheet sheet = match->Scores();
  ASSERT_EQ(sheet.rows.size(), 1u);
  EXPECT_EQ(sheet.units, (std::vector<std::string>{"NS", "EW"}));
  EXPECT_EQ(sheet.rows[0].points, (std::vector<int>{158, 126}));
  EXPECT_EQ(sheet.rows[0].label.Text(),
            "dealer W; NS live 21 for 165, dead 7; EW live 18 for 132, dead 6");
  ASSERT_TRUE(match->IsOver());
  Outcome outcome = match->GetOutcome();
  EXPECT_EQ(test_support::FactTexts(outcome), (std::vector<std::pair<std::string, std::string>>{
                                                  {"NS", "158"}, {"EW", "126"}, {"winner", "NS"}}));
  EXPECT_EQ(outcome.summary, "NS wins with 158 to 126");
}

// Seed 002: 13 cards each (the ruling on "Deal 14 cards each"); a 14-card hand is refused.
TEST(PlonkMatchTest, ThirteenCardsEach) {
  auto match = NewMatch({});
  Hands hands = OneSuitEach();
  hands[3].pop_back();
  hands[0].push_back(C("AC"));
  auto result = match->Apply(Deal(1, Seat::kWest, hands));
  ASSERT_FALSE(result.has_value());
  EXPECT_EQ(result.error().code, "wrong-hand-size");
  EXPECT_EQ(result.error().place.path, "/deals/0/hands/N");
  EXPECT_EQ(result.error().message, "expected 13 cards in N's hand, found 14");
}

void ExpectFinding(const Result<Ruling>& result, const std::string& code, const std::string& path,
                   const GamePlace& place, const std::string& message) {
  ASSERT_FALSE(result.has_value());
  EXPECT_EQ(result.error().code, code);
  EXPECT_EQ(result.error().severity, Severity::kError);
  EXPECT_EQ(result.error().place.path, path);
  EXPECT_EQ(result.error().place.game, place);
  EXPECT_EQ(result.error().message, message);
}

// rules.md, Plonk ambiguity 6: the trick winner leading when the exception applied is illegal.
TEST(PlonkMatchTest, WinnerLeadingAfterNobodyFollowedIsWrongLeader) {
  auto match = NewMatch({});
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kWest, OneSuitEach())).has_value());
  PlayOneSuitTrick(*match, 1, 1);  // AS AH AD AC: nobody followed N's spade
  ExpectFinding(
      match->Apply(Play(1, 2, 0, C("KS"))), "wrong-leader", "/deals/0/tricks/1/0",
      GamePlace{.deal = 1, .step = games::trick::TrickStep(2), .actor = "W", .card = "KS"},
      "expected W to lead to trick 2 (nobody followed spades in trick 1, so the lead "
      "passes to the winner's right-hand opponent, W), found KS from N's hand");
}

// rules.md, Plonk ambiguity 6, the other way: after a followed trick the winner leads.
TEST(PlonkMatchTest, RightHandOpponentLeadingAfterAFollowedTrickIsWrongLeader) {
  auto match = NewMatch({});
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kWest, OneSuitEachSwapped())).has_value());
  for (int position = 0; position < 4; ++position) {
    const char* cards[4] = {"AS", "2S", "AD", "AC"};  // E follows with 2S; AS wins for N
    ASSERT_TRUE(match->Apply(Play(1, 1, position, C(cards[position]))).has_value());
  }
  EXPECT_EQ(NextSeat(*match), Seat::kNorth);
  ExpectFinding(
      match->Apply(Play(1, 2, 0, C("KC"))), "wrong-leader", "/deals/0/tricks/1/0",
      GamePlace{.deal = 1, .step = games::trick::TrickStep(2), .actor = "N", .card = "KC"},
      "expected N to lead to trick 2 (someone followed spades in trick 1, so its "
      "winner, N, leads), found KC from W's hand");
}

// Seed 002: "there is never any requirement to follow suit".
TEST(PlonkMatchTest, NoNeedToFollowSuit) {
  auto match = NewMatch({});
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kWest, OneSuitEachSwapped())).has_value());
  ASSERT_TRUE(match->Apply(Play(1, 1, 0, C("AS"))).has_value());
  // E holds 2S but may play a heart.
  EXPECT_TRUE(match->Apply(Play(1, 1, 1, C("KH"))).has_value());
}

TEST(PlonkMatchTest, RejectedEventLeavesTheStateUnchanged) {
  auto match = NewMatch({});
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kWest, OneSuitEach())).has_value());
  PlayOneSuitTrick(*match, 1, 1);
  ASSERT_TRUE(match->Apply(Play(1, 2, 0, C("KC"))).has_value());
  std::string before = match->Describe();
  EXPECT_FALSE(match->Apply(Play(1, 2, 1, C("KD"))).has_value());  // S's card, N to play
  EXPECT_FALSE(match->Apply(Play(1, 2, 1, C("KC"))).has_value());  // already played
  EXPECT_FALSE(match->Apply(Deal(2, Seat::kNorth, OneSuitEach())).has_value());
  Event call = MakeEvent(conspiracy::CallEvent{.tricks = 3}, 1, std::nullopt, "/x");
  EXPECT_FALSE(match->Apply(call).has_value());  // no such event in this game
  EXPECT_EQ(match->Describe(), before);
}

// rules.md, Plonk ambiguity 5: both sides at or above the target with equal totals play on.
// Dealer W gives NS 158 / EW 126 (worked above); dealer N the mirror image, EW leading the odd
// tricks: 126 / 158; dealer E again NS 158.
TEST(PlonkMatchTest, EqualTotalsAboveTheTargetPlayOn) {
  auto match = NewMatch({{"target", int64_t{200}}});
  PlayOneSuitDeal(*match, 1, Seat::kWest);
  EXPECT_FALSE(match->IsOver());
  PlayOneSuitDeal(*match, 2, Seat::kNorth);
  EXPECT_EQ(match->Scores().totals, (std::vector<int>{284, 284}));
  EXPECT_FALSE(match->IsOver());
  EXPECT_EQ(match->Next().phase, Phase::kDeal);
  PlayOneSuitDeal(*match, 3, Seat::kEast);
  EXPECT_EQ(match->Scores().totals, (std::vector<int>{442, 410}));
  ASSERT_TRUE(match->IsOver());
  EXPECT_EQ(match->GetOutcome().summary, "NS wins with 442 to 410");
  ExpectFinding(match->Apply(Deal(4, Seat::kSouth, OneSuitEach())), "deal-after-end", "/deals/3",
                GamePlace{.deal = 4}, "expected no further deal: the match ended after deal 3");
}

// The default target is 500 (seed 002: "such as 500 points").
TEST(PlonkMatchTest, DefaultTargetIs500) {
  auto match = NewMatch({});
  PlayOneSuitDeal(*match, 1, Seat::kWest);
  PlayOneSuitDeal(*match, 2, Seat::kNorth);
  PlayOneSuitDeal(*match, 3, Seat::kEast);  // NS 442, EW 410
  EXPECT_FALSE(match->IsOver());
  PlayOneSuitDeal(*match, 4, Seat::kSouth);  // dealer S: W leads, EW lead the odd tricks
  EXPECT_EQ(match->Scores().totals, (std::vector<int>{568, 568}));
  EXPECT_FALSE(match->IsOver());
}

// rules.md, Plonk ambiguity 2: the deal passes left by default.
TEST(PlonkMatchTest, DealPassesLeft) {
  auto match = NewMatch({});
  PlayOneSuitDeal(*match, 1, Seat::kWest);
  EXPECT_EQ(NextSeat(*match), Seat::kNorth);
  ExpectFinding(match->Apply(Deal(2, Seat::kEast, OneSuitEach())), "wrong-dealer",
                "/deals/1/dealer", GamePlace{.deal = 2, .actor = "E"},
                "expected N to deal (the deal passes to the left of the last dealer, W), found E");
}

// dealer_rotation "two-dealers": the first dealer and the player at their left alternate.
TEST(PlonkMatchTest, TwoDealersAlternate) {
  auto match = NewMatch({{"dealer_rotation", std::string("two-dealers")}});
  PlayOneSuitDeal(*match, 1, Seat::kWest);
  EXPECT_EQ(NextSeat(*match), Seat::kNorth);
  PlayOneSuitDeal(*match, 2, Seat::kNorth);
  EXPECT_EQ(NextSeat(*match), Seat::kWest);
  PlayOneSuitDeal(*match, 3, Seat::kWest);
  EXPECT_EQ(NextSeat(*match), Seat::kNorth);
  auto wrong = match->Apply(Deal(4, Seat::kEast, OneSuitEach()));
  ASSERT_FALSE(wrong.has_value());
  EXPECT_EQ(wrong.error().code, "wrong-dealer");
}

// A first deal refused before it started still fixes the rotation of "two-dealers".
TEST(PlonkMatchTest, TwoDealersAfterAVoidFirstDeal) {
  auto match = NewMatch({{"dealer_rotation", std::string("two-dealers")}});
  Hands short_hands = OneSuitEach();
  short_hands[0].pop_back();
  ASSERT_FALSE(match->Apply(Deal(1, Seat::kSouth, short_hands)).has_value());
  ASSERT_TRUE(match->VoidCurrentDeal(std::nullopt));
  EXPECT_EQ(NextSeat(*match), Seat::kWest);
  PlayOneSuitDeal(*match, 2, Seat::kWest);
  EXPECT_EQ(NextSeat(*match), Seat::kSouth);
}

// ---------------------------------------------------------------------------------------------
// Properties over random legal deals.

// A random deal: a random permutation of the pack dealt round from the dealer's left.
Event RandomDeal(int deal, Seat dealer) {
  std::vector<Card> pack = FullPack52().Cards();
  for (size_t i = pack.size() - 1; i > 0; --i) {
    std::swap(pack[i], pack[*rc::gen::inRange<size_t>(0, i + 1)]);
  }
  Hands hands;
  for (size_t i = 0; i < pack.size(); ++i) {
    hands[SeatIndex(SeatAt(SeatIndex(dealer) + 1 + static_cast<int>(i)))].push_back(pack[i]);
  }
  return Deal(deal, dealer, hands);
}

// The highest card of the suit led, computed here independently of the engine.
int HighestOfLed(const std::vector<Card>& trick) {
  int best = 0;
  for (int i = 1; i < 4; ++i) {
    if (trick[i].suit == trick[0].suit && trick[i].rank > trick[best].rank) best = i;
  }
  return best;
}

// An event the engine did not list must be refused without changing the state.
void CheckUnlistedIsRefused(Match& match, const Hands& hands) {
  Seat to_play = *NextSeat(match);
  for (Seat other : kAllSeats) {
    if (other == to_play) continue;
    for (Card card : hands[SeatIndex(other)]) {
      std::string before = match.Describe();
      RC_ASSERT(!match.Apply(Playing(1, card, 0, -1, "", to_play)).has_value());
      RC_ASSERT(match.Describe() == before);
      return;
    }
  }
}

struct Tally {
  std::array<int, 2> live_points{};
  std::array<int, 2> dead{};
  int live_cards = 0;
  int exceptions = 0;
  int unfollowed = 0;
};

// Applies one trick of random legal plays and checks the lead that follows it.
void PlayRandomTrick(Match& match, Hands& hands, int trick_number, Tally& tally) {
  Seat leader = *NextSeat(match);
  std::vector<Card> trick;
  for (int position = 0; position < 4; ++position) {
    std::vector<Event> legal = match.LegalEvents();
    RC_ASSERT(legal.size() == hands[SeatIndex(SeatAt(SeatIndex(leader) + position))].size());
    CheckUnlistedIsRefused(match, hands);
    Event event = legal[*rc::gen::inRange<size_t>(0, legal.size())];
    RC_ASSERT(match.Apply(event).has_value());
    Card card = PlayOf(event).card;
    trick.push_back(card);
    std::erase(hands[SeatIndex(SeatAt(SeatIndex(leader) + position))], card);
  }
  Seat winner = SeatAt(SeatIndex(leader) + HighestOfLed(trick));
  int side = static_cast<int>(PartnershipOf(winner));
  for (Card card : trick) {
    if (card.suit == trick[0].suit) {
      ++tally.dead[side];
    } else {
      tally.live_points[side] += LiveValue(card);
      ++tally.live_cards;
    }
  }
  bool nobody = trick[1].suit != trick[0].suit && trick[2].suit != trick[0].suit &&
                trick[3].suit != trick[0].suit;
  tally.unfollowed += nobody ? 1 : 0;
  if (trick_number == 13) return;
  Seat next = *NextSeat(match);
  RC_ASSERT(next == (nobody ? RightOf(winner) : winner));
  tally.exceptions += next != winner ? 1 : 0;
}

// rules.md, Plonk invariants: 52 cards split into live and dead, at least 13 dead, the two side
// scores sum to the live value minus the dead count; the lead exception fires exactly when nobody
// followed (checked trick by trick above).
RC_GTEST_PROP(PlonkProperties, DealInvariants, ()) {
  Seat dealer = *rc::gen::element(Seat::kNorth, Seat::kEast, Seat::kSouth, Seat::kWest);
  auto match = NewMatch({{"target", int64_t{100000}}});
  Event deal = RandomDeal(1, dealer);
  Hands hands = *DealOf(deal).hands;
  RC_ASSERT(match->Apply(deal).has_value());
  Tally tally;
  for (int trick = 1; trick <= 13; ++trick) PlayRandomTrick(*match, hands, trick, tally);
  ScoreSheet sheet = match->Scores();
  RC_ASSERT(sheet.rows.size() == 1u);
  int dead = tally.dead[0] + tally.dead[1];
  RC_ASSERT(tally.live_cards + dead == 52);
  RC_ASSERT(dead >= 13);
  std::vector<int> expected = {tally.live_points[0] - tally.dead[0],
                               tally.live_points[1] - tally.dead[1]};
  RC_ASSERT(sheet.rows[0].points == expected);
  RC_ASSERT(sheet.rows[0].points[0] + sheet.rows[0].points[1] ==
            tally.live_points[0] + tally.live_points[1] - dead);
  RC_ASSERT(match->Next().phase == Phase::kDeal);
  RC_ASSERT(NextSeat(*match) == LeftOf(dealer));
}

}  // namespace
}  // namespace referee::games::plonk
