// The cache of dealt boards: a cached deal is the fresh deal, a key is never mistaken for
// another (not even when every key hashes alike), memory stays within the budget, and the
// verifier really deals through it without it hiding a hand that disagrees with the seed.
#include "verifier/deal_cache.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "generator/generator.h"
#include "referee/games/registry.h"
#include "referee/games/trick/trick_events.h"
#include "verifier/sha256.h"
#include "verifier/verifier.h"

namespace referee::verifier {
namespace {

std::vector<int> Fresh(std::string_view seed, int board, int cards) {
  return SeededPermutation(&Sha256, seed, board, cards);
}

size_t SameHashForEveryKey(const DealKey& /*key*/) { return 42; }

// Another SHA-256 function: the digest of the bytes reversed. A deal drawn with it differs.
Sha256Digest ReversedSha256(std::string_view bytes) {
  return Sha256(std::string(bytes.rbegin(), bytes.rend()));
}

struct Key {
  std::string seed;
  int board;
  int cards;
};

// Keys that differ in one part each: the seed (by a byte, by a trailing NUL, by being a prefix,
// empty), the board, the pack size (the 32-card Plonk pack, 52 cards, the 56-card Cahoots deck).
std::vector<Key> NeighbouringKeys() {
  return {{"club-2026", 1, 52},
          {"club-2026", 2, 52},
          {"club-2026", 1, 32},
          {"club-2026", 1, 56},
          {"club-2027", 1, 52},
          {"club-202", 1, 52},
          {std::string("club-2026\0", 10), 1, 52},
          {std::string("club-2026\0"
                       "1",
                       11),
           1, 52},
          {"", 1, 52},
          {std::string(1000, 's'), 1000000, 52}};
}

TEST(DealCache, ACachedDealIsTheFreshDeal) {
  DealCache cache;
  for (int pass = 0; pass < 3; ++pass) {
    for (const Key& key : NeighbouringKeys()) {
      EXPECT_EQ(cache.Deal(&Sha256, key.seed, key.board, key.cards),
                Fresh(key.seed, key.board, key.cards))
          << "pass " << pass << ", board " << key.board << ", " << key.cards << " cards";
    }
  }
  size_t keys = NeighbouringKeys().size();
  EXPECT_EQ(cache.misses(), keys);  // each shuffled once
  EXPECT_EQ(cache.hits(), 2 * keys);
  EXPECT_EQ(cache.entries(), keys);
}

// The hash only chooses a bucket: with every key in one bucket, each still gets its own deal.
TEST(DealCache, KeysWhoseHashesCollideAreStillDifferentDeals) {
  DealCache cache(DealCache::kDefaultBytes, &SameHashForEveryKey);
  std::vector<Key> keys = NeighbouringKeys();
  for (const Key& key : keys) cache.Deal(&Sha256, key.seed, key.board, key.cards);
  for (auto key = keys.rbegin(); key != keys.rend(); ++key) {
    EXPECT_EQ(cache.Deal(&Sha256, key->seed, key->board, key->cards),
              Fresh(key->seed, key->board, key->cards))
        << "board " << key->board << ", " << key->cards << " cards";
  }
  EXPECT_EQ(cache.misses(), keys.size());
  EXPECT_EQ(cache.hits(), keys.size());
}

TEST(DealCache, ADealDrawnWithAnotherSha256IsAnotherDeal) {
  DealCache cache(DealCache::kDefaultBytes, &SameHashForEveryKey);
  std::vector<int> ours = cache.Deal(&Sha256, "club-2026", 1, 52);
  std::vector<int> theirs = cache.Deal(&ReversedSha256, "club-2026", 1, 52);
  EXPECT_NE(ours, theirs);
  EXPECT_EQ(theirs, SeededPermutation(&ReversedSha256, "club-2026", 1, 52));
  EXPECT_EQ(cache.Deal(&Sha256, "club-2026", 1, 52), ours);
}

TEST(DealCache, MemoryStaysWithinTheBudget) {
  constexpr size_t kBudget = 16 * 1024;
  DealCache cache(kBudget);
  for (int board = 1; board <= 1000; ++board) {
    ASSERT_EQ(cache.Deal(&Sha256, "budget", board, 52), Fresh("budget", board, 52));
    ASSERT_LE(cache.bytes(), kBudget) << "after board " << board;
  }
  EXPECT_GT(cache.entries(), 0u);
  EXPECT_LT(cache.entries(), 1000u);
  // The boards that left are shuffled again, and right.
  EXPECT_EQ(cache.Deal(&Sha256, "budget", 1, 52), Fresh("budget", 1, 52));
  EXPECT_EQ(cache.misses(), 1001u);
}

TEST(DealCache, TheLeastRecentlyUsedDealLeavesFirst) {
  DealCache probe;
  probe.Deal(&Sha256, "s0", 1, 52);
  DealCache cache(8 * probe.bytes());  // room for eight entries like it, each within its share
  for (const char* seed : {"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7"}) {
    cache.Deal(&Sha256, seed, 1, 52);
  }
  ASSERT_EQ(cache.entries(), 8u);
  cache.Deal(&Sha256, "s0", 1, 52);  // s0 used again: s1 is now the least recently used
  cache.Deal(&Sha256, "s8", 1, 52);  // full: one leaves
  EXPECT_EQ(cache.entries(), 8u);
  size_t misses = cache.misses();
  cache.Deal(&Sha256, "s0", 1, 52);
  EXPECT_EQ(cache.misses(), misses) << "s0 was used recently and stays";
  EXPECT_EQ(cache.Deal(&Sha256, "s1", 1, 52), Fresh("s1", 1, 52));
  EXPECT_EQ(cache.misses(), misses + 1) << "s1 was the least recently used and left";
}

TEST(DealCache, AnEntryTooLargeForItsShareIsDealtButNotKept) {
  DealCache cache(64 * 1024);
  std::string huge(20 * 1024, 'x');  // more than an eighth of the budget
  EXPECT_EQ(cache.Deal(&Sha256, huge, 1, 52), Fresh(huge, 1, 52));
  EXPECT_EQ(cache.entries(), 0u);
  cache.Deal(&Sha256, "small", 1, 52);
  EXPECT_EQ(cache.entries(), 1u);
}

TEST(DealCache, ABudgetOfNothingShufflesEveryDeal) {
  DealCache cache(0);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(cache.Deal(&Sha256, "none", 1, 52), Fresh("none", 1, 52));
  }
  EXPECT_EQ(cache.misses(), 3u);
  EXPECT_EQ(cache.entries(), 0u);
}

TEST(DealCache, ClearForgetsEveryDeal) {
  DealCache cache;
  cache.Deal(&Sha256, "a", 1, 52);
  cache.Deal(&Sha256, "a", 2, 52);
  cache.Clear();
  EXPECT_EQ(cache.entries(), 0u);
  EXPECT_EQ(cache.bytes(), 0u);
  EXPECT_EQ(cache.Deal(&Sha256, "a", 1, 52), Fresh("a", 1, 52));
  EXPECT_EQ(cache.misses(), 3u);
}

// Each thread has a cache of its own: threads dealing at once each shuffle a board once, and get
// the fresh deal.
TEST(DealCache, EachThreadDealsThroughItsOwnCache) {
  std::vector<int> expected = Fresh("club-2026", 3, 52);
  std::vector<int> mismatches(4, 0);
  std::vector<size_t> misses(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 100; ++i) {
        if (CachedSeededPermutation(&Sha256, "club-2026", 3, 52) != expected) ++mismatches[t];
      }
      misses[t] = ThreadDealCache().misses();
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(mismatches, std::vector<int>(4, 0));
  EXPECT_EQ(misses, std::vector<size_t>(4, 1));
}

record::Record SeededCollusionRecord() {
  generator::GenerateOptions options;
  options.game = games::FindGame("collusion");
  options.seed = "deal-cache";
  options.rules = RuleOptions(options.game->options);
  auto generated = generator::Generate(options);
  EXPECT_TRUE(generated.has_value());
  return generated->at(0).record;
}

int Deals(const record::Record& record) {
  int deals = 0;
  for (const record::Record::Entry& entry : record.entries) {
    const Event* event = std::get_if<Event>(&entry.item);
    if (event != nullptr && event->As<games::trick::DealEvent>() != nullptr) ++deals;
  }
  return deals;
}

// Three tables of one seed: the verifier shuffles each board once (on this thread), and a table
// whose hands disagree with the seed is still caught when its board comes from the cache.
TEST(DealCache, TheVerifierDealsEachBoardOnceAndStillCatchesAMismatch) {
  record::Record record = SeededCollusionRecord();
  record::Record swapped = record;
  for (record::Record::Entry& entry : swapped.entries) {
    Event* event = std::get_if<Event>(&entry.item);
    auto* deal = event != nullptr ? event->As<games::trick::DealEvent>() : nullptr;
    if (deal == nullptr || !deal->hands) continue;
    std::swap((*deal->hands)[0][0], (*deal->hands)[1][0]);  // N and E trade a card
    break;
  }
  int deals = Deals(record);
  ASSERT_GT(deals, 1);
  std::thread([&] {
    DealCache& cache = ThreadDealCache();
    for (int table = 0; table < 3; ++table) {
      EXPECT_EQ(VerifyRecord(record, "table").status, Status::kValid) << "table " << table;
    }
    EXPECT_EQ(cache.misses(), static_cast<size_t>(deals));
    EXPECT_EQ(cache.hits(), static_cast<size_t>(2 * deals));
    Verdict mismatch = VerifyRecord(swapped, "swapped");
    EXPECT_EQ(mismatch.status, Status::kInvalid);
    ASSERT_FALSE(mismatch.findings.empty());
    EXPECT_EQ(mismatch.findings[0].code, "deal-mismatch");
    EXPECT_EQ(cache.misses(), static_cast<size_t>(deals));
  }).join();
}

}  // namespace
}  // namespace referee::verifier
