#include "referee/games/cahoots/cahoots_match.h"

#include <algorithm>
#include <numeric>
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
  GoalSpec goal = GoalAt(position);
  std::string text = "goal " + std::to_string(position + 1) + " (";
  if (ParseCatalogueLabel(goal.label)) text += goal.label + ": ";
  return text + GoalText(goal, *edition_) + ")";
}

void PileCards::Add(NumberCard card) {
  REFEREE_CHECK(size_ < kCapacity, "a pile holds more cards than the deck has");
  cards_[size_++] = card;
}

const CahootsMatch::GoalPile& CahootsMatch::goals() const {
  static const GoalPile kNone;
  return goals_ != nullptr ? *goals_ : kNone;
}

// The goal as the set-up gave it: its kind and parameters, and its reference if it was given as a
// catalogue card.
GoalSpec CahootsMatch::GoalAt(int position) const {
  const GoalTest& test = goals().tests[position];
  const GoalKindInfo& info = GoalKindOf(test.kind);
  GoalSpec goal{.kind = info.name, .path = ChildPath("/goals", static_cast<size_t>(position))};
  for (size_t i = 0; i < ColourParamCount(info); ++i) goal.colours.push_back(test.colours[i]);
  if (NumberParamCount(info) > 0) goal.numbers.push_back(test.number);
  for (const auto& [at, reference] : goals().references) {
    if (at == position) goal.label = reference;
  }
  return goal;
}

std::vector<GoalSpec> CahootsMatch::goal_pile() const {
  std::vector<GoalSpec> pile;
  for (size_t i = 0; i < goals().tests.size(); ++i) pile.push_back(GoalAt(static_cast<int>(i)));
  return pile;
}

std::vector<NumberCard> CahootsMatch::draw_pile() const {
  return {deck_.begin() + draw_next_, deck_.end()};
}

std::vector<int> CahootsMatch::visible_goals() const {
  return {shown_.positions.begin(), shown_.positions.begin() + shown_.count};
}

// The goals shown, in the order of the goal pile, for announcements and Describe().
std::string CahootsMatch::ShownText() const { return PositionsText(visible_goals()); }

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

// Whether some card of the hand matches some pile top: asked after every turn, so no list of the
// legal cards is made for it.
bool CahootsMatch::CanPlay(int player) const {
  for (NumberCard card : hands_[player]) {
    for (NumberCard top : tops_.tops()) {
      if (Matches(card, top)) return true;
    }
  }
  return false;
}

std::vector<Event> CahootsMatch::LegalEvents() const {
  std::vector<Event> events;
  if (!set_up_ || PlayEnded()) return events;
  const PileTops& tops = tops_.tops();
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

Result<void> CahootsMatch::CheckDeck(const std::vector<NumberCard>& deck, const Event& head) const {
  std::array<int, kColours * 8> copies{};
  for (size_t i = 0; i < deck.size(); ++i) {
    NumberCard card = deck[i];
    bool known = card.colour < kColours && card.number >= 1 && card.number <= kNumbers;
    if (!known || ++copies[card.colour * 8 + card.number] > kCopies) {
      return Fail(DeckCardFinding(deck, i, head));
    }
  }
  if (deck.size() == static_cast<size_t>(kPackSize)) return {};
  std::vector<NumberCard> missing;
  for (NumberCard card : CanonicalPack()) {
    if (copies[card.colour * 8 + card.number]-- <= 0) missing.push_back(card);
  }
  return Fail(Illegal("wrong-deck", Place{head.path.str(), {}},
                      "expected 56 cards in the deck, found " + std::to_string(deck.size()) +
                          " (missing: " + Cards(missing) + ")"));
}

// The finding about the first card of the deck that is no card of the pack, or a third copy.
// Worded only then: a deck of 56 good cards makes no place for each of them.
Finding CahootsMatch::DeckCardFinding(const std::vector<NumberCard>& deck, size_t index,
                                      const Event& head) const {
  NumberCard card = deck[index];
  Place place{ChildPath(head.path.str(), index), GamePlace{}};
  if (card.colour >= kColours || card.number < 1 || card.number > kNumbers) {
    return Illegal("wrong-deck", place, "expected a number card 1-7 in one of 4 colours");
  }
  place.game.card = Text(card);
  return Illegal(
      "wrong-deck", place,
      "expected each card twice in the 56-card deck, found " + Text(card) + " a third time");
}

Result<CahootsMatch::Deck> CahootsMatch::ResolveDeck(const Event& head,
                                                     const SetupEvent& event) const {
  if (event.deck) REFEREE_TRY(CheckDeck(*event.deck, head));
  Deck deck{};
  if (!event.seeded) {
    if (!event.deck) {
      return Fail(Illegal("missing-deal", Place{head.path.str(), {}},
                          "expected the deck or a record seed"));
    }
    std::copy(event.deck->begin(), event.deck->end(), deck.begin());
    return deck;
  }
  if (!match_setup().seed || match_setup().sha256 == nullptr) {
    return Fail(Illegal("missing-deal", Place{head.path.str(), {}},
                        "expected a record seed to deal from, found none"));
  }
  std::vector<NumberCard> seeded =
      SeededDeck(match_setup().sha256, *match_setup().seed, event.board > 0 ? event.board : 1,
                 match_setup().seeded_deal);
  for (size_t i = 0; event.deck && i < seeded.size(); ++i) {
    if ((*event.deck)[i] == seeded[i]) continue;
    return Fail(
        Illegal("deal-mismatch",
                Place{ChildPath(head.path.str(), i), GamePlace{.card = Text((*event.deck)[i])}},
                "expected " + Text(seeded[i]) + " at deck position " + std::to_string(i + 1) +
                    " (the seeded deck), found " + Text((*event.deck)[i])));
  }
  REFEREE_CHECK(seeded.size() == deck.size(), "a seeded deck that is not the pack");
  std::copy(seeded.begin(), seeded.end(), deck.begin());
  return deck;
}

// The goal pile made ready to test, once every goal is valid, none is a catalogue card given
// twice, and the pile has as many as the table needs.
Result<std::shared_ptr<const CahootsMatch::GoalPile>> CahootsMatch::CheckGoals(
    const SetupEvent& event) const {
  auto pile = std::make_shared<GoalPile>();
  pile->tests.reserve(event.goals.size());
  std::set<std::string> references;
  for (size_t i = 0; i < event.goals.size(); ++i) {
    const GoalSpec& goal = event.goals[i];
    std::optional<GoalTest> test = CompileGoal(goal);
    bool reference = test && ParseCatalogueLabel(goal.label);
    bool duplicate = reference && !references.insert(goal.label).second;
    if (test && !duplicate) {
      pile->tests.push_back(*test);
      if (reference) pile->references.emplace_back(static_cast<int>(i), goal.label);
      continue;
    }
    std::string path = goal.path.empty() ? ChildPath("/goals", i) : goal.path;
    if (duplicate) {
      return Fail(Illegal(
          "duplicate-goal", Place{path, {}},
          "expected each catalogue card once in the goal pile, found " + goal.label + " twice"));
    }
    Result<void> valid = ValidateGoal(goal, path);
    REFEREE_CHECK(!valid.has_value(), "CompileGoal refused a goal that ValidateGoal accepts");
    return Fail(std::move(valid).error());
  }
  if (static_cast<int>(event.goals.size()) != goal_count_) return Fail(GoalCountFinding(event));
  return std::shared_ptr<const GoalPile>(std::move(pile));
}

Finding CahootsMatch::GoalCountFinding(const SetupEvent& event) const {
  bool from_table = match_setup().rules.Integer("goal_count") == 0;
  std::string why = from_table
                        ? "level " + match_setup().rules.Choice("level") + " with " +
                              Plural(static_cast<int>(match_setup().players.size()), "player")
                        : "goal_count";
  return Illegal("wrong-goal-count", Place{"/goals", {}},
                 "expected " + Plural(goal_count_, "goal") + " in the goal pile (" + why +
                     "), found " + std::to_string(event.goals.size()))
      .Comparing(FactValue::Number(goal_count_),
                 FactValue::Number(static_cast<int64_t>(event.goals.size())));
}

void CahootsMatch::Deal(const Deck& deck) {
  // record-format.md: one card at a time to each player in turn order until each holds 4, then
  // the next 4 cards start piles 1-4, the rest is the draw pile, top first.
  size_t players = match_setup().players.size();
  hands_.assign(players, {});
  for (std::vector<NumberCard>& hand : hands_) hand.reserve(kHandSize);
  size_t next = 0;
  for (; next < players * kHandSize; ++next) hands_[next % players].push_back(deck[next]);
  PileTops tops;
  for (int pile = 0; pile < kPiles; ++pile) {
    piles_[pile].Start(deck[next]);
    tops[pile] = deck[next++];
  }
  tops_ = TopsFacts(tops);
  deck_ = deck;
  draw_next_ = static_cast<int>(next);
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
  auto goals = CheckGoals(event);
  if (!goals.has_value()) return std::move(goals).error();
  checked_setup_.emplace(CheckedSetup{&head, *deck, std::move(*goals)});
  return std::nullopt;
}

Ruling CahootsMatch::CommitSetup(const Event& head, const SetupEvent& event) {
  if (!checked_setup_ || checked_setup_->head != &head) {
    checked_setup_.emplace(CheckedSetup{&head, *ResolveDeck(head, event), *CheckGoals(event)});
  }
  Deal(checked_setup_->deck);
  goals_ = std::move(checked_setup_->goals);
  checked_setup_.reset();
  completed_.reserve(goals_->tests.size());  // no turn allocates for the goals it completes
  set_up_ = true;
  size_t first = ResolveGoals();  // Setup 5: goals met by the starting piles
  CheckEnd();
  Ruling ruling;
  if (!match_setup().announce) return ruling;
  std::vector<int> completed(completed_.begin() + static_cast<std::ptrdiff_t>(first),
                             completed_.end());
  ruling.announcements.push_back({"setup", "piles " + Cards(tops_.tops()) + "; goals shown " +
                                               ShownText() + "; completed at set-up " +
                                               PositionsText(completed)});
  if (IsOver()) ruling.announcements.push_back({"end", GetOutcome().summary});
  return ruling;
}

// ---------------------------------------------------------------------------------------------
// Goals (rules.md Play: resolve, refill to 4, newly revealed goals already met complete too).

void CahootsMatch::ResolveFrom(const TopsFacts& tops, Shown& shown, size_t& next_goal,
                               std::vector<int>& completed) const {
  const std::vector<GoalTest>& tests = goals_->tests;  // goals are resolved once set up
  while (true) {
    while (shown.count < 4 && next_goal < tests.size()) {
      shown.positions[shown.count++] = static_cast<int>(next_goal++);
    }
    // Every goal shown is judged on the same tops; those met leave together, the rest keep their
    // order.
    size_t before = completed.size();
    int kept = 0;
    for (int i = 0; i < shown.count; ++i) {
      int position = shown.positions[i];
      if (GoalMet(tests[position], tops)) {
        completed.push_back(position);
      } else {
        shown.positions[kept++] = position;
      }
    }
    shown.count = kept;
    if (completed.size() == before) return;
  }
}

size_t CahootsMatch::ResolveGoals() {
  size_t first = completed_.size();
  ResolveFrom(tops_, shown_, next_goal_, completed_);
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
  tops.Cover(turn.pile - 1, turn.card);
  Shown shown = shown_;
  size_t next_goal = next_goal_;
  std::vector<int> completed;
  ResolveFrom(tops, shown, next_goal, completed);
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
  tops_.Cover(turn.pile - 1, turn.card);
  size_t first = ResolveGoals();  // ruling 3: resolve, refill, draw, pass
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
  table.actors.resize(match_setup().players.size());
  std::iota(table.actors.begin(), table.actors.end(), 0);
  table.statistics = {done, turns_};  // side_statistics: goals, turns
  outcome.facts.reserve(4);           // the verifier asks every record's outcome
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
  outcome.summary = EndSummary();
  return outcome;
}

// One line for people, in one string: "<how play ended>, <goals> completed in <turns>".
std::string CahootsMatch::EndSummary() const {
  std::string summary;
  summary.reserve(120);
  auto goals = [&] {
    summary.append(std::to_string(completed_.size()))
        .append(" of ")
        .append(std::to_string(goal_count_))
        .append(" goals");
  };
  auto completed = [&] {
    goals();
    summary.append(" completed in ").append(Plural(turns_, "turn"));
  };
  if (late_turn_) {
    summary.append("loss on time: turn ").append(std::to_string(late_turn_->turn));
    summary.append(" was played ").append(Seconds(late_turn_->after_ms));
    summary.append(" after turn ").append(std::to_string(late_turn_->timer_turn));
    summary.append(", past the ").append(Seconds(speed_ms_)).append(" Speed limit; ");
    completed();
    return summary.append(AfterTheTimer(end_));
  }
  switch (end_) {
    case End::kNone:
      summary.append("not finished: ");
      completed();
      break;
    case End::kWin:
      summary.append("the table wins ").append(LevelText()).append(": ");
      goals();
      summary.append(" in ").append(Plural(turns_, "turn"));
      break;
    case End::kStuck:
      summary.append(StuckText()).append(", ");
      completed();
      break;
    case End::kEmpty:
      summary.append("loss: every hand and the draw pile are empty, ");
      completed();
      break;
  }
  return summary;
}

// How the goal pile's size was set: "at normal level", or "with goal_count 12".
std::string CahootsMatch::LevelText() const {
  if (match_setup().rules.Integer("goal_count") == 0) {
    return "at " + match_setup().rules.Choice("level") + " level";
  }
  return "with goal_count " + std::to_string(goal_count_);
}

std::string CahootsMatch::StuckText() const {
  if (!stuck_player_) return "loss: no player can play";
  std::string text = "loss: " + Name(*stuck_player_) + " cannot play";
  // Live, the cards are left to the verdict, which is the record.
  if (!match_setup().secret_hands) text += " (holds " + Cards(hands_[*stuck_player_]) + ")";
  return text;
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
    for (const PileCards& pile : piles_) table.pile_tops.push_back(pile.back());
    for (int position : visible_goals()) table.goals.push_back(GoalAt(position));
    table.draw_pile = kPackSize - draw_next_;
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
    text << "; pile " << pile + 1 << ": " << Cards({piles_[pile].begin(), piles_[pile].size()});
  }
  text << "; draw " << kPackSize - draw_next_ << ": " << Cards(draw_pile()) << "; goals "
       << goals().tests.size() << ", next " << next_goal_ + 1 << ", shown " << ShownText()
       << ", completed";
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
