// SHA-256 from OpenSSL's libcrypto, for the seeded deal and for commitments.
#pragma once

#include <string_view>

#include "referee/core/seeded_deal.h"

namespace referee::verifier {

Sha256Digest Sha256(std::string_view bytes);

}  // namespace referee::verifier
