// Reading a record from tokens (referee/record/tokens.h) straight into its entries: the fast path
// of verification, which makes no tree of the record. It reads what the tree readers read and
// makes the same entries in the same order, a deal (or a game's set-up and its turns) at a time;
// anything it does not read exactly as they would (a problem they would report, a form it does not
// know) it leaves to them: the record is then read again the slow way.
#pragma once

#include <optional>
#include <vector>

#include "referee/record/record.h"
#include "referee/record/tokens.h"

namespace referee::record {

// Where a fast reader puts what it reads.
class EntrySink {
 public:
  virtual ~EntrySink() = default;
  // The header is read; the body follows. False stops the reading.
  virtual bool Start(const Record& header) = 0;
  // The next entries, in record order: a whole deal with its claim, or a set-up, or a turn. The
  // sink may take them (the batch is emptied after). False stops the reading.
  virtual bool Take(std::vector<Record::Entry>& batch) = 0;
};

// The value of each of a game's body keys (GameDescriptor::body_keys, in that order): its token
// index, or none where the record leaves it out.
using BodyValues = std::vector<std::optional<size_t>>;

// Reads a record: its header as ReadRecordHeader does, its body through its game's streaming
// reader (GameDescriptor::stream_body), and its claimed result, which is returned. None when the
// record must be read the slow way (the tree readers then make the finding).
std::optional<std::optional<std::vector<ClaimedFact>>> StreamRecord(const TokenBuffer& tokens,
                                                                    EntrySink& sink);

}  // namespace referee::record
