// Rule options: every game declares its options (name, type, range or choices, default, meaning),
// and a record carries the values it was played with, so an old record replays under its rules.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace referee {

using OptionValue = std::variant<int64_t, bool, std::string>;

struct OptionSpec {
  enum class Type { kInteger, kBool, kChoice };
  std::string name;
  Type type = Type::kInteger;
  int64_t min = 0;  // kInteger: inclusive range
  int64_t max = 0;
  std::vector<std::string> choices;  // kChoice: allowed words
  OptionValue default_value;
  std::string meaning;  // one line for docs and `referee rules`
};

class RuleOptions {
 public:
  RuleOptions() = default;
  // Starts from every option's default.
  explicit RuleOptions(const std::vector<OptionSpec>& specs);

  void Set(std::string_view name, OptionValue value);
  int64_t Integer(std::string_view name) const;
  bool Flag(std::string_view name) const;
  const std::string& Choice(std::string_view name) const;
  bool WasSet(std::string_view name) const;
  // Options in name order, for writing a record back out: only those the record set.
  std::vector<std::pair<std::string, OptionValue>> Explicit() const;

 private:
  // A game has a handful of options, and every record's match copies them: a short list in the
  // order the game declares them (the defaults are copied as they stand), one allocation, rather
  // than a tree of nodes; Explicit() puts the few a record set in name order.
  struct Option {
    std::string name;
    OptionValue value;
    bool set = false;  // given explicitly, rather than the default
  };
  const Option* Find(std::string_view name) const;
  const OptionValue& Get(std::string_view name) const;
  std::vector<Option> options_;
};

std::string OptionValueText(const OptionValue& value);

}  // namespace referee
