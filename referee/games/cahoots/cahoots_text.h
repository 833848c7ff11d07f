// Small text helpers the Cahoots match's files share (cahoots_match.cpp, cahoots_setup.cpp,
// cahoots_turn.cpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "referee/core/plural.h"

namespace referee::games::cahoots {

// A duration for people: "12 s", "0.25 s".
inline std::string Seconds(int64_t millis) {
  std::string text = std::to_string(millis / 1000);
  if (int64_t fraction = millis % 1000; fraction != 0) {
    std::string digits = std::to_string(1000 + fraction).substr(1);
    while (digits.back() == '0') digits.pop_back();
    text += "." + digits;
  }
  return text + " s";
}

// Goal positions counted from 1, in order: "1 3 4", or "none".
inline std::string PositionsText(const std::vector<int>& positions) {
  std::vector<int> sorted = positions;
  std::sort(sorted.begin(), sorted.end());
  std::string text;
  for (int position : sorted) text += (text.empty() ? "" : " ") + std::to_string(position + 1);
  return text.empty() ? "none" : text;
}

}  // namespace referee::games::cahoots
