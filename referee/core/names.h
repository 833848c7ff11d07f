// Suggesting the name a user probably meant ("did you mean 'tricks'?").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee {

// The first candidate within two edits (insertions, deletions, substitutions) of `word`.
std::optional<std::string> ClosestName(std::string_view word,
                                       const std::vector<std::string>& candidates);

}  // namespace referee
