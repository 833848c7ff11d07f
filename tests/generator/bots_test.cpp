// Each bot's choice on a hand-built View: the heuristics of games/<game>/<game>_bot.h, and the
// random bot's uniform pick. A bot sees only the View, so a View is all these tests build.
#include <gtest/gtest.h>

#include <set>

#include "referee/core/bot.h"
#include "referee/games/cahoots/cahoots_bot.h"
#include "referee/games/collusion/collusion_bot.h"
#include "referee/games/conspiracy/conspiracy_bot.h"
#include "referee/games/plonk/plonk_bot.h"
#include "referee/games/registry.h"

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

std::vector<Event> Plays(CardSet hand) {
  std::vector<Event> legal;
  for (Card card : hand.Cards()) legal.emplace_back(PlayEvent{.card = card});
  return legal;
}

Card Chosen(Bot& bot, const View& view, const std::vector<Event>& legal) {
  std::mt19937_64 rng(1);
  return std::get<PlayEvent>(bot.Choose(view, legal, rng)).card;
}

// N to play third: S led 5H, W played 9H; N holds three hearts.
View CollusionView(std::array<int, 4> tricks_won) {
  View view;
  view.actor = 0;
  view.hand = Cards("2H 7H QH");
  view.trick_leader = Seat::kSouth;
  view.trick = {C("5H"), C("9H")};
  view.tricks_won = tricks_won;
  return view;
}

TEST(CollusionBot, BehindTheClosestRivalWinsWithTheLowestWinningCard) {
  auto bot = games::collusion::NewHeuristicBot();
  View view = CollusionView({2, 5, 4, 3});  // W (3) is closest to N (2): N wants a trick
  EXPECT_EQ(Chosen(*bot, view, Plays(view.hand)), C("QH"));
}

TEST(CollusionBot, LevelWithTheClosestRivalDucksWithTheHighestLosingCard) {
  auto bot = games::collusion::NewHeuristicBot();
  View view = CollusionView({3, 5, 4, 3});  // level with W: N keeps the match, ducks
  EXPECT_EQ(Chosen(*bot, view, Plays(view.hand)), C("7H"));
}

// N plays third: S, N's partner, led; W played second.
View PlonkView(const std::string& lead, const std::string& second) {
  View view;
  view.actor = 0;
  view.hand = Cards("3C 8C JC 2D QH AS");
  view.trick_leader = Seat::kSouth;
  view.trick = {C(lead), C(second)};
  return view;
}

TEST(PlonkBot, PartnerWinningGetsAHighLiveCard) {
  auto bot = games::plonk::NewHeuristicBot();
  View view = PlonkView("KC", "5C");  // S, N's partner, is winning with KC
  EXPECT_EQ(Chosen(*bot, view, Plays(view.hand)), C("AS"));
}

TEST(PlonkBot, OpponentWinningGetsAMiddlingDeadCard) {
  auto bot = games::plonk::NewHeuristicBot();
  View view = PlonkView("5C", "9C");  // W is winning with 9C; clubs are dead
  EXPECT_EQ(Chosen(*bot, view, Plays(view.hand)), C("8C"));
}

TEST(PlonkBot, SecondToPlayThrowsALowLiveCard) {
  auto bot = games::plonk::NewHeuristicBot();
  View view = PlonkView("5C", "9C");
  view.trick = {C("TD")};  // W led; N plays second
  view.trick_leader = Seat::kWest;
  EXPECT_EQ(Chosen(*bot, view, Plays(view.hand)), C("3C"));
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
  View view;
  view.actor = 1;  // E calls, W is the partner
  view.hand = Cards("AH KH QH JH AS 7S KC 8D");
  view.known_hands = {{Seat::kWest, Cards("TH 9H 9D TD 7D JD QS 8S")}};
  std::vector<Event> calls;
  for (Suit suit : kAllSuits) {
    for (int tricks = 0; tricks <= 8; ++tricks) {
      calls.emplace_back(CallEvent{.trump = suit, .tricks = tricks});
    }
  }
  std::mt19937_64 rng(1);
  CallEvent call = std::get<CallEvent>(bot->Choose(view, calls, rng));
  EXPECT_EQ(call.trump, Suit::kHearts);
  EXPECT_EQ(call.tricks, 5);
}

TEST(ConspiracyBot, WinsCheaplyUnlessPartnerIsWinning) {
  auto bot = games::conspiracy::NewHeuristicBot();
  View view;
  view.actor = 0;
  view.hand = Cards("7S 9S KS AS");
  view.trick_leader = Seat::kEast;
  view.call = CallEvent{.trump = Suit::kHearts, .tricks = 3};
  view.trick = {C("QS"), C("8S"), C("9S")};  // E led QS and is winning; N plays last
  EXPECT_EQ(Chosen(*bot, view, Plays(view.hand)), C("KS"));
  view.trick = {C("QS"), C("7H"), C("9S")};  // S, N's partner, trumped: N plays low
  EXPECT_EQ(Chosen(*bot, view, Plays(view.hand)), C("7S"));
}

TEST(CahootsBot, PlaysTheCardThatCompletesAVisibleGoal) {
  auto bot = games::cahoots::NewHeuristicBot();
  View view;
  // Tops: 1 green, 2 green, 3 pink, 4 orange; goal: exactly 3 green piles.
  view.pile_tops = {{0, 1}, {0, 2}, {1, 3}, {2, 4}};
  view.goals = {GoalSpec{.kind = "pile-count", .colours = {0}, .numbers = {3}}};
  view.cards = {{0, 3}, {3, 4}};
  std::vector<Event> legal = {TurnEvent{.player = 0, .card = {3, 4}, .pile = 4},
                              TurnEvent{.player = 0, .card = {0, 3}, .pile = 3}};
  EXPECT_EQ(games::cahoots::PlayScore(view, {0, 3}, 3), 100);
  EXPECT_LT(games::cahoots::PlayScore(view, {3, 4}, 4), 100);
  std::mt19937_64 rng(7);
  TurnEvent turn = std::get<TurnEvent>(bot->Choose(view, legal, rng));
  EXPECT_EQ(turn.pile, 3);
  EXPECT_EQ(turn.card, (NumberCard{0, 3}));
}

TEST(CahootsBot, ApproachesAGoalWhenNoneCanBeCompleted) {
  // Goal: exactly 3 green piles; one green top. Green on pile 2 leaves it one card away.
  View view;
  view.pile_tops = {{0, 1}, {1, 2}, {1, 3}, {2, 4}};
  view.goals = {GoalSpec{.kind = "pile-count", .colours = {0}, .numbers = {3}}};
  EXPECT_EQ(games::cahoots::PlayScore(view, {0, 2}, 2), 10);
  EXPECT_EQ(games::cahoots::PlayScore(view, {2, 4}, 1), 0);
}

TEST(RandomBot, PicksEveryLegalEventAndOnlyThose) {
  RandomBot bot;
  std::vector<Event> legal = Plays(Cards("2C 3D 4H 5S"));
  std::mt19937_64 rng(3);
  std::set<int> seen;
  for (int i = 0; i < 200; ++i)
    seen.insert(std::get<PlayEvent>(bot.Choose({}, legal, rng)).card.Index());
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
