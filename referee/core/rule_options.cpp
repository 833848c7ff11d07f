#include "referee/core/rule_options.h"

#include <algorithm>

#include "referee/core/check.h"

namespace referee {

RuleOptions::RuleOptions(const std::vector<OptionSpec>& specs) {
  options_.reserve(specs.size());
  for (const OptionSpec& spec : specs)
    options_.push_back(Option{spec.name, spec.default_value, false});
}

const RuleOptions::Option* RuleOptions::Find(std::string_view name) const {
  for (const Option& option : options_) {
    if (std::string_view(option.name) == name) return &option;  // sizes first
  }
  return nullptr;
}

void RuleOptions::Set(std::string_view name, OptionValue value) {
  auto option = std::find_if(options_.begin(), options_.end(), [&](const Option& known) {
    return std::string_view(known.name) == name;
  });
  Option& set = option != options_.end()
                    ? *option
                    : options_.emplace_back(Option{std::string(name), {}, false});
  set.value = std::move(value);
  set.set = true;
}

bool RuleOptions::WasSet(std::string_view name) const {
  const Option* option = Find(name);
  return option != nullptr && option->set;
}

const OptionValue& RuleOptions::Get(std::string_view name) const {
  const Option* option = Find(name);
  REFEREE_CHECK(option != nullptr, "unknown rule option " + std::string(name));
  return option->value;
}

int64_t RuleOptions::Integer(std::string_view name) const {
  const OptionValue& value = Get(name);
  REFEREE_CHECK(std::holds_alternative<int64_t>(value),
                "rule option " + std::string(name) + " is no integer");
  return std::get<int64_t>(value);
}

bool RuleOptions::Flag(std::string_view name) const {
  const OptionValue& value = Get(name);
  REFEREE_CHECK(std::holds_alternative<bool>(value),
                "rule option " + std::string(name) + " is no flag");
  return std::get<bool>(value);
}

const std::string& RuleOptions::Choice(std::string_view name) const {
  const OptionValue& value = Get(name);
  REFEREE_CHECK(std::holds_alternative<std::string>(value),
                "rule option " + std::string(name) + " is no choice");
  return std::get<std::string>(value);
}

std::vector<std::pair<std::string, OptionValue>> RuleOptions::Explicit() const {
  std::vector<std::pair<std::string, OptionValue>> set;
  for (const Option& option : options_) {
    if (option.set) set.emplace_back(option.name, option.value);
  }
  std::sort(set.begin(), set.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return set;
}

std::string OptionValueText(const OptionValue& value) {
  if (const auto* integer = std::get_if<int64_t>(&value)) return std::to_string(*integer);
  if (const auto* flag = std::get_if<bool>(&value)) return *flag ? "true" : "false";
  return std::get<std::string>(value);
}

}  // namespace referee
