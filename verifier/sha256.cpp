#include "verifier/sha256.h"

#include <openssl/evp.h>

#include <memory>

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

struct ContextFree {
  void operator()(EVP_MD_CTX* context) const { EVP_MD_CTX_free(context); }
};

// One digest context per thread, initialised again for every digest: a seeded deal takes a
// dozen one-block digests, and EVP_Digest allocates and frees a context for each (about a third
// of their cost). A context is not safe to share, hence thread_local.
EVP_MD_CTX* ThreadContext() {
  thread_local std::unique_ptr<EVP_MD_CTX, ContextFree> context(EVP_MD_CTX_new());
  REFEREE_CHECK(context != nullptr, "OpenSSL could not make a digest context");
  return context.get();
}

}  // namespace

Sha256Digest Sha256(std::string_view bytes) {
  Sha256Digest digest{};
  unsigned int length = 0;
  EVP_MD_CTX* context = ThreadContext();
  // These fail only when the library itself is broken.
  bool ok = EVP_DigestInit_ex2(context, Sha256Algorithm(), nullptr) == 1 &&
            EVP_DigestUpdate(context, bytes.data(), bytes.size()) == 1 &&
            EVP_DigestFinal_ex(context, digest.data(), &length) == 1;
  REFEREE_CHECK(ok && length == digest.size(), "OpenSSL SHA-256 failed");
  return digest;
}

Sha256Stream::Sha256Stream() : context_(EVP_MD_CTX_new()) {
  REFEREE_CHECK(
      context_ != nullptr && EVP_DigestInit_ex2(context_, Sha256Algorithm(), nullptr) == 1,
      "OpenSSL could not start a SHA-256 digest");
}

Sha256Stream::~Sha256Stream() { EVP_MD_CTX_free(context_); }

void Sha256Stream::Add(std::string_view bytes) {
  REFEREE_CHECK(EVP_DigestUpdate(context_, bytes.data(), bytes.size()) == 1,
                "OpenSSL SHA-256 failed");
}

Sha256Digest Sha256Stream::Finish() {
  Sha256Digest digest{};
  unsigned int length = 0;
  bool ok = EVP_DigestFinal_ex(context_, digest.data(), &length) == 1;
  REFEREE_CHECK(ok && length == digest.size(), "OpenSSL SHA-256 failed");
  return digest;
}

}  // namespace referee::verifier
