#include "referee/games/plonk/plonk.h"

#include "referee/games/plonk/plonk_bot.h"
#include "referee/games/plonk/plonk_scoring.h"
#include "referee/games/trick/trick_game.h"

namespace referee::games::plonk {
namespace {

constexpr char kRotationLeft[] = "left";
constexpr char kRotationTwoDealers[] = "two-dealers";

// What the lead to the next trick depends on, kept for the wrong-leader message.
struct LastTrick {
  int number = 0;
  Suit led = Suit::kClubs;
  Seat winner = Seat::kNorth;
  bool nobody_followed = false;
};

class PlonkMatch : public trick::TrickMatch {
 public:
  PlonkMatch(MatchSetup setup, const trick::TrickRules& rules)
      : TrickMatch(std::move(setup), rules),
        target_(static_cast<int>(this->setup().rules.Integer("target"))),
        two_dealers_(this->setup().rules.Choice("dealer_rotation") == kRotationTwoDealers) {}

  bool IsOver() const override { return winner_.has_value(); }
  Outcome GetOutcome() const override;
  std::unique_ptr<Match> Clone() const override { return std::make_unique<PlonkMatch>(*this); }

 protected:
  bool AcceptsNoMoreDeals() const override { return IsOver(); }
  trick::DealScore ScoreDeal(const trick::FinishedDeal& deal) override;
  Seat NextLeader(const trick::CompletedTrick& trick) const override;
  std::string LeaderReason(int trick_number) const override;
  Seat NextDealer(Seat last_dealer) const override;
  void ResetDeal() override { last_trick_.reset(); }
  std::string DescribeExtra() const override;

 private:
  int Total(Partnership side) const {
    size_t i = static_cast<size_t>(side);
    return i < sheet().totals.size() ? sheet().totals[i] : 0;
  }

  int target_;
  bool two_dealers_;
  std::optional<Partnership> winner_;
  // Set by NextLeader, which the base calls once per completed trick; it is a const hook, hence
  // mutable. Only explains the expected leader; the rules' state is the base's leader.
  mutable std::optional<LastTrick> last_trick_;
};

Seat PlonkMatch::NextLeader(const trick::CompletedTrick& trick) const {
  bool nobody = NobodyFollowed(trick.cards);
  int number = last_trick_ ? last_trick_->number + 1 : 1;
  last_trick_ = LastTrick{number, trick.LedSuit(), trick.winner, nobody};
  // "If nobody follows suit to the card led, the lead to the following trick is made by the
  // trick-winner's right-hand opponent" (seed 002).
  return nobody ? RightOf(trick.winner) : trick.winner;
}

std::string PlonkMatch::LeaderReason(int trick_number) const {
  if (trick_number == 1 || !last_trick_) return TrickMatch::LeaderReason(trick_number);
  const LastTrick& last = *last_trick_;
  std::string where = SuitName(last.led) + " in trick " + std::to_string(last.number);
  if (last.nobody_followed) {
    return "nobody followed " + where +
           ", so the lead passes to the winner's right-hand opponent, " +
           SeatName(RightOf(last.winner));
  }
  return "someone followed " + where + ", so its winner, " + SeatName(last.winner) + ", leads";
}

Seat PlonkMatch::NextDealer(Seat last_dealer) const {
  if (!two_dealers_) return LeftOf(last_dealer);
  // "two-dealers": the first dealer deals the odd deals, the player at their left the even ones.
  // The base asks once DealsScored() deals are done, the last of them dealt by last_dealer.
  return DealsScored() % 2 == 1 ? LeftOf(last_dealer) : RightOf(last_dealer);
}

// "dealer N; NS live 5 for 40, dead 3; EW live 4 for 30, dead 2", worded when read: the dealer,
// then each side's live cards, their points and its dead cards.
std::string LabelText(const DealLabel::Facts& facts) {
  std::string label = "dealer " + SeatName(SeatAt(static_cast<int>(facts[0])));
  for (Partnership side : kAllPartnerships) {
    size_t at = 1 + 3 * static_cast<size_t>(side);
    label += "; " + PartnershipName(side) + " live " + std::to_string(facts[at]) + " for " +
             std::to_string(facts[at + 1]) + ", dead " + std::to_string(facts[at + 2]);
  }
  return label;
}

DealLabel Label(Seat dealer, const std::array<PlonkPile, 2>& piles) {
  DealLabel::Facts facts{SeatIndex(dealer)};
  for (Partnership side : kAllPartnerships) {
    const PlonkPile& pile = piles[static_cast<size_t>(side)];
    size_t at = 1 + 3 * static_cast<size_t>(side);
    facts[at] = pile.live_cards;
    facts[at + 1] = pile.live_points;
    facts[at + 2] = pile.dead_cards;
  }
  return DealLabel(&LabelText, facts);
}

trick::DealScore PlonkMatch::ScoreDeal(const trick::FinishedDeal& deal) {
  std::array<PlonkPile, 2> piles = PlonkPiles(deal.tricks);
  std::array<int, 2> after{};
  for (Partnership side : kAllPartnerships) {
    after[static_cast<int>(side)] = Total(side) + piles[static_cast<int>(side)].Score();
  }
  PlonkEnd end = CheckPlonkEnd(after, target_);
  if (end == PlonkEnd::kNorthSouthWins) winner_ = Partnership::kNorthSouth;
  if (end == PlonkEnd::kEastWestWins) winner_ = Partnership::kEastWest;
  last_trick_.reset();
  return trick::DealScore{{piles[0].Score(), piles[1].Score()},
                          Label(deal.dealer, piles),
                          trick::DealStatistics(trick::TricksByUnit(deal, ScoreUnits()))};
}

Outcome PlonkMatch::GetOutcome() const {
  int ns = Total(Partnership::kNorthSouth);
  int ew = Total(Partnership::kEastWest);
  if (!winner_) {
    return SheetOutcome(false, {}, false, trick::Placing::kByResult,
                        "not finished after " + std::to_string(DealsScored()) + " deals: NS " +
                            std::to_string(ns) + ", EW " + std::to_string(ew) + ", target " +
                            std::to_string(target_));
  }
  Partnership loser = OtherPartnership(*winner_);
  return SheetOutcome(true, {static_cast<int>(*winner_)}, false, trick::Placing::kByResult,
                      PartnershipName(*winner_) + " wins with " + std::to_string(Total(*winner_)) +
                          " to " + std::to_string(Total(loser)));
}

std::string PlonkMatch::DescribeExtra() const {
  std::string text;
  if (last_trick_) {
    text += "; last trick " + std::to_string(last_trick_->number) + " " +
            SuitLetter(last_trick_->led) + " won by " + SeatName(last_trick_->winner) +
            (last_trick_->nobody_followed ? " unfollowed" : " followed");
  }
  return text + "; winner " + (winner_ ? PartnershipName(*winner_) : "-");
}

trick::TrickGame Declare() {
  trick::TrickGame game;
  game.name = "plonk";
  game.title = "Plonk (David Parlett)";
  game.source = "parlettgames.uk/oricards/plonk.html";
  game.options = {
      OptionSpec{
          "target",
          OptionSpec::Type::kInteger,
          1,
          100000,
          {},
          int64_t{500},
          "the agreed target, checked after each deal; the higher total at or above it wins"},
      OptionSpec{"dealer_rotation",
                 OptionSpec::Type::kChoice,
                 0,
                 0,
                 {kRotationLeft, kRotationTwoDealers},
                 std::string(kRotationLeft),
                 "left: the deal passes to the left; two-dealers: the first dealer and the player "
                 "at their left alternate"},
  };
  // 13 cards each (see plonk.h); "never any requirement" to follow suit.
  game.rules = {FullPack52(), /*must_follow_suit=*/false, {"NS", "EW"}};
  game.league = trick::PartnershipLeague();
  game.heuristic_bot = &NewHeuristicBot;
  return game;
}

}  // namespace

const GameDescriptor& Descriptor() { return trick::TrickGameDescriptor<PlonkMatch, &Declare>(); }

}  // namespace referee::games::plonk
