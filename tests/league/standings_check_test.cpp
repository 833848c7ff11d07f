// `referee standings --check` on what a published file could be wrong about besides ranks and
// points: the provenance digest, the rank after each round, the cross-table, the travellers and
// percentages of a duplicate event, the lots, and the round the standings are as of. Each test
// publishes a shipped expected file with one item changed and expects that item named.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "tests/support/shell.h"
#include "tests/support/temporary_files.h"

namespace {

namespace fs = std::filesystem;

const fs::path kSourceDir = REFEREE_SOURCE_DIR;

referee::testing::ShellResult Check(const std::string& season, const std::string& published,
                                    const std::string& extra = "") {
  return referee::testing::RunShell("cd '" + kSourceDir.string() + "' && " +
                                    referee::testing::RefereeCommand() +
                                    " standings samples/league/" + season + "/league.yaml " +
                                    extra + " --check '" + published + "' 2>&1");
}

std::string Expected(const std::string& season, const std::string& name) {
  std::ifstream file(kSourceDir / "samples/league" / season / "expected" / name, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// Writes `text` as a published file and returns its path.
std::string Write(const std::string& text, const std::string& name) {
  return referee::testing::WriteTemporaryFile("referee-published-" + name, text);
}

// Writes `text` with the first match of `pattern` replaced, and returns the file's path.
std::string Published(const std::string& text, const std::string& pattern,
                      const std::string& replacement, const std::string& name) {
  std::string changed = std::regex_replace(text, std::regex(pattern), replacement,
                                           std::regex_constants::format_first_only);
  EXPECT_NE(changed, text) << "the pattern " << pattern << " matched nothing";
  return Write(changed, name);
}

// Replaces field `column` of the first CSV line starting with `prefix`.
std::string WithCsvField(const std::string& csv, const std::string& prefix, size_t column,
                         const std::string& value) {
  size_t start = csv.find("\n" + prefix) + 1;
  size_t end = csv.find('\n', start);
  std::string line = csv.substr(start, end - start);
  size_t from = 0;
  for (size_t c = 0; c < column; ++c) from = line.find(',', from) + 1;
  size_t to = line.find(',', from);
  line.replace(from, to == std::string::npos ? std::string::npos : to - from, value);
  return csv.substr(0, start) + line + csv.substr(end);
}

void ExpectDifference(const referee::testing::ShellResult& run, const std::string& message) {
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find(message), std::string::npos) << run.output;
}

TEST(StandingsCheck, TheProvenanceDigest) {
  std::string path =
      Published(Expected("collusion", "standings.json"), "(\"sha256\": \")[0-9a-f]{64}",
                "$01" + std::string(64, '0'), "provenance.json");
  ExpectDifference(Check("collusion", path), "provenance: expected inputs sha256 ");
  ExpectDifference(Check("collusion", path), ", published " + std::string(64, '0') +
                                                 ": the published standings were made from "
                                                 "other files");
}

TEST(StandingsCheck, TheRankAfterARound) {
  std::string path =
      Published(Expected("collusion", "standings.json"),
                "(\"rank_by_round\": \\[\\s*\\{\\s*\"rank\": )1", "$012", "rank-by-round.json");
  ExpectDifference(Check("collusion", path), "erin: expected rank 1 after round 1, published 2");
}

TEST(StandingsCheck, TheCrossTable) {
  std::string csv =
      WithCsvField(Expected("collusion", "standings.csv"), "cross_table,players,erin,1,", 13, "2");
  std::string path = Write(csv, "cross-table.csv");
  ExpectDifference(Check("collusion", path),
                   "erin, cross-table: expected match in round 1 (place 1, won, 3 points, v "
                   "frank gina hugo), published match in round 1 (place 1, won, 2 points, v "
                   "frank gina hugo)");
}

TEST(StandingsCheck, ATravellersMatchpoints) {
  std::string csv = WithCsvField(Expected("plonk-pairs", "standings.csv"),
                                 "traveller,autumn-pairs-r1/1,1,", 12, "3");
  std::string path = Write(csv, "traveller.csv");
  ExpectDifference(Check("plonk-pairs", path),
                   "traveller, board 1 of seed 'autumn-pairs-r1/1', "
                   "samples/league/plonk-pairs/records/r1-t1.yaml, NS: expected 101 scored, 4 "
                   "matchpoints, published 101 scored, 3 matchpoints");
}

TEST(StandingsCheck, APercentage) {
  std::string path = Published(Expected("plonk-pairs", "standings.json"), "\"percentage\": 66.67",
                               "\"percentage\": 66.66", "percentage.json");
  ExpectDifference(Check("plonk-pairs", path),
                   "queens: expected percentage 66.67, published 66.66");
}

TEST(StandingsCheck, ALot) {
  std::string path = Published(Expected("collusion", "standings.json"), "(\"lot\": \")[0-9a-f]{64}",
                               "$01" + std::string(64, 'f'), "lot.json");
  ExpectDifference(Check("collusion", path), ": expected lot ");
}

TEST(StandingsCheck, TheRoundTheStandingsAreAsOf) {
  std::string published = (kSourceDir /
                           "samples/league/collusion/expected/"
                           "standings-after-round-2.json")
                              .string();
  ExpectDifference(Check("collusion", published),
                   "expected the whole season, published the standings as of round 2 (check with "
                   "--after-round 2)");
  referee::testing::ShellResult as_of = Check("collusion", published, "--after-round 2");
  EXPECT_EQ(as_of.exit_code, 0) << as_of.output;
}

// Another version of referee may publish the same standings: said, not a difference.
TEST(StandingsCheck, AnotherVersionIsANote) {
  std::string path =
      Published(Expected("collusion", "standings.json"), "\"referee\": \"referee [^\"]*\"",
                "\"referee\": \"referee 0.0.1\"", "version.json");
  referee::testing::ShellResult run = Check("collusion", path);
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("note: published by referee 0.0.1, checked with referee "),
            std::string::npos)
      << run.output;
}

TEST(StandingsCheck, AnAfterRoundThatIsNoRoundIsAUsageError) {
  referee::testing::ShellResult run = referee::testing::RunShell(
      "cd '" + kSourceDir.string() + "' && " + referee::testing::RefereeCommand() +
      " standings samples/league/collusion/league.yaml --after-round 9 2>&1");
  EXPECT_EQ(run.exit_code, 3) << run.output;
  EXPECT_NE(run.output.find("--after-round: expected a round of the season (1, 2, 3, 4), found 9"),
            std::string::npos)
      << run.output;
}

}  // namespace
