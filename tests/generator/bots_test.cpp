// Each bot's choice on a hand-built View: the heuristics of games/<game>/<game>_bot.h, and the
// random bot's uniform pick. A bot sees only the View, so a View is all these tests build.
#include <gtest/gtest.h>

#include <set>

#include "referee/core/bot.h"
#include "referee/games/cahoots/cahoots_bot.h"
#include "referee/games/cahoots/cahoots_events.h"
#include "referee/games/collusion/collusion_bot.h"
#include "referee/games/conspiracy/conspiracy_bot.h"
#include "referee/games/conspiracy/conspiracy_events.h"
#include "referee/games/plonk/plonk_bot.h"
#include "referee/games/registry.h"
#include "referee/games/trick/trick_events.h"

namespace referee {
namespace {

Card C(const std::string& text) { return *ParseCard(text, ""); }

CardSet Cards(const std::string& words) {
  CardSet set;
  size_t start = 0;
  while (start < words.size()) {
    size_t end = words.find(' ', start);
    if (end == std::string::npos) end = words.size();
    set.Add(C(words.substr(start, end - start)));
    start = end + 1;
  }
  return set;
}

using games::cahoots::CahootsView;
using games::cahoots::GoalSpec;
using games::cahoots::NumberCard;
using games::cahoots::TurnEvent;
using games::conspiracy::CallEvent;
using games::trick::PlayEvent;
using games::trick::TrickView;

std::vector<Event> Plays(CardSet hand) {
  std::vector<Event> legal;
  for (Card card : hand.Cards()) legal.push_back(MakeEvent(PlayEvent{.card = card}));
  return legal;
}

// A seat's view of a trick game's table.
View ViewOf(int actor, TrickView table) {
  View view;
  view.actor = actor;
  view.game = Payload(std::move(table));
  return view;
}

Card Chosen(Bot& bot, const View& view, const std::vector<Event>& legal) {
  std::mt19937_64 rng(1);
  return bot.Choose(view, legal, rng).As<PlayEvent>()->card;
}

TrickView CollusionTable(std::array<int, 4> tricks_won) {
  TrickView table;
  table.hand = Cards("2H 7H QH");
  table.trick_leader = Seat::kSouth;
  table.trick = {C("5H"), C("9H")};
  table.tricks_won = tricks_won;
  return table;
}

TEST(CollusionBot, BehindTheClosestRivalWinsWithTheLowestWinningCard) {
  auto bot = games::collusion::NewHeuristicBot();
  TrickView table = CollusionTable({2, 5, 4, 3});  // W (3) is closest to N (2): N wants a trick
  EXPECT_EQ(Chosen(*bot, ViewOf(0, table), Plays(table.hand)), C("QH"));
}

TEST(CollusionBot, LevelWithTheClosestRivalDucksWithTheHighestLosingCard) {
  auto bot = games::collusion::NewHeuristicBot();
  TrickView table = CollusionTable({3, 5, 4, 3});  // level with W: N keeps the match, ducks
  EXPECT_EQ(Chosen(*bot, ViewOf(0, table), Plays(table.hand)), C("7H"));
}

TrickView PlonkTable(const std::string& lead, const std::string& second) {
  TrickView table;
  table.hand = Cards("3C 8C JC 2D QH AS");
  table.trick_leader = Seat::kSouth;
  table.trick = {C(lead), C(second)};
  return table;
}

TEST(PlonkBot, PartnerWinningGetsAHighLiveCard) {
  auto bot = games::plonk::NewHeuristicBot();
  TrickView table = PlonkTable("KC", "5C");  // S, N's partner, is winning with KC
  EXPECT_EQ(Chosen(*bot, ViewOf(0, table), Plays(table.hand)), C("AS"));
}

TEST(PlonkBot, OpponentWinningGetsAMiddlingDeadCard) {
  auto bot = games::plonk::NewHeuristicBot();
  TrickView table = PlonkTable("5C", "9C");  // W is winning with 9C; clubs are dead
  EXPECT_EQ(Chosen(*bot, ViewOf(0, table), Plays(table.hand)), C("8C"));
}

TEST(PlonkBot, SecondToPlayThrowsALowLiveCard) {
  auto bot = games::plonk::NewHeuristicBot();
  TrickView table = PlonkTable("5C", "9C");
  table.trick = {C("TD")};  // W led; N plays second
  table.trick_leader = Seat::kWest;
  EXPECT_EQ(Chosen(*bot, ViewOf(0, table), Plays(table.hand)), C("3C"));
}

TEST(ConspiracyBot, ExpectedCallCountsAcesKingsAndLongTrumps) {
  // Hearts: six (two beyond four), A and K; spades A; clubs K alone (not counted).
  auto [trump, tricks] =
      games::conspiracy::ExpectedCall(Cards("AH KH QH JH TH 9H AS 7S KC 8D 9D TD 7D JD QS 8S"));
  EXPECT_EQ(trump, Suit::kHearts);
  EXPECT_EQ(tricks, 2 + 1 + 1 + 1);  // trumps beyond four, AH, KH, AS
}

TEST(ConspiracyBot, TheCallerCallsWhatTheSideCanExpect) {
  auto bot = games::conspiracy::NewHeuristicBot();
  TrickView table;
  table.hand = Cards("AH KH QH JH AS 7S KC 8D");  // E calls, W is the partner
  table.known_hands = {{Seat::kWest, Cards("TH 9H 9D TD 7D JD QS 8S")}};
  std::vector<Event> calls;
  for (Suit suit : kAllSuits) {
    for (int tricks = 0; tricks <= 8; ++tricks) {
      calls.push_back(MakeEvent(CallEvent{.trump = suit, .tricks = tricks}, 1, 1));
    }
  }
  std::mt19937_64 rng(1);
  CallEvent call = *bot->Choose(ViewOf(1, table), calls, rng).As<CallEvent>();
  EXPECT_EQ(call.trump, Suit::kHearts);
  EXPECT_EQ(call.tricks, 5);
}

TEST(ConspiracyBot, WinsCheaplyUnlessPartnerIsWinning) {
  auto bot = games::conspiracy::NewHeuristicBot();
  TrickView table;
  table.hand = Cards("7S 9S KS AS");
  table.trick_leader = Seat::kEast;
  table.extension =
      Payload(games::conspiracy::MadeCall{Seat::kEast, {.trump = Suit::kHearts, .tricks = 3}});
  table.trick = {C("QS"), C("8S"), C("9S")};  // E led QS and is winning; N plays last
  EXPECT_EQ(Chosen(*bot, ViewOf(0, table), Plays(table.hand)), C("KS"));
  table.trick = {C("QS"), C("7H"), C("9S")};  // S, N's partner, trumped: N plays low
  EXPECT_EQ(Chosen(*bot, ViewOf(0, table), Plays(table.hand)), C("7S"));
}

TEST(CahootsBot, PlaysTheCardThatCompletesAVisibleGoal) {
  auto bot = games::cahoots::NewHeuristicBot();
  CahootsView table;
  // Tops: 1 green, 2 green, 3 pink, 4 orange; goal: exactly 3 green piles.
  table.pile_tops = {{0, 1}, {0, 2}, {1, 3}, {2, 4}};
  table.goals = {
      GoalSpec{.kind = games::cahoots::GoalKind::kPileCount, .colours = {0}, .numbers = {3}}};
  table.cards = {{0, 3}, {3, 4}};
  std::vector<Event> legal = {MakeEvent(TurnEvent{.card = {3, 4}, .pile = 4}, 0, 0),
                              MakeEvent(TurnEvent{.card = {0, 3}, .pile = 3}, 0, 0)};
  EXPECT_EQ(games::cahoots::PlayScore(table, {0, 3}, 3), 100);
  EXPECT_LT(games::cahoots::PlayScore(table, {3, 4}, 4), 100);
  std::mt19937_64 rng(7);
  View view;
  view.game = Payload(table);
  TurnEvent turn = *bot->Choose(view, legal, rng).As<TurnEvent>();
  EXPECT_EQ(turn.pile, 3);
  EXPECT_EQ(turn.card, (NumberCard{0, 3}));
}

TEST(CahootsBot, ApproachesAGoalWhenNoneCanBeCompleted) {
  // Goal: exactly 3 green piles; one green top. Green on pile 2 leaves it one card away.
  CahootsView table;
  table.pile_tops = {{0, 1}, {1, 2}, {1, 3}, {2, 4}};
  table.goals = {
      GoalSpec{.kind = games::cahoots::GoalKind::kPileCount, .colours = {0}, .numbers = {3}}};
  EXPECT_EQ(games::cahoots::PlayScore(table, {0, 2}, 2), 10);
  EXPECT_EQ(games::cahoots::PlayScore(table, {2, 4}, 1), 0);
}

TEST(RandomBot, PicksEveryLegalEventAndOnlyThose) {
  RandomBot bot;
  std::vector<Event> legal = Plays(Cards("2C 3D 4H 5S"));
  std::mt19937_64 rng(3);
  std::set<int> seen;
  for (int i = 0; i < 200; ++i)
    seen.insert(bot.Choose({}, legal, rng).As<PlayEvent>()->card.Index());
  EXPECT_EQ(seen,
            (std::set<int>{C("2C").Index(), C("3D").Index(), C("4H").Index(), C("5S").Index()}));
}

TEST(Bots, EveryGameHasAHeuristicBot) {
  for (const games::GameDescriptor* game : games::AllGames()) {
    ASSERT_NE(game->heuristic_bot, nullptr) << game->name;
    EXPECT_EQ(game->heuristic_bot()->Name(), "heuristic");
  }
}

}  // namespace
}  // namespace referee
