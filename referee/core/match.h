// Match: the state of one match at one table, and the one step that changes it.
//
// Every game implements this interface; the verifier (replay) and the live referee drive it the
// same way. Apply checks an event against the rules before it changes anything: a rejected event
// returns the Finding and leaves the state exactly as it was.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "referee/core/deal_label.h"
#include "referee/core/event.h"
#include "referee/core/fact.h"
#include "referee/core/result.h"
#include "referee/core/rule_options.h"
#include "referee/core/seeded_deal.h"

namespace referee {

// What the match awaits: the cards (dealing is no one's choice: a record gives them, or the
// referee deals from the seed), a player's event, or nothing more.
enum class Phase { kDeal, kAct, kOver };

// Who must act next, and how.
struct ToAct {
  Phase phase = Phase::kDeal;
  // What is awaited, as a live line names it: "deal", or the game's event ("call", "play",
  // "turn"), or "over".
  std::string_view kind = "deal";
  // Who acts (a seat or player index), or who deals; none where any player may act.
  std::optional<int> actor;
  int deal = 0;   // the deal under way or due; 0 in a game without deals
  PlayStep step;  // the step played to, where the game counts one live (a trick game's trick)
};

// What an accepted event made public, for the live referee and for logs.
struct Announcement {
  std::string kind;  // "trick", "deal", "goal", "end", ...
  std::string text;
};

struct Ruling {
  std::vector<Announcement> announcements;  // none when MatchSetup::announce is false
  // Findings about an event that is accepted all the same because what it records did happen and
  // play can go on from it: an error (a conference that ran over its time) makes the verdict
  // invalid without stopping the check; a note (a timed game's turn without its time) only
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
    DealLabel label;  // for people, e.g. "dealer N" or "dealer N; EW called 5 hearts, took 5"
    std::vector<int> points;
    bool void_deal = false;  // not scored: an illegal event stopped its check
    // The game's per-deal statistics (GameDescriptor::deal_statistics), each per unit:
    // statistics[s][u] is statistic s of unit u. Empty for a void deal.
    std::vector<std::vector<int>> statistics;
    bool operator==(const Row&) const = default;
  };
  std::vector<Row> rows;
  std::vector<int> totals;

  // The row of a deal that was scored (void or not), or null: what a deal's claim is checked
  // against. Rows follow the deals, so deal d is usually row d - 1.
  const Row* RowOfDeal(int deal) const {
    size_t at = static_cast<size_t>(deal - 1);
    if (deal >= 1 && at < rows.size() && rows[at].deal == deal) return &rows[at];
    for (const Row& row : rows) {
      if (row.deal == deal) return &row;
    }
    return nullptr;
  }
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

// The end of the match in typed facts, e.g. N 104 and winner {N}, or outcome {win} and goals 15. A
// claimed `result:` is compared key by key with the facts; the standings read the sides. Sides and
// facts are filled as far as the match went, over or not.
struct Outcome {
  bool over = false;
  std::string summary;      // one line for people: "N wins with 104"
  std::vector<Fact> facts;  // in the order of GameDescriptor::result_keys
  std::vector<SideResult> sides;
  bool operator==(const Outcome&) const = default;
};

// What one seat or player may know at a moment of the match: its own hand and what is public,
// never a hand the rules keep hidden. The live referee serves it; bots play from it. The hand and
// the table are the game's own payload.
struct View {
  int actor = 0;  // seat or player index
  ToAct next;
  ScoreSheet scores;
  Payload game;
};

struct MatchSetup {
  RuleOptions rules;
  std::vector<std::string> players;  // seat order N E S W, or the turn order
  std::optional<std::string> seed;
  Sha256Function sha256 = nullptr;  // needed when seed is set
  SeededDealFunction seeded_deal = &SeededPermutation;
  // Whether Apply words its announcements. The live referee sends them to the players; the
  // verifier never reads them, and wording one per trick or turn was a string for every few
  // events. Findings are made either way.
  bool announce = true;
  // Whether the hands are secret from whoever the findings go to. The live referee answers one
  // seat or player at a time, so what it says must depend only on what that seat may
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

  // The one step: the event is checked against the rules first, and applied only if it passes.
  // A rejected event returns the Finding and changes nothing (Check cannot change the state).
  Result<Ruling> Apply(const Event& event) {
    if (std::optional<Finding> finding = Check(event)) {
      Rejected(event);
      return Fail(std::move(*finding));
    }
    return Commit(event);
  }
  // A run of a record's events applied in order, as Apply applies each, until one is rejected:
  // how many were accepted (from the first), the findings they were accepted with, and the finding
  // that rejected the next one, if one was (the run stops there; the events after it are not
  // looked at). For a replay, whose match words no announcements (MatchSetup::announce): none are
  // kept. A game may take a run faster than event by event (a trick game takes a trick's cards
  // in one loop); it must rule on each event as Apply would.
  struct RunRuling {
    size_t accepted = 0;
    std::vector<Finding> findings;
    std::optional<Finding> rejection;
  };
  virtual RunRuling ApplyRun(std::span<const Event> events) {
    RunRuling run;
    for (const Event& event : events) {
      if (!ApplyInRun(event, run)) return run;
    }
    return run;
  }
  // After an illegal event the rest of a deal cannot be checked: the deal is closed unscored (or
  // with the record's claimed points standing in) and the match moves on to the next deal.
  // Returns false where the game has no deals to move on to, as a game without deals (the
  // default) does: an illegal event then stops the check of the rest of the record.
  virtual bool VoidCurrentDeal(const std::optional<std::vector<int>>& /*stand_in_points*/) {
    return false;
  }

  // The result is decided. Some rules play on after it (further deals, turns after a timer
  // rang): Next() says what the match still accepts.
  virtual bool IsOver() const = 0;
  // Findings that belong in the verdict without rejecting any event, asked for once the record's
  // events are done: a Note, or an error that only the whole record shows.
  virtual std::vector<Finding> EndFindings() const { return {}; }
  // The sheet so far, read in place: the verifier looks at it after every claimed deal. A game
  // that is won or lost and never scored keeps the default: an empty sheet.
  virtual const ScoreSheet& Scores() const {
    static const ScoreSheet kNoScores;
    return kNoScores;
  }
  // The sheet moved out of a match that is done with (the verifier's, once its verdict has the
  // outcome): the match is left with an empty sheet. A copy by default.
  virtual ScoreSheet ReleaseScores() { return Scores(); }
  virtual Outcome GetOutcome() const = 0;
  // What `actor` (a seat or player index) may see now.
  virtual View ViewFor(int actor) const = 0;
  virtual std::unique_ptr<Match> Clone() const = 0;
  // A complete description of the state: equal texts mean equal states (tests compare them).
  virtual std::string Describe() const = 0;
  // The event that deals the next deal (or sets the table up) from the match's seed, for a match
  // whose Next() is Phase::kDeal and that was set up with a seed. Playouts (the shared tests, the
  // generator) use it to run any game without knowing its cards.
  virtual Event SeededDeal() const = 0;
  // A seeded deal this match has applied, with the cards it dealt written out (the hands, or the
  // deck order), as a generated record shows them beside its seed.
  virtual Event WithCardsWritten(Event dealt) const = 0;

 protected:
  // One event of a run through Apply: counted as accepted with its findings, or the run's
  // rejection (false: the run stops there).
  bool ApplyInRun(const Event& event, RunRuling& run) {
    Result<Ruling> ruling = Apply(event);
    if (!ruling.has_value()) {
      run.rejection = std::move(ruling).error();
      return false;
    }
    ++run.accepted;
    for (Finding& finding : ruling->findings) run.findings.push_back(std::move(finding));
    return true;
  }
  // The finding that rejects `event` now, or none when the rules allow it. Const: checking an
  // event never changes the match.
  virtual std::optional<Finding> Check(const Event& event) const = 0;
  // Applies an event Check allowed, with what it made public and the findings it is accepted
  // with (an overlong conference, a note).
  virtual Ruling Commit(const Event& event) = 0;
  // Told of each rejected event, for what a later VoidCurrentDeal needs to know of it (which
  // deal it concerned); never part of the state Describe() describes.
  virtual void Rejected(const Event& /*event*/) {}
};

}  // namespace referee
