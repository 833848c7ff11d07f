#include "referee/core/rule_options.h"

#include "referee/core/check.h"

namespace referee {

RuleOptions::RuleOptions(const std::vector<OptionSpec>& specs) {
  for (const OptionSpec& spec : specs) values_[spec.name] = spec.default_value;
}

void RuleOptions::Set(const std::string& name, OptionValue value) {
  values_[name] = std::move(value);
  explicitly_set_[name] = true;
}

const OptionValue& RuleOptions::Get(const std::string& name) const {
  auto found = values_.find(name);
  REFEREE_CHECK(found != values_.end(), "unknown rule option " + name);
  return found->second;
}

int64_t RuleOptions::Integer(const std::string& name) const {
  const OptionValue& value = Get(name);
  REFEREE_CHECK(std::holds_alternative<int64_t>(value), "rule option " + name + " is no integer");
  return std::get<int64_t>(value);
}

bool RuleOptions::Flag(const std::string& name) const {
  const OptionValue& value = Get(name);
  REFEREE_CHECK(std::holds_alternative<bool>(value), "rule option " + name + " is no flag");
  return std::get<bool>(value);
}

const std::string& RuleOptions::Choice(const std::string& name) const {
  const OptionValue& value = Get(name);
  REFEREE_CHECK(std::holds_alternative<std::string>(value),
                "rule option " + name + " is no choice");
  return std::get<std::string>(value);
}

std::vector<std::pair<std::string, OptionValue>> RuleOptions::Explicit() const {
  std::vector<std::pair<std::string, OptionValue>> set;
  for (const auto& [name, value] : values_) {
    if (WasSet(name)) set.emplace_back(name, value);
  }
  return set;
}

std::string OptionValueText(const OptionValue& value) {
  if (const auto* integer = std::get_if<int64_t>(&value)) return std::to_string(*integer);
  if (const auto* flag = std::get_if<bool>(&value)) return *flag ? "true" : "false";
  return std::get<std::string>(value);
}

}  // namespace referee
