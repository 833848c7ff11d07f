// Table: one match served over the network: a live::Session, its journal and its metadata
// (docs/serve.md). Not thread-safe: the service holds the table's mutex around every call. It
// knows nothing of HTTP, timers or threads; it applies lines and stages each accepted one for its
// journal, deals seeded deals itself, and says what the finished record is. The service hands the
// staged lines to the commit log (server/commit_log.h) and replies once they are durable. The
// organiser's acts that are not events (a re-issue of tokens, a cancellation) are journaled too,
// as organiser lines (live::IsOrganiserLine), which the record leaves out.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "live/session.h"
#include "referee/record/node.h"
#include "server/commit_log.h"
#include "server/store.h"

namespace referee::server {

class Table {
 public:
  struct Outcome {
    record::Node reply;     // the live protocol's reply to the line
    bool accepted = false;  // applied, and staged for the journal
  };
  // A move the clock made for the actor to move.
  struct ClockMove {
    record::Node line;
    Outcome outcome;
  };

  // `journal` holds `journal_bytes` already: the header line (and, resumed, the session's lines).
  Table(TableMeta meta, live::Session session, std::shared_ptr<TableJournal> journal,
        uint64_t journal_bytes, int64_t now_ms);

  const TableMeta& meta() const { return meta_; }
  // The match as the table shows it. With hands unknown (TableMeta::hands_unknown) and a deal in
  // play, that deal is dealt with hands that agree with every card entered so far
  // (games::LiveHooks::deal_from_play) and kept out of the journal's events until its last card
  // makes them exact; otherwise it is every event the journal holds.
  const live::Session& session() const { return shown_ ? *shown_ : session_; }
  int events() const { return session().events(); }
  bool failed() const { return failure_.has_value(); }
  const std::optional<std::string>& failure() const { return failure_; }
  bool cancelled() const { return cancellation_.has_value(); }
  // {"at": table seconds, "reason": ...} of a cancelled table.
  const std::optional<record::Node>& cancellation() const { return cancellation_; }
  std::string Status() const;               // "in-play", "over", "cancelled" or "failed"
  int changes() const { return changes_; }  // counts accepted events; starts every move clock

  // One event line, complete (the service has filled in the actor and the server's times). The
  // error: the journal has no room for an accepted line, and the table stops.
  Result<Outcome, referee::Error> Act(const record::Node& line, int64_t now_ms);
  // Deals seeded deals while the match waits for one (nothing without a seed in the header).
  DiskDone DealIfDue(int64_t now_ms);
  // The live protocol's `view` or `legal` reply for one actor (kind: "view" or "legal").
  record::Node Ask(const std::string& kind, int actor);
  // What the match waits for, as the live protocol's replies say it (`next`).
  record::Node Next() const;
  // The actor whose move it is (none: a deal is awaited, the match is over, or anyone may move).
  std::optional<int> ActorToMove() const;
  // The move clock ran out: plays the first legal event of the actor to move, in the engine's
  // order; none when nobody was to move.
  Result<std::optional<ClockMove>, referee::Error> PlayForActor(int64_t now_ms);
  // Table time: milliseconds since the table was created; and when the current phase began (the
  // conference starts with the call phase).
  int64_t TableMs(int64_t now_ms) const { return now_ms - meta_.created_ms; }
  int64_t phase_started_ms() const { return phase_started_ms_; }

  // A new table (made with no journal bytes): its header line and metadata, staged to go first.
  void StageCreation(const std::string& header_line, std::string meta_text);
  // The lines staged since the last call, for the commit log, at the offset where they go; none
  // when nothing was staged. Marked to close the journal's descriptor once the table is not in
  // play (a turn of a game played on after its result opens it again).
  std::optional<JournalWrite> TakeStaged();
  // The text of DIR/records/ID.json (canonical JSON) once the match is over; never for a cancelled
  // table, which standings must not count.
  std::optional<std::string> RecordText() const;
  // The journal could not be written: the table stops, and what was staged is dropped.
  void Fail(const std::string& error);

  // Journals the new token hashes of every actor (in actor order) and the scorer's (empty: none),
  // then keeps them: the old tokens stop working. A disk error stops the table, as for an event.
  DiskDone ReissueTokens(std::vector<std::string> hashes, std::string scorer_hash, int64_t now_ms);
  // Journals the cancellation (with the organiser's reason, if any), then the table is over
  // without a result: no move, deal or record follows.
  DiskDone Cancel(const std::optional<std::string>& reason, int64_t now_ms);
  // The organiser lines of a resumed journal, in order; the error says what is wrong with one.
  Result<void, referee::Error> Resume(const std::vector<record::Node>& organiser_lines);

 private:
  // A deal whose hands are unknown, replayed from its lines on hands that agree with them all.
  struct DealReplay {
    live::Session session;
    std::vector<record::Node> accepted;  // the deal line first, then each line as accepted
    record::Node reply;                  // the reply to the last line (to the deal: none)
  };
  // The deal in play replayed from `lines` (its deal line is made for them); the reply that
  // refuses a line when no hands agree or the rules refuse it.
  Result<DealReplay, record::Node> ReplayDeal(const std::vector<record::Node>& lines) const;
  Result<Outcome, referee::Error> ActOnUnknownHands(const record::Node& line, int64_t now_ms);
  // Shows the deal in play of a table with hands unknown (none once the match is over); the error
  // says what is wrong with the lines entered for it.
  Result<void, referee::Error> ShowDealInPlay();
  live::Session& Live() { return shown_ ? *shown_ : session_; }
  DiskDone Stage(const std::string& line);
  DiskDone JournalOrganiserLine(const record::Node& line);
  Result<void, referee::Error> ReadTokensLine(const record::Node& line);

  TableMeta meta_;
  live::Session session_;                 // the journal's events
  std::optional<live::Session> shown_;    // hands unknown: session_ and the deal in play
  std::vector<record::Node> deal_lines_;  // hands unknown: the deal in play's accepted lines
  std::shared_ptr<TableJournal> journal_;
  uint64_t journal_bytes_;  // with every line taken by TakeStaged, durable or on its way
  std::string staged_;      // accepted lines not yet handed to the commit log
  std::string creation_;    // the metadata of a new table, until its first lines are taken
  std::optional<std::string> failure_;
  std::optional<record::Node> cancellation_;
  int changes_ = 0;
  int64_t phase_started_ms_ = 0;  // table time
};

// The line that names an actor: {"event": kind, "seat": "E"} or {"event": kind, "player": "ann"}.
record::Node ActorLine(const TableMeta& meta, const std::string& kind, int actor);

}  // namespace referee::server
