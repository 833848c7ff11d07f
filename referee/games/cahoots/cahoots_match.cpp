#include "referee/games/cahoots/cahoots_match.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <sstream>

#include "referee/core/check.h"
#include "referee/games/cahoots/cahoots_catalogue.h"
#include "referee/games/cahoots/cahoots_text.h"

namespace referee::games::cahoots {
namespace {

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
  Place place{path, GamePlace{.step = TurnStep(turn)}};
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
  GoalSpec goal{.kind = test.kind, .path = ChildPath("/goals", static_cast<size_t>(position))};
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
// Seeded playouts.

namespace {

// Goals valid in every edition (colours by index), for seeded playouts.
std::vector<GoalSpec> PlayoutGoalPool() {
  std::vector<GoalSpec> pool;
  auto add = [&](std::string_view kind, GoalParams colours, GoalParams numbers) {
    pool.push_back(GoalSpec{GoalKindNamed(kind), colours, numbers, "", ""});
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

Event CahootsMatch::WithCardsWritten(Event dealt) const {
  auto* setup = dealt.As<SetupEvent>();
  REFEREE_CHECK(setup != nullptr && setup->seeded,
                "WithCardsWritten of an event that dealt nothing");
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
  notes.push_back(
      Note("timer-not-verifiable",
           Place{untimed_turn_->second, GamePlace{.step = TurnStep(untimed_turn_->first)}},
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
