#include "referee/core/bot.h"

#include <algorithm>
#include <limits>

#include "referee/core/check.h"

namespace referee {

Bot::~Bot() = default;

Event RandomBot::Choose(const View& /*view*/, const std::vector<Event>& legal,
                        std::mt19937_64& rng) {
  REFEREE_CHECK(!legal.empty(), "a bot asked to choose among no legal events");
  return legal[UniformIndex(rng, legal.size())];
}

size_t UniformIndex(std::mt19937_64& rng, size_t n) {
  REFEREE_CHECK(n > 0, "UniformIndex of an empty range");
  // The same rejection rule as the seeded deal's uniform(m) (record-format.md).
  const uint64_t max = std::numeric_limits<uint64_t>::max();
  const uint64_t limit = max - (max % n + 1) % n;
  uint64_t word = rng();
  while (word > limit) word = rng();
  return static_cast<size_t>(word % n);
}

}  // namespace referee
