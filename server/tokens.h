// Tokens: the organiser's and one per seat (docs/serve.md, "Who may do what"). A token is 32 bytes
// from the operating system's random source (getrandom(2)), written as 64 hex digits. Only its
// SHA-256 is kept, in memory and on disk, and hashes are compared in constant time.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace referee::server {

// A fresh token, or none when the random source fails (the caller answers 500).
std::optional<std::string> NewToken();
// The SHA-256 of a token, as 64 hex digits.
std::string TokenHash(std::string_view token);
// Whether `token` hashes to `hash`, compared with CRYPTO_memcmp (no early exit on a difference).
bool TokenMatches(std::string_view token, std::string_view hash);
// Whether two hashes are the same, compared with CRYPTO_memcmp: for a token hashed once and
// compared with several hashes.
bool HashesMatch(std::string_view computed, std::string_view hash);

}  // namespace referee::server
