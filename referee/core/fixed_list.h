// FixedList: a list of at most N values held in place, for state whose size the rules bound (the
// cards of a deal, its tricks). Nothing is allocated, so a match replays a deal on fixed-size
// state; pushing past N is a bug, not input.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <initializer_list>
#include <span>

#include "referee/core/check.h"

namespace referee {

template <class T, size_t N>
class FixedList {
 public:
  FixedList() = default;
  FixedList(std::initializer_list<T> values) {
    for (const T& value : values) push_back(value);
  }
  explicit FixedList(std::span<const T> values) {
    for (const T& value : values) push_back(value);
  }

  void push_back(const T& value) {
    REFEREE_CHECK(size_ < N, "a fixed list is full");
    items_[size_++] = value;
  }
  void clear() { size_ = 0; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& operator[](size_t i) const { return items_[i]; }
  T& operator[](size_t i) { return items_[i]; }
  const T& back() const { return items_[size_ - 1]; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + size_; }
  std::span<const T> span() const { return {items_.data(), size_}; }
  bool operator==(const FixedList& other) const {
    return std::equal(begin(), end(), other.begin(), other.end());
  }

 private:
  std::array<T, N> items_{};
  size_t size_ = 0;
};

}  // namespace referee
