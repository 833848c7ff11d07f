#include "referee/core/names.h"

#include <algorithm>

namespace referee {
namespace {

constexpr size_t kMaxEdits = 2;

// Levenshtein distance, one row at a time.
size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1] ? 1 : 0)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::optional<std::string> ClosestName(std::string_view word,
                                       const std::vector<std::string>& candidates) {
  if (word.size() > 64) return std::nullopt;  // no one mistypes a name that long
  for (const std::string& candidate : candidates) {
    if (EditDistance(word, candidate) <= kMaxEdits) return candidate;
  }
  return std::nullopt;
}

}  // namespace referee
