// Table: one match served over the network: a live::Session, its journal on disk and its
// metadata (docs/serve.md). Not thread-safe: the service holds the table's mutex around every
// call. It knows nothing of HTTP or timers; it applies lines, journals them before anyone is told,
// deals seeded deals itself, and writes the finished record. The organiser's acts that are not
// events (a re-issue of tokens, a cancellation) are journaled too, as organiser lines
// (live::IsOrganiserLine), which the record leaves out.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "live/journal_file.h"
#include "live/session.h"
#include "referee/record/node.h"
#include "server/store.h"

namespace referee::server {

class Table {
 public:
  struct Outcome {
    record::Node reply;                     // the live protocol's reply to the line
    bool accepted = false;                  // journaled and applied
    std::optional<std::string> disk_error;  // the journal failed: the table stops
  };

  // `journal` holds the header line already (and, resumed, the session's events).
  // `store` writes the finished record and outlives the table.
  Table(TableMeta meta, live::Session session, std::unique_ptr<live::JournalFile> journal,
        Store* store, int64_t now_ms);

  const TableMeta& meta() const { return meta_; }
  const live::Session& session() const { return session_; }
  int events() const { return session_.events(); }
  bool failed() const { return failure_.has_value(); }
  const std::optional<std::string>& failure() const { return failure_; }
  bool cancelled() const { return cancellation_.has_value(); }
  // {"at": table seconds, "reason": ...} of a cancelled table.
  const std::optional<record::Node>& cancellation() const { return cancellation_; }
  std::string Status() const;               // "in-play", "over", "cancelled" or "failed"
  int changes() const { return changes_; }  // counts accepted events; starts every move clock

  // One event line, complete (the service has filled in the actor and the server's times).
  Outcome Act(const record::Node& line, int64_t now_ms);
  // Deals seeded deals while the match waits for one (nothing without a seed in the header).
  std::optional<std::string> DealIfDue(int64_t now_ms);
  // The live protocol's `view` or `legal` reply for one actor (kind: "view" or "legal").
  record::Node Ask(const std::string& kind, int actor);
  // What the match waits for, as the live protocol's replies say it (`next`).
  record::Node Next() const;
  // The actor whose move it is (none: a deal is awaited, the match is over, or anyone may play).
  std::optional<int> ActorToMove() const;
  // The move clock ran out: plays the first legal event of the actor to move, in the engine's
  // order; returns the line played, or none when nobody was to move.
  std::optional<record::Node> PlayForActor(int64_t now_ms, Outcome* outcome);
  // Table time: milliseconds since the table was created; and when the current phase began (the
  // conference starts with the call phase).
  int64_t TableMs(int64_t now_ms) const { return now_ms - meta_.created_ms; }
  int64_t phase_started_ms() const { return phase_started_ms_; }

  // Writes DIR/records/ID.json once the match is over (again after each later event); never for
  // a cancelled table, which standings must not count.
  std::optional<std::string> WriteRecordIfOver();

  // Journals the new token hashes of every actor (in actor order), then keeps them: the old
  // tokens stop working. A disk error stops the table, as for an event.
  std::optional<std::string> ReissueTokens(std::vector<std::string> hashes, int64_t now_ms);
  // Journals the cancellation (with the organiser's reason, if any), then the table is over
  // without a result: no move, deal or record follows.
  std::optional<std::string> Cancel(const std::optional<std::string>& reason, int64_t now_ms);
  // The organiser lines of a resumed journal, in order; returns what is wrong with one.
  std::optional<std::string> Resume(const std::vector<record::Node>& organiser_lines);

 private:
  std::optional<std::string> JournalOrganiserLine(const record::Node& line);
  std::optional<std::string> ReadTokensLine(const record::Node& line);

  TableMeta meta_;
  live::Session session_;
  std::unique_ptr<live::JournalFile> journal_;
  Store* store_;
  std::optional<std::string> failure_;
  std::optional<record::Node> cancellation_;
  int changes_ = 0;
  int64_t phase_started_ms_ = 0;  // table time
};

// The line that names an actor: {"event": kind, "seat": "E"} or {"event": kind, "player": "ann"}.
record::Node ActorLine(const TableMeta& meta, const std::string& kind, int actor);

}  // namespace referee::server
