// LiveReferee: the `referee live` protocol over lines of text (docs/live.md), without the streams:
// the CLI feeds it standard input line by line and writes what it answers. It owns the Session,
// writes the journal through a JournalDisk, and decides when the program must stop.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "formats/read_limits.h"
#include "live/journal.h"
#include "live/session.h"
#include "verifier/verdict.h"

namespace referee::live {

// The longest line the protocol reads (docs/live.md): a header is a record without its events, so
// a line may be as long as a record. Reading stops keeping a longer line at this size.
inline constexpr size_t kMaxLineBytes = formats::ReadLimits{}.max_document_bytes;

class LiveReferee {
 public:
  enum class Stop {
    kNo,         // go on reading
    kBadHeader,  // the header cannot be read, or differs from the journal's (exit 2)
    kDisk,       // the journal could not be written: fatal (exit 4)
  };
  struct Output {
    std::string reply;  // one JSON line and its line break; empty for a blank input line
    std::string error;  // for standard error, with kDisk
    Stop stop = Stop::kNo;
  };

  // `journal` (none: no journal) receives the header and every accepted event; `resumed` is the
  // session replayed from that journal, whose header the first line must repeat.
  LiveReferee(JournalDisk* journal, std::optional<Session> resumed);

  Output OnLine(std::string_view text);
  // A line longer than kMaxLineBytes, whose text was not kept: a `too-large` rejection (and the end
  // of the session when it was the header).
  Output OnOverlongLine();
  // Whether a header line came (a resumed session too waits for one).
  bool HeaderSeen() const { return header_seen_; }
  // At the end of the input: the verdict of the accepted events (malformed without a header).
  verifier::Status FinalStatus() const;
  // The session once a header was accepted; null before.
  const Session* session() const { return session_ ? &*session_ : nullptr; }

 private:
  Output OnUnreadable(const Finding& finding);
  Output OnHeader(const record::Node& header);
  Output OnEvent(const record::Node& line);
  static Output Answer(const record::Node& reply, Stop stop = Stop::kNo);

  JournalDisk* journal_;
  std::optional<Session> session_;
  bool header_seen_ = false;
};

}  // namespace referee::live
