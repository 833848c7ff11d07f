// Small text helpers the trick match's files share (trick_match.cpp, trick_deal.cpp,
// trick_play.cpp).
#pragma once

#include <string>

#include "referee/core/plural.h"

namespace referee::games::trick {

// The path of the value that holds the one at `path` ("/deals/0/play/3" -> "/deals/0/play").
inline std::string ParentPath(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(0, slash);
}

}  // namespace referee::games::trick
