// The verifier: reads a record from its document, replays every event through the game's rule
// engine as it is read, checks every claim against the recomputed scores and returns the verdict.
//
// A broken deal does not stop the check of later deals: the deal's first illegal event is
// reported, its later events go unchecked (a note says how many), the deal is voided (its claimed
// points stand in, when the record has them) and the next deal is checked as usual.
#pragma once

#include <string>

#include "referee/record/document.h"
#include "referee/record/node.h"
#include "referee/record/record.h"
#include "verifier/verdict.h"

namespace referee::verifier {

// The verdict on the record at the root of `document`. Its findings carry JSON pointers; their
// lines and columns are the caller's to find (formats::PlaceFindings), or VerifyText's.
Verdict VerifyDocument(const record::Document& document, std::string source, int record_index = 0);
// For callers that hold a tree (a record written back by the generator, a test).
Verdict VerifyNode(const record::Node& root, std::string source, int record_index = 0);
// For callers that already hold a record (the live referee, tests).
Verdict VerifyRecord(const record::Record& record, std::string source, int record_index = 0);

// The set-up a record's match starts from: rules, players, seed and SHA-256.
MatchSetup SetupFor(const record::Record& record);

}  // namespace referee::verifier
