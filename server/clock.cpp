#include "server/clock.h"

#include <chrono>

namespace referee::server {

int64_t SystemClock::NowMs() const {
  auto since_epoch = std::chrono::system_clock::now().time_since_epoch();
  return std::chrono::duration_cast<std::chrono::milliseconds>(since_epoch).count();
}

}  // namespace referee::server
