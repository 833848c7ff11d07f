#include "referee/games/trick/trick_match.h"

#include <algorithm>
#include <sstream>

#include "referee/core/check.h"
#include "referee/games/trick/trick_text.h"

namespace referee::games::trick {
namespace {

// The seat a unit's name spells with its letter ("NS": N and S).
int SeatIndexOf(char letter) {
  std::optional<Seat> seat = SeatFromText(std::string_view(&letter, 1));
  REFEREE_CHECK(seat.has_value(), "a score unit's name is made of seat letters");
  return SeatIndex(*seat);
}

}  // namespace

Place TrickMatch::PlaceOf(const std::string& path, int trick, std::optional<Seat> seat,
                          std::optional<Card> card) const {
  Place place;
  place.path = path;
  place.game.deal = deal_ ? deal_->number : CurrentDealNumber();
  place.game.step = TrickStep(trick);
  if (seat) place.game.actor = SeatName(*seat);
  if (card) place.game.card = ToString(*card);
  return place;
}

Finding TrickMatch::Unexpected(const std::string& path, GamePlace place,
                               const std::string& message) {
  return Illegal("unexpected-event", Place{path, std::move(place)}, message);
}

std::optional<Seat> TrickMatch::ExpectedDealer() const {
  if (!last_dealer_) return std::nullopt;  // the record declares the first dealer
  return NextDealer(*last_dealer_);
}

ToAct TrickMatch::Next() const {
  ToAct next;
  next.deal = CurrentDealNumber();
  if (!deal_) {
    next.phase = AcceptsNoMoreDeals() ? Phase::kOver : Phase::kDeal;
    next.kind = AcceptsNoMoreDeals() ? "over" : "deal";
    if (std::optional<Seat> dealer = ExpectedDealer()) next.actor = SeatIndex(*dealer);
    return next;
  }
  if (std::optional<ToAct> opening = AwaitedOpening()) return *opening;
  next.deal = deal_->number;
  next.step = TrickStep(static_cast<int>(deal_->tricks.size()) + 1);
  next.phase = Phase::kAct;
  next.kind = PlayEvent::kKind;
  next.actor = SeatIndex(deal_->ToPlay());
  return next;
}

std::vector<Event> TrickMatch::LegalEvents() const {
  if (!deal_) return {};
  if (AwaitedOpening()) return Opening()->LegalOpening();
  std::vector<Event> events;
  Seat seat = deal_->ToPlay();
  CardSet hand = deal_->hands[SeatIndex(seat)];
  for (Card card : hand.Cards()) {
    if (!MayPlay(hand, card)) continue;
    events.push_back(MakeEvent(PlayEvent{.card = card}, deal_->number, SeatIndex(seat)));
  }
  return events;
}

std::optional<Finding> TrickMatch::Check(const Event& event) const {
  if (const auto* play = event.As<PlayEvent>()) return CheckPlay(event, *play);
  if (const auto* deal = event.As<DealEvent>()) return CheckDeal(event, *deal);
  if (event.As<DealEndEvent>() != nullptr) return CheckDealEnd(event);
  return CheckOwn(event);
}

Ruling TrickMatch::Commit(const Event& event) {
  // A play never changes whether the deal awaits its opening: it is played after it.
  if (const auto* play = event.As<PlayEvent>()) return CommitPlay(*play);
  Ruling ruling;
  if (const auto* deal = event.As<DealEvent>()) {
    ruling = CommitDeal(event, *deal);
  } else if (event.As<DealEndEvent>() != nullptr) {
    ruling = CommitDealEnd(event);
  } else {
    ruling = CommitOwn(event);
  }
  opening_awaited_ = AwaitedOpening().has_value();
  return ruling;
}

void TrickMatch::Rejected(const Event& event) {
  rejected_deal_ = event.deal;
  rejected_dealers_.clear();
  if (const auto* deal = event.As<DealEvent>()) {
    if (!deal->dealer) return;
    if (!last_dealer_) declared_first_dealer_ = deal->dealer;
    rejected_dealers_.push_back(*deal->dealer);
    // Cards dealt from a pack order or a seed tell their dealer: the hands they give.
    if (!deal->deck && !deal->seeded) return;
    for (Seat seat : kAllSeats) {
      if (seat != *deal->dealer && ResolveHands(event, *deal, seat).has_value()) {
        rejected_dealers_.push_back(seat);
      }
    }
    return;
  }
  // A first lead from another seat than the dealer's left tells the dealer the play went by.
  const auto* play = event.As<PlayEvent>();
  if (play == nullptr || !deal_ || !deal_->tricks.empty() || deal_->current_size != 0 ||
      deal_->leader != LeftOf(deal_->dealer)) {
    return;
  }
  for (Seat seat : kAllSeats) {
    if (seat != deal_->leader && deal_->hands[SeatIndex(seat)].Contains(play->card)) {
      rejected_dealers_.push_back(RightOf(seat));
    }
  }
}

bool TrickMatch::PassesFromVoidedDeal(Seat dealer) const {
  return std::any_of(voided_dealers_.begin(), voided_dealers_.end(),
                     [&](Seat voided) { return NextDealer(voided) == dealer; });
}

Finding TrickMatch::NotThisGames(const Event& event) const {
  return Unexpected(event.path, PlaceOf(event.path).game,
                    "this game has no " + std::string(event.kind) + " event");
}

std::optional<Finding> TrickMatch::CheckOwn(const Event& event) const {
  const DealOpening* opening = Opening();
  return opening != nullptr ? opening->CheckOpening(event) : NotThisGames(event);
}

Ruling TrickMatch::CommitOwn(const Event& event) {
  // Only an event CheckOwn passed comes here, so the game has an opening; the match is not const
  // here, and the opening is the match itself.
  const DealOpening* opening = Opening();
  REFEREE_CHECK(opening != nullptr, "a game's own event was applied in a game without an opening");
  return const_cast<DealOpening*>(opening)->CommitOpening(event);
}

std::string TrickMatch::LeaderReason(int trick_number) const {
  return trick_number == 1 ? "the player at the dealer's left leads to the first trick"
                           : "the winner of the last trick leads";
}

Seat TrickMatch::TrickWinner(const std::array<Card, 4>& cards, Seat leader,
                             std::optional<Suit> trump) const {
  size_t best = 0;
  auto beats = [&](Card challenger, Card holder) {
    if (challenger.suit == holder.suit) return challenger.rank > holder.rank;
    return trump && challenger.suit == *trump;
  };
  for (size_t i = 1; i < cards.size(); ++i) {
    if (beats(cards[i], cards[best])) best = i;
  }
  return SeatAt(SeatIndex(leader) + static_cast<int>(best));
}

std::optional<TrickMatch::ClosedTrick> TrickMatch::PlayCard(Card card) {
  PlaceCard(card);
  if (deal_->current_size < 4) return std::nullopt;
  return CloseTrick(DealTrump());
}

TrickMatch::ClosedTrick TrickMatch::CloseTrick(std::optional<Suit> trump) {
  DealInProgress& deal = *deal_;
  CompletedTrick trick{deal.leader, deal.current, TrickWinner(deal.current, deal.leader, trump)};
  deal.current_size = 0;
  deal.leader = NextLeader(trick);
  deal.tricks.push_back(trick);
  ClosedTrick closed{static_cast<int>(deal.tricks.size()), trick.winner, false};
  if (closed.number == deal.hand_size) {
    CloseDeal();
    closed.deal_scored = true;
  }
  return closed;
}

void TrickMatch::CloseDeal() {
  FinishedDeal finished{deal_->number, deal_->dealer, deal_->tricks.span(), {}};
  for (const CompletedTrick& trick : finished.tricks) {
    ++finished.tricks_won[SeatIndex(trick.winner)];
  }
  last_dealer_ = deal_->dealer;
  // Scored while the deal is still under way, as the hooks may ask of it (the caller, the call).
  AddRow(finished.number, deal_->board, ScoreDeal(finished), false);
  deal_.reset();
}

// What a closed trick made public, worded only for a live table (MatchSetup::announce): the
// trick's winner, and after a deal's last trick its score, then the end of the match.
Ruling TrickMatch::Announced(const ClosedTrick& closed) const {
  Ruling ruling = Announcing("trick", [&] {
    return "trick " + std::to_string(closed.number) + " won by " + SeatName(closed.winner);
  });
  if (!closed.deal_scored) return ruling;
  const ScoreSheet::Row& row = sheet_.rows.back();
  std::string text = "deal " + std::to_string(row.deal) + " scored:";
  for (size_t i = 0; i < row.points.size(); ++i) {
    text += " " + sheet_.units[i] + " " + std::to_string(row.points[i]);
  }
  ruling.announcements.push_back({"deal", text});
  if (AcceptsNoMoreDeals()) ruling.announcements.push_back({"end", GetOutcome().summary});
  return ruling;
}

void TrickMatch::AddRow(int number, int board, DealScore score, bool void_deal) {
  if (sheet_.units.empty()) {
    sheet_.units = ScoreUnits();
    sheet_.totals.assign(sheet_.units.size(), 0);
  }
  for (size_t i = 0; i < score.points.size() && i < sheet_.totals.size(); ++i) {
    sheet_.totals[i] += score.points[i];
  }
  sheet_.rows.push_back(ScoreSheet::Row{number, board, std::move(score.label),
                                        std::move(score.points), void_deal,
                                        std::move(score.statistics)});
}

std::vector<int> TricksByUnit(const FinishedDeal& deal, const std::vector<std::string>& units) {
  std::vector<int> tricks;
  tricks.reserve(units.size());
  for (const std::string& unit : units) {
    int taken = 0;
    for (char seat : unit) taken += deal.tricks_won[SeatIndexOf(seat)];
    tricks.push_back(taken);
  }
  return tricks;
}

Outcome TrickMatch::SheetOutcome(bool over, const std::vector<int>& winners, bool draw,
                                 Placing placing, std::string summary) const {
  Outcome outcome;
  outcome.over = over;
  outcome.summary = std::move(summary);
  const std::vector<std::string>& units = ScoreUnits();
  outcome.facts.reserve(units.size() + 1);  // each unit's total, then the winner
  outcome.sides.reserve(units.size());
  for (size_t unit = 0; unit < units.size(); ++unit) {
    int total = unit < sheet_.totals.size() ? sheet_.totals[unit] : 0;
    outcome.facts.push_back({units[unit], FactValue::Number(total)});
    SideResult side;
    side.actors.reserve(units[unit].size());
    for (char seat : units[unit]) side.actors.push_back(SeatIndexOf(seat));
    side.total = total;
    side.won = over && std::find(winners.begin(), winners.end(), unit) != winners.end();
    side.drew = over && draw;
    outcome.sides.push_back(std::move(side));
  }
  if (over) {
    std::vector<std::string> names;
    for (int unit : winners) names.push_back(units[unit]);
    if (draw) names = {"draw"};
    outcome.facts.push_back({"winner", FactValue::Words(std::move(names))});
  }
  for (SideResult& side : outcome.sides) {
    int place = 0;
    for (const SideResult& other : outcome.sides) {
      place += placing == Placing::kByTotal ? other.total > side.total
                                            : (other.won || other.drew) && !side.won && !side.drew;
    }
    side.place = std::min(place, placing == Placing::kByTotal ? place : 1);
  }
  AddSideStatistics(outcome.sides);
  return outcome;
}

void TrickMatch::AddSideStatistics(std::vector<SideResult>& sides) const {
  // Each side's list is sized once, to the statistics a scored deal keeps for it, rather than
  // grown a statistic at a time: every verified record's outcome is made here.
  for (size_t unit = 0; unit < sides.size(); ++unit) {
    size_t kept = sides[unit].statistics.size();
    for (const ScoreSheet::Row& row : sheet_.rows) {
      if (row.void_deal) continue;
      for (size_t s = kept; s < row.statistics.size(); ++s) {
        if (unit < row.statistics[s].size()) kept = s + 1;
      }
    }
    sides[unit].statistics.resize(kept, 0);
  }
  for (const ScoreSheet::Row& row : sheet_.rows) {
    if (row.void_deal) continue;
    for (size_t s = 0; s < row.statistics.size(); ++s) {
      for (size_t unit = 0; unit < sides.size() && unit < row.statistics[s].size(); ++unit) {
        sides[unit].statistics[s] += row.statistics[s][unit];
      }
    }
  }
}

bool TrickMatch::VoidCurrentDeal(const std::optional<std::vector<int>>& stand_in_points) {
  if (AcceptsNoMoreDeals()) return true;  // the event came after the end: nothing to void
  if (!deal_ && rejected_deal_ != 0 && rejected_deal_ <= DealsScored()) {
    return true;  // the rejected event belonged to a deal already scored: nothing to void
  }
  int number = CurrentDealNumber();
  // Whom the deal may have been dealt by: the dealer the record wrote first (the next deal is
  // checked against it), then what the rejected event points to and what the rotation expected.
  std::vector<Seat> possible;
  auto add = [&](Seat seat) {
    if (std::find(possible.begin(), possible.end(), seat) == possible.end()) {
      possible.push_back(seat);
    }
  };
  if (deal_) add(deal_->dealer);
  if (rejected_deal_ == number) {
    for (Seat seat : rejected_dealers_) add(seat);
  }
  if (!deal_) {
    if (std::optional<Seat> expected = ExpectedDealer()) add(*expected);
    for (Seat voided : voided_dealers_) add(NextDealer(voided));
  }
  Seat dealer = possible.empty() ? declared_first_dealer_.value_or(Seat::kNorth) : possible.front();
  size_t units = ScoreUnits().size();
  DealScore score{std::vector<int>(units, 0),
                  "dealer " + SeatName(dealer) + "; not scored: an illegal event stopped its check",
                  {}};
  if (stand_in_points && stand_in_points->size() == units) {
    score.points = *stand_in_points;
    score.label = "dealer " + SeatName(dealer) +
                  "; the claimed points stand in: an illegal event stopped its check";
  }
  int board = deal_ ? deal_->board : number;
  ResetDeal();
  deal_.reset();
  opening_awaited_ = false;
  last_dealer_ = dealer;
  voided_dealers_ = std::move(possible);
  AddRow(number, board, std::move(score), true);
  return true;
}

View TrickMatch::ViewFor(int actor) const {
  View view;
  view.actor = actor;
  view.next = Next();
  view.scores = sheet_;
  TrickView table;
  table.deal = deal_ ? deal_->number : CurrentDealNumber();
  if (deal_) {
    Seat seat = SeatAt(actor);
    table.dealer = deal_->dealer;
    table.hand = deal_->hands[SeatIndex(seat)];
    table.trick_leader = deal_->leader;
    table.trick = deal_->CurrentCards();
    table.played.assign(deal_->played.begin(), deal_->played.end());
    for (const CompletedTrick& trick : deal_->tricks) ++table.tricks_won[SeatIndex(trick.winner)];
    if (const DealOpening* opening = Opening()) {
      for (Seat shown : opening->HandsShownTo(seat)) {
        table.known_hands.emplace_back(shown, deal_->dealt[SeatIndex(shown)]);
      }
      table.extension = opening->ViewExtension(seat);
    }
  }
  view.game = Payload(std::move(table));
  return view;
}

Event TrickMatch::SeededDeal() const {
  ToAct next = Next();
  DealEvent deal;
  deal.dealer = next.actor ? SeatAt(*next.actor) : Seat::kNorth;
  deal.board = next.deal;
  deal.seeded = true;
  return MakeEvent(std::move(deal), next.deal, std::nullopt,
                   ChildPath("/deals", static_cast<size_t>(next.deal - 1)));
}

Event TrickMatch::WithCardsWritten(Event dealt) const {
  auto* deal = dealt.As<DealEvent>();
  REFEREE_CHECK(deal != nullptr && deal_.has_value(),
                "WithCardsWritten of an event that dealt nothing");
  std::array<std::vector<Card>, 4> hands;
  for (int seat = 0; seat < 4; ++seat) hands[seat] = deal_->dealt[seat].Cards();
  deal->hands = std::move(hands);
  return dealt;
}

std::string TrickMatch::Describe() const {
  std::ostringstream text;
  text << "deals scored " << DealsScored();
  if (last_dealer_) text << "; last dealer " << SeatName(*last_dealer_);
  if (!voided_dealers_.empty()) {
    text << "; the voided deal's dealer one of";
    for (Seat seat : voided_dealers_) text << " " << SeatName(seat);
  }
  text << "; totals";
  for (int total : sheet_.totals) text << " " << total;
  if (deal_) {
    text << "; deal " << deal_->number << " dealer " << SeatName(deal_->dealer);
    for (Seat seat : kAllSeats)
      text << "; " << SeatName(seat) << ": " << deal_->hands[SeatIndex(seat)].ToString();
    text << "; tricks " << deal_->tricks.size() << "; leader " << SeatName(deal_->leader)
         << "; current";
    for (Card card : deal_->CurrentCards()) text << " " << ToString(card);
  }
  return text.str() + DescribeExtra();
}

}  // namespace referee::games::trick
