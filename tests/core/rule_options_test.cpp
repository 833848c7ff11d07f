// RuleOptions: a game's declared options with their defaults, and the few a record sets.
#include "referee/core/rule_options.h"

#include <gtest/gtest.h>

namespace referee {
namespace {

// Declared out of name order on purpose: the list keeps the declaration's order, and what is
// written back must still come out in name order.
std::vector<OptionSpec> Specs() {
  return {
      OptionSpec{"target", OptionSpec::Type::kInteger, 1, 1000, {}, int64_t{100}, "target"},
      OptionSpec{"open", OptionSpec::Type::kBool, 0, 0, {}, false, "open"},
      OptionSpec{
          "level", OptionSpec::Type::kChoice, 0, 0, {"easy", "hard"}, std::string("easy"), "level"},
  };
}

TEST(RuleOptions, StartFromTheDefaultsNoneOfThemSet) {
  RuleOptions options(Specs());
  EXPECT_EQ(options.Integer("target"), 100);
  EXPECT_FALSE(options.Flag("open"));
  EXPECT_EQ(options.Choice("level"), "easy");
  EXPECT_FALSE(options.WasSet("target"));
  EXPECT_TRUE(options.Explicit().empty());
}

TEST(RuleOptions, ExplicitOptionsComeOutInNameOrderWhateverTheDeclarationOrder) {
  RuleOptions options(Specs());
  options.Set("target", int64_t{60});
  options.Set("level", std::string("hard"));
  options.Set("open", true);
  EXPECT_EQ(options.Integer("target"), 60);
  EXPECT_TRUE(options.WasSet("level"));
  auto set = options.Explicit();
  ASSERT_EQ(set.size(), 3u);
  EXPECT_EQ(set[0].first, "level");
  EXPECT_EQ(set[1].first, "open");
  EXPECT_EQ(set[2].first, "target");
  EXPECT_EQ(std::get<std::string>(set[0].second), "hard");
}

TEST(RuleOptions, SettingAnOptionTwiceKeepsTheLastValueOnce) {
  RuleOptions options(Specs());
  options.Set("target", int64_t{60});
  options.Set("target", int64_t{70});
  EXPECT_EQ(options.Integer("target"), 70);
  ASSERT_EQ(options.Explicit().size(), 1u);
}

}  // namespace
}  // namespace referee
