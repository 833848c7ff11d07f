// The sample seasons under samples/league/<game>/: `referee standings` gives exactly the expected
// report in every format, `--check` agrees with the expected JSON and CSV and names a difference,
// and league-file errors and missing files get their exit codes.
// REFEREE_REGENERATE_GOLDEN=1 rewrites the expected files on purpose (review the diff!).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/shell.h"

namespace {

namespace fs = std::filesystem;

const fs::path kSourceDir = REFEREE_SOURCE_DIR;

using RunResult = referee::testing::ShellResult;

// Runs the referee binary from the source directory (paths in the output are relative to it).
// Standard error is kept apart unless `with_errors`.
RunResult RunReferee(const std::string& arguments, bool with_errors = false) {
  return referee::testing::RunShell("cd '" + kSourceDir.string() + "' && " +
                                    referee::testing::RefereeCommand() + " " + arguments +
                                    (with_errors ? " 2>&1" : " 2>/dev/null"));
}

std::string ReadAll(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

const std::vector<std::pair<std::string, std::string>> kFormats = {
    {"text", "txt"}, {"markdown", "md"}, {"csv", "csv"}, {"json", "json"}, {"html", "html"}};

// The sample seasons: one per game, and a duplicate pairs event run by direction.
const std::vector<std::string> kSeasons = {"collusion", "plonk", "conspiracy", "cahoots",
                                           "plonk-pairs"};

// The seasons that list records not counted, on purpose: `standings` exits 5 on them.
int ExpectedExit(const std::string& season) {
  return season == "cahoots" || season == "plonk-pairs" ? 0 : 5;
}

struct Case {
  std::string season;
  std::string format;
  std::string extension;
  std::string after_round;  // the standings as of this round; empty: the whole season
};

// Named in test output by what it is, not by its bytes.
void PrintTo(const Case& c, std::ostream* out) {
  *out << c.season << " " << c.format << (c.after_round.empty() ? "" : " after round ")
       << c.after_round;
}

std::string ExpectedName(const Case& c) {
  std::string as_of = c.after_round.empty() ? "" : "-after-round-" + c.after_round;
  return "standings" + as_of + "." + c.extension;
}

std::vector<Case> Cases() {
  std::vector<Case> cases;
  for (const std::string& season : kSeasons) {
    for (const auto& [format, extension] : kFormats) cases.push_back({season, format, extension});
  }
  // A page published after round 2 of the spring season, in every format.
  for (const auto& [format, extension] : kFormats) {
    cases.push_back({"collusion", format, extension, "2"});
  }
  return cases;
}

class StandingsGolden : public testing::TestWithParam<Case> {};

TEST_P(StandingsGolden, OutputMatchesExpected) {
  const Case& c = GetParam();
  std::string as_of = c.after_round.empty() ? "" : " --after-round " + c.after_round;
  RunResult run = RunReferee("standings samples/league/" + c.season + "/league.yaml --format " +
                             c.format + as_of);
  EXPECT_EQ(run.exit_code, ExpectedExit(c.season)) << run.output;
  fs::path expected = kSourceDir / "samples/league" / c.season / "expected" / ExpectedName(c);
  if (std::getenv("REFEREE_REGENERATE_GOLDEN") != nullptr) {
    fs::create_directories(expected.parent_path());
    std::ofstream(expected, std::ios::binary) << run.output;
  }
  ASSERT_TRUE(fs::exists(expected))
      << "missing " << expected << " (run with REFEREE_REGENERATE_GOLDEN=1 and review it)";
  EXPECT_EQ(ReadAll(expected), run.output) << "for " << c.season << " " << c.format << as_of;
}

INSTANTIATE_TEST_SUITE_P(Seasons, StandingsGolden, testing::ValuesIn(Cases()),
                         [](const testing::TestParamInfo<Case>& info) {
                           std::string name = info.param.season + "_" + info.param.format;
                           if (!info.param.after_round.empty()) {
                             name += "_after_round_" + info.param.after_round;
                           }
                           for (char& c : name) c = c == '-' ? '_' : c;
                           return name;
                         });

TEST(StandingsCli, CheckAgreesWithThePublishedFiles) {
  for (const std::string& season : kSeasons) {
    std::string league = "samples/league/" + season + "/league.yaml";
    std::string expected = "samples/league/" + season + "/expected/standings.";
    for (const char* extension : {"json", "csv"}) {
      RunResult run =
          RunReferee("standings " + league + " --allow-uncounted --check " + expected + extension);
      EXPECT_EQ(run.exit_code, 0) << run.output;
      EXPECT_NE(run.output.find("the published standings match"), std::string::npos) << run.output;
    }
  }
  for (const char* extension : {"json", "csv"}) {
    RunResult run = RunReferee(
        "standings samples/league/collusion/league.yaml --after-round 2 --allow-uncounted --check "
        "samples/league/collusion/expected/standings-after-round-2." +
        std::string(extension));
    EXPECT_EQ(run.exit_code, 0) << run.output;
  }
}

TEST(StandingsCli, CheckNamesEachDifference) {
  fs::path claimed = fs::temp_directory_path() / "referee-claimed-standings.csv";
  std::string csv = ReadAll(kSourceDir / "samples/league/collusion/expected/standings.csv");
  // Swap the entrants of the second and third rows, as a mistyped publication would.
  std::vector<std::string> lines;
  std::stringstream stream(csv);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  ASSERT_GE(lines.size(), 4u);
  std::swap(lines[2], lines[3]);
  std::ofstream out(claimed);
  for (const std::string& line : lines) out << line << "\n";
  out.close();
  RunResult run =
      RunReferee("standings samples/league/collusion/league.yaml --check " + claimed.string());
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("rank 2: expected dave (7 points), published alice (6 points)"),
            std::string::npos)
      << run.output;
  fs::remove(claimed);
}

TEST(StandingsCli, LeagueErrorsAreMalformedWithTheirPlace) {
  fs::path folder = fs::temp_directory_path() / "referee-league-error";
  fs::create_directories(folder);
  std::ofstream(folder / "league.yaml")
      << "format: referee-league/1\nname: x\ngame: collusion\nentrants: [{id: a}]\n"
         "records: [records/]\ntie_breaks: [wins, most-wins]\n";
  RunResult run = RunReferee("standings " + (folder / "league.yaml").string(), true);
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("league.yaml:6:20: malformed[unknown-tie-break]"), std::string::npos)
      << run.output;
  std::ofstream(folder / "league.yaml")
      << "format: referee-league/1\nname: x\ngame: collusion\nentrants: [{id: a}]\n"
         "records: [nowhere/]\n";
  RunResult missing = RunReferee("standings " + (folder / "league.yaml").string(), true);
  EXPECT_EQ(missing.exit_code, 4) << missing.output;
  EXPECT_NE(missing.output.find("nowhere"), std::string::npos) << missing.output;
  fs::remove_all(folder);
  EXPECT_EQ(RunReferee("standings").exit_code, 3);
  EXPECT_EQ(RunReferee("standings samples/league/collusion/league.yaml --format pdf").exit_code, 3);
  EXPECT_EQ(RunReferee("standings samples/league/none.yaml").exit_code, 4);
}

TEST(StandingsCli, OutputGoesToAFile) {
  fs::path file = fs::temp_directory_path() / "referee-standings-output.md";
  RunResult run = RunReferee(
      "standings samples/league/plonk/league.yaml --format markdown --allow-uncounted "
      "--output " +
      file.string());
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.output, "");
  EXPECT_EQ(ReadAll(file), ReadAll(kSourceDir / "samples/league/plonk/expected/standings.md"));
  fs::remove(file);
}

}  // namespace
