// Session: one match refereed live, one line at a time (docs/live.md). Pure: no files, streams or
// clocks. It reads the header like a record's header, owns the game's Match, and answers every
// line with exactly one reply; an event is applied only if the rules accept it, and a rejected
// event changes nothing. What it accepted is a record: record() holds the header and the accepted
// events, and Verdict() is what `referee verify` says about that record.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "referee/core/match.h"
#include "referee/core/result.h"
#include "referee/games/registry.h"
#include "referee/record/node.h"
#include "referee/record/record.h"
#include "verifier/verdict.h"

namespace referee::live {

struct Reply {
  record::Node line;  // the reply, written as one JSON line
  // The accepted event as a canonical line (seat or player filled in), to be journaled before the
  // reply is sent; none for a rejection, a view or a legal request.
  std::optional<record::Node> accepted;
};

class Session {
 public:
  // Reads the header line: a record without its events (no `deals:`, no `turns:`). A header that
  // cannot be read is a Malformed finding; a table the header sets up that the rules refuse, an
  // error finding.
  static Result<Session> Start(const record::Node& header);

  // The reply to the header line; `resumed` counts the events replayed from a journal.
  record::Node Greeting(int resumed) const;
  // One line: an event, `view` or `legal`.
  // `source`: a journal's lines were accepted once (games::LineSource).
  Reply Handle(const record::Node& line, games::LineSource source = games::LineSource::kSeat);
  // The reply to a line that is not an event at all (not JSON): its finding, and whose turn it is.
  record::Node Rejection(const Finding& finding) const;
  // What `actor` (a seat or player index; none: anyone) may know of the match now, as one map:
  // `next`, and for an actor its `view` and its `legal` events, as its view and legal requests
  // answer them. `referee serve` answers a table's state and a seat's wait with it.
  record::Node StateFor(std::optional<int> actor) const;
  // The header as anyone may see it: without the seed and the game's hidden keys (the pack order,
  // the goal pile: games::LiveHooks::hidden_keys), which hold what no seat may see.
  record::Node PublicHeader() const;
  // An independent copy: what one copy is told or accepts changes nothing in the other.
  Session Clone() const;

  const record::Node& header() const { return header_; }
  const record::Record& record() const { return record_; }
  int events() const { return events_; }  // accepted since the header
  const Match& match() const { return *match_; }
  bool IsOver() const { return match_->IsOver(); }
  // The verdict of `referee verify` on the record of the accepted events.
  verifier::Verdict Verdict() const;

 private:
  Session(record::Node header, record::Record record, std::unique_ptr<Match> match);

  Reply Apply(const Event& event);
  record::Node Acceptance(const Event& event, const Ruling& ruling) const;
  record::Node ViewReply(const record::Node& line) const;
  record::Node LegalReply(const record::Node& line) const;
  record::Node ViewNode(int actor) const;
  record::Node LegalList(int actor) const;
  Result<int> ReadActor(const record::Node& line) const;
  record::Node NextNode() const;

  record::Node header_;
  record::Record record_;
  std::unique_ptr<Match> match_;
  int events_ = 0;
};

}  // namespace referee::live
