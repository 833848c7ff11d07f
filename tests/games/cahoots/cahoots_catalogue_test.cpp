// The goal catalogues ship as data: every entry resolves in its edition, is a valid goal and is
// labelled with its source and whether it is confirmed (rules.md "Goal cards").
#include "referee/games/cahoots/cahoots_catalogue.h"

#include <gtest/gtest.h>

#include "referee/games/cahoots/cahoots_goals.h"

namespace referee::games::cahoots {
namespace {

TEST(CahootsCatalogue, EveryEntryParsesAndIsLabelled) {
  ASSERT_FALSE(Catalogues().empty());
  for (const Catalogue& catalogue : Catalogues()) {
    for (size_t i = 0; i < catalogue.entries.size(); ++i) {
      const CatalogueEntry& entry = catalogue.entries[i];
      EXPECT_EQ(entry.card, static_cast<int>(i) + 1);
      EXPECT_FALSE(entry.source.empty()) << catalogue.name << " " << entry.card;
      auto goal = ResolveCatalogueGoal(catalogue.name, entry.card, EditionNamed(entry.edition), "");
      ASSERT_TRUE(goal.has_value())
          << catalogue.name << " " << entry.card << ": " << goal.error().message;
      EXPECT_EQ(goal->label, CatalogueLabel(catalogue.name, entry.card));
      EXPECT_TRUE(CheckGoal(*goal, "").has_value());
    }
  }
}

TEST(CahootsCatalogue, SpanishListHasTheFiftyTwoUnconfirmedEntriesOfRulesMd) {
  const Catalogue* spanish = FindCatalogue("spanish-unverified");
  ASSERT_NE(spanish, nullptr);
  ASSERT_EQ(spanish->entries.size(), 52u);
  std::map<std::string, int> per_kind;
  for (const CatalogueEntry& entry : spanish->entries) {
    EXPECT_FALSE(entry.confirmed);
    EXPECT_EQ(entry.edition, "spanish");
    ++per_kind[entry.kind];
  }
  // rules.md table: 8 colour sums, 4 totals, 3 all-different, 4 apart, 6 doubles, 3 alternating,
  // 5 adjacent, 1+1 runs, 1+1 bounds, 6 equal sums, 3 exactly-three, 3 two-colour, 3 parity.
  EXPECT_EQ(per_kind["sum-colour"], 8);
  EXPECT_EQ(per_kind["sum-all"], 4);
  EXPECT_EQ(
      per_kind["colours-different"] + per_kind["numbers-different"] + per_kind["all-different"], 3);
  EXPECT_EQ(per_kind["apart"], 4);
  EXPECT_EQ(per_kind["sum-double"], 6);
  EXPECT_EQ(per_kind["alternating"], 3);
  EXPECT_EQ(per_kind["adjacent"], 5);
  EXPECT_EQ(per_kind["sum-equal"], 6);
  EXPECT_EQ(per_kind["pile-count"], 3);
  EXPECT_EQ(per_kind["two-colours"], 3);
  EXPECT_EQ(per_kind["all-even"] + per_kind["all-odd"] + per_kind["parity-alternating"], 3);
}

TEST(CahootsCatalogue, ConfirmedEntriesAreConfirmed) {
  const Catalogue* confirmed = FindCatalogue("confirmed");
  ASSERT_NE(confirmed, nullptr);
  EXPECT_GE(confirmed->entries.size(), 9u);  // one per confirmed goal type at least
  for (const CatalogueEntry& entry : confirmed->entries) EXPECT_TRUE(entry.confirmed);
  // Entry 1 is seed 004's "three green piles".
  auto goal = ResolveCatalogueGoal("confirmed", 1, EditionNamed("gamewright"), "/goals/0");
  ASSERT_TRUE(goal.has_value());
  EXPECT_EQ(GoalText(*goal, EditionNamed("gamewright")), "exactly 3 green piles");
}

TEST(CahootsCatalogue, ReferencesFailClearly) {
  const Edition& gamewright = EditionNamed("gamewright");
  // Entry 16 names red, which the Gamewright edition does not have.
  auto red = ResolveCatalogueGoal("spanish-unverified", 16, gamewright, "/goals/2");
  ASSERT_FALSE(red.has_value());
  EXPECT_EQ(red.error().code, "bad-goal");
  EXPECT_EQ(red.error().place.path, "/goals/2");
  EXPECT_EQ(ResolveCatalogueGoal("spanish-unverified", 53, gamewright, "/goals/0").error().code,
            "out-of-range");
  EXPECT_EQ(ResolveCatalogueGoal("gamewright-50", 1, gamewright, "/goals/0").error().code,
            "unknown-catalogue");
  EXPECT_EQ(ParseCatalogueLabel("confirmed#3")->second, 3);
  EXPECT_FALSE(ParseCatalogueLabel("exactly 3 green piles").has_value());
}

}  // namespace
}  // namespace referee::games::cahoots
