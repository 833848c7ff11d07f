// OrderedPipeline: results in input order whatever the timing, a bounded number in flight, and
// failures that reach the caller.
#include "verifier/ordered_pipeline.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

namespace referee::verifier {
namespace {

// A source of the numbers 0..count-1.
std::function<std::optional<int>()> Counter(int count) {
  auto next = std::make_shared<int>(0);
  return [next, count]() -> std::optional<int> {
    if (*next >= count) return std::nullopt;
    return (*next)++;
  };
}

TEST(OrderedPipeline, OneThreadRunsOnTheCallingThread) {
  std::thread::id caller = std::this_thread::get_id();
  std::vector<int> out;
  OrderedPipeline<int, int> pipeline(1, 4);
  pipeline.Run(
      Counter(5),
      [&](int& item) {
        EXPECT_EQ(std::this_thread::get_id(), caller);
        return item * 10;
      },
      [&](int& result) { out.push_back(result); });
  EXPECT_EQ(out, (std::vector<int>{0, 10, 20, 30, 40}));
}

// N threads are the caller and N - 1 workers: the caller works on items instead of waiting for
// the oldest, so that N threads never compete with a reader for N cores.
TEST(OrderedPipeline, NThreadsAreTheCallerAndNMinusOneWorkers) {
  for (unsigned threads : {2u, 3u}) {
    std::thread::id caller = std::this_thread::get_id();
    std::mutex mutex;
    std::set<std::thread::id> working;
    int emitted = 0;
    OrderedPipeline<int, int> pipeline(threads, 8);
    pipeline.Run(
        Counter(60),
        [&](int& item) {
          {
            std::lock_guard<std::mutex> lock(mutex);
            working.insert(std::this_thread::get_id());
          }
          std::this_thread::sleep_for(std::chrono::microseconds(500));
          return item;
        },
        [&](int& result) { EXPECT_EQ(result, emitted++); });
    EXPECT_EQ(emitted, 60);
    EXPECT_LE(working.size(), threads) << threads << " threads";
    EXPECT_TRUE(working.contains(caller)) << threads << " threads";
  }
}

RC_GTEST_PROP(OrderedPipeline, EmitsInInputOrderWhateverTheTiming, ()) {
  const int count = *rc::gen::inRange(0, 200);
  const unsigned threads = *rc::gen::inRange(2u, 5u);
  const size_t window = *rc::gen::inRange<size_t>(1, 9);
  // Later items often finish first: the delays shrink along the input.
  std::vector<int> out;
  OrderedPipeline<int, int> pipeline(threads, window);
  pipeline.Run(
      Counter(count),
      [&](int& item) {
        if (item % 7 == 0) std::this_thread::sleep_for(std::chrono::microseconds(200 - item));
        return item * 2 + 1;
      },
      [&](int& result) { out.push_back(result); });
  RC_ASSERT(static_cast<int>(out.size()) == count);
  for (int i = 0; i < count; ++i) RC_ASSERT(out[i] == i * 2 + 1);
}

TEST(OrderedPipeline, KeepsAtMostTheWindowInFlight) {
  // In flight: read from the source and not yet emitted.
  std::atomic<int> read{0};
  int emitted = 0;
  int most_in_flight = 0;
  const size_t window = 3;
  OrderedPipeline<int, int> pipeline(4, window);
  auto source = Counter(100);
  pipeline.Run(
      [&]() -> std::optional<int> {
        std::optional<int> item = source();
        if (item) most_in_flight = std::max(most_in_flight, ++read - emitted);
        return item;
      },
      [](int& item) { return item; }, [&](int& /*result*/) { ++emitted; });
  EXPECT_EQ(emitted, 100);
  EXPECT_LE(most_in_flight, static_cast<int>(window));
}

TEST(OrderedPipeline, AFailureReachesTheCallerInItsTurn) {
  for (unsigned threads : {1u, 2u, 4u}) {
    std::vector<int> out;
    OrderedPipeline<int, int> pipeline(threads, 4);
    EXPECT_THROW(pipeline.Run(
                     Counter(50),
                     [](int& item) {
                       if (item == 17) throw std::runtime_error("item 17");
                       return item;
                     },
                     [&](int& result) { out.push_back(result); }),
                 std::runtime_error)
        << threads << " threads";
    // Everything before the failing item was emitted, nothing after it.
    ASSERT_EQ(out.size(), 17u) << threads << " threads";
    for (int i = 0; i < 17; ++i) EXPECT_EQ(out[i], i);
  }
}

TEST(OrderedPipeline, AnEmptySourceEmitsNothing) {
  int emitted = 0;
  OrderedPipeline<int, int> pipeline(3, 2);
  pipeline.Run(
      Counter(0), [](int& item) { return item; }, [&](int& /*result*/) { ++emitted; });
  EXPECT_EQ(emitted, 0);
}

}  // namespace
}  // namespace referee::verifier
