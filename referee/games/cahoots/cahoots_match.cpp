#include "referee/games/cahoots/cahoots_match.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "referee/core/check.h"
#include "referee/games/cahoots/cahoots_catalogue.h"

namespace referee::games::cahoots {
namespace {

std::string Plural(int count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string Seconds(int64_t millis) {
  std::string text = std::to_string(millis / 1000);
  if (int64_t fraction = millis % 1000; fraction != 0) {
    std::string digits = std::to_string(1000 + fraction).substr(1);
    while (digits.back() == '0') digits.pop_back();
    text += "." + digits;
  }
  return text + " s";
}

// How play ended after the Speed timer rang, for the summary of a loss on time.
std::string AfterTheTimer(CahootsMatch::End end) {
  switch (end) {
    case CahootsMatch::End::kNone:
      return "";
    case CahootsMatch::End::kWin:
      return ", the last after the limit";
    case CahootsMatch::End::kStuck:
      return ", then no player could play";
    case CahootsMatch::End::kEmpty:
      return ", then every hand and the draw pile were empty";
  }
  return "";
}

std::string PositionsText(const std::vector<int>& positions) {
  std::vector<int> sorted = positions;
  std::sort(sorted.begin(), sorted.end());
  std::string text;
  for (int position : sorted) text += (text.empty() ? "" : " ") + std::to_string(position + 1);
  return text.empty() ? "none" : text;
}

}  // namespace

int TableGoalCount(const std::string& level, int players) {
  // rules.md Setup 4 (seed 004 [P]): rows 2-3 players and 4 players.
  static const std::vector<std::string> kLevels = {"beginner", "normal", "expert", "insane"};
  auto found = std::find(kLevels.begin(), kLevels.end(), level);
  if (found == kLevels.end() || players < 2 || players > 4) return 0;
  int step = static_cast<int>(found - kLevels.begin()) * 3;
  return (players == 4 ? 12 : 15) + step;
}

CahootsMatch::CahootsMatch(MatchSetup setup)
    : shared_setup_(std::make_shared<const MatchSetup>(std::move(setup))),
      edition_(&EditionNamed(match_setup().rules.Choice("edition"))) {
  speed_ = match_setup().rules.Choice("variant") == "speed";
  speed_ms_ = match_setup().rules.Integer("speed_seconds") * 1000;
  goal_count_ = static_cast<int>(match_setup().rules.Integer("goal_count"));
  if (goal_count_ == 0) {
    goal_count_ = TableGoalCount(match_setup().rules.Choice("level"),
                                 static_cast<int>(match_setup().players.size()));
  }
}

std::string CahootsMatch::Name(int player) const {
  if (player >= 0 && player < static_cast<int>(match_setup().players.size()))
    return match_setup().players[player];
  return "player " + std::to_string(player + 1);
}

Place CahootsMatch::PlaceOf(const std::string& path, int turn, int player,
                            std::optional<NumberCard> card) const {
  Place place{path, GamePlace{.turn = turn}};
  if (player >= 0) place.game.actor = Name(player);
  if (card && card->colour < kColours) place.game.card = Text(*card);
  return place;
}

std::string CahootsMatch::GoalLabel(int position) const {
  const GoalSpec& goal = (*goals_)[position];
  std::string text = "goal " + std::to_string(position + 1) + " (";
  if (ParseCatalogueLabel(goal.label)) text += goal.label + ": ";
  return text + GoalText(goal, *edition_) + ")";
}

PileTops CahootsMatch::Tops() const {
  PileTops tops{};
  for (int pile = 0; pile < kPiles; ++pile) {
    if (!piles_[pile].empty()) tops[pile] = piles_[pile].back();
  }
  return tops;
}

// ---------------------------------------------------------------------------------------------
// Whose turn, and what may be played.

ToAct CahootsMatch::Next() const {
  ToAct next;
  if (!set_up_) return next;  // Phase::kDeal
  // Speed play goes on after the timer rang (the outcome is decided): turns are asked for until
  // play ends.
  next.phase = PlayEnded() ? Phase::kOver : Phase::kAct;
  next.kind = PlayEnded() ? "over" : TurnEvent::kKind;
  if (!PlayEnded() && !speed_) next.actor = current_;
  return next;
}

std::vector<NumberCard> CahootsMatch::LegalCards(int player) const {
  std::vector<NumberCard> cards;
  PileTops tops = Tops();
  for (NumberCard card : hands_[player]) {
    bool matches =
        std::any_of(tops.begin(), tops.end(), [&](NumberCard t) { return Matches(card, t); });
    if (matches) cards.push_back(card);
  }
  return cards;
}

bool CahootsMatch::CanPlay(int player) const { return !LegalCards(player).empty(); }

std::vector<Event> CahootsMatch::LegalEvents() const {
  std::vector<Event> events;
  if (!set_up_ || PlayEnded()) return events;
  PileTops tops = Tops();
  for (int player = 0; player < static_cast<int>(hands_.size()); ++player) {
    if (!speed_ && player != current_) continue;
    std::set<std::pair<int, int>> seen;  // the two copies of a card give the same event
    for (NumberCard card : hands_[player]) {
      for (int pile = 0; pile < kPiles; ++pile) {
        if (!Matches(card, tops[pile]) ||
            !seen.insert({card.colour * 8 + card.number, pile}).second) {
          continue;
        }
        events.push_back(MakeEvent(TurnEvent{.card = card, .pile = pile + 1}, 0, player));
      }
    }
  }
  return events;
}

std::optional<Finding> CahootsMatch::Check(const Event& event) const {
  if (const auto* turn = event.As<TurnEvent>()) return CheckTurn(event, *turn);
  if (const auto* setup = event.As<SetupEvent>()) return CheckSetup(event, *setup);
  return Illegal("unexpected-event", Place{event.path, {}},
                 "expected a set-up or a turn, found " + std::string(event.kind));
}

Ruling CahootsMatch::Commit(const Event& event) {
  if (const auto* turn = event.As<TurnEvent>()) return CommitTurn(event, *turn);
  return CommitSetup(event, *event.As<SetupEvent>());
}

// ---------------------------------------------------------------------------------------------
// Set-up (rules.md Setup 1-5).

Result<void> CahootsMatch::CheckTable(const Event& event) const {
  int players = static_cast<int>(match_setup().players.size());
  if (players < 2 || players > 4) {
    return Fail(Illegal("wrong-player-count", Place{"/players", {}},
                        "expected 2 to 4 players (there are no official solo rules), found " +
                            std::to_string(players)));
  }
  if (match_setup().rules.Flag("open_hands") && match_setup().rules.Choice("variant") != "lil") {
    return Fail(Illegal("open-hands-not-allowed", Place{"/rules/open_hands", {}},
                        "expected open hands only in the lil variant (Lil Cahoots), found "
                        "open_hands: true with variant " +
                            match_setup().rules.Choice("variant")));
  }
  if (goal_count_ == 0) {
    return Fail(Illegal("wrong-goal-count", Place{event.path, {}},
                        "expected a level of the goal table or a goal_count, found neither"));
  }
  return {};
}

Result<void> CahootsMatch::CheckDeck(const std::vector<NumberCard>& deck,
                                     const std::string& path) const {
  std::array<int, kColours * 8> copies{};
  for (size_t i = 0; i < deck.size(); ++i) {
    NumberCard card = deck[i];
    Place place{ChildPath(path, i), GamePlace{}};
    if (card.colour >= kColours || card.number < 1 || card.number > kNumbers) {
      return Fail(Illegal("wrong-deck", place, "expected a number card 1-7 in one of 4 colours"));
    }
    place.game.card = Text(card);
    if (++copies[card.colour * 8 + card.number] > kCopies) {
      return Fail(Illegal(
          "wrong-deck", place,
          "expected each card twice in the 56-card deck, found " + Text(card) + " a third time"));
    }
  }
  if (deck.size() == static_cast<size_t>(kPackSize)) return {};
  std::vector<NumberCard> missing;
  for (NumberCard card : CanonicalPack()) {
    if (copies[card.colour * 8 + card.number]-- <= 0) missing.push_back(card);
  }
  return Fail(Illegal("wrong-deck", Place{path, {}},
                      "expected 56 cards in the deck, found " + std::to_string(deck.size()) +
                          " (missing: " + Cards(missing) + ")"));
}

Result<std::vector<NumberCard>> CahootsMatch::ResolveDeck(const Event& head,
                                                          const SetupEvent& event) const {
  std::string path = head.path.str();
  if (event.deck) REFEREE_TRY(CheckDeck(*event.deck, path));
  if (!event.seeded) {
    if (event.deck) return *event.deck;
    return Fail(Illegal("missing-deal", Place{path, {}}, "expected the deck or a record seed"));
  }
  if (!match_setup().seed || match_setup().sha256 == nullptr) {
    return Fail(Illegal("missing-deal", Place{path, {}},
                        "expected a record seed to deal from, found none"));
  }
  std::vector<NumberCard> seeded =
      SeededDeck(match_setup().sha256, *match_setup().seed, event.board > 0 ? event.board : 1,
                 match_setup().seeded_deal);
  for (size_t i = 0; event.deck && i < seeded.size(); ++i) {
    if ((*event.deck)[i] == seeded[i]) continue;
    return Fail(Illegal(
        "deal-mismatch", Place{ChildPath(path, i), GamePlace{.card = Text((*event.deck)[i])}},
        "expected " + Text(seeded[i]) + " at deck position " + std::to_string(i + 1) +
            " (the seeded deck), found " + Text((*event.deck)[i])));
  }
  return seeded;
}

Result<void> CahootsMatch::CheckGoals(const SetupEvent& event) const {
  std::set<std::string> references;
  for (size_t i = 0; i < event.goals.size(); ++i) {
    const GoalSpec& goal = event.goals[i];
    std::string path = goal.path.empty() ? ChildPath("/goals", i) : goal.path;
    REFEREE_TRY(ValidateGoal(goal, path));
    if (ParseCatalogueLabel(goal.label) && !references.insert(goal.label).second) {
      return Fail(Illegal(
          "duplicate-goal", Place{path, {}},
          "expected each catalogue card once in the goal pile, found " + goal.label + " twice"));
    }
  }
  if (static_cast<int>(event.goals.size()) != goal_count_) {
    bool from_table = match_setup().rules.Integer("goal_count") == 0;
    std::string why = from_table
                          ? "level " + match_setup().rules.Choice("level") + " with " +
                                Plural(static_cast<int>(match_setup().players.size()), "player")
                          : "goal_count";
    return Fail(Illegal("wrong-goal-count", Place{"/goals", {}},
                        "expected " + Plural(goal_count_, "goal") + " in the goal pile (" + why +
                            "), found " + std::to_string(event.goals.size()))
                    .Comparing(FactValue::Number(goal_count_),
                               FactValue::Number(static_cast<int64_t>(event.goals.size()))));
  }
  return {};
}

void CahootsMatch::Deal(const std::vector<NumberCard>& deck) {
  // record-format.md: one card at a time to each player in turn order until each holds 4, then
  // the next 4 cards start piles 1-4, the rest is the draw pile, top first.
  size_t players = match_setup().players.size();
  hands_.assign(players, {});
  size_t next = 0;
  for (; next < players * kHandSize; ++next) hands_[next % players].push_back(deck[next]);
  for (int pile = 0; pile < kPiles; ++pile) piles_[pile] = {deck[next++]};
  draw_.assign(deck.begin() + static_cast<std::ptrdiff_t>(next), deck.end());
}

std::optional<Finding> CahootsMatch::CheckSetup(const Event& head, const SetupEvent& event) const {
  if (set_up_) {
    return Illegal("unexpected-event", Place{head.path, {}},
                   "expected a turn, found a second set-up");
  }
  Result<void> table = CheckTable(head);
  if (!table.has_value()) return std::move(table).error();
  auto deck = ResolveDeck(head, event);
  if (!deck.has_value()) return std::move(deck).error();
  Result<void> goals = CheckGoals(event);
  if (!goals.has_value()) return std::move(goals).error();
  checked_deck_.emplace(&head, std::move(*deck));
  return std::nullopt;
}

Ruling CahootsMatch::CommitSetup(const Event& head, const SetupEvent& event) {
  bool checked = checked_deck_ && checked_deck_->first == &head;
  Deal(checked ? checked_deck_->second : *ResolveDeck(head, event));
  checked_deck_.reset();
  goals_ = std::make_shared<const std::vector<GoalSpec>>(event.goals);
  set_up_ = true;
  std::vector<int> completed = ResolveGoals();  // Setup 5: goals met by the starting piles
  CheckEnd();
  Ruling ruling;
  if (!match_setup().announce) return ruling;
  PileTops tops = Tops();
  ruling.announcements.push_back(
      {"setup", "piles " + Cards({tops.begin(), tops.end()}) + "; goals shown " +
                    PositionsText(visible_) + "; completed at set-up " + PositionsText(completed)});
  if (IsOver()) ruling.announcements.push_back({"end", GetOutcome().summary});
  return ruling;
}

// ---------------------------------------------------------------------------------------------
// Goals (rules.md Play: resolve, refill to 4, newly revealed goals already met complete too).

CahootsMatch::Resolution CahootsMatch::ResolveFrom(const PileTops& tops, std::vector<int> visible,
                                                   size_t next_goal) const {
  Resolution resolution;
  while (true) {
    while (visible.size() < 4 && next_goal < goals_->size()) {
      visible.push_back(static_cast<int>(next_goal++));
    }
    std::vector<int> met;
    for (int position : visible) {
      if (GoalMet((*goals_)[position], tops)) met.push_back(position);
    }
    if (met.empty()) break;
    for (int position : met) {
      visible.erase(std::find(visible.begin(), visible.end(), position));
      resolution.completed.push_back(position);
    }
  }
  resolution.visible = std::move(visible);
  resolution.next_goal = next_goal;
  return resolution;
}

std::vector<int> CahootsMatch::ResolveGoals() {
  Resolution resolution = ResolveFrom(Tops(), visible_, next_goal_);
  visible_ = std::move(resolution.visible);
  next_goal_ = resolution.next_goal;
  completed_.insert(completed_.end(), resolution.completed.begin(), resolution.completed.end());
  return resolution.completed;
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
  if (std::find(draw_.begin(), draw_.end(), card) != draw_.end()) {
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
  NumberCard top = piles_[played.pile - 1].back();
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

std::vector<NumberCard> CahootsMatch::DrawUpTo4(int player) {
  // rules.md Play: draw back up to 4 cards while the draw pile has cards.
  std::vector<NumberCard> drawn;
  while (static_cast<int>(hands_[player].size()) < kHandSize && !draw_.empty()) {
    drawn.push_back(draw_.front());
    hands_[player].push_back(draw_.front());
    draw_.erase(draw_.begin());
  }
  return drawn;
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
  bool cards_left = !draw_.empty();
  for (const auto& hand : hands_) cards_left = cards_left || !hand.empty();
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
  size_t count = held < kHandSize ? std::min(kHandSize - held, draw_.size()) : 0;
  return {draw_.begin(), draw_.begin() + static_cast<std::ptrdiff_t>(count)};
}

// What a turn claims of its draw and its goals is checked against what playing it would do,
// worked out on copies of the pile tops and the goals shown: the match itself is not touched.
Result<void> CahootsMatch::CheckClaims(const Event& event, const TurnEvent& turn,
                                       int player) const {
  if (turn.claims == nullptr) return {};
  REFEREE_TRY(CheckDrawClaim(event, turn, player, DrawAfterPlay(player)));
  PileTops tops = Tops();
  tops[turn.pile - 1] = turn.card;
  Resolution resolution = ResolveFrom(tops, visible_, next_goal_);
  return CheckCompletedClaim(event, turn, player, resolution.completed);
}

std::optional<Finding> CahootsMatch::CheckTurn(const Event& event, const TurnEvent& turn) const {
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
  piles_[turn.pile - 1].push_back(turn.card);
  std::vector<int> completed = ResolveGoals();  // ruling 3: resolve, refill, draw, pass
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
    for (int position : completed) text += "; completes " + GoalLabel(position);
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

// ---------------------------------------------------------------------------------------------
// Seeded playouts.

namespace {

// Goals valid in every edition (colours by index), for seeded playouts.
std::vector<GoalSpec> PlayoutGoalPool() {
  std::vector<GoalSpec> pool;
  auto add = [&](std::string kind, std::vector<int> colours, std::vector<int> numbers) {
    pool.push_back(GoalSpec{std::move(kind), std::move(colours), std::move(numbers), "", ""});
  };
  for (int c = 0; c < kColours; ++c) {
    for (int count : {1, 2, 3}) add("pile-count", {c}, {count});
    for (int total : {3, 5, 7}) add("sum-colour", {c}, {total});
    for (const char* kind : {"adjacent", "apart", "alternating"}) add(kind, {c}, {});
    for (int d = c + 1; d < kColours; ++d) {
      add("sum-equal", {c, d}, {});
      add("two-colours", {c, d}, {});
      add("sum-double", {c, d}, {});
    }
  }
  for (int total : {8, 10, 12, 14, 15, 16, 18, 20}) add("sum-all", {}, {total});
  for (int value : {4, 5, 6}) add("all-below", {}, {value});
  for (int value : {2, 3, 4}) add("all-above", {}, {value});
  for (const char* kind : {"colours-different", "numbers-different", "all-different",
                           "run-any-order", "all-even", "all-odd", "parity-alternating"}) {
    add(kind, {}, {});
  }
  for (int length : {2, 3}) add("run-in-order", {}, {length});
  return pool;
}

}  // namespace

Event CahootsMatch::SeededDeal() const {
  REFEREE_CHECK(match_setup().seed && match_setup().sha256,
                "a seeded set-up needs a seed and SHA-256");
  SetupEvent event;
  event.seeded = true;
  std::vector<GoalSpec> pool = PlayoutGoalPool();
  std::vector<int> order = match_setup().seeded_deal(match_setup().sha256, *match_setup().seed, 2,
                                                     static_cast<int>(pool.size()));
  for (int i = 0; i < goal_count_ && i < static_cast<int>(order.size()); ++i) {
    GoalSpec goal = pool[order[i]];
    goal.label = GoalText(goal, *edition_);
    goal.path = ChildPath("/goals", static_cast<size_t>(i));
    event.goals.push_back(std::move(goal));
  }
  return MakeEvent(std::move(event), 0, std::nullopt, "");
}

Event CahootsMatch::ShowingCards(Event dealt) const {
  auto* setup = dealt.As<SetupEvent>();
  REFEREE_CHECK(setup != nullptr && setup->seeded, "ShowingCards of an event that dealt nothing");
  setup->deck = SeededDeck(match_setup().sha256, *match_setup().seed,
                           setup->board > 0 ? setup->board : 1, match_setup().seeded_deal);
  return dealt;
}

// ---------------------------------------------------------------------------------------------
// The end, notes and description.

// Why a decided game is lost: the Speed timer first (a turn after it rang decides the game,
// whatever play does next), then how play ended.
std::string CahootsMatch::LossReason() const {
  if (late_turn_) return "time";
  return end_ == End::kStuck ? "cannot-play" : "cards-run-out";
}

Outcome CahootsMatch::GetOutcome() const {
  Outcome outcome;
  outcome.over = IsOver();
  int done = static_cast<int>(completed_.size());
  // The whole table is one side: it wins or loses together.
  SideResult table;
  for (int player = 0; player < static_cast<int>(match_setup().players.size()); ++player) {
    table.actors.push_back(player);
  }
  table.statistics = {done, turns_};  // side_statistics: goals, turns
  if (outcome.over) {
    // Ruling 9 (ruled): in Speed the win needs the last goal completed before the timer rang.
    bool win = end_ == End::kWin && !late_turn_;
    table.won = win;
    outcome.facts.push_back({"outcome", FactValue::Word(win ? "win" : "loss")});
    if (!win) outcome.facts.push_back({"reason", FactValue::Word(LossReason())});
  }
  outcome.facts.push_back({"goals", FactValue::Number(done)});
  outcome.facts.push_back({"turns", FactValue::Number(turns_)});
  outcome.sides.push_back(std::move(table));
  std::string goals = std::to_string(done) + " of " + std::to_string(goal_count_) + " goals";
  outcome.summary = EndSummary(goals, Plural(turns_, "turn"));
  return outcome;
}

std::string CahootsMatch::EndSummary(const std::string& goals, const std::string& turns) const {
  if (late_turn_) {
    return "loss on time: turn " + std::to_string(late_turn_->turn) + " was played " +
           Seconds(late_turn_->after_ms) + " after turn " + std::to_string(late_turn_->timer_turn) +
           ", past the " + Seconds(speed_ms_) + " Speed limit; " + goals + " completed in " +
           turns + AfterTheTimer(end_);
  }
  std::string level = match_setup().rules.Integer("goal_count") == 0
                          ? "at " + match_setup().rules.Choice("level") + " level"
                          : "with goal_count " + std::to_string(goal_count_);
  switch (end_) {
    case End::kNone:
      return "not finished: " + goals + " completed in " + turns;
    case End::kWin:
      return "the table wins " + level + ": " + goals + " in " + turns;
    case End::kStuck: {
      std::string summary = stuck_player_ ? "loss: " + Name(*stuck_player_) + " cannot play"
                                          : std::string("loss: no player can play");
      // Live, the cards are left to the verdict, which is the record.
      if (stuck_player_ && !match_setup().secret_hands) {
        summary += " (holds " + Cards(hands_[*stuck_player_]) + ")";
      }
      return summary + ", " + goals + " completed in " + turns;
    }
    case End::kEmpty:
      return "loss: every hand and the draw pile are empty, " + goals + " completed in " + turns;
  }
  return "";
}

View CahootsMatch::ViewFor(int actor) const {
  View view;
  view.actor = actor;
  view.next = Next();
  CahootsView table;
  table.goals_total = goal_count_;
  table.goals_completed = static_cast<int>(completed_.size());
  if (set_up_) {
    if (actor >= 0 && actor < static_cast<int>(hands_.size())) table.cards = hands_[actor];
    for (const auto& pile : piles_) table.pile_tops.push_back(pile.back());
    for (int position : visible_) table.goals.push_back((*goals_)[position]);
    table.draw_pile = static_cast<int>(draw_.size());
    // Lil Cahoots may be played with open hands; otherwise a player sees only their own cards.
    if (match_setup().rules.Flag("open_hands")) {
      for (int player = 0; player < static_cast<int>(hands_.size()); ++player) {
        if (player != actor) table.open_hands.emplace_back(player, hands_[player]);
      }
    }
  }
  view.game = Payload(std::move(table));
  return view;
}

std::vector<Finding> CahootsMatch::Notes() const {
  std::vector<Finding> notes;
  if (!untimed_turn_) return notes;
  notes.push_back(Note(
      "timer-not-verifiable", Place{untimed_turn_->second, GamePlace{.turn = untimed_turn_->first}},
      "expected a time (at) on every turn to check the " + Seconds(speed_ms_) +
          " limit of Speed Cahoots, found turn " + std::to_string(untimed_turn_->first) +
          " without one: the timer is not verifiable"));
  return notes;
}

std::string CahootsMatch::Describe() const {
  std::ostringstream text;
  text << (set_up_ ? "set up" : "not set up") << "; turns " << turns_ << "; to play "
       << (speed_ ? "anyone" : Name(current_)) << "; end " << static_cast<int>(end_);
  for (size_t player = 0; player < hands_.size(); ++player) {
    text << "; " << Name(static_cast<int>(player)) << ": " << Cards(hands_[player]);
  }
  for (int pile = 0; pile < kPiles; ++pile) {
    text << "; pile " << pile + 1 << ": " << Cards(piles_[pile]);
  }
  text << "; draw " << draw_.size() << ": " << Cards(draw_) << "; goals " << goals_->size()
       << ", next " << next_goal_ + 1 << ", shown " << PositionsText(visible_) << ", completed";
  for (int position : completed_) text << " " << position + 1;
  if (timer_start_) {
    text << "; timer from turn " << timer_start_->first << " at " << Seconds(timer_start_->second);
  }
  if (last_at_ms_) text << "; last play at " << Seconds(*last_at_ms_);
  if (late_turn_) {
    text << "; timer rang before turn " << late_turn_->turn << " (" << Seconds(late_turn_->after_ms)
         << " in)";
  }
  if (untimed_turn_) text << "; untimed turn " << untimed_turn_->first;
  return text.str();
}

}  // namespace referee::games::cahoots
