// A bounded cache of dealt boards, so that a duplicate event pays each board's shuffle once.
//
// At a duplicate event every table plays the same boards: one published seed, boards 1..N. Each
// table's record carries the seed, and verifying it redoes the seeded shuffle of every board
// (referee/core/seeded_deal.h: a dozen SHA-256 blocks a deal), so 500 tables would shuffle every
// board 500 times. The cache keeps the shuffled order of each (seed, board, pack size, SHA-256
// function) it has dealt, and hands out a copy the next time.
//
// A key is compared in full, the seed byte for byte: its hash only picks a bucket, so two keys
// whose hashes collide are still two deals. Memory is bounded in bytes (seed and order of every
// entry, with their bookkeeping): the least recently used entries leave first, and an entry too
// large to share the budget is dealt without being kept.
//
// A cache is not safe to share between threads. The verifier keeps one per thread
// (ThreadDealCache): the threads of a run need no lock, and each pays a board's shuffle once.
#pragma once

#include <cstddef>
#include <list>
#include <string>
#include <string_view>
#include <unordered_map>
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
  using KeyHash = size_t (*)(const DealKey& key);
  static size_t DefaultHash(const DealKey& key);

  // A budget of 4 MB a thread holds thousands of boards of ordinary seeds.
  static constexpr size_t kDefaultBytes = size_t{4} << 20;

  explicit DealCache(size_t max_bytes = kDefaultBytes, KeyHash hash = &DefaultHash);
  DealCache(const DealCache&) = delete;
  DealCache& operator=(const DealCache&) = delete;

  // SeededPermutation(sha256, seed, board, cards), shuffled only when the cache does not hold it.
  std::vector<int> Deal(Sha256Function sha256, std::string_view seed, int board, int cards);

  // Forgets every deal (and keeps counting hits and misses).
  void Clear();
  // A new budget; entries over it leave at once. 0 keeps nothing: every deal is shuffled.
  void SetMaxBytes(size_t max_bytes);

  size_t hits() const { return hits_; }
  size_t misses() const { return misses_; }
  size_t entries() const { return entries_.size(); }
  size_t bytes() const { return bytes_; }  // what the entries cost, at most max_bytes()
  size_t max_bytes() const { return max_bytes_; }

 private:
  struct Entry {
    std::string seed;  // owns the text that the index's key points at (a list node never moves)
    int board = 0;
    int cards = 0;
    Sha256Function sha256 = nullptr;
    std::vector<int> order;
    size_t bytes = 0;
    DealKey Key() const { return DealKey{seed, board, cards, sha256}; }
  };
  struct Hasher {
    KeyHash hash;
    size_t operator()(const DealKey& key) const { return hash(key); }
  };
  using Entries = std::list<Entry>;  // most recently used first

  static size_t CostOf(std::string_view seed, int cards);
  void Insert(Sha256Function sha256, std::string_view seed, int board, std::vector<int> order);
  void EvictTo(size_t max_bytes);

  size_t max_bytes_;
  size_t bytes_ = 0;
  size_t hits_ = 0;
  size_t misses_ = 0;
  Entries entries_;
  std::unordered_map<DealKey, Entries::iterator, Hasher> index_;
};

// The calling thread's cache, made on first use.
DealCache& ThreadDealCache();

// SeededPermutation through the calling thread's cache: the seeded-deal function the verifier
// gives the matches it replays (MatchSetup::seeded_deal).
std::vector<int> CachedSeededPermutation(Sha256Function sha256, std::string_view seed, int board,
                                         int n);

}  // namespace referee::verifier
