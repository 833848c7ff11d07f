// FactValue: a typed value that the engines, the verifier, the standings and the outputs pass on
// as it is, never as text to be parsed back: a whole number (a total, a count of goals, a claimed
// number of points) or an unordered set of words from a closed list (the units sharing a win,
// "draw", "win", a loss reason, a card, a seat).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace referee {

class FactValue {
 public:
  FactValue() : value_(std::vector<std::string>{}) {}
  static FactValue Number(int64_t number) { return FactValue(number); }
  // The words in the order given; their order does not matter when compared ("S W" is "W S").
  static FactValue Words(std::vector<std::string> words);
  static FactValue Word(std::string word) { return Words({std::move(word)}); }

  bool IsNumber() const { return std::holds_alternative<int64_t>(value_); }
  int64_t number() const { return std::get<int64_t>(value_); }
  const std::vector<std::string>& words() const {
    return std::get<std::vector<std::string>>(value_);
  }
  // For people: the number in digits, or the words separated by spaces ("nothing" for none).
  std::string ToString() const;

  bool operator==(const FactValue& other) const;

 private:
  explicit FactValue(int64_t number) : value_(number) {}
  std::variant<int64_t, std::vector<std::string>> value_;
};

// One fact of a match's result, under the key a claimed `result:` uses ("NS", "winner", "goals").
struct Fact {
  std::string key;
  FactValue value;
  bool operator==(const Fact&) const = default;
};

// The fact under `key`, or none.
const Fact* FindFact(const std::vector<Fact>& facts, std::string_view key);

// A claimed value as a record writes it, typed: a whole number when the text is one in canonical
// decimal form ("104", "-5"; not "007" or "+3", which stay words), else its words.
FactValue FactFromWords(std::vector<std::string> words);

}  // namespace referee
