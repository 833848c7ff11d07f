#include "referee/core/seeded_deal.h"

#include <array>
#include <numeric>
#include <string>
#include <utility>

#include "referee/core/check.h"

namespace referee {
namespace {

// A stream of 64-bit words drawn from consecutive SHA-256 blocks.
class WordStream {
 public:
  WordStream(Sha256Function sha256, std::string_view seed, int board) : sha256_(sha256) {
    input_.assign(seed);
    input_ += '\0';
    input_ += std::to_string(board);
    input_ += '\0';
    prefix_size_ = input_.size();
    input_.append(4, '\0');  // the block counter, rewritten in place for every block
  }

  uint64_t Next() {
    if (word_ == 4) Refill();
    uint64_t value = 0;
    for (int byte = 0; byte < 8; ++byte) value = (value << 8) | block_[word_ * 8 + byte];
    ++word_;
    return value;
  }

 private:
  void Refill() {
    for (int byte = 0; byte < 4; ++byte) {
      input_[prefix_size_ + byte] = static_cast<char>((counter_ >> (24 - 8 * byte)) & 0xff);
    }
    block_ = sha256_(input_);
    ++counter_;
    word_ = 0;
  }

  Sha256Function sha256_;
  std::string input_;  // seed, 0, decimal board, 0, counter (4 bytes big-endian)
  size_t prefix_size_ = 0;
  Sha256Digest block_{};
  uint32_t counter_ = 0;
  int word_ = 4;  // forces a refill on first use
};

// 2^64 mod m, without 128-bit arithmetic.
constexpr uint64_t TwoTo64Mod(uint64_t m) { return (~uint64_t{0} % m + 1) % m; }

// 2^64 mod m for every m a pack of up to 128 cards meets, worked out at compile time: a shuffle
// draws once per card, and each draw paid two 64-bit divisions for this alone.
constexpr size_t kTabledModuli = 128;
constexpr std::array<uint64_t, kTabledModuli + 1> kTwoTo64Mod = [] {
  std::array<uint64_t, kTabledModuli + 1> table{};
  for (uint64_t m = 1; m <= kTabledModuli; ++m) table[m] = TwoTo64Mod(m);
  return table;
}();

uint64_t Uniform(WordStream& words, uint64_t m) {
  // limit = floor(2^64 / m) * m. When m divides 2^64 the limit is 2^64 itself and every word is
  // accepted.
  uint64_t remainder = m <= kTabledModuli ? kTwoTo64Mod[m] : TwoTo64Mod(m);
  uint64_t limit = 0 - remainder;  // 2^64 - (2^64 mod m), mod 2^64
  for (;;) {
    uint64_t word = words.Next();
    if (remainder == 0 || word < limit) return word % m;
  }
}

}  // namespace

std::vector<int> SeededPermutation(Sha256Function sha256, std::string_view seed, int board, int n) {
  REFEREE_CHECK(sha256 != nullptr, "SeededPermutation needs a SHA-256 function");
  REFEREE_CHECK(n >= 0, "SeededPermutation needs a non-negative pack size");
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  WordStream words(sha256, seed, board);
  for (int i = n - 1; i >= 1; --i) {
    int j = static_cast<int>(Uniform(words, static_cast<uint64_t>(i) + 1));
    std::swap(order[i], order[j]);
  }
  return order;
}

std::string HexDigest(const Sha256Digest& digest) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text;
  for (uint8_t byte : digest) {
    text += kHex[byte >> 4];
    text += kHex[byte & 0xf];
  }
  return text;
}

}  // namespace referee
