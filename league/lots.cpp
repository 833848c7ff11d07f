#include "league/lots.h"

#include "verifier/sha256.h"

namespace referee::league {

Sha256Digest DrawLot(const std::string& seed, const std::string& entrant) {
  std::string bytes = seed;
  bytes += '\0';
  bytes += entrant;
  return verifier::Sha256(bytes);
}

}  // namespace referee::league
