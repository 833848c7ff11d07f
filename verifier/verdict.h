// Verdict: what the verifier says about one record.
#pragma once

#include <string>
#include <vector>

#include "referee/core/finding.h"
#include "referee/core/match.h"

namespace referee::verifier {

enum class Status {
  kValid,       // every event legal, every claim right, the match finished
  kIncomplete,  // legal so far, but the match did not finish
  kInvalid,     // a rule broken or a claim that differs
  kMalformed,   // not a readable record
};

std::string_view StatusName(Status status);

struct Verdict {
  std::string source;    // file name, with the record's line in a stream
  int record_index = 0;  // 0-based position in its file (JSON Lines); 0 otherwise
  Status status = Status::kValid;
  std::string game;               // empty when the record could not be read that far
  std::vector<Finding> findings;  // in record order, line and column filled where known
  int events_checked = 0;
  int events_unchecked = 0;
  ScoreSheet scores;
  Outcome outcome;
  // The deals the director voided that the record reached (VerifyDocument's `voids`): the
  // scores and the outcome leave them out.
  std::vector<int> voided_by_director;
};

// The verdict of a record that could not be read: one malformed finding.
Verdict MalformedVerdict(std::string source, int record_index, Finding finding);

}  // namespace referee::verifier
