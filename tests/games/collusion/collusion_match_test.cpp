// Collusion through the Match interface: the deal, the play, the findings and their places.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <random>

#include "referee/games/collusion/collusion_scoring.h"
#include "referee/games/registry.h"
#include "tests/support/trick_events.h"
#include "verifier/sha256.h"

namespace referee {
namespace {

using test_support::Dealing;
using test_support::DealOf;
using test_support::NextSeat;
using test_support::Playing;
using test_support::PlayOf;

std::unique_ptr<Match> NewCollusion(int64_t target = 100) {
  const games::GameDescriptor* game = games::FindGame("collusion");
  MatchSetup setup{RuleOptions(game->options), {"a", "b", "c", "d"}, "seed", &verifier::Sha256};
  setup.rules.Set("target", target);
  return game->new_match(setup);
}

std::vector<Card> Cards(const std::string& text) {
  std::vector<Card> cards;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    cards.push_back(*ParseCard(text.substr(start, end - start), ""));
    start = end + 1;
  }
  return cards;
}

// Each seat holds one suit: N spades, E hearts, S diamonds, W clubs. Nobody can follow anyone.
Event SuitPerSeatDeal(Seat dealer, int number = 1) {
  games::trick::DealEvent deal{.dealer = dealer};
  deal.hands = std::array<std::vector<Card>, 4>{Cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
                                                Cards("AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"),
                                                Cards("AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"),
                                                Cards("AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C")};
  return Dealing(number, deal, "/deals/0");
}

Event Play(const std::string& card, int trick = 0, int position = -1) {
  return Playing(1, *ParseCard(card, ""), trick, position,
                 "/deals/0/tricks/" + std::to_string(trick - 1) + "/" + std::to_string(position));
}

TEST(CollusionMatch, TheSeatAtTheDealersLeftLeads) {
  auto match = NewCollusion();
  ASSERT_TRUE(match->Apply(SuitPerSeatDeal(Seat::kWest)).has_value());
  EXPECT_EQ(NextSeat(*match), Seat::kNorth);
  auto wrong = match->Apply(Play("AH", 1, 0));
  ASSERT_FALSE(wrong.has_value());
  EXPECT_EQ(wrong.error().code, "wrong-leader");
  EXPECT_EQ(wrong.error().place.game.actor, "N");
  EXPECT_EQ(wrong.error().place.path, "/deals/0/tricks/0/0");
}

TEST(CollusionMatch, ARevokeIsRejectedAndChangesNothing) {
  const games::GameDescriptor* game = games::FindGame("collusion");
  MatchSetup setup{RuleOptions(game->options), {"a", "b", "c", "d"}, std::nullopt, nullptr};
  auto match = game->new_match(setup);
  games::trick::DealEvent deal{.dealer = Seat::kWest};
  // N: spades and one heart; E: hearts and AS... built so E can follow a heart lead.
  deal.hands = std::array<std::vector<Card>, 4>{Cards("2H KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
                                                Cards("AS KH QH JH TH 9H 8H 7H 6H 5H 4H 3H AH"),
                                                Cards("AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"),
                                                Cards("AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C")};
  ASSERT_TRUE(match->Apply(Dealing(1, deal, "/deals/0")).has_value());
  ASSERT_TRUE(match->Apply(Play("2H", 1, 0)).has_value());
  std::string before = match->Describe();
  auto revoke = match->Apply(Play("AS", 1, 1));
  ASSERT_FALSE(revoke.has_value());
  EXPECT_EQ(revoke.error().code, "revoke");
  EXPECT_EQ(revoke.error().place.game.step.number, 1);
  EXPECT_EQ(revoke.error().place.game.actor, "E");
  EXPECT_EQ(revoke.error().place.game.card, "AS");
  EXPECT_EQ(match->Describe(), before);
  EXPECT_TRUE(match->Apply(Play("3H", 1, 1)).has_value());
}

// Regression: a card typo (AC written AD) was "found AD, which S holds: played out of turn?",
// a guess made whoever held the card, and nothing said what the seat could have played.
TEST(CollusionMatch, ACardTypoSaysWhatTheSeatCouldHavePlayed) {
  const games::GameDescriptor* game = games::FindGame("collusion");
  MatchSetup setup{RuleOptions(game->options), {"a", "b", "c", "d"}, std::nullopt, nullptr};
  auto match = game->new_match(setup);
  games::trick::DealEvent deal{.dealer = Seat::kWest};
  deal.hands = std::array<std::vector<Card>, 4>{Cards("2H KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
                                                Cards("AS KH QH JH TH 9H 8H 7H 6H 5H 4H 3H AH"),
                                                Cards("AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"),
                                                Cards("AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C")};
  ASSERT_TRUE(match->Apply(Dealing(1, deal, "/deals/0")).has_value());
  ASSERT_TRUE(match->Apply(Play("2H", 1, 0)).has_value());
  // W holds AC and is not the next to play: no guess.
  auto typo = match->Apply(Play("AC", 1, 1));
  ASSERT_FALSE(typo.has_value());
  EXPECT_EQ(typo.error().code, "card-not-in-hand");
  EXPECT_EQ(
      typo.error().message,
      "expected a card from E's hand (E plays next to this trick and holds 3H 4H 5H 6H 7H 8H 9H "
      "TH JH QH KH AH in hearts, the suit led), found AC, which W holds");
  // S holds AD and plays next: the card may have been written a place early.
  auto early = match->Apply(Play("AD", 1, 1));
  ASSERT_FALSE(early.has_value());
  EXPECT_EQ(
      early.error().message,
      "expected a card from E's hand (E plays next to this trick and holds 3H 4H 5H 6H 7H 8H 9H "
      "TH JH QH KH AH in hearts, the suit led), found AD, which S holds, the next to "
      "play: played out of turn?");
  // A seat that cannot follow could have played any card.
  auto suits = NewCollusion();
  ASSERT_TRUE(suits->Apply(SuitPerSeatDeal(Seat::kWest)).has_value());
  ASSERT_TRUE(suits->Apply(Play("AS", 1, 0)).has_value());
  auto any = suits->Apply(Play("AC", 1, 1));
  ASSERT_FALSE(any.has_value());
  EXPECT_EQ(any.error().message,
            "expected a card from E's hand (E plays next to this trick; it holds no spades, so any "
            "of 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH), found AC, which W holds");
}

TEST(CollusionMatch, AWholeDealWithNobodyFollowingScoresThirteenNilNilNil) {
  auto match = NewCollusion();
  ASSERT_TRUE(match->Apply(SuitPerSeatDeal(Seat::kWest)).has_value());
  // N leads every trick and wins it: nobody else holds spades.
  const std::string ranks = "AKQJT98765432";
  for (int t = 0; t < 13; ++t) {
    std::string r(1, ranks[t]);
    for (const std::string& card : {r + "S", r + "H", r + "D", r + "C"}) {
      auto ruling = match->Apply(Play(card));
      ASSERT_TRUE(ruling.has_value()) << card << ": " << ruling.error().message;
    }
  }
  ScoreSheet sheet = match->Scores();
  ASSERT_EQ(sheet.rows.size(), 1u);
  EXPECT_EQ(sheet.rows[0].points, (std::vector<int>{43, 0, 0, 0}));  // 13 tricks + 30
  EXPECT_FALSE(match->IsOver());
  EXPECT_EQ(match->Next().phase, Phase::kDeal);
  EXPECT_EQ(NextSeat(*match), Seat::kNorth);  // the deal passes left from W
}

TEST(CollusionMatch, TheDealPassesLeft) {
  auto match = NewCollusion();
  ASSERT_TRUE(match->Apply(SuitPerSeatDeal(Seat::kWest)).has_value());
  EXPECT_TRUE(match->VoidCurrentDeal(std::nullopt));
  auto wrong = match->Apply(SuitPerSeatDeal(Seat::kEast, 2));
  ASSERT_FALSE(wrong.has_value());
  EXPECT_EQ(wrong.error().code, "wrong-dealer");
  EXPECT_TRUE(match->Apply(SuitPerSeatDeal(Seat::kNorth, 2)).has_value());
}

TEST(CollusionMatch, HandsMustBeThirteenDistinctCards) {
  auto match = NewCollusion();
  Event deal = SuitPerSeatDeal(Seat::kNorth);
  (*DealOf(deal).hands)[1].back() = *ParseCard("AS", "");
  auto duplicate = match->Apply(deal);
  ASSERT_FALSE(duplicate.has_value());
  EXPECT_EQ(duplicate.error().code, "duplicate-card");
  EXPECT_EQ(duplicate.error().place.path, "/deals/0/hands/E/12");
  Event short_hand = SuitPerSeatDeal(Seat::kNorth);
  (*DealOf(short_hand).hands)[2].pop_back();
  auto size = match->Apply(short_hand);
  ASSERT_FALSE(size.has_value());
  EXPECT_EQ(size.error().code, "wrong-hand-size");
}

TEST(CollusionMatch, HandsDeckAndSeedMustAgree) {
  auto match = NewCollusion();
  Event deal = Dealing(1, {.dealer = Seat::kNorth, .seeded = true}, "/deals/0");
  ASSERT_TRUE(match->Clone()->Apply(deal).has_value());
  Event suits = SuitPerSeatDeal(Seat::kNorth);
  DealOf(deal).hands = DealOf(suits).hands;  // not what the seed deals
  auto mismatch = match->Apply(deal);
  ASSERT_FALSE(mismatch.has_value());
  EXPECT_EQ(mismatch.error().code, "deal-mismatch");
}

// Random legal playouts: every deal ends after 13 tricks with all 52 cards played once, the trick
// points sum to 13, and the match ends.
RC_GTEST_PROP(CollusionMatch, RandomPlayoutsEndWithEveryCardPlayedOnce, ()) {
  int target = *rc::gen::inRange(20, 120);
  auto match = NewCollusion(target);
  std::mt19937 rng(*rc::gen::arbitrary<uint32_t>());
  Seat dealer = SeatAt(*rc::gen::inRange(0, 4));
  for (int deal = 1; !match->IsOver(); ++deal) {
    RC_ASSERT(deal < 200);
    Event event = Dealing(deal, {.dealer = dealer, .board = deal, .seeded = true});
    RC_ASSERT(match->Apply(event).has_value());
    std::vector<int> before = match->Scores().totals;
    before.resize(4, 0);
    CardSet played;
    int plays = 0;
    std::array<int, 4> won{};
    while (match->Next().kind == "play") {
      std::vector<Event> legal = match->LegalEvents();
      RC_ASSERT(!legal.empty());
      const Event& event = legal[rng() % legal.size()];
      Card card = PlayOf(event).card;
      RC_ASSERT(!played.Contains(card));
      played.Add(card);
      auto ruling = match->Apply(event);
      RC_ASSERT(ruling.has_value());
      for (const Announcement& announcement : ruling->announcements) {
        if (announcement.kind != "trick") continue;
        ++won[SeatIndex(*ParseSeat(announcement.text.substr(announcement.text.size() - 1), ""))];
      }
      ++plays;
    }
    RC_ASSERT(plays == 52);
    RC_ASSERT(played == FullPack52());
    RC_ASSERT(won[0] + won[1] + won[2] + won[3] == 13);
    ScoreSheet sheet = match->Scores();
    const ScoreSheet::Row& row = sheet.rows.back();
    games::collusion::CollusionDealScore expected = games::collusion::ScoreCollusionDeal(
        won, {before[0], before[1], before[2], before[3]}, target);
    std::vector<int> expected_points(expected.points.begin(), expected.points.end());
    RC_ASSERT(row.points == expected_points);
    dealer = LeftOf(dealer);
  }
  Outcome outcome = match->GetOutcome();
  RC_ASSERT(outcome.over);
}

}  // namespace
}  // namespace referee
