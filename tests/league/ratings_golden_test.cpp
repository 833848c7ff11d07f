// `referee ratings` on the sample seasons gives exactly the expected text, Markdown, CSV, JSON and
// HTML (samples/league/<game>/expected/ratings.*), and refuses leagues of two games and parameters
// the model cannot use with a usage error. REFEREE_REGENERATE_GOLDEN=1 rewrites the expected files
// on purpose (review the diff!).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/shell.h"

namespace {

namespace fs = std::filesystem;

const fs::path kSourceDir = REFEREE_SOURCE_DIR;

referee::testing::ShellResult RunReferee(const std::string& arguments) {
  return referee::testing::RunShell("cd '" + kSourceDir.string() + "' && " +
                                    referee::testing::RefereeCommand() + " " + arguments + " 2>&1");
}

std::string ReadAll(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

struct Case {
  std::string game;     // the folder the expected files are in
  std::string leagues;  // the leagues rated, in order
  std::string format;
  std::string extension;
};

void PrintTo(const Case& c, std::ostream* out) { *out << c.game << " " << c.format; }

std::vector<Case> Cases() {
  const std::vector<std::pair<std::string, std::string>> seasons = {
      {"collusion", "samples/league/collusion/league.yaml"},
      // Two seasons of one game: the autumn league, then the pairs event.
      {"plonk", "samples/league/plonk/league.yaml samples/league/plonk-pairs/league.yaml"},
      {"conspiracy", "samples/league/conspiracy/league.yaml"},
      {"cahoots", "samples/league/cahoots/league.yaml"}};
  std::vector<Case> cases;
  for (const auto& [game, leagues] : seasons) {
    cases.push_back({game, leagues, "text", "txt"});
    cases.push_back({game, leagues, "markdown", "md"});
    cases.push_back({game, leagues, "csv", "csv"});
    cases.push_back({game, leagues, "json", "json"});
    cases.push_back({game, leagues, "html", "html"});
  }
  return cases;
}

class RatingsGolden : public testing::TestWithParam<Case> {};

TEST_P(RatingsGolden, OutputMatchesExpected) {
  const Case& c = GetParam();
  // The seasons list records that are not counted on purpose (exit 5 without the option).
  referee::testing::ShellResult run =
      RunReferee("ratings " + c.leagues + " --allow-uncounted --format " + c.format);
  EXPECT_EQ(run.exit_code, 0) << run.output;
  fs::path expected =
      kSourceDir / "samples/league" / c.game / "expected" / ("ratings." + c.extension);
  if (std::getenv("REFEREE_REGENERATE_GOLDEN") != nullptr) {
    std::ofstream(expected, std::ios::binary) << run.output;
  }
  ASSERT_TRUE(fs::exists(expected))
      << "missing " << expected << " (run with REFEREE_REGENERATE_GOLDEN=1 and review it)";
  EXPECT_EQ(ReadAll(expected), run.output);
}

INSTANTIATE_TEST_SUITE_P(Seasons, RatingsGolden, testing::ValuesIn(Cases()),
                         [](const testing::TestParamInfo<Case>& info) {
                           return info.param.game + "_" + info.param.format;
                         });

TEST(RatingsCli, RefusesLeaguesOfTwoGames) {
  referee::testing::ShellResult run =
      RunReferee("ratings samples/league/collusion/league.yaml samples/league/plonk/league.yaml");
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_EQ(run.output,
            "referee: ratings: expected leagues of one game (collusion, as "
            "samples/league/collusion/league.yaml), found plonk in "
            "samples/league/plonk/league.yaml\n");
}

TEST(RatingsCli, RefusesAParameterTheModelCannotUse) {
  referee::testing::ShellResult run =
      RunReferee("ratings samples/league/collusion/league.yaml --sigma -2");
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_EQ(run.output, "referee: ratings: --sigma: expected a number above 0, found -2\n");
}

// The parameters given are the parameters shown, exactly, so that the output can be re-derived.
TEST(RatingsCli, ShowsTheParametersItUsed) {
  referee::testing::ShellResult run = RunReferee(
      "ratings samples/league/collusion/league.yaml --mu 1500 --sigma 350 --beta 175 --tau 0 "
      "--allow-uncounted");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("parameters: mu 1500, sigma 350, beta 175, kappa 0.0001, tau 0 "
                            "(exactly, in the JSON and CSV outputs)\n"),
            std::string::npos)
      << run.output;
}

}  // namespace
