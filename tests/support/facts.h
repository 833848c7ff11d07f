// The facts of an outcome as text, for tests that state a result the way a record writes it:
// {"NS", "240"}, {"winner", "NS"}.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "referee/core/match.h"

namespace referee::test_support {

inline std::vector<std::pair<std::string, std::string>> FactTexts(const Outcome& outcome) {
  std::vector<std::pair<std::string, std::string>> texts;
  for (const Fact& fact : outcome.facts) texts.emplace_back(fact.key, fact.value.ToString());
  return texts;
}

// The fact under `key` as text, or "(none)".
inline std::string FactText(const Outcome& outcome, const std::string& key) {
  const Fact* fact = FindFact(outcome.facts, key);
  return fact != nullptr ? fact->value.ToString() : "(none)";
}

}  // namespace referee::test_support
