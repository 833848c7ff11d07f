// Pinned vectors of the seeded deal (docs/record-format.md). The expected orders were computed by
// scripts/seeded_deal.py, an independent implementation with Python's hashlib, so a change to
// either side of the published algorithm fails here.
#include "referee/core/seeded_deal.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

#include "referee/core/card.h"
#include "verifier/sha256.h"

namespace referee {
namespace {

TEST(SeededDeal, Pack52Board1MatchesTheReferenceImplementation) {
  std::vector<int> expected = {32, 37, 25, 22, 3,  41, 46, 14, 18, 38, 49, 8,  5,
                               17, 19, 26, 45, 9,  21, 15, 7,  42, 6,  39, 48, 33,
                               1,  0,  36, 16, 31, 23, 51, 43, 12, 27, 4,  24, 10,
                               20, 29, 34, 47, 11, 50, 28, 40, 35, 2,  30, 44, 13};
  EXPECT_EQ(SeededPermutation(&verifier::Sha256, "club-2026", 1, 52), expected);
}

TEST(SeededDeal, Pack32Board2MatchesTheReferenceImplementation) {
  std::vector<int> expected = {12, 8, 27, 18, 31, 1, 4,  28, 21, 20, 0,  10, 3,  14, 2,  6,
                               29, 7, 22, 13, 30, 5, 25, 23, 24, 9,  11, 26, 15, 19, 17, 16};
  EXPECT_EQ(SeededPermutation(&verifier::Sha256, "club-2026", 2, 32), expected);
}

TEST(SeededDeal, Pack56Board7MatchesTheReferenceImplementation) {
  std::vector<int> expected = {33, 13, 49, 38, 48, 5,  22, 50, 32, 16, 44, 45, 2,  24,
                               8,  6,  7,  35, 47, 40, 15, 36, 52, 20, 37, 18, 27, 34,
                               23, 9,  46, 11, 0,  41, 25, 51, 12, 14, 42, 28, 39, 53,
                               4,  1,  3,  54, 19, 29, 55, 21, 30, 26, 10, 31, 17, 43};
  EXPECT_EQ(SeededPermutation(&verifier::Sha256, "x", 7, 56), expected);
}

// A pack of 200 takes every divisor up to 200, past the moduli whose 2^64 mod m is tabled at
// compile time (up to 128) and through 64 and 128, which divide 2^64 and accept every word.
// python3 scripts/seeded_deal.py club-2026 3 200
TEST(SeededDeal, Pack200MatchesTheReferenceImplementation) {
  std::string expected =
      "109 50 118 88 129 110 81 154 59 65 40 21 45 1 197 8 198 90 96 165 184 136 143 180 71 137 "
      "103 163 112 172 168 94 117 99 122 156 107 47 144 188 142 26 181 52 183 16 115 17 130 58 66 "
      "173 18 51 23 178 44 10 25 20 24 125 106 141 176 191 9 46 57 53 159 49 91 80 166 0 56 185 "
      "147 13 158 111 179 33 160 79 124 2 41 15 127 31 148 32 30 67 55 169 89 95 104 29 85 114 "
      "116 126 101 149 19 162 199 60 153 37 146 128 28 39 152 102 68 3 182 75 6 11 12 74 97 93 77 "
      "7 195 64 132 87 131 190 22 42 175 72 86 48 4 150 192 43 145 5 189 193 69 38 187 92 194 161 "
      "73 139 35 121 138 105 62 36 133 135 186 177 76 119 164 70 167 174 82 113 14 84 134 98 120 "
      "196 83 123 170 155 151 100 171 157 34 54 27 63 78 108 61 140";
  std::string order;
  for (int position : SeededPermutation(&verifier::Sha256, "club-2026", 3, 200)) {
    order += (order.empty() ? "" : " ") + std::to_string(position);
  }
  EXPECT_EQ(order, expected);
}

TEST(SeededDeal, CardsOfTheCanonicalPack) {
  // python3 scripts/seeded_deal.py club-2026 1 52 --cards, first and last five cards.
  std::vector<Card> pack = CanonicalOrder(FullPack52());
  std::vector<int> order = SeededPermutation(&verifier::Sha256, "club-2026", 1, 52);
  std::string top;
  for (int i = 0; i < 5; ++i) top += ToString(pack[order[i]]) + " ";
  EXPECT_EQ(top, "8H KH AD JD 5C ");
  EXPECT_EQ(ToString(pack[order[51]]), "2D");
}

TEST(SeededDeal, CommitmentIsTheHexSha256OfTheSeed) {
  EXPECT_EQ(HexDigest(verifier::Sha256("club-2026")),
            "6257c26e22398ac926e0c30f770da6d20de7551ace784a57bd5d1eb00c5be483");
}

// FIPS 180-2, appendix B: "abc" and the two-block message, and the empty message; the digest
// context is reused from one call to the next, so the second call of each pair checks that no
// state carries over.
TEST(SeededDeal, Sha256MatchesTheStandardVectorsCallAfterCall) {
  for (int call = 0; call < 2; ++call) {
    EXPECT_EQ(HexDigest(verifier::Sha256("abc")),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(
        HexDigest(verifier::Sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(HexDigest(verifier::Sha256("")),
              "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  }
}

// Each thread has its own digest context: threads dealing at once get the single-threaded
// answer.
TEST(SeededDeal, ThreadsDealingAtOnceGetTheSameOrders) {
  std::vector<int> expected = SeededPermutation(&verifier::Sha256, "club-2026", 1, 52);
  std::vector<int> mismatches(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        if (SeededPermutation(&verifier::Sha256, "club-2026", 1, 52) != expected) ++mismatches[t];
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(mismatches, std::vector<int>(4, 0));
}

TEST(SeededDeal, BoardsAndSeedsGiveDifferentPermutations) {
  auto a = SeededPermutation(&verifier::Sha256, "s", 1, 52);
  EXPECT_NE(a, SeededPermutation(&verifier::Sha256, "s", 2, 52));
  EXPECT_NE(a, SeededPermutation(&verifier::Sha256, "t", 1, 52));
  std::vector<int> sorted = a;
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < 52; ++i) EXPECT_EQ(sorted[i], i);
}

}  // namespace
}  // namespace referee
