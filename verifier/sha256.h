// SHA-256 from OpenSSL's libcrypto, for the seeded deal and for commitments.
#pragma once

#include <openssl/types.h>

#include <string_view>

#include "referee/core/seeded_deal.h"

namespace referee::verifier {

Sha256Digest Sha256(std::string_view bytes);

// SHA-256 of bytes given piece by piece: a digest over many items without their concatenation.
class Sha256Stream {
 public:
  Sha256Stream();
  ~Sha256Stream();
  Sha256Stream(const Sha256Stream&) = delete;
  Sha256Stream& operator=(const Sha256Stream&) = delete;

  void Add(std::string_view bytes);
  Sha256Digest Finish();  // once

 private:
  EVP_MD_CTX* context_;
};

}  // namespace referee::verifier
