// Match: the state of one match at one table, and the one step that changes it.
//
// Every game implements this interface; the verifier (replay) and the live referee drive it the
// same way. Apply checks an event against the rules before it changes anything: a rejected event
// returns the Finding and leaves the state exactly as it was.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "referee/core/event.h"
#include "referee/core/fact.h"
#include "referee/core/result.h"
#include "referee/core/rule_options.h"
#include "referee/core/seeded_deal.h"

namespace referee {

enum class Phase { kDeal, kCall, kPlay, kTurn, kOver };

// Who must act next, and how.
struct ToAct {
  Phase phase = Phase::kDeal;
  std::optional<Seat> seat;   // trick games
  std::optional<int> player;  // Cahoots: index into the players; none in Speed
  int deal = 0;
  int trick = 0;
};

// What an accepted event made public, for the live referee and for logs.
struct Announcement {
  std::string kind;  // "trick", "deal", "goal", "end", ...
  std::string text;
};

struct Ruling {
  std::vector<Announcement> announcements;  // none when MatchSetup::announce is false
  // Findings about an event that is accepted all the same because what it records did happen and
  // play can go on from it: an error (a Conspiracy conference that ran over its minute) makes the
  // verdict invalid without stopping the check; a note (Speed Cahoots without timestamps) only
  // informs.
  std::vector<Finding> findings;
};

// Points per scoring unit (seats "N".."W" or partnerships "NS", "EW"), per deal and in total.
struct ScoreSheet {
  std::vector<std::string> units;
  struct Row {
    int deal = 0;
    // The board the deal's cards came from: a seeded deal's board, else the deal number. Tables
    // that played the same board are compared by it (duplicate scoring).
    int board = 0;
    std::string label;  // for people, e.g. "dealer N" or "dealer N; EW called 5 hearts, took 5"
    std::vector<int> points;
    bool void_deal = false;  // not scored: an illegal event stopped its check
    // The game's per-deal statistics (GameDescriptor::deal_statistics), each per unit:
    // statistics[s][u] is statistic s of unit u. Empty for a void deal.
    std::vector<std::vector<int>> statistics;
    bool operator==(const Row&) const = default;
  };
  std::vector<Row> rows;
  std::vector<int> totals;
};

// One side of a match as a league counts it: a seat, a partnership or the whole table of a
// cooperative game, with its members, score, place and statistics.
struct SideResult {
  std::vector<int> actors;  // the members: seat indexes (N=0 .. W=3) or player indexes
  int64_t total = 0;        // the side's score-sheet total; 0 where the game keeps no score
  int place = 0;            // 0-based; sides with equal results share a place
  bool won = false;
  bool drew = false;
  // The game's side statistics (GameDescriptor::side_statistics), in its order.
  std::vector<int64_t> statistics;
  bool operator==(const SideResult&) const = default;
};

// The end of the match in typed facts, e.g. N 104 and winner {N}, or for Cahoots outcome {win}
// and goals 15. A claimed `result:` is compared key by key with the facts; the standings read the
// sides. Sides and facts are filled as far as the match went, over or not.
struct Outcome {
  bool over = false;
  std::string summary;      // one line for people: "N wins with 104"
  std::vector<Fact> facts;  // in the order of GameDescriptor::result_keys
  std::vector<SideResult> sides;
  bool operator==(const Outcome&) const = default;
};

// What one seat (Cahoots: one player) may know at a moment of the match: its own hand and what
// is public, never a hand the rules keep hidden. The live referee serves it; bots play from it.
struct View {
  int actor = 0;  // seat index, or Cahoots player index
  ToAct next;
  ScoreSheet scores;
  // Trick games.
  int deal = 0;
  std::optional<Seat> dealer;
  CardSet hand;
  std::optional<Seat> trick_leader;
  std::vector<Card> trick;   // the trick in progress, the lead first
  std::vector<Card> played;  // every card played in this deal, in order
  std::array<int, 4> tricks_won{};
  std::optional<CallEvent> call;                      // Conspiracy, once made
  std::vector<std::pair<Seat, CardSet>> known_hands;  // Conspiracy: the partner's hand as
                                                      // dealt, seen at the conference
  // Cahoots.
  std::vector<NumberCard> cards;      // own number cards
  std::vector<NumberCard> pile_tops;  // piles 1-4
  std::vector<GoalSpec> goals;        // visible goals
  int goals_completed = 0;
  int goals_total = 0;
  int draw_pile = 0;                                                // cards left to draw
  std::vector<std::pair<int, std::vector<NumberCard>>> open_hands;  // Lil Cahoots, open hands
};

struct MatchSetup {
  RuleOptions rules;
  std::vector<std::string> players;  // seat order N E S W, or Cahoots turn order
  std::optional<std::string> seed;
  Sha256Function sha256 = nullptr;  // needed when seed is set
  SeededDealFunction seeded_deal = &SeededPermutation;
  // Whether Apply words its announcements. The live referee sends them to the players; the
  // verifier never reads them, and wording one per trick or turn was a string for every few
  // events. Findings are made either way.
  bool announce = true;
  // Whether the hands are secret from whoever the findings go to. The live referee answers one
  // seat (Cahoots: one player) at a time, so what it says must depend only on what that seat may
  // see (docs/live.md, "What a seat may learn"): findings keep their codes but do not say who
  // holds a card, or what a hand that cannot play holds. The verifier words them in full: a
  // finished record is public.
  bool secret_hands = false;
};

class Match {
 public:
  virtual ~Match() = default;

  virtual ToAct Next() const = 0;
  // Every event that would be accepted now, where the choice is the players' (calls, plays,
  // turns). Empty while a deal is awaited: dealing is not a choice.
  virtual std::vector<Event> LegalEvents() const = 0;
  virtual Result<Ruling> Apply(const Event& event) = 0;

  // After an illegal event the rest of a deal cannot be checked: the deal is closed unscored (or
  // with the record's claimed points standing in) and the match moves on to the next deal.
  // Returns false where the game has no deals to move on to (Cahoots).
  virtual bool VoidCurrentDeal(const std::optional<std::vector<int>>& stand_in_points) = 0;

  // The result is decided. Some rules play on after it (Conspiracy's further deals, Speed Cahoots
  // turns after its timer rang): Next() says what the match still accepts.
  virtual bool IsOver() const = 0;
  // Findings that belong in the verdict without rejecting any event, asked for once the record's
  // events are done: a Note, or an error that only the whole record shows.
  virtual std::vector<Finding> EndFindings() const { return {}; }
  // The sheet so far, read in place: the verifier looks at it after every claimed deal.
  virtual const ScoreSheet& Scores() const = 0;
  virtual Outcome GetOutcome() const = 0;
  // What `actor` may see now (seat index, or Cahoots player index).
  virtual View ViewFor(int actor) const = 0;
  virtual std::unique_ptr<Match> Clone() const = 0;
  // The event that deals the next deal (or sets the table up) from the match's seed, for a match
  // whose Next() is Phase::kDeal and that was set up with a seed. Playouts (the shared tests, the
  // generator) use it to run any game without knowing its cards.
  virtual Event SeededDeal() const = 0;
  // A seeded deal this match has applied, with the cards it dealt written out (the hands, or the
  // deck order), as a generated record shows them beside its seed.
  virtual Event ShowingCards(Event dealt) const = 0;
  // A complete description of the state: equal texts mean equal states (tests compare them).
  virtual std::string Describe() const = 0;
};

}  // namespace referee
