// A bounded cache of dealt boards, so that a duplicate event pays each board's shuffle once.
//
// At a duplicate event every table plays the same boards: one published seed, boards 1..N. Each
// table's record carries the seed, and verifying it redoes the seeded shuffle of every board
// (referee/core/seeded_deal.h: a dozen SHA-256 blocks a deal), so 500 tables would shuffle every
// board 500 times. The cache keeps the shuffled order of each (seed, board, pack size, SHA-256
// function) it has dealt, and hands out a copy the next time.
//
// Most records have a seed of their own, and their boards are never asked for again: a miss must
// cost next to nothing beside the shuffle. So the deals are kept by seed, in a few slots whose
// memory is reused (a seed's text, its boards' numbers and orders): a miss scans the slots'
// hashes, and keeping a deal allocates nothing once the slots have grown. A key is compared in
// full, the seed byte for byte: its hash only rules slots out quickly, so two seeds whose hashes
// collide are still two seeds. Memory is bounded in bytes (seed and order of every deal, with
// their bookkeeping): the least recently used deals leave first, and a deal too large to share
// the budget is dealt without being kept. At most kSeeds seeds are kept at once: a duplicate
// event plays one seed (or one per section), so its boards stay while other records come and go.
//
// A cache is not safe to share between threads. The verifier keeps one per thread
// (ThreadDealCache): the threads of a run need no lock, and each pays a board's shuffle once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "referee/core/seeded_deal.h"

namespace referee::verifier {

// What a deal depends on: the whole seed text, the board, the size of the pack and the SHA-256
// function that draws it.
struct DealKey {
  std::string_view seed;
  int board = 0;
  int cards = 0;
  Sha256Function sha256 = nullptr;

  bool operator==(const DealKey& other) const = default;  // the seed compared byte for byte
};

class DealCache {
 public:
  // Hashes a key's seed, pack size and SHA-256 function (its board is not hashed: a slot holds
  // every board of one seed).
  using KeyHash = size_t (*)(const DealKey& key);
  static size_t DefaultHash(const DealKey& key);

  // A budget of 4 MB a thread holds thousands of boards of ordinary seeds.
  static constexpr size_t kDefaultBytes = size_t{4} << 20;
  // The seeds kept at once.
  static constexpr size_t kSeeds = 64;

  explicit DealCache(size_t max_bytes = kDefaultBytes, KeyHash hash = &DefaultHash);
  DealCache(const DealCache&) = delete;
  DealCache& operator=(const DealCache&) = delete;

  // SeededPermutation(sha256, seed, board, cards), shuffled only when the cache does not hold it.
  std::vector<int> Deal(Sha256Function sha256, std::string_view seed, int board, int cards);

  // Forgets every deal (and keeps counting hits and misses).
  void Clear();
  // A new budget; deals over it leave at once. 0 keeps nothing: every deal is shuffled.
  void SetMaxBytes(size_t max_bytes);

  size_t hits() const { return hits_; }
  size_t misses() const { return misses_; }
  size_t entries() const { return entries_; }  // the deals kept
  size_t bytes() const { return bytes_; }      // what they cost, at most max_bytes()
  size_t max_bytes() const { return max_bytes_; }

 private:
  // One seed's deals: for i below `count`, board `boards[i]` was dealt as `orders[i]` and last
  // used at `used[i]`. The vectors keep their memory past `count` when deals leave or the slot is
  // taken for another seed, so that keeping a deal seldom allocates.
  struct Slot {
    size_t hash = 0;
    std::string seed;
    int cards = 0;
    Sha256Function sha256 = nullptr;
    size_t count = 0;
    uint64_t last_used = 0;
    std::vector<int> boards;
    std::vector<std::vector<int>> orders;
    std::vector<uint64_t> used;
  };

  static size_t CostOf(std::string_view seed, int cards);
  Slot* FindSlot(const DealKey& key, size_t hash);
  Slot& FreeSlot(const DealKey& key, size_t hash);
  void Keep(Slot& slot, int board, const std::vector<int>& order);
  void Forget(Slot& slot, size_t index);
  void EvictTo(size_t max_bytes);

  size_t max_bytes_;
  KeyHash hash_;
  size_t bytes_ = 0;
  size_t entries_ = 0;
  size_t hits_ = 0;
  size_t misses_ = 0;
  uint64_t clock_ = 0;  // counts uses, for the least recently used
  std::vector<Slot> slots_;
};

// The calling thread's cache, made on first use.
DealCache& ThreadDealCache();

// SeededPermutation through the calling thread's cache: the seeded-deal function the verifier
// gives the matches it replays (MatchSetup::seeded_deal).
std::vector<int> CachedSeededPermutation(Sha256Function sha256, std::string_view seed, int board,
                                         int n);

}  // namespace referee::verifier
