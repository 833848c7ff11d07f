#include "verifier/deal_cache.h"

#include <functional>
#include <utility>

namespace referee::verifier {
namespace {

// The bookkeeping of an entry beside its seed and order: the entry, its list node and its index
// node, roughly.
constexpr size_t kEntryOverhead = 160;

// An entry larger than this share of the budget is dealt but not kept, so that one huge seed
// cannot push every board out.
constexpr size_t kLargestShare = 8;

}  // namespace

size_t DealCache::DefaultHash(const DealKey& key) {
  size_t hash = std::hash<std::string_view>()(key.seed);
  auto mix = [&hash](size_t value) {
    hash ^= value + 0x9e3779b97f4a7c15ULL + (hash << 6) + (hash >> 2);
  };
  mix(static_cast<size_t>(key.board));
  mix(static_cast<size_t>(key.cards));
  mix(std::hash<const void*>()(reinterpret_cast<const void*>(key.sha256)));
  return hash;
}

DealCache::DealCache(size_t max_bytes, KeyHash hash)
    : max_bytes_(max_bytes), index_(16, Hasher{hash}) {}

size_t DealCache::CostOf(std::string_view seed, int cards) {
  return seed.size() + static_cast<size_t>(cards) * sizeof(int) + sizeof(Entry) + kEntryOverhead;
}

std::vector<int> DealCache::Deal(Sha256Function sha256, std::string_view seed, int board,
                                 int cards) {
  auto found = index_.find(DealKey{seed, board, cards, sha256});
  if (found != index_.end()) {
    ++hits_;
    entries_.splice(entries_.begin(), entries_, found->second);  // now the most recently used
    return found->second->order;
  }
  ++misses_;
  std::vector<int> order = SeededPermutation(sha256, seed, board, cards);
  if (CostOf(seed, cards) <= max_bytes_ / kLargestShare) {
    Insert(sha256, seed, board, order);
  }
  return order;
}

void DealCache::Insert(Sha256Function sha256, std::string_view seed, int board,
                       std::vector<int> order) {
  int cards = static_cast<int>(order.size());
  size_t cost = CostOf(seed, cards);
  EvictTo(max_bytes_ - cost);
  entries_.push_front(Entry{std::string(seed), board, cards, sha256, std::move(order), cost});
  index_.emplace(entries_.front().Key(), entries_.begin());
  bytes_ += cost;
}

void DealCache::EvictTo(size_t max_bytes) {
  while (bytes_ > max_bytes && !entries_.empty()) {
    Entry& oldest = entries_.back();
    index_.erase(oldest.Key());  // before the text its key points at goes
    bytes_ -= oldest.bytes;
    entries_.pop_back();
  }
}

void DealCache::Clear() { EvictTo(0); }

void DealCache::SetMaxBytes(size_t max_bytes) {
  max_bytes_ = max_bytes;
  EvictTo(max_bytes);
}

DealCache& ThreadDealCache() {
  thread_local DealCache cache;
  return cache;
}

std::vector<int> CachedSeededPermutation(Sha256Function sha256, std::string_view seed, int board,
                                         int n) {
  return ThreadDealCache().Deal(sha256, seed, board, n);
}

}  // namespace referee::verifier
