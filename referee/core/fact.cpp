#include "referee/core/fact.h"

#include <algorithm>
#include <charconv>

namespace referee {

FactValue FactValue::Words(std::vector<std::string> words) {
  FactValue value;
  value.value_ = std::move(words);
  return value;
}

bool FactValue::operator==(const FactValue& other) const {
  if (IsNumber() || other.IsNumber()) return value_ == other.value_;
  const std::vector<std::string>& first = words();
  const std::vector<std::string>& second = other.words();
  // Words compare as sets. Most are one word (a winner): compared in place, not sorted copies.
  if (first.size() != second.size()) return false;
  if (first.size() <= 1) return first == second;
  std::vector<std::string> mine = first, theirs = second;
  std::sort(mine.begin(), mine.end());
  std::sort(theirs.begin(), theirs.end());
  return mine == theirs;
}

std::string FactValue::ToString() const {
  if (IsNumber()) return std::to_string(number());
  std::string text;
  for (const std::string& word : words()) text += (text.empty() ? "" : " ") + word;
  return text.empty() ? "nothing" : text;
}

const Fact* FindFact(const std::vector<Fact>& facts, std::string_view key) {
  for (const Fact& fact : facts) {
    if (fact.key == key) return &fact;
  }
  return nullptr;
}

namespace {

// Canonical decimal: an optional minus, then digits without a leading zero (or "0" alone).
std::optional<int64_t> CanonicalInteger(std::string_view text) {
  std::string_view digits = text.starts_with('-') ? text.substr(1) : text;
  if (digits.empty() || digits.size() > 18) return std::nullopt;
  if (digits.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  if (digits.size() > 1 && digits.front() == '0') return std::nullopt;
  if (text.starts_with('-') && digits == "0") return std::nullopt;
  int64_t value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value);
  return value;
}

}  // namespace

FactValue FactFromWords(std::vector<std::string> words) {
  if (words.size() == 1) {
    if (std::optional<int64_t> number = CanonicalInteger(words.front())) {
      return FactValue::Number(*number);
    }
  }
  return FactValue::Words(std::move(words));
}

}  // namespace referee
