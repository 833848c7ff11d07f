// CSV cells that a spreadsheet would run as formulas (OWASP, "CSV Injection"): the standings and
// ratings write them after a single quote, and --check reads them back to the same text.
#include <gtest/gtest.h>

#include "formats/csv_reader.h"
#include "league/standings.h"
#include "referee/core/printable.h"
#include "reports/ratings_output.h"
#include "reports/standings_grids.h"
#include "reports/standings_output.h"
#include "reports/table_text.h"
#include "tests/league/standings_fixtures.h"

namespace referee::league {
namespace {

using namespace standings_fixtures;  // NOLINT: the fixtures of every standings test

// Players whose ids and names start as formulas do: =, +, -, @, a tab, and a quote.
League HostileNames() {
  League league = MakeLeague("collusion", {"=1+1", "+a", "-b", "@c", "d"});
  league.players[0].name = "=HYPERLINK(\"http://x\",\"y\")";
  league.players[3].name = "\tTabbed";
  league.players[4].name = "'quoted";
  league.adjustments = {{"d", -2, std::string("1"), "=cmd|' /C calc'!A0"}};
  return league;
}

std::vector<PlayedRecord> HostileRecords() {
  return {Collusion("r1", "1", {"=1+1", "+a", "-b", "@c"}, {40, 30, 20, 10}, "N"),
          Collusion("r2", "1", {"d", "+a", "-b", "@c"}, {10, 20, 30, 40}, "W")};
}

TEST(CsvFormula, GuardsCellsASpreadsheetWouldRun) {
  EXPECT_EQ(reports::GuardFormula("=1+1"), "'=1+1");
  EXPECT_EQ(reports::GuardFormula("+a"), "'+a");
  EXPECT_EQ(reports::GuardFormula("-b"), "'-b");
  EXPECT_EQ(reports::GuardFormula("@c"), "'@c");
  EXPECT_EQ(reports::GuardFormula("\tx"), "'\tx");
  EXPECT_EQ(reports::GuardFormula("\rx"), "'\rx");
  EXPECT_EQ(reports::GuardFormula("'x"), "''x");
  EXPECT_EQ(reports::GuardFormula("-1"), "-1");  // numbers stay numbers
  EXPECT_EQ(reports::GuardFormula("-0.33"), "-0.33");
  EXPECT_EQ(reports::GuardFormula("-1+1"), "'-1+1");
  EXPECT_EQ(reports::GuardFormula("-"), "'-");
  EXPECT_EQ(reports::GuardFormula("ann"), "ann");
}

TEST(CsvFormula, StandingsCsvGuardsTextAndCheckReadsItBack) {
  Standings standings = ComputeStandings(HostileNames(), HostileRecords());
  std::string csv = reports::FormatStandingsCsv(standings);
  EXPECT_NE(csv.find(",'=1+1,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\","), std::string::npos)
      << csv;
  EXPECT_NE(csv.find(",'+a,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",'-b,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",'@c,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",'\tTabbed,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",''quoted,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("'=cmd|' /C calc'!A0"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",-2,"), std::string::npos) << csv;  // an adjustment's points: a number
  for (const std::string& line : {std::string("\n=1+1,"), std::string(",=1+1,"),
                                  std::string(",+a,"), std::string(",-b,"), std::string(",@c,")}) {
    EXPECT_EQ(csv.find(line), std::string::npos) << line;
  }
  Result<record::Node> published = formats::ParseStandingsCsv(csv);
  ASSERT_TRUE(published.has_value());
  EXPECT_EQ(reports::CompareStandings(standings, *published), std::vector<std::string>{});
}

TEST(CsvFormula, RatingsCsvGuardsTextAndCheckReadsItBack) {
  RatedLeague rated{"league.yaml", HostileNames(), HostileRecords(), std::nullopt};
  Ratings ratings = ComputeRatings({rated}, {}, "referee 0.1.0");
  std::string csv = reports::FormatRatingsCsv(ratings);
  EXPECT_NE(csv.find(",'=1+1,\"'=HYPERLINK("), std::string::npos) << csv;
  EXPECT_NE(csv.find(",'@c,'\tTabbed,"), std::string::npos) << csv;
  Result<record::Node> published = formats::ParseRatingsCsv(csv);
  ASSERT_TRUE(published.has_value());
  EXPECT_EQ(reports::CompareRatings(ratings, *published), std::vector<std::string>{});
}

}  // namespace
}  // namespace referee::league
