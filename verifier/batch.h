// Verifying many records on several threads. Verdicts come back in input order whatever the
// timing of the threads, so everything built on them is deterministic.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "referee/core/result.h"
#include "referee/record/node.h"
#include "verifier/verdict.h"

namespace referee::verifier {

// One record to verify: its parsed tree, or the finding that made it unreadable.
struct BatchInput {
  std::string source;
  int record_index = 0;
  Result<record::Node> node;
};

// Called after each verdict with how many are done out of how many; calls are serialised (never
// two at once), so the callback needs no locking of its own.
using BatchProgress = std::function<void(size_t done, size_t total)>;

// Verifies every input on `threads` threads (0: std::thread::hardware_concurrency(), at least 1).
std::vector<Verdict> VerifyBatch(const std::vector<BatchInput>& inputs, unsigned threads = 0,
                                 const BatchProgress& progress = {});

}  // namespace referee::verifier
