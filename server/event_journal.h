// The journal of an event (docs/serve.md, "A club night"): one JSON line per act, chained by
// SHA-256 so that an edit made afterwards is found, at the server's start and by `referee event
// verify`. Each line is the act's canonical JSON (formats::WriteJson, compact) with two members
// the chain adds:
//   "seq": the line's number from 1, first, and "prev": the previous line's "sha256" ("" on the
//   first line), second; and, last, "sha256": the SHA-256 (hex) of the line without it, i.e. of
//   the canonical JSON of every member before it.
// A line is accepted only if it is byte for byte the line these rules make of its members: any
// byte changed (a value, a space, a key's order) breaks the line's own digest or its form, and a
// line removed, added or moved breaks the next line's "prev" or "seq". Someone who rewrites every
// digest after an edit makes a new chain: its last digest (the `journal_sha256` that the event's
// GET and its export publish) then differs from the one published before.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "referee/core/result.h"
#include "referee/record/node.h"

namespace referee::server {

struct ChainedLine {
  record::Node act;  // the line without "seq", "prev" and "sha256"
  std::string sha256;
};

// The line for `act` (a map) as number `seq` after the line whose digest is `prev`, with its line
// break; `sha256` gets its digest.
std::string ChainLine(const record::Node& act, int seq, const std::string& prev,
                      std::string* sha256);

// Where a chain breaks: the line (from 1) and what is wrong with it.
struct ChainBreak {
  int line = 0;
  std::string message;
};

// Every line of a journal, checked. Whole lines only: a journal that does not end with a line
// break has a torn last line (a crash while it was written), which the caller drops first.
Result<std::vector<ChainedLine>, ChainBreak> ReadChain(std::string_view text);

}  // namespace referee::server
