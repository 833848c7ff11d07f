// CahootsMatch: the state of one cooperative Cahoots game and the one step that changes it.
//
// Source: rules.md section 1 (Setup, Play, End, Variants, "Cahoots ambiguities"), seeds 001 and
// 004. Interpretation choices (docs/rules/cahoots.md):
// - Dealing from the deck (record-format.md): one card at a time to each player in turn order
//   until each holds 4, then the next 4 cards start piles 1-4; the rest is the draw pile, top
//   first. A seeded deck is the record's `board` of its seed (board 1 unless it says otherwise),
//   as a trick deal's. The first listed player plays first and play follows the list (ruling 10).
// - The goal pile has exactly N goals (rules.md Setup 4: "count off N cards"), N from the
//   `goal_count` option or else the level x player-count table; a different number is the
//   finding `wrong-goal-count`. Four goals are shown; a goal met at once is completed and
//   replaced, in a cascade, at set-up and after every play (Setup 5, Play). Fewer than four are
//   shown once the goal pile is empty (ruling 4).
// - A turn: exactly one card onto a pile whose top matches it in colour or number; then goals
//   resolve, the goals refill, the player draws back to 4 while the draw pile lasts, and the turn
//   passes to the next player in order who holds cards (rulings 1, 3).
// - The win (every goal complete) is checked before the loss (ruling 2). The loss: the player
//   whose turn it is holds cards but none matches any pile top (ruling 2), or every hand and the
//   draw pile are empty (End (a)).
// - Speed: no turn order, so any player holding cards may play, and the one-player "cannot play"
//   loss does not apply (ruling 9). Play ends when no player holding cards can play (the Dutch
//   text: "the players can no longer lay down cards"). The timer (ruling 9, ruled) decides the
//   outcome and never makes a turn illegal: it rings `speed_seconds` after the first play, and a
//   turn timed (`at`) more than that after the first timed turn was played after it rang. From
//   that turn on the game is lost on time, whatever play does next; play may go on, and its turns
//   are checked as usual. The win needs the last goal completed by a turn in time. When a turn has
//   no time, a win cannot be checked against the timer: a note (Notes()).
// - Open hands are a Lil Cahoots option only (Variants): `open_hands` in any other variant is the
//   finding `open-hands-not-allowed`. Communication rules are not checkable from a record.
// - Solo play has no official rules in our sources: fewer than 2 players is rejected.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "referee/core/match.h"
#include "referee/games/cahoots/cahoots_cards.h"
#include "referee/games/cahoots/cahoots_events.h"
#include "referee/games/cahoots/cahoots_goals.h"

namespace referee::games::cahoots {

inline constexpr int kHandSize = 4;
inline constexpr int kPiles = 4;

// The cards of one pile, bottom first, in place: a pile holds its starter and at most every card
// that was not dealt to a pile, so it never needs the heap (the state of a match is copied by
// Clone and rebuilt by every replay).
class PileCards {
 public:
  static constexpr int kCapacity = kPackSize - kPiles + 1;

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  const NumberCard* begin() const { return cards_.data(); }
  const NumberCard* end() const { return cards_.data() + size_; }
  NumberCard front() const { return cards_[0]; }
  NumberCard back() const { return cards_[size_ - 1]; }
  void Start(NumberCard card) {
    cards_[0] = card;
    size_ = 1;
  }
  void Add(NumberCard card);

 private:
  std::array<NumberCard, kCapacity> cards_{};
  uint8_t size_ = 0;
};

// rules.md Setup 4: goals per level for 2-3 and for 4 players; 0 for an unknown level or count.
int TableGoalCount(const std::string& level, int players);

class CahootsMatch : public Match {
 public:
  // How play ended: every goal complete, a player (Speed: every player) holding cards who cannot
  // play, or every hand and the draw pile empty. The outcome also depends on the Speed timer.
  enum class End { kNone, kWin, kStuck, kEmpty };
  // Speed: the first turn played after the timer rang, and how long after the turn that started
  // the timer (the first timed turn) it was played.
  struct LateTurn {
    int turn = 0;
    int64_t after_ms = 0;
    int timer_turn = 0;
  };

  explicit CahootsMatch(MatchSetup setup);

  ToAct Next() const override;
  std::vector<Event> LegalEvents() const override;
  // The outcome is decided: play ended, or (Speed) a turn came after the timer rang. In the latter
  // case play may go on (Next() still asks for turns) until PlayEnded().
  bool IsOver() const override { return PlayEnded() || late_turn_.has_value(); }
  bool PlayEnded() const { return end_ != End::kNone; }
  Outcome GetOutcome() const override;
  std::unique_ptr<Match> Clone() const override { return std::make_unique<CahootsMatch>(*this); }
  View ViewFor(int actor) const override;
  std::string Describe() const override;

  // Findings of severity kNote about the match so far: `timer-not-verifiable` in Speed. The same
  // note is in Ruling::findings of the first untimed turn, and announced with kind "note".
  std::vector<Finding> Notes() const;
  // The player whose turn it was when the table lost because they could not play (not in Speed).
  std::optional<int> stuck_player() const { return stuck_player_; }

  // The set-up a playout deals from the match's seed: the seeded deck (board 1) and a goal pile
  // of GoalCount() goals picked from a fixed pool of definitions by the seeded permutation of
  // board 2. A generator convention only: records carry their goals.
  Event SeededDeal() const override;
  // The set-up with its seeded deck written out.
  Event WithCardsWritten(Event dealt) const override;

  // Read-only views, for tests and tools.
  bool IsSetUp() const { return set_up_; }
  End end() const { return end_; }
  const std::optional<LateTurn>& late_turn() const { return late_turn_; }
  const Edition& edition() const { return *edition_; }
  int GoalCount() const { return goal_count_; }
  const std::vector<std::vector<NumberCard>>& hands() const { return hands_; }
  const std::array<PileCards, kPiles>& piles() const { return piles_; }
  std::vector<NumberCard> draw_pile() const;  // top first
  std::vector<GoalSpec> goal_pile() const;
  std::vector<int> visible_goals() const;  // 0-based positions, in the order they were shown
  const std::vector<int>& completed_goals() const { return completed_; }  // in completion order
  int turns_taken() const { return turns_; }
  PileTops Tops() const { return tops_.tops(); }

 protected:
  std::optional<Finding> Check(const Event& event) const override;
  Ruling Commit(const Event& event) override;

 private:
  using Deck = std::array<NumberCard, kPackSize>;  // top first
  // The goals shown: positions in the goal pile, in the order they were turned up (at most 4).
  struct Shown {
    std::array<int, 4> positions{};
    int count = 0;
  };
  // The goal pile as dealt, top first: each goal made ready to test, and the reference of each
  // goal given as a catalogue card. A goal is worded (GoalAt) only for a finding or a view: the
  // replay of a record copies none.
  struct GoalPile {
    std::vector<GoalTest> tests;
    std::vector<std::pair<int, std::string>> references;  // position, "catalogue#card"
  };
  // What the last set-up checked resolved to, kept for its Commit: a seeded deck is shuffled and
  // the goals are made ready once, not once to check them and again to apply them.
  struct CheckedSetup {
    const Event* head = nullptr;
    Deck deck{};
    std::shared_ptr<const GoalPile> goals;
  };

  std::optional<Finding> CheckSetup(const Event& head, const SetupEvent& event) const;
  Ruling CommitSetup(const Event& head, const SetupEvent& event);
  Result<void> CheckTable(const Event& event) const;
  Result<Deck> ResolveDeck(const Event& head, const SetupEvent& event) const;
  Result<void> CheckDeck(const std::vector<NumberCard>& deck, const Event& head) const;
  Finding DeckCardFinding(const std::vector<NumberCard>& deck, size_t index,
                          const Event& head) const;
  Result<std::shared_ptr<const GoalPile>> CheckGoals(const SetupEvent& event) const;
  Finding GoalCountFinding(const SetupEvent& event) const;
  void Deal(const Deck& deck);

  std::optional<Finding> CheckTurn(const Event& event, const TurnEvent& turn) const;
  bool TurnPasses(const Event& event, const TurnEvent& turn) const;
  Ruling CommitTurn(const Event& event, const TurnEvent& turn);
  Result<int> CheckPlayer(const Event& event, const TurnEvent& played) const;
  Result<void> CheckPlay(const Event& event, const TurnEvent& played, int player) const;
  Result<void> CheckCardHeld(const Event& event, const TurnEvent& played, int player) const;
  Result<void> CheckTime(const Event& event, const TurnEvent& played) const;
  Result<void> CheckClaims(const Event& event, const TurnEvent& turn, int player) const;
  Result<void> CheckDrawClaim(const Event& event, const TurnEvent& played, int player,
                              const std::vector<NumberCard>& drawn) const;
  Result<void> CheckCompletedClaim(const Event& event, const TurnEvent& played, int player,
                                   const std::vector<int>& completed) const;
  std::vector<NumberCard> DrawAfterPlay(int player) const;

  // Completes the goals shown that `tops` meets, turns up the next ones and completes those
  // already met too, until none is (rules.md Play, Setup 5): in `shown` and `next_goal`, each goal
  // completed appended to `completed`. The goals shown were unmet on the tops before a cover that
  // touched `touched` (TopsFacts::Cover; kEveryColour for new tops). No allocation beyond
  // `completed`'s own.
  void ResolveFrom(const TopsFacts& tops, unsigned touched, Shown& shown, size_t& next_goal,
                   std::vector<int>& completed) const;
  // The same on the match's own; returns where this resolution's goals start in completed_.
  size_t ResolveGoals(unsigned touched);
  void DrawUpTo4(int player);
  void PassTurn(int player);
  void CheckEnd();
  bool CanPlay(int player) const;
  void RecordTime(const Event& head, const TurnEvent& event);
  std::string LossReason() const;
  std::string EndSummary() const;
  std::string LevelText() const;
  std::string StuckText() const;
  const GoalPile& goals() const;
  GoalSpec GoalAt(int position) const;
  std::string ShownText() const;

  Place PlaceOf(const std::string& path, int turn, int player,
                std::optional<NumberCard> card) const;
  int TurnNumber(const TurnEvent& event) const { return event.turn > 0 ? event.turn : turns_ + 1; }
  std::string Name(int player) const;
  std::string Text(NumberCard card) const { return CardText(card, *edition_); }
  std::string Cards(std::span<const NumberCard> cards) const { return CardsText(cards, *edition_); }
  std::string GoalLabel(int position) const;
  std::string WhereIs(NumberCard card, int except_player) const;

  // Set once and only read after, so shared: Clone() copies a match without copying them.
  const MatchSetup& match_setup() const { return *shared_setup_; }
  std::shared_ptr<const MatchSetup> shared_setup_;
  const Edition* edition_;
  bool speed_ = false;
  int goal_count_ = 0;
  int64_t speed_ms_ = 240000;

  bool set_up_ = false;
  std::vector<std::vector<NumberCard>> hands_;  // each with room for 4 cards from the deal on
  std::array<PileCards, kPiles> piles_;
  TopsFacts tops_;  // the top card of each pile
  Deck deck_{};     // as dealt; the draw pile is its cards from draw_next_ on
  int draw_next_ = kPackSize;
  // The goal pile (shared, as above); none before the set-up.
  std::shared_ptr<const GoalPile> goals_;
  size_t next_goal_ = 0;  // next goal to turn face up
  Shown shown_;
  std::vector<int> completed_;  // with room for every goal from the set-up on
  int current_ = 0;             // whose turn it is (not used in Speed)
  int turns_ = 0;
  End end_ = End::kNone;
  std::optional<int> stuck_player_;
  std::optional<std::pair<int, int64_t>> timer_start_;  // Speed: the first timed turn and its time
  std::optional<int64_t> last_at_ms_;
  std::optional<LateTurn> late_turn_;
  std::optional<std::pair<int, std::string>> untimed_turn_;  // first Speed turn without `at`
  // A memo, not part of the state.
  mutable std::optional<CheckedSetup> checked_setup_;
};

}  // namespace referee::games::cahoots
