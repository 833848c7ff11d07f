// Rule options: every game declares its options (name, type, range or choices, default, meaning),
// and a record carries the values it was played with, so an old record replays under its rules.
#pragma once

#include <cstdint>
#include <map>
#include <string>
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

  void Set(const std::string& name, OptionValue value);
  int64_t Integer(const std::string& name) const;
  bool Flag(const std::string& name) const;
  const std::string& Choice(const std::string& name) const;
  bool WasSet(const std::string& name) const { return explicitly_set_.count(name) > 0; }
  // Options in name order, for writing a record back out: only those the record set.
  std::vector<std::pair<std::string, OptionValue>> Explicit() const;

 private:
  const OptionValue& Get(const std::string& name) const;
  std::map<std::string, OptionValue> values_;
  std::map<std::string, bool> explicitly_set_;
};

std::string OptionValueText(const OptionValue& value);

}  // namespace referee
