// RapidCheck properties of the Cahoots engine, driven with random legal events: the 56 cards are
// conserved, no hand holds more than 4, each goal completes at most once (exactly once in a win),
// every random legal playout ends in a win or a loss, and the "cannot play" loss is declared
// exactly when no card in the player's hand matches a pile top (rules.md section 1, ruling 2).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <random>

#include "referee/games/cahoots/cahoots_catalogue.h"
#include "referee/games/cahoots/cahoots_match.h"
#include "tests/games/cahoots/cahoots_test_util.h"
#include "tests/support/facts.h"

namespace referee::games::cahoots {
namespace {

struct Table {
  int players = 2;
  bool speed = false;
  std::vector<NumberCard> deck;
  std::vector<GoalSpec> goals;
};

// A random table: 2-4 players, a shuffled deck, 1-12 goals from the Spanish-edition catalogue.
Table RandomTable() {
  Table table;
  table.players = *rc::gen::inRange(2, 5);
  table.speed = *rc::gen::element(false, false, true);
  std::mt19937_64 rng(*rc::gen::arbitrary<uint64_t>());
  table.deck = CanonicalPack();
  std::shuffle(table.deck.begin(), table.deck.end(), rng);
  int count = *rc::gen::inRange(1, 13);
  std::vector<int> cards(52);
  for (int i = 0; i < 52; ++i) cards[i] = i + 1;
  std::shuffle(cards.begin(), cards.end(), rng);  // each catalogue card at most once
  for (int i = 0; i < count; ++i) {
    int card = cards[i];
    table.goals.push_back(
        ResolveCatalogueGoal("spanish-unverified", card, EditionNamed("spanish"), "").value());
  }
  return table;
}

CahootsMatch StartTable(const Table& table) {
  RuleOptions rules(Descriptor().options);
  rules.Set("edition", std::string("spanish"));
  rules.Set("goal_count", static_cast<int64_t>(table.goals.size()));
  if (table.speed) rules.Set("variant", std::string("speed"));
  std::vector<std::string> names = {"ana", "bea", "cai", "dan"};
  names.resize(table.players);
  CahootsMatch match(MatchSetup{rules, names, std::nullopt, nullptr});
  RC_ASSERT(match.Apply(cahoots_test::SetupWith(table.deck, table.goals)).has_value());
  return match;
}

bool HasMatchingCard(const std::vector<NumberCard>& hand, const PileTops& tops) {
  for (NumberCard card : hand) {
    for (NumberCard top : tops) {
      if (card.colour == top.colour || card.number == top.number) return true;
    }
  }
  return false;
}

void CheckInvariants(const CahootsMatch& match) {
  std::vector<NumberCard> all = match.draw_pile();
  for (const auto& hand : match.hands()) {
    RC_ASSERT(hand.size() <= 4u);
    all.insert(all.end(), hand.begin(), hand.end());
  }
  for (const auto& pile : match.piles()) all.insert(all.end(), pile.begin(), pile.end());
  auto order = [](NumberCard a, NumberCard b) {
    return std::pair(a.colour, a.number) < std::pair(b.colour, b.number);
  };
  std::sort(all.begin(), all.end(), order);
  RC_ASSERT(all == CanonicalPack());  // the canonical pack is sorted the same way
  std::vector<int> completed = match.completed_goals();
  std::sort(completed.begin(), completed.end());
  RC_ASSERT(std::adjacent_find(completed.begin(), completed.end()) == completed.end());
  for (int shown : match.visible_goals()) {
    RC_ASSERT(std::find(completed.begin(), completed.end(), shown) == completed.end());
  }
}

// Ruling 2: the "cannot play" loss exactly when the player to play holds no matching card.
void CheckWhoPlays(const CahootsMatch& match, bool speed) {
  if (speed) return;
  PileTops tops = match.Tops();
  if (!match.IsOver()) {
    int player = match.Next().actor.value();
    RC_ASSERT(!match.hands()[player].empty());  // ruling 1: empty hands are skipped
    RC_ASSERT(HasMatchingCard(match.hands()[player], tops));
    RC_ASSERT(!match.LegalEvents().empty());
  } else if (match.end() == CahootsMatch::End::kStuck) {
    RC_ASSERT(static_cast<int>(match.completed_goals().size()) < match.GoalCount());
    // The player to play holds cards and none of them matches a pile top.
    RC_ASSERT(match.stuck_player().has_value());
    const std::vector<NumberCard>& hand = match.hands()[*match.stuck_player()];
    RC_ASSERT(!hand.empty());
    RC_ASSERT(!HasMatchingCard(hand, tops));
  }
}

RC_GTEST_PROP(CahootsProperties, RandomLegalPlayEndsInAWinOrALossAndKeepsTheInvariants, ()) {
  Table table = RandomTable();
  CahootsMatch match = StartTable(table);
  CheckInvariants(match);
  CheckWhoPlays(match, table.speed);
  int turns = 0;
  while (!match.IsOver()) {
    RC_ASSERT(turns++ < 60);  // 52 cards can be played at most
    std::vector<Event> legal = match.LegalEvents();
    RC_ASSERT(!legal.empty());
    size_t pick = *rc::gen::inRange<size_t>(0, legal.size());
    auto ruling = match.Apply(legal[pick]);
    RC_ASSERT(ruling.has_value());
    CheckInvariants(match);
    CheckWhoPlays(match, table.speed);
  }
  Outcome outcome = match.GetOutcome();
  RC_ASSERT(outcome.over);
  RC_ASSERT(outcome.facts[0].key == std::string("outcome"));
  bool won = test_support::FactText(outcome, "outcome") == "win";
  RC_ASSERT(won == (match.end() == CahootsMatch::End::kWin));
  if (won) {
    std::vector<int> completed = match.completed_goals();
    std::sort(completed.begin(), completed.end());
    std::vector<int> every(table.goals.size());
    for (size_t i = 0; i < every.size(); ++i) every[i] = static_cast<int>(i);
    RC_ASSERT(completed == every);  // each goal exactly once
  }
  if (match.end() == CahootsMatch::End::kEmpty) RC_ASSERT(match.draw_pile().empty());
}

// Style guide: a move not listed is rejected and leaves the state unchanged.
RC_GTEST_PROP(CahootsProperties, AnEventNotListedIsRejectedAndChangesNothing, ()) {
  Table table = RandomTable();
  CahootsMatch match = StartTable(table);
  int steps = *rc::gen::inRange(0, 30);
  for (int i = 0; i < steps && !match.IsOver(); ++i) {
    std::vector<Event> legal = match.LegalEvents();
    RC_ASSERT(match.Apply(legal[*rc::gen::inRange<size_t>(0, legal.size())]).has_value());
  }
  TurnEvent played;
  int player = *rc::gen::inRange(0, table.players);
  played.card = NumberCard{static_cast<uint8_t>(*rc::gen::inRange(0, 4)),
                           static_cast<uint8_t>(*rc::gen::inRange(1, 8))};
  played.pile = *rc::gen::inRange(0, 6);
  Event turn = MakeEvent(played, 0, player);
  std::vector<Event> legal = match.LegalEvents();
  bool listed = std::any_of(legal.begin(), legal.end(), [&](const Event& event) {
    const TurnEvent& other = *event.As<TurnEvent>();
    return event.actor == player && other.card == played.card && other.pile == played.pile;
  });
  RC_PRE(!listed);
  std::string before = match.Describe();
  RC_ASSERT(!match.Apply(turn).has_value());
  RC_ASSERT(match.Describe() == before);
}

}  // namespace
}  // namespace referee::games::cahoots
