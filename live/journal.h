// The journal of a live session (docs/live.md): JSON Lines, the header line first, then every
// accepted event line. Each line is made durable before its acceptance is answered, so a journal
// holds every acknowledged event; a crash can at most leave one unterminated last line, which was
// never acknowledged and is dropped on restart.
//
// The disk sits behind JournalDisk (the POSIX file is in journal_file.h) so tests can fake it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "formats/read_limits.h"
#include "live/session.h"
#include "referee/core/error.h"
#include "referee/core/result.h"
#include "referee/record/node.h"

namespace referee::live {

// The most a journal may hold: a journal is read back as a record (by `referee verify` and on
// restart), so it has a record's size limit. A real match's journal is a few hundred kilobytes.
inline constexpr size_t kMaxJournalBytes = formats::ReadLimits{}.max_document_bytes;

class JournalDisk {
 public:
  virtual ~JournalDisk() = default;
  // Appends `bytes` and makes them durable before returning (a file: write(2), then
  // fdatasync(2)). Returns what went wrong; the caller must stop, since an event it cannot
  // journal cannot be acknowledged.
  virtual Result<void, Error> Append(std::string_view bytes) = 0;
};

// A journal's text cut into complete lines, and what a crash left after the last of them.
struct JournalText {
  std::vector<std::string_view> lines;  // complete lines, without their line breaks
  size_t complete_bytes = 0;            // the text up to the end of the last complete line
  size_t torn_bytes = 0;                // an unterminated last line (0: none)
};
JournalText SplitJournal(std::string_view text);

// The journal line of a node: compact canonical JSON and a line break.
std::string JournalLine(const record::Node& node);

// A line `referee serve` writes for an act of the organiser that is not an event of the match (a
// re-issue of tokens, a cancellation; docs/serve.md): a map with "organiser" and no "event".
// Replay and the record leave it out.
bool IsOrganiserLine(const record::Node& line);

// Replays a journal's complete lines through a fresh Session: the header, then events that must
// all be accepted. Anything else is corruption: the finding names the line (place.line, 1-based).
// Organiser lines are skipped, and given to the caller in `organiser_lines` when it asks.
Result<Session> ReplayJournal(const JournalText& journal,
                              std::vector<record::Node>* organiser_lines = nullptr);

// The record a journal holds, as the tree of an ordinary record in canonical form (what `referee
// verify` checks and `referee convert` writes). A torn last line is left out; `torn_bytes` (when
// given) says how long it was.
Result<record::Node> JournalRecord(std::string_view text, size_t* torn_bytes = nullptr);

// Whether a text starts like a journal: a first line that is a header (it has "format") and a
// second line that is an event line (it has "event" and no "format"). The CLI recognises a
// journal by this or by the extension `.journal`.
bool LooksLikeJournal(std::string_view text);

}  // namespace referee::live
