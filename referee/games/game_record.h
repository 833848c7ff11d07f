// A whole record read from its document and written back: the common header and the claimed
// result here, the body through its game's reader and writer (GameDescriptor::read_body,
// write_body). It finds the game in the registry, so it sits above the games, which sit above
// referee/record/ (the document, its fields and the Record they fill). The functions keep the
// record namespace of what they read and write. The first problem found is a Malformed finding
// with its JSON pointer.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "referee/core/result.h"
#include "referee/core/rule_options.h"
#include "referee/record/document.h"
#include "referee/record/node.h"
#include "referee/record/record.h"

namespace referee::record {

// The header (format, game, rules, players, metadata, seed), its entries and result left empty:
// for a record whose body is replayed as it is read (the verifier), and for a client that sees a
// live table's public header.
Result<Record> ReadRecordHeader(Value root);
Result<Record> ReadRecordHeader(const Node& root);

// The claimed `result:` of the record at `root`, none when it claims none.
Result<std::optional<std::vector<ClaimedFact>>> ReadRecordResult(Value root,
                                                                 const games::GameDescriptor& game);

// The whole record, its body's events and claims in its entries (the generator, the live
// referee and the tests keep records so).
Result<Record> ReadRecord(Value root);
Result<Record> ReadRecord(const Node& root);

// The record as a Node tree in canonical form: fixed key order, canonical cards, only the rule
// options the record set. formats/ turns the tree into YAML or JSON text.
Node WriteRecord(const Record& record);

// Reads `rules:` against a game's option specs (also used by league files and live headers).
Result<void> ReadRuleOptions(Value rules, const std::vector<OptionSpec>& specs,
                             RuleOptions& options);
// The same on a tree whose value is at `path`.
Result<void> ReadRuleOptions(const Node& node, const std::string& path,
                             const std::vector<OptionSpec>& specs, RuleOptions& options);

}  // namespace referee::record
