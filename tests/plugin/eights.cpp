#include "tests/plugin/eights.h"

#include <algorithm>

#include "referee/core/bot.h"
#include "referee/games/trick/trick_game.h"

namespace referee::testing::eights {
namespace {

class EightsMatch : public games::trick::TrickMatch {
 public:
  EightsMatch(MatchSetup setup, const games::trick::TrickRules& rules)
      : TrickMatch(std::move(setup), rules),
        deals_(static_cast<int>(this->setup().rules.Integer("deals"))) {}

  bool IsOver() const override { return !InDeal() && DealsScored() >= deals_; }
  Outcome GetOutcome() const override {
    if (!IsOver()) {
      return SheetOutcome(false, {}, false, games::trick::Placing::kByTotal,
                          "not finished after " + std::to_string(DealsScored()) + " deals");
    }
    const std::vector<int>& totals = sheet().totals;
    int best = *std::max_element(totals.begin(), totals.end());
    std::vector<int> winners;
    for (size_t seat = 0; seat < totals.size(); ++seat) {
      if (totals[seat] == best) winners.push_back(static_cast<int>(seat));
    }
    return SheetOutcome(true, winners, false, games::trick::Placing::kByTotal,
                        "the highest total wins with " + std::to_string(best));
  }
  std::unique_ptr<Match> Clone() const override { return std::make_unique<EightsMatch>(*this); }

 protected:
  bool AcceptsNoMoreDeals() const override { return IsOver(); }
  games::trick::DealScore ScoreDeal(const games::trick::FinishedDeal& deal) override {
    std::vector<int> tricks = games::trick::TricksByUnit(deal, ScoreUnits());
    return {tricks, "dealer " + SeatName(deal.dealer), {tricks}};
  }

 private:
  int deals_;
};

// Plays its lowest legal card: enough of a player for generated records.
class LowestCardBot : public Bot {
 public:
  std::string Name() const override { return "heuristic"; }
  Event Choose(const View& /*view*/, const std::vector<Event>& legal,
               std::mt19937_64& /*rng*/) override {
    return legal.front();  // the engine lists a seat's legal cards lowest first
  }
};

games::trick::TrickGame Declare() {
  games::trick::TrickGame game;
  game.name = "eights";
  game.title = "Eights (a game of the tests)";
  game.source = "tests/plugin/eights.h";
  game.options = {OptionSpec{
      "deals", OptionSpec::Type::kInteger, 1, 100, {}, int64_t{4}, "the number of deals played"}};
  game.rules = {Pack32(), /*must_follow_suit=*/true, {"N", "E", "S", "W"}};
  game.league.sides = games::SideKind::kSeat;
  game.league.schemes = {games::SchemeKind::kPlacement, games::SchemeKind::kDuplicate};
  game.league.tie_breaks = {games::TieBreakKind::kWins, games::TieBreakKind::kTotalScore,
                            games::TieBreakKind::kMatchesPlayed};
  game.league.default_tie_breaks = {games::TieBreakKind::kWins, games::TieBreakKind::kTotalScore};
  game.heuristic_bot = [] { return std::unique_ptr<Bot>(std::make_unique<LowestCardBot>()); };
  return game;
}

}  // namespace

const games::GameDescriptor& Descriptor() {
  return games::trick::TrickGameDescriptor<EightsMatch, &Declare>();
}

}  // namespace referee::testing::eights
