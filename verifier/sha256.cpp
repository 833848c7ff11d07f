#include "verifier/sha256.h"

#include <openssl/evp.h>

#include "referee/core/check.h"

namespace referee::verifier {

namespace {

// Fetched once: EVP_sha256() makes OpenSSL 3 look the algorithm up on every digest, which cost
// more than hashing a seed. A fetched EVP_MD is safe to share between threads.
const EVP_MD* Sha256Algorithm() {
  static EVP_MD* const algorithm = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  REFEREE_CHECK(algorithm != nullptr, "OpenSSL has no SHA-256");
  return algorithm;
}

}  // namespace

Sha256Digest Sha256(std::string_view bytes) {
  Sha256Digest digest{};
  unsigned int length = 0;
  // EVP_Digest is the one-shot form; it fails only when the library itself is broken.
  int ok =
      EVP_Digest(bytes.data(), bytes.size(), digest.data(), &length, Sha256Algorithm(), nullptr);
  REFEREE_CHECK(ok == 1 && length == digest.size(), "OpenSSL SHA-256 failed");
  return digest;
}

}  // namespace referee::verifier
