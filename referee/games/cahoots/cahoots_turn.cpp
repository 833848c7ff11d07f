// CahootsMatch, a turn: goals resolved after each play, and a turn checked and committed.

#include <algorithm>
#include <numeric>
#include <set>
#include <sstream>

#include "referee/core/check.h"
#include "referee/games/cahoots/cahoots_catalogue.h"
#include "referee/games/cahoots/cahoots_match.h"
#include "referee/games/cahoots/cahoots_text.h"

namespace referee::games::cahoots {

// Goals (rules.md Play: resolve, refill to 4, newly revealed goals already met complete too).

void CahootsMatch::ResolveFrom(const TopsFacts& tops, unsigned touched, Shown& shown,
                               size_t& next_goal, std::vector<int>& completed) const {
  const std::vector<GoalTest>& tests = goals_->tests;  // goals are resolved once set up
  // Every goal shown is judged on the same tops; those met leave together, the rest keep their
  // order. One the cover cannot have changed is unmet still.
  int kept = 0;
  for (int i = 0; i < shown.count; ++i) {
    int position = shown.positions[i];
    const GoalTest& goal = tests[position];
    if (CoverCanChange(goal, touched) && GoalMet(goal, tops)) {
      completed.push_back(position);
    } else {
      shown.positions[kept++] = position;
    }
  }
  shown.count = kept;
  // The row is refilled from the pile; a goal turned up already met leaves at once, and the next
  // takes its place.
  while (shown.count < 4 && next_goal < tests.size()) {
    int position = static_cast<int>(next_goal++);
    if (GoalMet(tests[position], tops)) {
      completed.push_back(position);
    } else {
      shown.positions[shown.count++] = position;
    }
  }
}

size_t CahootsMatch::ResolveGoals(unsigned touched) {
  size_t first = completed_.size();
  ResolveFrom(tops_, touched, shown_, next_goal_, completed_);
  return first;
}

// ---------------------------------------------------------------------------------------------
// A turn.

Result<int> CahootsMatch::CheckPlayer(const Event& event, const TurnEvent& played) const {
  int turn = TurnNumber(played);
  int player = event.actor.value_or(speed_ ? -1 : current_);
  NumberCard card = played.card;
  if (!set_up_) {
    return Fail(Illegal("unexpected-event", PlaceOf(event.path, turn, player, card),
                        "expected the set-up (deck and goals) before the first turn"));
  }
  if (PlayEnded()) {
    return Fail(Illegal("play-after-end", PlaceOf(event.path, turn, player, card),
                        "expected no further turn: " + GetOutcome().summary));
  }
  if (player < 0 || player >= static_cast<int>(hands_.size())) {
    return Fail(Illegal(
        "wrong-player", PlaceOf(event.path, turn, -1, card),
        speed_ ? "expected the turn to name its player (Speed has no turn order)"
               : "expected one of the players, found player " + std::to_string(player + 1)));
  }
  if (!speed_ && player != current_) {
    std::string skipped;
    for (size_t other = 0; other < hands_.size(); ++other) {
      if (hands_[other].empty()) skipped += "; " + Name(static_cast<int>(other)) + " has no cards";
    }
    return Fail(Illegal("wrong-player", PlaceOf(event.path, turn, player, card),
                        "expected " + Name(current_) + " to play (turns follow the player list" +
                            skipped + "), found " + Name(player))
                    .Comparing(FactValue::Word(Name(current_)), FactValue::Word(Name(player))));
  }
  return player;
}

Result<void> CahootsMatch::CheckCardHeld(const Event& event, const TurnEvent& played,
                                         int player) const {
  const std::vector<NumberCard>& hand = hands_[player];
  if (std::find(hand.begin(), hand.end(), played.card) != hand.end()) return {};
  // Where the copies are (another hand, the draw pile) is for a public record only.
  std::string where = match_setup().secret_hands ? "" : WhereIs(played.card, player);
  return Fail(Illegal("card-not-in-hand",
                      PlaceOf(event.path, TurnNumber(played), player, played.card),
                      "expected a card from " + Name(player) + "'s hand (" + Cards(hand) +
                          "), found " + Text(played.card) + where));
}

std::string CahootsMatch::WhereIs(NumberCard card, int except_player) const {
  std::vector<std::string> places;
  for (size_t other = 0; other < hands_.size(); ++other) {
    if (static_cast<int>(other) == except_player) continue;
    int held = static_cast<int>(std::count(hands_[other].begin(), hands_[other].end(), card));
    if (held > 0) places.push_back(Name(static_cast<int>(other)) + " holds it");
  }
  for (int pile = 0; pile < kPiles; ++pile) {
    if (std::find(piles_[pile].begin(), piles_[pile].end(), card) != piles_[pile].end()) {
      places.push_back("a copy is in pile " + std::to_string(pile + 1));
    }
  }
  if (std::find(deck_.begin() + draw_next_, deck_.end(), card) != deck_.end()) {
    places.push_back("a copy is still in the draw pile");
  }
  std::string text;
  for (const std::string& place : places) text += (text.empty() ? ": " : "; ") + place;
  return text;
}

Result<void> CahootsMatch::CheckPlay(const Event& event, const TurnEvent& played,
                                     int player) const {
  int turn = TurnNumber(played);
  if (played.card.colour >= kColours || played.card.number < 1 || played.card.number > kNumbers) {
    return Fail(Illegal("card-not-in-hand", PlaceOf(event.path, turn, player, std::nullopt),
                        "expected a number card 1-7 in one of 4 colours"));
  }
  if (played.pile < 1 || played.pile > kPiles) {
    return Fail(Illegal("bad-pile", PlaceOf(event.path, turn, player, played.card),
                        "expected a pile from 1 to 4, found " + std::to_string(played.pile)));
  }
  REFEREE_TRY(CheckCardHeld(event, played, player));
  NumberCard top = tops_.tops()[played.pile - 1];
  if (Matches(played.card, top)) return {};
  return Fail(Illegal("no-match", PlaceOf(event.path, turn, player, played.card),
                      "expected a card matching the top of pile " + std::to_string(played.pile) +
                          " (" + Text(top) + ") in colour (" + ColourName(*edition_, top.colour) +
                          ") or number (" + std::to_string(top.number) + "), found " +
                          Text(played.card)));
}

Result<void> CahootsMatch::CheckTime(const Event& event, const TurnEvent& played) const {
  if (!played.at_ms || !last_at_ms_ || *played.at_ms >= *last_at_ms_) return {};
  return Fail(Illegal("time-goes-back", PlaceOf(event.path, TurnNumber(played), -1, std::nullopt),
                      "expected a time at or after the last turn's " + Seconds(*last_at_ms_) +
                          ", found " + Seconds(*played.at_ms)));
}

Result<void> CahootsMatch::CheckDrawClaim(const Event& event, const TurnEvent& played, int player,
                                          const std::vector<NumberCard>& drawn) const {
  const TurnClaims* claims = played.claims.get();
  if (claims == nullptr || !claims->drawn || *claims->drawn == drawn) return {};
  std::string expected = drawn.empty() ? "no draw (the draw pile is empty)"
                                       : "a draw of " + Cards(drawn) + " from the draw pile";
  return Fail(Illegal("wrong-draw", PlaceOf(event.path, TurnNumber(played), player, played.card),
                      "expected " + expected + ", found " + Cards(*claims->drawn)));
}

Result<void> CahootsMatch::CheckCompletedClaim(const Event& event, const TurnEvent& played,
                                               int player,
                                               const std::vector<int>& completed) const {
  const TurnClaims* claims = played.claims.get();
  if (claims == nullptr || !claims->completed) return {};
  std::set<std::string> claimed(claims->completed->begin(), claims->completed->end());
  std::set<std::string> actual;
  for (int position : completed) actual.insert(std::to_string(position + 1));
  if (claimed == actual) return {};
  std::string found;
  for (const std::string& goal : claimed) found += (found.empty() ? "" : " ") + goal;
  std::string expected;
  for (int position : completed) expected += (expected.empty() ? "" : ", ") + GoalLabel(position);
  return Fail(
      Illegal("goal-mis-resolved", PlaceOf(event.path, TurnNumber(played), player, played.card),
              "expected this turn to complete " + (expected.empty() ? "no goal" : expected) +
                  ", found completed: " + (found.empty() ? "none" : found)));
}

void CahootsMatch::DrawUpTo4(int player) {
  // rules.md Play: draw back up to 4 cards while the draw pile has cards.
  std::vector<NumberCard>& hand = hands_[player];
  while (static_cast<int>(hand.size()) < kHandSize && draw_next_ < kPackSize) {
    hand.push_back(deck_[draw_next_++]);
  }
}

void CahootsMatch::PassTurn(int player) {
  // Ruling 1: players with an empty hand are skipped.
  int players = static_cast<int>(hands_.size());
  for (int step = 1; step <= players; ++step) {
    int next = (player + step) % players;
    if (!hands_[next].empty()) {
      current_ = next;
      return;
    }
  }
}

void CahootsMatch::CheckEnd() {
  // Ruling 2: the win is checked before any loss.
  if (static_cast<int>(completed_.size()) == goal_count_) {
    end_ = End::kWin;
    return;
  }
  bool cards_left =
      draw_next_ < kPackSize ||
      std::any_of(hands_.begin(), hands_.end(), [](const auto& hand) { return !hand.empty(); });
  if (!cards_left) {
    end_ = End::kEmpty;
    return;
  }
  if (!speed_) {
    if (!hands_[current_].empty() && !CanPlay(current_)) {
      end_ = End::kStuck;
      stuck_player_ = current_;
    }
    return;
  }
  for (int player = 0; player < static_cast<int>(hands_.size()); ++player) {
    if (CanPlay(player)) return;
  }
  end_ = End::kStuck;
}

void CahootsMatch::RecordTime(const Event& head, const TurnEvent& event) {
  if (!speed_) return;
  if (!event.at_ms) {
    if (!untimed_turn_) untimed_turn_ = std::make_pair(TurnNumber(event), head.path.str());
    return;
  }
  // Ruling 9 (ruled): the timer rings `speed_seconds` after the first play. The first timed turn
  // is no earlier than the first play, so a turn timed more than the limit after it was certainly
  // played after the timer rang: the game is lost on time, and the turn is legal all the same.
  if (!timer_start_) timer_start_ = std::make_pair(TurnNumber(event), *event.at_ms);
  last_at_ms_ = event.at_ms;
  int64_t after = *event.at_ms - timer_start_->second;
  if (!late_turn_ && after > speed_ms_) {
    late_turn_ = LateTurn{TurnNumber(event), after, timer_start_->first};
  }
}

// The cards a player would draw after playing one: back up to 4 while the draw pile lasts.
std::vector<NumberCard> CahootsMatch::DrawAfterPlay(int player) const {
  size_t held = hands_[player].size() - 1;
  size_t left = static_cast<size_t>(kPackSize - draw_next_);
  size_t count = held < kHandSize ? std::min(kHandSize - held, left) : 0;
  auto top = deck_.begin() + draw_next_;
  return {top, top + static_cast<std::ptrdiff_t>(count)};
}

// What a turn claims of its draw and its goals is checked against what playing it would do,
// worked out on copies of the pile tops and the goals shown: the match itself is not touched.
Result<void> CahootsMatch::CheckClaims(const Event& event, const TurnEvent& turn,
                                       int player) const {
  if (turn.claims == nullptr) return {};
  REFEREE_TRY(CheckDrawClaim(event, turn, player, DrawAfterPlay(player)));
  TopsFacts tops = tops_;
  unsigned touched = tops.Cover(turn.pile - 1, turn.card);
  Shown shown = shown_;
  size_t next_goal = next_goal_;
  std::vector<int> completed;
  ResolveFrom(tops, touched, shown, next_goal, completed);
  return CheckCompletedClaim(event, turn, player, completed);
}

// Whether a turn passes every check of CheckTurn, tested without wording anything: nearly every
// turn does. The checks themselves then word the finding of one that does not, and a turn with
// claims is left to them (CheckClaims works the turn out on copies).
bool CahootsMatch::TurnPasses(const Event& event, const TurnEvent& turn) const {
  if (!set_up_ || PlayEnded() || turn.claims != nullptr) return false;
  int player = event.actor.value_or(speed_ ? -1 : current_);
  if (player < 0 || player >= static_cast<int>(hands_.size())) return false;
  if (!speed_ && player != current_) return false;
  NumberCard card = turn.card;
  if (card.colour >= kColours || card.number < 1 || card.number > kNumbers) return false;
  if (turn.pile < 1 || turn.pile > kPiles) return false;
  const std::vector<NumberCard>& hand = hands_[player];
  if (std::find(hand.begin(), hand.end(), card) == hand.end()) return false;
  if (!Matches(card, tops_.tops()[turn.pile - 1])) return false;
  return !turn.at_ms || !last_at_ms_ || *turn.at_ms >= *last_at_ms_;
}

std::optional<Finding> CahootsMatch::CheckTurn(const Event& event, const TurnEvent& turn) const {
  if (TurnPasses(event, turn)) return std::nullopt;
  auto player = CheckPlayer(event, turn);
  if (!player.has_value()) return std::move(player).error();
  Result<void> play = CheckPlay(event, turn, *player);
  if (!play.has_value()) return std::move(play).error();
  Result<void> time = CheckTime(event, turn);
  if (!time.has_value()) return std::move(time).error();
  Result<void> claims = CheckClaims(event, turn, *player);
  if (!claims.has_value()) return std::move(claims).error();
  return std::nullopt;
}

Ruling CahootsMatch::CommitTurn(const Event& event, const TurnEvent& turn) {
  int player = event.actor.value_or(current_);
  std::vector<NumberCard>& hand = hands_[player];
  hand.erase(std::find(hand.begin(), hand.end(), turn.card));
  piles_[turn.pile - 1].Add(turn.card);
  unsigned touched = tops_.Cover(turn.pile - 1, turn.card);
  size_t first = ResolveGoals(touched);  // ruling 3: resolve, refill, draw, pass
  DrawUpTo4(player);
  bool was_untimed = untimed_turn_.has_value();
  bool was_over = IsOver();
  RecordTime(event, turn);
  ++turns_;
  PassTurn(player);
  CheckEnd();
  Ruling ruling;
  bool announce = match_setup().announce;
  if (announce) {
    std::string text =
        Name(player) + " plays " + Text(turn.card) + " on pile " + std::to_string(turn.pile);
    for (size_t i = first; i < completed_.size(); ++i) {
      text += "; completes " + GoalLabel(completed_[i]);
    }
    ruling.announcements.push_back({"turn", text});
  }
  if (!was_untimed && untimed_turn_) {
    // Ruling 9: without times the Speed timer cannot be checked; a note, not an error.
    ruling.findings.push_back(Notes()[0]);
    if (announce) ruling.announcements.push_back({"note", Notes()[0].message});
  }
  // The end is announced when the outcome is decided and again when play ends after it (Speed).
  if (announce && IsOver() && (!was_over || PlayEnded())) {
    ruling.announcements.push_back({"end", GetOutcome().summary});
  }
  return ruling;
}

}  // namespace referee::games::cahoots
