#include "referee/games/cahoots/cahoots_bot.h"

#include "referee/core/check.h"
#include "referee/games/cahoots/cahoots_goals.h"

namespace referee::games::cahoots {
namespace {

// Whether some single card (any colour, any number) on some single pile meets the goal.
bool OneCardAway(const GoalTest& goal, const PileTops& tops) {
  for (int pile = 0; pile < 4; ++pile) {
    for (uint8_t colour = 0; colour < kColours; ++colour) {
      for (uint8_t number = 1; number <= kNumbers; ++number) {
        PileTops next = tops;
        next[pile] = NumberCard{colour, number};
        if (GoalMet(goal, next)) return true;
      }
    }
  }
  return false;
}

class CahootsBot : public Bot {
 public:
  std::string Name() const override { return "heuristic"; }
  Event Choose(const View& view, const std::vector<Event>& legal, std::mt19937_64& rng) override {
    const auto* table = view.game.As<CahootsView>();
    REFEREE_CHECK(table != nullptr, "a Cahoots bot given another game's view");
    std::vector<size_t> best;
    int best_score = -1;
    for (size_t i = 0; i < legal.size(); ++i) {
      const auto* turn = legal[i].As<TurnEvent>();
      REFEREE_CHECK(turn != nullptr, "a Cahoots bot offered an event that is not a turn");
      int score = PlayScore(*table, turn->card, turn->pile);
      if (score > best_score) best.clear(), best_score = score;
      if (score == best_score) best.push_back(i);
    }
    return legal[best[UniformIndex(rng, best.size())]];
  }
};

}  // namespace

int PlayScore(const CahootsView& view, NumberCard card, int pile) {
  REFEREE_CHECK(view.pile_tops.size() == 4 && pile >= 1 && pile <= 4, "a play on no pile");
  PileTops tops;
  for (int i = 0; i < 4; ++i) tops[i] = view.pile_tops[i];
  tops[pile - 1] = card;
  int score = 0;
  for (const GoalSpec& goal : view.goals) {
    // Made ready once: OneCardAway tests the goal with every card on every pile.
    Result<GoalTest> test = CheckGoal(goal, goal.path);
    REFEREE_CHECK(test.has_value(),
                  "a Cahoots bot shown an invalid " + GoalKindOf(goal.kind).name + " goal");
    if (GoalMet(*test, tops)) {
      score += 100;
    } else if (OneCardAway(*test, tops)) {
      score += 10;
    }
  }
  return score;
}

std::unique_ptr<Bot> NewHeuristicBot() { return std::make_unique<CahootsBot>(); }

}  // namespace referee::games::cahoots
