// The Cahoots engine on hand-made deals: set-up and its goal cascade, the play, the draw, whose
// turn it is, both losses, Speed, and the findings (rules.md section 1 and its rulings).
#include "referee/games/cahoots/cahoots_match.h"

#include <gtest/gtest.h>

#include <random>

#include "referee/games/cahoots/cahoots_catalogue.h"
#include "referee/record/record.h"
#include "tests/games/cahoots/cahoots_test_util.h"
#include "tests/support/facts.h"

namespace referee::games::cahoots {
namespace {

using cahoots_test::At;
using cahoots_test::Cards;
using cahoots_test::Completing;
using cahoots_test::Drawing;
using cahoots_test::Goal;
using cahoots_test::kGreen;
using cahoots_test::kOrange;
using cahoots_test::kPink;
using cahoots_test::kPurple;
using cahoots_test::MakeDeck;
using cahoots_test::NewMatch;
using cahoots_test::SetupOf;
using cahoots_test::SetupWith;
using cahoots_test::Turn;
using cahoots_test::TurnOf;

OptionValue Int(int64_t value) { return OptionValue(value); }
OptionValue Word(const char* value) { return OptionValue(std::string(value)); }

// A goal that no pile tops in these tests meet before the test wants them to.
GoalSpec Never() { return Goal("sum-all", {}, {28}); }

// Expects the event to be rejected with `code` and the state to stay exactly as it was.
void ExpectRejected(CahootsMatch& match, const Event& event, const std::string& code) {
  std::string before = match.Describe();
  auto ruling = match.Apply(event);
  ASSERT_FALSE(ruling.has_value()) << "expected " << code;
  EXPECT_EQ(ruling.error().code, code) << ruling.error().message;
  EXPECT_EQ(match.Describe(), before);
}

TEST(CahootsMatch, DealsOneCardAtATimeThenPilesThenDrawPile) {
  CahootsMatch match = NewMatch(3, {{"goal_count", Int(1)}});
  auto deck = MakeDeck({"1G 2G 3G 4G", "1P 2P 3P 4P", "1O 2O 3O 4O"}, "5U 6U 7U 5G", "7P");
  ASSERT_TRUE(match.Apply(SetupWith(deck, {Never()})).has_value());
  EXPECT_EQ(match.hands()[0], Cards("1G 2G 3G 4G"));
  EXPECT_EQ(match.hands()[2], Cards("1O 2O 3O 4O"));
  EXPECT_EQ(match.Tops()[3], Cards("5G")[0]);
  EXPECT_EQ(match.draw_pile().size(), 40u);  // rules.md: 3 players -> 12 / 4 / 40
  EXPECT_EQ(match.draw_pile().front(), Cards("7P")[0]);
  EXPECT_EQ(match.Next().kind, "turn");
  EXPECT_EQ(match.Next().actor, 0);
}

// Setup 5: goals met by the starting piles complete at once and are replaced, repeatedly.
TEST(CahootsMatch, SetUpCompletesGoalsInACascade) {
  CahootsMatch match = NewMatch(2, {{"goal_count", Int(9)}});
  auto deck = MakeDeck({"5G 6P 7O 5U", "5P 6O 7U 6G"}, "1G 2G 3O 4U");
  std::vector<GoalSpec> goals = {
      Goal("pile-count", {kGreen}, {2}),      // 1: met
      Goal("sum-all", {}, {5}),               // 2: not met (10)
      Goal("all-below", {}, {5}),             // 3: met
      Goal("numbers-different"),              // 4: met
      Goal("colours-different"),              // 5: not met (two greens)
      Goal("sum-all", {}, {10}),              // 6: met once revealed
      Goal("all-odd"),                        // 7: not met
      Goal("run-in-order", {}, {4}),          // 8: met once revealed
      Goal("two-colours", {kPink, kPurple}),  // 9: not met
  };
  ASSERT_TRUE(match.Apply(SetupWith(deck, goals)).has_value());
  EXPECT_EQ(match.completed_goals(), (std::vector<int>{0, 2, 3, 5, 7}));
  std::vector<int> visible = match.visible_goals();
  std::sort(visible.begin(), visible.end());
  EXPECT_EQ(visible, (std::vector<int>{1, 4, 6, 8}));
  EXPECT_FALSE(match.IsOver());
}

TEST(CahootsMatch, APlayMustMatchThePileTopInColourOrNumber) {
  CahootsMatch match = NewMatch(2, {{"goal_count", Int(1)}});
  auto deck = MakeDeck({"5P 6P 7O 1P", "5O 6O 7U 6U"}, "1G 2G 3G 4G");
  ASSERT_TRUE(match.Apply(SetupWith(deck, {Never()})).has_value());
  ExpectRejected(match, Turn(0, "5P", 1), "no-match");
  ExpectRejected(match, Turn(0, "1P", 2), "no-match");
  auto ruling = match.Apply(Turn(0, "1P", 1));  // same number as 1G
  ASSERT_TRUE(ruling.has_value()) << ruling.error().message;
  ASSERT_TRUE(match.Apply(Turn(1, "7U", 4)).has_value() == false);  // 7U matches neither 4G
  ASSERT_TRUE(match.Apply(Turn(1, "5O", 4)).has_value() == false);
}

TEST(CahootsMatch, RejectsWrongPlayerCardNotInHandAndBadPile) {
  CahootsMatch match = NewMatch(2, {{"goal_count", Int(1)}});
  auto deck = MakeDeck({"1G 6P 7O 1P", "2G 6O 7U 6U"}, "1G 2P 3G 4G");
  ASSERT_TRUE(match.Apply(SetupWith(deck, {Never()})).has_value());
  ExpectRejected(match, Turn(1, "2G", 1), "wrong-player");
  ExpectRejected(match, Turn(0, "2G", 1), "card-not-in-hand");
  ExpectRejected(match, Turn(0, "1G", 5), "bad-pile");
  ExpectRejected(match, Turn(0, "1G", 0), "bad-pile");
  auto ruling = match.Apply(Turn(0, "2G", 1));
  ASSERT_FALSE(ruling.has_value());
  EXPECT_NE(ruling.error().message.find("bob holds it"), std::string::npos)
      << ruling.error().message;
}

// Play: draw back up to 4 from the top of the draw pile; a `drew` claim is checked.
TEST(CahootsMatch, DrawsBackToFourFromTheTop) {
  CahootsMatch match = NewMatch(2, {{"goal_count", Int(1)}});
  auto deck = MakeDeck({"1G 6P 7O 1P", "2G 6O 7U 6U"}, "1G 2P 3G 4G", "7G 5P");
  ASSERT_TRUE(match.Apply(SetupWith(deck, {Never()})).has_value());
  ExpectRejected(match, Drawing(Turn(0, "1G", 1), Cards("5P")), "wrong-draw");
  ASSERT_TRUE(match.Apply(Drawing(Turn(0, "1G", 1), Cards("7G"))).has_value());
  EXPECT_EQ(match.hands()[0], Cards("6P 7O 1P 7G"));
  EXPECT_EQ(match.draw_pile().front(), Cards("5P")[0]);
  EXPECT_EQ(match.Next().actor, 1);
}

TEST(CahootsMatch, CompletedClaimIsChecked) {
  CahootsMatch match = NewMatch(2, {{"goal_count", Int(2)}});
  auto deck = MakeDeck({"1G 6P 7O 1P", "2G 6O 7U 6U"}, "1O 2P 3G 4G");
  // 1 + 2 + 3 + 4 = 10 now; 1G on pile 1 keeps 10 and makes three greens.
  std::vector<GoalSpec> goals = {Goal("pile-count", {kGreen}, {3}), Never()};
  ASSERT_TRUE(match.Apply(SetupWith(deck, goals)).has_value());
  ExpectRejected(match, Completing(Turn(0, "1G", 1), {"2"}), "goal-mis-resolved");
  ExpectRejected(match, Completing(Turn(0, "1G", 1), {}), "goal-mis-resolved");
  ASSERT_TRUE(match.Apply(Completing(Turn(0, "1G", 1), {"1"})).has_value());
  EXPECT_EQ(match.completed_goals(), std::vector<int>{0});
}

TEST(CahootsMatch, WinsWhenEveryGoalIsComplete) {
  CahootsMatch match = NewMatch(2, {{"goal_count", Int(1)}});
  auto deck = MakeDeck({"1G 6P 7O 1P", "2G 6O 7U 6U"}, "1O 2P 3G 4G");
  ASSERT_TRUE(match.Apply(SetupWith(deck, {Goal("pile-count", {kGreen}, {3})})).has_value());
  ASSERT_TRUE(match.Apply(Turn(0, "1G", 1)).has_value());
  EXPECT_TRUE(match.IsOver());
  Outcome outcome = match.GetOutcome();
  EXPECT_EQ(test_support::FactTexts(outcome),
            (std::vector<std::pair<std::string, std::string>>{
                {"outcome", "win"}, {"goals", "1"}, {"turns", "1"}}));
  EXPECT_EQ(match.Next().phase, Phase::kOver);
  ExpectRejected(match, Turn(1, "2G", 1), "play-after-end");
}

// End (b) and ruling 2: the player whose turn it is holds cards and none matches a pile top.
TEST(CahootsMatch, LossWhenThePlayerToPlayCannotPlay) {
  CahootsMatch at_set_up = NewMatch(2, {{"goal_count", Int(1)}});
  auto stuck = MakeDeck({"5P 6P 7P 5O", "1G 6O 7U 6U"}, "1G 2G 3G 4G");
  ASSERT_TRUE(at_set_up.Apply(SetupWith(stuck, {Never()})).has_value());
  EXPECT_EQ(at_set_up.end(), CahootsMatch::End::kStuck);
  EXPECT_EQ(test_support::FactText(at_set_up.GetOutcome(), "outcome"), "loss");

  CahootsMatch after_a_turn = NewMatch(2, {{"goal_count", Int(1)}});
  auto deck = MakeDeck({"1G 6O 7U 6U", "5P 6P 7P 5O"}, "1G 2G 3G 4G");
  ASSERT_TRUE(after_a_turn.Apply(SetupWith(deck, {Never()})).has_value());
  EXPECT_FALSE(after_a_turn.IsOver());
  ASSERT_TRUE(after_a_turn.Apply(Turn(0, "1G", 1)).has_value());
  EXPECT_EQ(after_a_turn.end(), CahootsMatch::End::kStuck);
  EXPECT_EQ(after_a_turn.GetOutcome().summary,
            "loss: bob cannot play (holds 5P 6P 7P 5O), 0 of 1 goals completed in 1 turn");
}

// Plays legal random games until `done` says the state is the one wanted.
template <class Done>
std::optional<CahootsMatch> FindState(int players,
                                      const std::map<std::string, OptionValue>& options,
                                      Done done) {
  for (uint64_t seed = 1; seed < 2000; ++seed) {
    std::mt19937_64 rng(seed);
    std::vector<NumberCard> deck = CanonicalPack();
    std::shuffle(deck.begin(), deck.end(), rng);
    CahootsMatch match = NewMatch(players, options);
    if (!match.Apply(SetupWith(deck, {Never(), Goal("pile-count", {kOrange}, {4})})).has_value()) {
      return std::nullopt;
    }
    while (!match.IsOver()) {
      if (done(match)) return match;
      std::vector<Event> legal = match.LegalEvents();
      if (!match.Apply(legal[rng() % legal.size()]).has_value()) return std::nullopt;
    }
    if (done(match)) return match;
  }
  return std::nullopt;
}

// Ruling 1: players with an empty hand are skipped, never counted as unable to play. With a turn
// order, hands run out one after another in that order (each player draws exactly one card per
// turn while the draw pile lasts), so the player to play always holds cards until every hand is
// empty and the game is lost under End (a).
TEST(CahootsMatch, HandsRunOutInTurnOrderAndEmptyHandsNeverLose) {
  auto match = FindState(3, {{"goal_count", Int(2)}}, [](const CahootsMatch& m) {
    if (m.IsOver()) return m.end() == CahootsMatch::End::kEmpty;
    return m.hands()[m.Next().actor.value()].empty();  // would break the rule
  });
  ASSERT_TRUE(match.has_value());
  EXPECT_TRUE(match->IsOver());
  EXPECT_EQ(match->end(), CahootsMatch::End::kEmpty);
  for (const auto& hand : match->hands()) EXPECT_TRUE(hand.empty());
}

// End (a): the draw pile is exhausted and every player is out of cards.
TEST(CahootsMatch, LossWhenEveryHandAndTheDrawPileAreEmpty) {
  auto match = FindState(2, {{"goal_count", Int(2)}}, [](const CahootsMatch& m) {
    return m.end() == CahootsMatch::End::kEmpty;
  });
  ASSERT_TRUE(match.has_value());
  EXPECT_TRUE(match->draw_pile().empty());
  EXPECT_TRUE(match->hands()[0].empty() && match->hands()[1].empty());
  EXPECT_EQ(match->turns_taken(), 52);
  EXPECT_EQ(test_support::FactTexts(match->GetOutcome())[0],
            (std::pair<std::string, std::string>{"outcome", "loss"}));
  EXPECT_EQ(test_support::FactTexts(match->GetOutcome())[1],
            (std::pair<std::string, std::string>{"reason", "cards-run-out"}));
}

TEST(CahootsMatch, SetUpFindings) {
  auto deck = MakeDeck({"1G 6O 7U 6U", "5P 6P 7P 5O"}, "1G 2G 3G 4G");
  CahootsMatch match = NewMatch(2, {{"goal_count", Int(2)}});
  ExpectRejected(match, SetupWith(deck, {Never()}), "wrong-goal-count");
  ExpectRejected(match, SetupWith(deck, {Never(), Never(), Never()}), "wrong-goal-count");
  auto short_deck = deck;
  short_deck.pop_back();
  ExpectRejected(match, SetupWith(short_deck, {Never(), Never()}), "wrong-deck");
  auto third_copy = deck;
  third_copy.back() = third_copy.front();
  ExpectRejected(match, SetupWith(third_copy, {Never(), Never()}), "wrong-deck");
  CahootsMatch table = NewMatch(4);  // normal level, 4 players: 15 goals
  EXPECT_EQ(table.GoalCount(), 15);
  EXPECT_EQ(NewMatch(3, {{"level", Word("insane")}}).GoalCount(), 24);
  EXPECT_EQ(NewMatch(2, {{"level", Word("beginner")}}).GoalCount(), 15);
  CahootsMatch open = NewMatch(2, {{"goal_count", Int(2)}, {"open_hands", OptionValue(true)}});
  ExpectRejected(open, SetupWith(deck, {Never(), Never()}), "open-hands-not-allowed");
  CahootsMatch lil = NewMatch(
      2, {{"goal_count", Int(2)}, {"open_hands", OptionValue(true)}, {"variant", Word("lil")}});
  EXPECT_TRUE(lil.Apply(SetupWith(deck, {Never(), Never()})).has_value());
}

Sha256Digest FakeSha256(std::string_view bytes) {
  Sha256Digest digest{};
  uint64_t hash = 1469598103934665603ull;
  for (size_t i = 0; i < digest.size(); ++i) {
    for (char c : bytes) hash = (hash ^ static_cast<uint8_t>(c)) * 1099511628211ull;
    hash = (hash ^ i) * 1099511628211ull;
    digest[i] = static_cast<uint8_t>(hash >> 56);
  }
  return digest;
}

TEST(CahootsMatch, SeededDeckIsTheSeededPermutationOfTheCanonicalPack) {
  RuleOptions rules(Descriptor().options);
  rules.Set("goal_count", Int(1));
  MatchSetup setup{rules, {"ann", "bob"}, std::string("seed-1"), &FakeSha256};
  std::vector<NumberCard> canonical = CanonicalPack();
  std::vector<NumberCard> expected;
  for (int index : SeededPermutation(&FakeSha256, "seed-1", 1, 56))
    expected.push_back(canonical[index]);
  SetupEvent seeded_setup;
  seeded_setup.seeded = true;
  seeded_setup.goals = {Never()};
  Event seeded = MakeEvent(seeded_setup);
  CahootsMatch match(setup);
  ASSERT_TRUE(match.Apply(seeded).has_value());
  EXPECT_EQ(match.hands()[0],
            (std::vector<NumberCard>{expected[0], expected[2], expected[4], expected[6]}));
  Event both = seeded;
  both.path = "/deck";
  SetupOf(both).deck = expected;
  CahootsMatch agree(setup);
  EXPECT_TRUE(agree.Apply(both).has_value());
  std::vector<NumberCard>& swapped = *SetupOf(both).deck;
  std::swap(swapped[10], swapped[20]);
  CahootsMatch differ(setup);
  if (swapped[10] == swapped[20]) GTEST_SKIP();
  ExpectRejected(differ, both, "deal-mismatch");
}

TEST(CahootsMatch, LegalEventsAreExactlyTheMatchingCardsOfThePlayerToPlay) {
  CahootsMatch match = NewMatch(2, {{"goal_count", Int(1)}});
  auto deck = MakeDeck({"5P 6P 7O 1P", "5O 6O 7U 6U"}, "1G 2G 3G 4G");
  ASSERT_TRUE(match.Apply(SetupWith(deck, {Never()})).has_value());
  std::vector<Event> legal = match.LegalEvents();
  ASSERT_EQ(legal.size(), 1u);
  const TurnEvent& only = TurnOf(legal[0]);
  EXPECT_EQ(only.card, Cards("1P")[0]);
  EXPECT_EQ(only.pile, 1);
  EXPECT_EQ(legal[0].actor, 0);
}

}  // namespace
}  // namespace referee::games::cahoots

namespace referee::games::cahoots {
namespace {

// GameDescriptor::seeded_deal: playouts set up a Cahoots table from the seed alone.
TEST(CahootsMatch, SeededSetUpForPlayoutsHasTheWholeGoalPile) {
  for (int64_t count : {int64_t{0}, int64_t{60}}) {
    RuleOptions rules(Descriptor().options);
    rules.Set("goal_count", count);
    CahootsMatch match(MatchSetup{rules, {"p1", "p2", "p3"}, std::string("s"), &FakeSha256});
    Event event = match.SeededDeal();
    const SetupEvent& setup = *event.As<SetupEvent>();
    EXPECT_TRUE(setup.seeded);
    EXPECT_EQ(static_cast<int>(setup.goals.size()), match.GoalCount());
    EXPECT_TRUE(match.Apply(event).has_value());
  }
}

// The match keeps each goal as its test, and a catalogue card's reference, not as the record's
// text: the goal pile, a view and a goal's words in a finding are made from them, as given.
TEST(CahootsMatch, GivesTheGoalPileBackAsTheSetUpGaveIt) {
  CahootsMatch match = NewMatch(2, {{"goal_count", Int(3)}});
  auto reference = ResolveCatalogueGoal("confirmed", 1, EditionNamed("gamewright"), "/goals/1");
  ASSERT_TRUE(reference.has_value());
  std::vector<GoalSpec> goals = {Goal("sum-equal", {kPink, kPurple}), *reference, Never()};
  auto deck = MakeDeck({"1G 2G 3G 4G", "1P 2P 3P 4P"}, "5U 6U 7U 5G");
  Event setup = SetupWith(deck, goals);
  ASSERT_TRUE(match.Apply(setup).has_value());
  EXPECT_EQ(match.goal_pile(), SetupOf(setup).goals);
  View view = match.ViewFor(0);
  const auto& table = *view.game.As<CahootsView>();
  ASSERT_EQ(table.goals.size(), 3u);
  EXPECT_EQ(table.goals[1], SetupOf(setup).goals[1]);
  record::Record header;
  header.rules = RuleOptions(Descriptor().options);
  header.players = {"ann", "bob"};
  record::Node written = Descriptor().live.write_view(view, header);
  const auto& shown = written.Find("goals")->items();
  EXPECT_EQ(shown[0].Find("text")->text(), "the pink and the purple cards sum the same");
  EXPECT_EQ(shown[1].Find("text")->text(), "confirmed#1");
}

}  // namespace
}  // namespace referee::games::cahoots
