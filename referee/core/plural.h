// A count with its noun, for messages: "1 trick", "3 tricks".
#pragma once

#include <string>

namespace referee {

inline std::string Plural(int count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

}  // namespace referee
