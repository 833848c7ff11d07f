// Verdicts for people (compiler-style diagnostics and a score table) and for programs (a tree
// that formats/ writes as JSON). Pure: no files, no streams.
#pragma once

#include <string>
#include <vector>

#include "referee/record/node.h"
#include "reports/source_text.h"
#include "verifier/verdict.h"

namespace referee::reports {

// One finding, compiler style: "FILE:LINE:COL: error[code]: deal 2, trick 5, E, 3S: message",
// then the source line with a caret under the column where there is one, then the JSON pointer.
std::string FormatFinding(const Finding& finding, const std::string& source,
                          const SourceText* text);

// The whole verdict: every finding, then the status line, and (with_scores) the score sheet and
// the result.
std::string FormatVerdict(const verifier::Verdict& verdict, const SourceText* text,
                          bool with_scores = true);

// How many records had each status: a count, so a stream of any length costs the same.
struct StatusTally {
  size_t counts[4] = {};  // indexed by verifier::Status
  void Add(verifier::Status status) { ++counts[static_cast<size_t>(status)]; }
  size_t Of(verifier::Status status) const { return counts[static_cast<size_t>(status)]; }
  size_t Total() const { return counts[0] + counts[1] + counts[2] + counts[3]; }
};

// "3 records: 2 valid, 1 invalid, 0 incomplete, 0 malformed"
std::string FormatTally(const StatusTally& tally);

// The version of the verdict's JSON shape (docs/json-output.md, docs/schemas/verdict.schema.json):
// its number changes when a field changes meaning or goes away, not when one is added.
inline constexpr std::string_view kVerdictFormat = "referee-verdict/1";

// A line of `verify --format json` for an input that could not be read at all: its name and why.
record::Node UnreadableTree(const std::string& file, const std::string& problem);

// The verdict as a tree. Everything under "verdict" depends only on the record's content, so the
// YAML and the JSON encoding of one record give byte-identical "verdict" objects; where the
// record came from (file, line and column) sits beside it in "source" and "locations".
record::Node VerdictTree(const verifier::Verdict& verdict);

}  // namespace referee::reports
