#include "verifier/deal_cache.h"

#include <algorithm>
#include <functional>
#include <utility>

namespace referee::verifier {
namespace {

// The bookkeeping of a deal beside its seed text, its order and its slot's arrays: the seed is
// counted once per deal kept (a slot holds it once), so the figure errs on the safe side.
constexpr size_t kEntryOverhead = 64;

// The deals' worth of memory a slot keeps when it is taken for another seed.
constexpr size_t kSpareBoards = 64;

// An entry larger than this share of the budget is dealt but not kept, so that one huge seed
// cannot push every board out.
constexpr size_t kLargestShare = 8;

}  // namespace

size_t DealCache::DefaultHash(const DealKey& key) {
  size_t hash = std::hash<std::string_view>()(key.seed);
  auto mix = [&hash](size_t value) {
    hash ^= value + 0x9e3779b97f4a7c15ULL + (hash << 6) + (hash >> 2);
  };
  mix(static_cast<size_t>(key.cards));
  mix(std::hash<const void*>()(reinterpret_cast<const void*>(key.sha256)));
  return hash;
}

DealCache::DealCache(size_t max_bytes, KeyHash hash) : max_bytes_(max_bytes), hash_(hash) {
  slots_.reserve(kSeeds);
}

size_t DealCache::CostOf(std::string_view seed, int cards) {
  return seed.size() + static_cast<size_t>(cards) * sizeof(int) + sizeof(int) + sizeof(uint64_t) +
         sizeof(std::vector<int>) + kEntryOverhead;
}

std::vector<int> DealCache::Deal(Sha256Function sha256, std::string_view seed, int board,
                                 int cards) {
  DealKey key{seed, board, cards, sha256};
  size_t hash = hash_(key);
  ++clock_;
  if (Slot* slot = FindSlot(key, hash)) {
    for (size_t i = 0; i < slot->count; ++i) {
      if (slot->boards[i] != board) continue;
      ++hits_;
      slot->used[i] = clock_;
      slot->last_used = clock_;
      return slot->orders[i];
    }
  }
  ++misses_;
  std::vector<int> order = SeededPermutation(sha256, seed, board, cards);
  size_t cost = CostOf(seed, cards);
  if (cost <= max_bytes_ / kLargestShare) {
    EvictTo(max_bytes_ - cost);
    Slot* slot = FindSlot(key, hash);  // none when the eviction emptied it
    Keep(slot != nullptr ? *slot : FreeSlot(key, hash), board, order);
  }
  return order;
}

DealCache::Slot* DealCache::FindSlot(const DealKey& key, size_t hash) {
  for (Slot& slot : slots_) {
    if (slot.hash == hash && slot.count > 0 && slot.cards == key.cards &&
        slot.sha256 == key.sha256 && slot.seed == key.seed) {
      return &slot;
    }
  }
  return nullptr;
}

// An empty slot, made ready for the key's seed: a new one while there are fewer than kSeeds,
// else the least recently used one, emptied.
DealCache::Slot& DealCache::FreeSlot(const DealKey& key, size_t hash) {
  Slot* free = nullptr;
  for (Slot& slot : slots_) {
    if (slot.count == 0) free = &slot;
  }
  if (free == nullptr && slots_.size() < kSeeds) free = &slots_.emplace_back();
  if (free == nullptr) {
    free = &*std::min_element(slots_.begin(), slots_.end(), [](const Slot& a, const Slot& b) {
      return a.last_used < b.last_used;
    });
    while (free->count > 0) Forget(*free, free->count - 1);
  }
  // The memory a slot keeps for its next seed is bounded: a seed of many boards leaves no more
  // than kSpareBoards deals' worth behind.
  if (free->boards.size() > kSpareBoards) {
    free->boards.resize(kSpareBoards);
    free->orders.resize(kSpareBoards);
    free->used.resize(kSpareBoards);
    free->boards.shrink_to_fit();
    free->orders.shrink_to_fit();
    free->used.shrink_to_fit();
  }
  free->hash = hash;
  free->seed.assign(key.seed);
  free->cards = key.cards;
  free->sha256 = key.sha256;
  return *free;
}

void DealCache::Keep(Slot& slot, int board, const std::vector<int>& order) {
  if (slot.count == slot.boards.size()) {
    slot.boards.emplace_back();
    slot.orders.emplace_back();
    slot.used.emplace_back();
  }
  slot.boards[slot.count] = board;
  slot.orders[slot.count].assign(order.begin(), order.end());  // into the memory it had
  slot.used[slot.count] = clock_;
  slot.last_used = clock_;
  ++slot.count;
  ++entries_;
  bytes_ += CostOf(slot.seed, slot.cards);
}

// The deal at `index` leaves; the slot's last deal takes its place.
void DealCache::Forget(Slot& slot, size_t index) {
  size_t last = slot.count - 1;
  std::swap(slot.boards[index], slot.boards[last]);
  std::swap(slot.orders[index], slot.orders[last]);
  std::swap(slot.used[index], slot.used[last]);
  --slot.count;
  --entries_;
  bytes_ -= CostOf(slot.seed, slot.cards);
}

void DealCache::EvictTo(size_t max_bytes) {
  while (bytes_ > max_bytes && entries_ > 0) {
    Slot* oldest_slot = nullptr;
    size_t oldest = 0;
    for (Slot& slot : slots_) {
      for (size_t i = 0; i < slot.count; ++i) {
        if (oldest_slot == nullptr || slot.used[i] < oldest_slot->used[oldest]) {
          oldest_slot = &slot;
          oldest = i;
        }
      }
    }
    Forget(*oldest_slot, oldest);
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
