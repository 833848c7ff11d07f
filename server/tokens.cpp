#include "server/tokens.h"

#include <openssl/crypto.h>
#include <sys/random.h>

#include <array>
#include <cerrno>

#include "verifier/sha256.h"

namespace referee::server {
namespace {

constexpr size_t kTokenBytes = 32;

std::string Hex(const uint8_t* bytes, size_t size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  text.reserve(size * 2);
  for (size_t i = 0; i < size; ++i) {
    text += kDigits[bytes[i] >> 4];
    text += kDigits[bytes[i] & 15];
  }
  return text;
}

}  // namespace

std::optional<std::string> NewToken() {
  std::array<uint8_t, kTokenBytes> bytes{};
  size_t filled = 0;
  while (filled < bytes.size()) {
    ssize_t got = ::getrandom(bytes.data() + filled, bytes.size() - filled, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return std::nullopt;
    filled += static_cast<size_t>(got);
  }
  return Hex(bytes.data(), bytes.size());
}

std::string TokenHash(std::string_view token) {
  Sha256Digest digest = verifier::Sha256(token);
  return Hex(digest.data(), digest.size());
}

bool TokenMatches(std::string_view token, std::string_view hash) {
  return HashesMatch(TokenHash(token), hash);
}

bool HashesMatch(std::string_view computed, std::string_view hash) {
  if (hash.size() != computed.size()) return false;
  return CRYPTO_memcmp(computed.data(), hash.data(), computed.size()) == 0;
}

}  // namespace referee::server
