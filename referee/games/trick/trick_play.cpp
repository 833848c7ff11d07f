// TrickMatch, the play: a card checked against who holds it, whose turn it is and the suit led,
// and tricks closed.

#include <algorithm>
#include <sstream>

#include "referee/core/check.h"
#include "referee/games/trick/trick_match.h"
#include "referee/games/trick/trick_text.h"

namespace referee::games::trick {

std::optional<Finding> TrickMatch::CheckPlayContext(const Event& event,
                                                    const PlayEvent& play) const {
  // Made only for a finding: every legal play passes here.
  auto game_place = [&] {
    return GamePlace{
        .deal = event.deal, .step = TrickStep(play.trick), .card = ToString(play.card)};
  };
  // Written out only for a finding: every legal play passes here.
  auto path = [&] { return event.path.str(); };
  if (!deal_) {
    if (AcceptsNoMoreDeals()) {
      return Illegal("play-after-end", Place{path(), game_place()},
                     "expected no further play: the match has ended");
    }
    return Illegal("extra-trick", Place{ParentPath(path()), game_place()},
                   "expected a new deal: deal " + std::to_string(DealsScored()) +
                       " was complete after " + Plural(HandSize(), "trick"));
  }
  if (AwaitedOpening()) return Opening()->MissingOpening(event);
  int trick = static_cast<int>(deal_->tricks.size()) + 1;
  int position = deal_->current_size;
  bool structured = play.trick > 0 && play.position >= 0;
  if (structured && (play.trick != trick || play.position != position)) {
    // The record's tricks do not line up with four cards each.
    int short_trick = play.trick > trick ? trick : play.trick;
    std::string found = play.trick > trick ? Plural(position, "card") : "more than 4 cards";
    return Illegal(
        "trick-size",
        Place{ParentPath(path()), GamePlace{.deal = event.deal, .step = TrickStep(short_trick)}},
        "expected 4 cards in trick " + std::to_string(short_trick) + ", found " + found);
  }
  if (!WrittenTrickSizeFits(play)) {
    return Illegal("trick-size",
                   Place{ParentPath(path()),
                         GamePlace{.deal = event.deal, .step = TrickStep(play.trick)}},
                   "expected 4 cards in trick " + std::to_string(play.trick) + ", found " +
                       Plural(play.written_size, "card"))
        .Comparing(FactValue::Number(4), FactValue::Number(play.written_size));
  }
  if (event.actor && *event.actor != SeatIndex(deal_->ToPlay())) {
    Seat named = SeatAt(*event.actor);
    GamePlace place = game_place();
    place.actor = SeatName(named);
    return Illegal("out-of-turn", Place{path(), place},
                   "expected " + SeatName(deal_->ToPlay()) + " to play, found " + SeatName(named))
        .Comparing(FactValue::Word(SeatName(deal_->ToPlay())), FactValue::Word(SeatName(named)));
  }
  return std::nullopt;
}

std::optional<Finding> TrickMatch::CheckCardHolder(const Event& event, const PlayEvent& play,
                                                   Seat seat) const {
  Card card = play.card;
  if (deal_->hands[SeatIndex(seat)].Contains(card)) return std::nullopt;
  // Only a rejected play needs its place (a copy of the path): every legal play passes here.
  int trick = static_cast<int>(deal_->tricks.size()) + 1;
  Place place = PlaceOf(event.path, trick, seat, card);
  if (!Pack().Contains(card)) {
    return Illegal("card-not-in-pack", place,
                   "expected a card of the " + std::to_string(Pack().Size()) +
                       "-card pack, found " + ToString(card));
  }
  for (size_t t = 0; t < deal_->tricks.size(); ++t) {
    for (Card played : deal_->tricks[t].cards) {
      if (played == card) {
        return Illegal("duplicate-card", place,
                       "expected a card from " + SeatName(seat) + "'s hand, found " +
                           ToString(card) + ", which was already played in trick " +
                           std::to_string(t + 1));
      }
    }
  }
  for (int i = 0; i < deal_->current_size; ++i) {
    if (deal_->current[i] == card) {
      return Illegal("duplicate-card", place,
                     "expected a card from " + SeatName(seat) + "'s hand, found " + ToString(card) +
                         ", which was already played to this trick");
    }
  }
  // Another seat holds the card. A record is public once finished, and names that seat and what
  // the seat to play could have played; a live seat is told only that the card is not its own.
  Seat holder = seat;
  for (Seat other : kAllSeats) {
    if (deal_->hands[SeatIndex(other)].Contains(card)) holder = other;
  }
  std::string found = ToString(card);
  if (deal_->current_size == 0) {
    found += setup_.secret_hands ? ", which is not in " + SeatName(seat) + "'s hand"
                                 : " from " + SeatName(holder) + "'s hand";
    return Illegal("wrong-leader", place,
                   "expected " + SeatName(seat) + " to lead to trick " + std::to_string(trick) +
                       " (" + LeaderReason(trick) + "), found " + found)
        .Comparing(FactValue::Word(SeatName(seat)), FactValue::Word(ToString(card)));
  }
  if (setup_.secret_hands) {
    return Illegal("card-not-in-hand", place,
                   "expected a card from " + SeatName(seat) + "'s hand (" + SeatName(seat) +
                       " plays next to this trick), found " + found + ", which " + SeatName(seat) +
                       " does not hold");
  }
  return Illegal("card-not-in-hand", place,
                 "expected a card from " + SeatName(seat) + "'s hand (" + PlayableText(seat) +
                     "), found " + found + ", which " + SeatName(holder) + " holds" +
                     OutOfTurnGuess(seat, holder));
}

std::string TrickMatch::PlayableText(Seat seat) const {
  CardSet hand = deal_->hands[SeatIndex(seat)];
  std::string who = SeatName(seat) + " plays next to this trick";
  if (!deal_->must_follow_suit) return who + "; it holds " + hand.ToString();
  Suit led = deal_->current[0].suit;
  if (!hand.HasSuit(led)) {
    return who + "; it holds no " + SuitName(led) + ", so any of " + hand.ToString();
  }
  return who + " and holds " + hand.OfSuit(led).ToString() + " in " + SuitName(led) +
         ", the suit led";
}

std::string TrickMatch::OutOfTurnGuess(Seat seat, Seat holder) const {
  // Likely only where the holder is the next to play and has not played to this trick: the
  // record may have put its card a place early.
  bool next_to_play = holder == LeftOf(seat) && deal_->current_size < 3;
  return next_to_play ? ", the next to play: played out of turn?" : "";
}

std::optional<Finding> TrickMatch::CheckFollow(const Event& event, const PlayEvent& play,
                                               Seat seat) const {
  CardSet hand = deal_->hands[SeatIndex(seat)];
  if (FollowsSuit(hand, play.card)) return std::nullopt;
  Suit led = deal_->current[0].suit;
  int trick = static_cast<int>(deal_->tricks.size()) + 1;
  return Illegal("revoke", PlaceOf(event.path, trick, seat, play.card),
                 "expected " + SeatName(seat) + " to follow suit with " + SuitName(led) +
                     " (holding " + hand.OfSuit(led).ToString() + "), found " + ToString(play.card))
      .Comparing(FactValue::Word(SuitName(led)), FactValue::Word(ToString(play.card)));
}

bool TrickMatch::RecordPlayPasses(const PlayEvent& play) const {
  if (!deal_ || opening_awaited_) return false;
  const DealInProgress& deal = *deal_;
  int trick = static_cast<int>(deal.tricks.size()) + 1;
  if (play.trick != trick || play.position != deal.current_size) return false;
  if (!WrittenTrickSizeFits(play)) return false;
  return MayPlay(deal.hands[SeatIndex(deal.ToPlay())], play.card);
}

std::optional<Finding> TrickMatch::CheckPlay(const Event& event, const PlayEvent& play) const {
  // The common case first: a record's legal play is accepted without a look at the rest.
  if (!event.actor && play.written_size > 0 && RecordPlayPasses(play)) return std::nullopt;
  if (std::optional<Finding> finding = CheckPlayContext(event, play)) return finding;
  Seat seat = deal_->ToPlay();
  if (std::optional<Finding> finding = CheckCardHolder(event, play, seat)) return finding;
  return CheckFollow(event, play, seat);
}

size_t TrickMatch::PlayWholeRecordTricks(std::span<const Event> events) {
  size_t played = 0;
  while (deal_ && !opening_awaited_ && deal_->current_size == 0 && events.size() - played >= 4) {
    DealInProgress& deal = *deal_;
    const Event* four = events.data() + played;
    // The four plays of the trick under way, as a record writes them from its lead: each a play
    // with no seat named, of this trick, at its place in it, in a trick of four.
    const int trick = static_cast<int>(deal.tricks.size()) + 1;
    std::array<Card, 4> cards;
    for (int position = 0; position < 4; ++position) {
      const auto* play = four[position].As<PlayEvent>();
      if (play == nullptr || four[position].actor || play->trick != trick ||
          play->position != position || play->written_size != 4) {
        return played;
      }
      cards[position] = play->card;
    }
    // Every card the one its trick awaits (RecordPlayPasses asks the rest): each that may be
    // played is placed, and the trick closes once, under the deal's trump.
    for (int position = 0; position < 4; ++position) {
      if (!MayPlay(deal.hands[SeatIndex(deal.ToPlay())], cards[position])) return played + position;
      PlaceCard(cards[position]);
    }
    played += 4;
    CloseTrick(DealTrump());
  }
  return played;
}

Match::RunRuling TrickMatch::ApplyRun(std::span<const Event> events) {
  RunRuling run;
  while (run.accepted < events.size()) {
    run.accepted += PlayWholeRecordTricks(events.subspan(run.accepted));
    if (run.accepted == events.size()) break;
    const Event& event = events[run.accepted];
    const auto* play = event.As<PlayEvent>();
    if (play != nullptr && !event.actor && play->written_size > 0 && RecordPlayPasses(*play)) {
      PlayCard(play->card);  // as CommitPlay, without the announcements a replay does not keep
      ++run.accepted;
      continue;
    }
    Result<Ruling> ruling = Apply(event);
    if (!ruling.has_value()) {
      // A deal one trick short fails at a later trick: the missing trick is the finding, and
      // the deal goes on with it put in.
      std::optional<MissingTrick> missing;
      if (auto written = WholeDealShortByATrick(events)) missing = FindMissingTrick(*written);
      if (missing && !missing->also.empty()) {
        run.rejection =
            MissingTrickFinding(*missing, ParentPath(ParentPath(events.front().path.str())));
        return run;
      }
      if (missing) {
        run.findings.push_back(
            MissingTrickFinding(*missing, ParentPath(ParentPath(events.front().path.str()))));
        ReplayDealWith(missing->tricks);
        run.accepted = events.size();
        return run;
      }
      run.rejection = std::move(ruling).error();
      return run;
    }
    ++run.accepted;
    for (Finding& finding : ruling->findings) run.findings.push_back(std::move(finding));
  }
  return run;
}

Ruling TrickMatch::CommitPlay(const PlayEvent& play) {
  std::optional<ClosedTrick> closed = PlayCard(play.card);
  if (!closed || !setup_.announce) return Ruling{};
  return Announced(*closed);
}

}  // namespace referee::games::trick
