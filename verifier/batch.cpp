#include "verifier/batch.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

#include "verifier/verifier.h"

namespace referee::verifier {
namespace {

Verdict VerifyOne(const BatchInput& input) {
  if (!input.node.has_value()) {
    return MalformedVerdict(input.source, input.record_index, input.node.error());
  }
  return VerifyNode(*input.node, input.source, input.record_index);
}

}  // namespace

std::vector<Verdict> VerifyBatch(const std::vector<BatchInput>& inputs, unsigned threads,
                                 const BatchProgress& progress) {
  std::vector<Verdict> verdicts(inputs.size());
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<size_t>(threads, std::max<size_t>(1, inputs.size())));
  // Each worker takes the next unclaimed input and writes only its own slot: no two threads
  // touch the same verdict, and the order of the output is the order of the input.
  std::atomic<size_t> next{0};
  std::mutex progress_mutex;
  size_t done = 0;
  auto work = [&] {
    for (size_t i = next++; i < inputs.size(); i = next++) {
      verdicts[i] = VerifyOne(inputs[i]);
      if (!progress) continue;
      std::lock_guard<std::mutex> lock(progress_mutex);
      progress(++done, inputs.size());
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& thread : pool) thread.join();
  return verdicts;
}

}  // namespace referee::verifier
