#include "tests/plugin/eights.h"

#include <algorithm>

#include "referee/core/bot.h"
#include "referee/games/trick/trick_faults.h"
#include "referee/games/trick/trick_match.h"
#include "referee/games/trick/trick_record.h"

namespace referee::testing::eights {
namespace {

const std::vector<std::string> kSeatUnits = {"N", "E", "S", "W"};

class EightsMatch : public games::trick::TrickMatch {
 public:
  explicit EightsMatch(MatchSetup setup)
      : TrickMatch(std::move(setup)),
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
  CardSet Pack() const override { return Pack32(); }
  bool MustFollowSuit() const override { return true; }
  const std::vector<std::string>& ScoreUnits() const override { return kSeatUnits; }
  bool AcceptsNoMoreDeals() const override { return IsOver(); }
  games::trick::DealScore ScoreDeal(const games::trick::FinishedDeal& deal) override {
    std::vector<int> tricks = games::trick::TricksByUnit(deal, kSeatUnits);
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

const games::trick::TrickBodySpec& BodySpec() {
  static const games::trick::TrickBodySpec kSpec{{}, kSeatUnits};
  return kSpec;
}

games::GameDescriptor MakeDescriptor() {
  games::GameDescriptor game = games::trick::TrickGameDescriptor<&BodySpec, EightsMatch>();
  game.name = "eights";
  game.title = "Eights (a game of the tests)";
  game.source = "tests/plugin/eights.h";
  game.options = {OptionSpec{
      "deals", OptionSpec::Type::kInteger, 1, 100, {}, int64_t{4}, "the number of deals played"}};
  game.league.sides = games::SideKind::kSeat;
  game.league.schemes = {"placement", "duplicate"};
  game.league.tie_breaks = {"wins", "total-score", "matches-played"};
  game.league.default_tie_breaks = {"wins", "total-score"};
  game.faults = games::trick::TrickFaults(/*follows_suit=*/true);
  game.deal_board = [](const RuleOptions& rules, const std::string& seed, int board, int players,
                       Sha256Function sha256) {
    return games::trick::DealTrickBoard(Descriptor(), rules, seed, board, players, sha256);
  };
  game.heuristic_bot = [] { return std::unique_ptr<Bot>(std::make_unique<LowestCardBot>()); };
  return game;
}

}  // namespace

const games::GameDescriptor& Descriptor() {
  static const games::GameDescriptor kDescriptor = MakeDescriptor();
  return kDescriptor;
}

}  // namespace referee::testing::eights
