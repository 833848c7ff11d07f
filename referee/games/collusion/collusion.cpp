#include "referee/games/collusion/collusion.h"

#include <algorithm>

#include "referee/games/collusion/collusion_bot.h"
#include "referee/games/collusion/collusion_scoring.h"
#include "referee/games/trick/trick_game.h"

namespace referee::games::collusion {
namespace {

class CollusionMatch : public trick::TrickMatch {
 public:
  CollusionMatch(MatchSetup setup, const trick::TrickRules& rules)
      : TrickMatch(std::move(setup), rules),
        target_(static_cast<int>(this->setup().rules.Integer("target"))) {}

  bool IsOver() const override { return !winners_.empty(); }

  Outcome GetOutcome() const override {
    if (!IsOver()) {
      return SheetOutcome(false, {}, false, trick::Placing::kByTotal,
                          "not finished after " + std::to_string(DealsScored()) + " deals");
    }
    std::string names;
    std::vector<int> units;
    for (Seat seat : winners_) {
      names += (names.empty() ? "" : " ") + SeatName(seat);
      units.push_back(SeatIndex(seat));
    }
    int best = sheet().totals[SeatIndex(winners_.front())];
    return SheetOutcome(true, units, false, trick::Placing::kByTotal,
                        winners_.size() == 1
                            ? names + " wins with " + std::to_string(best)
                            : names + " share the win with " + std::to_string(best));
  }

  std::unique_ptr<Match> Clone() const override { return std::make_unique<CollusionMatch>(*this); }

 protected:
  bool AcceptsNoMoreDeals() const override { return IsOver(); }

  trick::DealScore ScoreDeal(const trick::FinishedDeal& deal) override {
    std::array<int, 4> before{};
    for (size_t seat = 0; seat < sheet().totals.size(); ++seat) before[seat] = sheet().totals[seat];
    CollusionDealScore score = ScoreCollusionDeal(deal.tricks_won, before, target_);
    RecordWinners(score, before);
    return trick::DealScore{std::vector<int>(score.points.begin(), score.points.end()),
                            Label(deal, score),
                            trick::DealStatistics(trick::TricksByUnit(deal, ScoreUnits()))};
  }

  std::string DescribeExtra() const override {
    std::string text = "; winners";
    for (Seat seat : winners_) text += " " + SeatName(seat);
    return text;
  }

 private:
  // The highest total among those who reached the target with a bonus wins; equal totals share.
  void RecordWinners(const CollusionDealScore& score, const std::array<int, 4>& before) {
    int best = -1;
    for (Seat seat : kAllSeats) {
      int i = SeatIndex(seat);
      if (!score.reached[i]) continue;
      int total = before[i] + score.points[i];
      if (total > best) winners_.clear();
      if (total >= best) {
        best = total;
        winners_.push_back(seat);
      }
    }
  }

  // The facts of "dealer N; tricks N3 E4 S3 W3; two tie: +10 each; W deducts 3": the dealer, each
  // seat's tricks, the bonus case and the seats that deduct, as bits.
  static DealLabel Label(const trick::FinishedDeal& deal, const CollusionDealScore& score) {
    DealLabel::Facts facts{SeatIndex(deal.dealer)};
    int64_t deducting = 0;
    for (Seat seat : kAllSeats) {
      int i = SeatIndex(seat);
      facts[1 + i] = deal.tricks_won[i];
      if (score.deducted[i]) deducting |= int64_t{1} << i;
    }
    facts[5] = static_cast<int64_t>(score.bonus_case);
    facts[6] = deducting;
    return DealLabel(&LabelText, facts);
  }

  static std::string LabelText(const DealLabel::Facts& facts) {
    std::string label;
    label.reserve(96);
    label.append("dealer ").push_back(SeatLetter(SeatAt(static_cast<int>(facts[0]))));
    label.append("; tricks");
    for (Seat seat : kAllSeats) {
      label.append(" ").push_back(SeatLetter(seat));
      label.append(std::to_string(facts[1 + SeatIndex(seat)]));
    }
    label.append("; ").append(BonusCaseName(static_cast<BonusCase>(facts[5])));
    for (Seat seat : kAllSeats) {
      if ((facts[6] >> SeatIndex(seat) & 1) == 0) continue;
      label.append("; ").push_back(SeatLetter(seat));
      label.append(" deducts ").append(std::to_string(facts[1 + SeatIndex(seat)]));
    }
    return label;
  }

  int target_;
  std::vector<Seat> winners_;
};

trick::TrickGame Declare() {
  trick::TrickGame game;
  game.name = "collusion";
  game.title = "Collusion (David Parlett)";
  game.source = "parlettgames.uk/oricards/collude.html";
  game.options = {
      OptionSpec{"target",
                 OptionSpec::Type::kInteger,
                 1,
                 100000,
                 {},
                 int64_t{100},
                 "the score to reach, only with the help of a bonus"},
  };
  game.rules = {FullPack52(), /*must_follow_suit=*/true, {"N", "E", "S", "W"}};
  game.league.sides = SideKind::kSeat;
  game.league.schemes = {SchemeKind::kPlacement, SchemeKind::kDuplicate};
  game.league.tie_breaks = {TieBreakKind::kWins,           TieBreakKind::kTotalScore,
                            TieBreakKind::kHeadToHead,     TieBreakKind::kPointDifference,
                            TieBreakKind::kMatchesPlayed,  TieBreakKind::kOpponentsPoints,
                            TieBreakKind::kSonnebornBerger};
  game.league.default_tie_breaks = {TieBreakKind::kWins, TieBreakKind::kTotalScore,
                                    TieBreakKind::kHeadToHead};
  game.heuristic_bot = &NewHeuristicBot;
  return game;
}

}  // namespace

const GameDescriptor& Descriptor() {
  return trick::TrickGameDescriptor<CollusionMatch, &Declare>();
}

}  // namespace referee::games::collusion
