#include "referee/games/conspiracy/conspiracy.h"

#include "referee/games/conspiracy/conspiracy_bot.h"
#include "referee/games/conspiracy/conspiracy_events.h"
#include "referee/games/conspiracy/conspiracy_record.h"
#include "referee/games/conspiracy/conspiracy_scoring.h"
#include "referee/games/trick/trick_game.h"

namespace referee::games::conspiracy {
namespace {

constexpr char kTieDraw[] = "draw";
constexpr char kTieTwoMore[] = "two-more";

using trick::TrickMatch;

// "8 hearts", "7 no trump".
std::string CallText(int64_t tricks, std::optional<Suit> trump) {
  return std::to_string(tricks) + " " + (trump ? SuitName(*trump) : "no trump");
}

std::string CallText(const CallEvent& call) { return CallText(call.tricks, call.trump); }

// "dealer N; EW called 8 hearts, took 8: EW +16; conference 42.5 s", worded when read from the
// facts ScoreDeal keeps: dealer, calling side, tricks called, trump suit (-1 for no trump), tricks
// taken, the side that scores and its points, whether the side conferred and for how long.
std::string LabelText(const DealLabel::Facts& facts) {
  auto side = [](int64_t fact) { return PartnershipName(static_cast<Partnership>(fact)); };
  std::optional<Suit> trump;
  if (facts[3] >= 0) trump = static_cast<Suit>(facts[3]);
  std::string label = "dealer " + SeatName(SeatAt(static_cast<int>(facts[0]))) + "; " +
                      side(facts[1]) + " called " + CallText(facts[2], trump) + ", took " +
                      std::to_string(facts[4]) + ": " + side(facts[5]) + " +" +
                      std::to_string(facts[6]);
  if (facts[7] != 0) label += "; conference " + SecondsText(facts[8]) + " s";
  return label;
}

// The deal opens with the call, by the dealer's left-hand opponent, after an optional conference
// of the calling side: the match is its own DealOpening.
class ConspiracyMatch : public trick::TrickMatch, public trick::DealOpening {
 public:
  ConspiracyMatch(MatchSetup setup, const trick::TrickRules& rules)
      : TrickMatch(std::move(setup), rules),
        no_trump_allowed_(this->setup().rules.Flag("no_trump")),
        conference_ms_(this->setup().rules.Integer("conference_seconds") * 1000),
        fixed_deals_(static_cast<int>(this->setup().rules.Integer("deals"))),
        tie_two_more_(this->setup().rules.Choice("tie") == kTieTwoMore) {}

  bool IsOver() const override { return End() != ConspiracyEnd::kPlayOn; }
  Outcome GetOutcome() const override;
  std::unique_ptr<Match> Clone() const override { return std::make_unique<ConspiracyMatch>(*this); }

 protected:
  // With no fixed number of deals, any even count ends the match, yet play may go on.
  bool AcceptsNoMoreDeals() const override { return fixed_deals_ > 0 && IsOver(); }
  trick::DealScore ScoreDeal(const trick::FinishedDeal& deal) override;
  const trick::DealOpening* Opening() const override { return this; }
  std::optional<ToAct> Awaited() const override {
    if (!InDeal() || call_) return std::nullopt;
    return ToAct{Phase::kAct, CallEvent::kKind, SeatIndex(Caller()), CurrentDealNumber()};
  }
  Finding MissingOpening(const Event& play) const override;
  std::optional<Finding> CheckOpening(const Event& event) const override;
  Ruling CommitOpening(const Event& event) override;
  std::vector<Event> LegalOpening() const override;
  std::optional<Suit> Trump() const override { return call_ ? call_->call.trump : std::nullopt; }
  // Seed 003: the calling partners "see each other's cards" in their conference.
  std::vector<Seat> HandsShownTo(Seat seat) const override {
    if (!InDeal() || PartnershipOf(seat) != PartnershipOf(Caller())) return {};
    return {PartnerOf(seat)};
  }
  Payload ViewExtension(Seat /*seat*/) const override {
    return call_ ? Payload(*call_) : Payload();
  }
  std::string LeaderReason(int trick_number) const override;
  std::string DescribeExtra() const override;

 private:
  void ResetDeal() override {
    call_.reset();
    conference_.reset();
  }
  Seat Caller() const { return LeftOf(CurrentDealer()); }
  int Total(Partnership side) const {
    size_t i = static_cast<size_t>(side);
    return i < sheet().totals.size() ? sheet().totals[i] : 0;
  }
  // A deal in progress is never the end, even after an even number of complete deals.
  ConspiracyEnd End() const {
    if (InDeal()) return ConspiracyEnd::kPlayOn;
    return CheckConspiracyEnd({Total(Partnership::kNorthSouth), Total(Partnership::kEastWest)},
                              DealsScored(), fixed_deals_, tie_two_more_);
  }
  std::optional<Finding> CheckCall(const Event& event, const CallEvent& call) const;
  std::optional<Finding> CheckConference(const Event& event,
                                         const ConferenceEvent& conference) const;
  Ruling CommitConference(const Event& event, const ConferenceEvent& conference);
  std::string UnfinishedSummary() const;

  bool no_trump_allowed_;
  int64_t conference_ms_;
  int fixed_deals_;
  bool tie_two_more_;
  std::optional<MadeCall> call_;
  std::optional<ConferenceEvent> conference_;
};

std::optional<Finding> ConspiracyMatch::CheckOpening(const Event& event) const {
  const auto* call = event.As<CallEvent>();
  const auto* conference = event.As<ConferenceEvent>();
  if (call == nullptr && conference == nullptr) return NotThisGames(event);
  if (!Awaited()) {
    return Unexpected(event.path, PlaceOf(event.path).game,
                      call != nullptr ? "expected no call now, found a call"
                                      : "expected no conference now, found one");
  }
  return call != nullptr ? CheckCall(event, *call) : CheckConference(event, *conference);
}

Ruling ConspiracyMatch::CommitOpening(const Event& event) {
  if (const auto* conference = event.As<ConferenceEvent>()) {
    return CommitConference(event, *conference);
  }
  call_ = MadeCall{Caller(), *event.As<CallEvent>()};
  return Announcing("call", [&] {
    return SeatName(Caller()) + " calls " + CallText(call_->call) + " for " +
           PartnershipName(PartnershipOf(Caller()));
  });
}

Finding ConspiracyMatch::MissingOpening(const Event& play) const {
  const auto* card = play.As<trick::PlayEvent>();
  GamePlace place{
      .deal = play.deal, .step = trick::TrickStep(card->trick), .card = ToString(card->card)};
  return Illegal(
      "missing-call", Place{play.path, place},
      "expected the call by " + SeatName(Caller()) + " before the first card, found a card played");
}

std::optional<Finding> ConspiracyMatch::CheckCall(const Event& event, const CallEvent& call) const {
  Seat caller = Caller();
  // The call's place, or one of its keys', written out only for a finding: every deal has a call.
  auto place = [&](std::string_view key, Seat seat) {
    std::string path = event.path.str();
    return PlaceOf(key.empty() ? path : ChildPath(path, key), 0, seat);
  };
  if (event.actor && *event.actor != SeatIndex(caller)) {
    Seat by = SeatAt(*event.actor);
    return Illegal("wrong-caller", place("by", by),
                   "expected the call by " + SeatName(caller) +
                       ", the dealer's left-hand opponent (dealer " + SeatName(CurrentDealer()) +
                       "), found a call by " + SeatName(by))
        .Comparing(FactValue::Word(SeatName(caller)), FactValue::Word(SeatName(by)));
  }
  if (call.trump && call.no_trump) {
    return Illegal("bad-call", place({}, caller), "expected a trump suit or no trump, found both");
  }
  if (call.no_trump && !no_trump_allowed_) {
    return Illegal("no-trump-not-allowed", place("trump", caller),
                   "expected a trump suit (no-trump calls need the rule option no_trump), "
                   "found no trump");
  }
  if (!call.trump && !call.no_trump) {
    return Illegal("missing-trump", place({}, caller),
                   "expected the call to name the trump suit, found no trump named");
  }
  if (call.tricks < 0 || call.tricks > kMaxCall) {
    return Illegal("call-out-of-range", place("tricks", caller),
                   "expected a call of 0 to 8 tricks, found " + std::to_string(call.tricks));
  }
  return std::nullopt;
}

std::optional<Finding> ConspiracyMatch::CheckConference(const Event& event,
                                                        const ConferenceEvent& conference) const {
  if (conference_) {
    return Unexpected(event.path, PlaceOf(event.path, 0, Caller()).game,
                      "expected one conference per deal, found a second");
  }
  if (conference.end_ms < conference.start_ms) {
    return Illegal("bad-conference", PlaceOf(ChildPath(event.path.str(), "end"), 0, Caller()),
                   "expected the conference to end at or after its start (" +
                       SecondsText(conference.start_ms) + " s), found an end at " +
                       SecondsText(conference.end_ms) + " s");
  }
  return std::nullopt;
}

Ruling ConspiracyMatch::CommitConference(const Event& event, const ConferenceEvent& conference) {
  conference_ = conference;
  int64_t length = conference.end_ms - conference.start_ms;
  Ruling ruling = Announcing("conference", [&] {
    return PartnershipName(PartnershipOf(Caller())) + " conferred for " + SecondsText(length) +
           " seconds";
  });
  // "exchange their cards and ideas for exactly one minute" (seed 003). An overlong conference
  // did happen and the deal can still be played and scored: reported, not rejected.
  if (length > conference_ms_) {
    ruling.findings.push_back(Illegal(
        "conference-too-long", PlaceOf(event.path, 0, Caller()),
        "expected a conference of at most " + SecondsText(conference_ms_) + " seconds, found " +
            SecondsText(length) + " seconds (from " + SecondsText(conference.start_ms) + " to " +
            SecondsText(conference.end_ms) + ")"));
  }
  return ruling;
}

std::vector<Event> ConspiracyMatch::LegalOpening() const {
  std::vector<std::optional<Suit>> strains(std::begin(kAllSuits), std::end(kAllSuits));
  if (no_trump_allowed_) strains.push_back(std::nullopt);
  std::vector<Event> calls;
  for (const std::optional<Suit>& trump : strains) {
    for (int tricks = 0; tricks <= kMaxCall; ++tricks) {
      CallEvent call{.trump = trump, .no_trump = !trump.has_value(), .tricks = tricks};
      calls.push_back(MakeEvent(call, CurrentDealNumber(), SeatIndex(Caller())));
    }
  }
  return calls;
}

std::string ConspiracyMatch::LeaderReason(int trick_number) const {
  if (trick_number != 1) return TrickMatch::LeaderReason(trick_number);
  return "the caller, " + SeatName(Caller()) + ", at the dealer's left, leads to the first trick";
}

trick::DealScore ConspiracyMatch::ScoreDeal(const trick::FinishedDeal& deal) {
  REFEREE_CHECK(call_.has_value(), "a Conspiracy deal was played without a call");
  Seat caller = LeftOf(deal.dealer);
  Partnership calling = CallingSide(deal.dealer);
  int taken = deal.tricks_won[SeatIndex(caller)] + deal.tricks_won[SeatIndex(PartnerOf(caller))];
  int call = static_cast<int>(call_->call.tricks);
  ConspiracyDealScore score = ScoreConspiracyDeal(calling, call, taken);
  Partnership scorer = score.made ? calling : OtherPartnership(calling);
  DealLabel::Facts facts{SeatIndex(deal.dealer),
                         static_cast<int64_t>(calling),
                         call_->call.tricks,
                         call_->call.trump ? static_cast<int64_t>(*call_->call.trump) : -1,
                         taken,
                         static_cast<int64_t>(scorer),
                         score.points[static_cast<int>(scorer)],
                         conference_ ? 1 : 0,
                         conference_ ? conference_->end_ms - conference_->start_ms : 0};
  std::vector<int> calls(2, 0), made(2, 0);
  calls[static_cast<int>(calling)] = 1;
  made[static_cast<int>(calling)] = score.made ? 1 : 0;
  return trick::DealScore{{score.points[0], score.points[1]},
                          DealLabel(&LabelText, facts),
                          trick::DealStatistics(trick::TricksByUnit(deal, ScoreUnits()),
                                                std::move(calls), std::move(made))};
}

std::string ConspiracyMatch::UnfinishedSummary() const {
  std::string totals = "NS " + std::to_string(Total(Partnership::kNorthSouth)) + ", EW " +
                       std::to_string(Total(Partnership::kEastWest));
  int played = DealsScored();
  std::string after = "not finished after " + std::to_string(played) + " deals";
  if (InDeal())
    return after + ", deal " + std::to_string(CurrentDealNumber()) + " under way; " + totals;
  if (fixed_deals_ > 0 && played < fixed_deals_) {
    return after + " of " + std::to_string(fixed_deals_) + "; " + totals;
  }
  if (fixed_deals_ == 0 && played % 2 == 1) {
    return after + ": an odd number, so the sides have not called equally often; " + totals;
  }
  if (played == 0) return "no deal played";
  // Only a tie under `tie: two-more` keeps the match going past a stop.
  return after + ": a tie is played off with two more deals; " + totals;
}

Outcome ConspiracyMatch::GetOutcome() const {
  int ns = Total(Partnership::kNorthSouth);
  int ew = Total(Partnership::kEastWest);
  ConspiracyEnd end = End();
  std::string after = " after " + std::to_string(DealsScored()) + " deals";
  if (end == ConspiracyEnd::kPlayOn) {
    return SheetOutcome(false, {}, false, trick::Placing::kByResult, UnfinishedSummary());
  }
  if (end == ConspiracyEnd::kDraw) {
    return SheetOutcome(true, {}, true, trick::Placing::kByResult,
                        "a draw at " + std::to_string(ns) + " each" + after);
  }
  bool ns_wins = end == ConspiracyEnd::kNorthSouthWins;
  Partnership winner = ns_wins ? Partnership::kNorthSouth : Partnership::kEastWest;
  return SheetOutcome(true, {static_cast<int>(winner)}, false, trick::Placing::kByResult,
                      PartnershipName(winner) + " wins " + std::to_string(ns_wins ? ns : ew) +
                          " to " + std::to_string(ns_wins ? ew : ns) + after);
}

std::string ConspiracyMatch::DescribeExtra() const {
  std::string text = "; call ";
  text += call_ ? SeatName(call_->by) + " " + CallText(call_->call) : "-";
  text += "; conference ";
  text += conference_ ? SecondsText(conference_->start_ms) + ".." + SecondsText(conference_->end_ms)
                      : "-";
  return text;
}

std::vector<OptionSpec> Options() {
  return {
      OptionSpec{"no_trump",
                 OptionSpec::Type::kBool,
                 0,
                 0,
                 {},
                 false,
                 "allow a call in no trump (the source only speaks of calling trumps)"},
      OptionSpec{"conference_seconds",
                 OptionSpec::Type::kInteger,
                 0,
                 3600,
                 {},
                 int64_t{60},
                 "the longest conference, in seconds, checked when the record times it"},
      OptionSpec{"deals",
                 OptionSpec::Type::kInteger,
                 0,
                 10000,
                 {},
                 int64_t{0},
                 "0: the match may end after any even number of deals; n: after exactly n"},
      OptionSpec{"tie",
                 OptionSpec::Type::kChoice,
                 0,
                 0,
                 {kTieDraw, kTieTwoMore},
                 std::string(kTieDraw),
                 "equal totals at the end: draw, or two-more (play two more deals)"},
  };
}

trick::TrickGame Declare() {
  trick::TrickGame game;
  game.name = "conspiracy";
  game.title = "Conspiracy (Vinay Kolhatkar)";
  game.source = "pagat.com/invented/conspiracy.html";
  game.options = Options();
  game.rules = {Pack32(), /*must_follow_suit=*/true, {"NS", "EW"}};  // 8 cards each
  game.body = BodySpec();
  game.statistics = {{"calls", "deals in which the side called"},
                     {"calls-made", "deals in which the side took exactly its call"}};
  game.league = trick::PartnershipLeague();
  game.league.statistic_tie_breaks = {
      {.name = "calls-made", .statistic = "calls-made", .always_shown = true}};
  game.stamp_line = &StampLine;
  game.heuristic_bot = &NewHeuristicBot;
  return game;
}

}  // namespace

const GameDescriptor& Descriptor() {
  return trick::TrickGameDescriptor<ConspiracyMatch, &Declare>();
}

}  // namespace referee::games::conspiracy
