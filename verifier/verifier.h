// The verifier: reads a record from its document, replays every event through the game's rule
// engine as it is read, checks every claim against the recomputed scores and returns the verdict.
//
// A broken deal does not stop the check of later deals: the deal's first illegal event is
// reported, its later events go unchecked (a note says how many), the deal is voided (its claimed
// points stand in, when the record has them) and the next deal is checked as usual.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "referee/record/document.h"
#include "referee/record/node.h"
#include "referee/record/record.h"
#include "verifier/verdict.h"

namespace referee::verifier {

// A deal the director voided after it was played (a league file's `voids:`, an event's `void`
// act): the record stands as played and is checked as played, but the deal is not scored, and
// the match is scored on from the next deal as the record plays it.
struct DirectorVoid {
  int deal = 0;  // 1-based
  std::string reason;
};
// The director's voids of each record, by the record's `id:`.
using DirectorVoids = std::map<std::string, std::vector<DirectorVoid>, std::less<>>;

// The verdict on the record at the root of `document`. Its findings carry JSON pointers; their
// lines and columns are the caller's to find (formats::PlaceFindings), or VerifyText's.
// Where `voids` holds the record's id, the verdict's findings, events and status are those of
// the record as played, and its scores and outcome those of the match with those deals voided
// (Verdict::voided_by_director says which the record reached).
Verdict VerifyDocument(const record::Document& document, std::string source, int record_index = 0,
                       const DirectorVoids* voids = nullptr);
// For callers that hold a tree (a record written back by the generator, a test).
Verdict VerifyNode(const record::Node& root, std::string source, int record_index = 0,
                   const DirectorVoids* voids = nullptr);
// For callers that already hold a record (the live referee, tests).
Verdict VerifyRecord(const record::Record& record, std::string source, int record_index = 0);

// The set-up a record's match starts from: rules, players, seed and SHA-256.
MatchSetup SetupFor(const record::Record& record);

}  // namespace referee::verifier
