#include "verifier/sha256.h"

#include <openssl/evp.h>

#include "referee/core/check.h"

namespace referee::verifier {

Sha256Digest Sha256(std::string_view bytes) {
  Sha256Digest digest{};
  unsigned int length = 0;
  // EVP_Digest is the one-shot form; it fails only when the library itself is broken.
  int ok = EVP_Digest(bytes.data(), bytes.size(), digest.data(), &length, EVP_sha256(), nullptr);
  REFEREE_CHECK(ok == 1 && length == digest.size(), "OpenSSL SHA-256 failed");
  return digest;
}

}  // namespace referee::verifier
