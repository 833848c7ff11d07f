// The verifier: reads a record from its parsed tree, replays every event through the game's rule
// engine, checks every claim against the recomputed scores and returns the verdict.
//
// A broken deal does not stop the check of later deals: the deal's first illegal event is
// reported, its later events go unchecked (a note says how many), the deal is voided (its claimed
// points stand in, when the record has them) and the next deal is checked as usual.
#pragma once

#include <optional>
#include <string>

#include "referee/record/node.h"
#include "referee/record/record.h"
#include "referee/record/tokens.h"
#include "verifier/verdict.h"

namespace referee::verifier {

Verdict VerifyNode(const record::Node& root, std::string source, int record_index = 0);
// For callers that already hold a record (the live referee, tests).
Verdict VerifyRecord(const record::Record& record, std::string source, int record_index = 0);

// The fast path (referee/record/record_stream.h): the verdict on a legal record given as tokens
// (formats::TokenizeJson), its header read from them and its body replayed straight into its
// game's match (GameDescriptor::replay_body). The same verdict as VerifyNode on the record's tree;
// none as soon as there is anything to report, a form the fast readers do not take or a game with
// no fast replay: the record must then be verified that slow way, which makes the findings.
std::optional<Verdict> VerifyTokens(const record::TokenBuffer& tokens, std::string source,
                                    int record_index = 0);

// The set-up a record's match starts from: rules, players, seed and SHA-256.
MatchSetup SetupFor(const record::Record& record);

}  // namespace referee::verifier
