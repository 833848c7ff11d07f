// The seeded deal of docs/record-format.md: a published, reproducible shuffle, so that an
// organiser can commit to SHA-256(seed) before an event and anyone can regenerate every deal.
//
//   block k  = SHA-256(seed || 0x00 || decimal board || 0x00 || k as 4 bytes big-endian)
//   words    = each block gives four 64-bit big-endian words, used in order
//   uniform(m): limit = floor(2^64 / m) * m; take words until one is below limit; return it mod m
//   Fisher-Yates: for i = n-1 down to 1, j = uniform(i+1), swap P[i] and P[j]; P[0] is the top.
//
// The engine stays free of third-party code: the caller supplies SHA-256 (OpenSSL in practice).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace referee {

using Sha256Digest = std::array<uint8_t, 32>;
using Sha256Function = Sha256Digest (*)(std::string_view bytes);

// Returns the shuffled order of the canonical pack positions 0..n-1, top card first.
std::vector<int> SeededPermutation(Sha256Function sha256, std::string_view seed, int board, int n);

// How a match gets its seeded deals: SeededPermutation itself, or a function that returns exactly
// what it would (the verifier's cache of dealt boards, verifier/deal_cache.h). The engines keep no
// cache of their own: they are pure, and a cache shared by a process's matches belongs to whoever
// runs them.
using SeededDealFunction = std::vector<int> (*)(Sha256Function sha256, std::string_view seed,
                                                int board, int n);

// Lower-case hex of a digest, as published in a commitment.
std::string HexDigest(const Sha256Digest& digest);

}  // namespace referee
