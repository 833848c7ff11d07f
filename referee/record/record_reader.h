// Reads a record from its Node tree: the common header here, the body through the game's reader.
// The first problem found is returned as a Malformed finding with its JSON pointer.
#pragma once

#include "referee/core/result.h"
#include "referee/record/node.h"
#include "referee/record/record.h"

namespace referee::record {

Result<Record> ReadRecord(const Node& root);

// The header alone (format, game, rules, players, metadata, seed), for a client that sees a live
// table's public header: the body and a claimed result are neither read nor required.
Result<Record> ReadRecordHeader(const Node& root);

// The claimed `result:` of the record at `root`, for a record whose header is read.
Result<void> ReadRecordResult(const Node& root, Record& record);

// Reads `rules:` against a game's option specs (also used by league files and live headers).
Result<void> ReadRuleOptions(const Node& node, const std::string& path,
                             const std::vector<OptionSpec>& specs, RuleOptions& options);

}  // namespace referee::record
