// `referee ratings --check`: a shipped expected ratings file (JSON or CSV) agrees; the same file
// with one item changed (a rank, a mean, a parameter, a league's inputs digest) gives that
// difference, named, and exit 1; a truncated or garbage file and an endless one (/dev/zero) are
// malformed, exit 2; a missing one cannot be read, exit 4 (docs/ratings.md, "--check").
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "tests/support/shell.h"
#include "tests/support/temporary_files.h"

namespace {

namespace fs = std::filesystem;

const fs::path kSourceDir = REFEREE_SOURCE_DIR;
const std::string kCollusion = "samples/league/collusion/league.yaml";

referee::testing::ShellResult Check(const std::string& published, const std::string& extra = "") {
  return referee::testing::RunShell(
      "cd '" + kSourceDir.string() + "' && " + referee::testing::RefereeCommand() + " ratings " +
      kCollusion + " --allow-uncounted " + extra + " --check '" + published + "' 2>&1");
}

std::string Expected(const std::string& name) {
  std::ifstream file(kSourceDir / "samples/league/collusion/expected" / name, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

std::string Write(const std::string& text, const std::string& name) {
  return referee::testing::WriteTemporaryFile(
      "referee-published-ratings-" + std::to_string(getpid()) + "-" + name, text);
}

// The expected file `name` with the first match of `pattern` replaced, written; its path.
std::string Changed(const std::string& name, const std::string& pattern,
                    const std::string& replacement) {
  std::string text = Expected(name);
  std::string changed = std::regex_replace(text, std::regex(pattern), replacement,
                                           std::regex_constants::format_first_only);
  EXPECT_NE(changed, text) << "the pattern " << pattern << " matched nothing";
  return Write(changed, "changed-" + name);
}

void ExpectOnly(const referee::testing::ShellResult& run, const std::string& path,
                const std::string& difference) {
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_EQ(run.output, path + ": " + difference + "\n");
}

TEST(RatingsCheck, APublishedFileThatAgreesPasses) {
  for (const char* name : {"ratings.json", "ratings.csv"}) {
    std::string path = (kSourceDir / "samples/league/collusion/expected" / name).string();
    referee::testing::ShellResult run = Check(path);
    EXPECT_EQ(run.exit_code, 0) << run.output;
    EXPECT_EQ(run.output, path + ": the published ratings match\n");
  }
}

TEST(RatingsCheck, AChangedRank) {
  std::string path = Changed("ratings.json", "\"rank\": 1,", "\"rank\": 2,");
  ExpectOnly(Check(path), path, "rank 1: gina: expected rank 1, published 2");
}

TEST(RatingsCheck, TwoPlayersSwapped) {
  std::string path = Changed("ratings.csv", "\n1,gina,Gina Gray,", "\n1,frank,Gina Gray,");
  ExpectOnly(Check(path), path, "rank 1: expected gina, published frank");
}

// Compared at the six decimals the file prints: one in the last place is a difference.
TEST(RatingsCheck, AChangedMean) {
  std::string path = Changed("ratings.json", "\"mu\": 27.447198", "\"mu\": 27.447199");
  ExpectOnly(Check(path), path, "rank 1: gina: expected mu 27.447198, published mu 27.447199");
}

TEST(RatingsCheck, AChangedParameterNamesTheOptionToCheckWith) {
  std::string path = Changed("ratings.csv", "\nsigma,8.333333333333334\n", "\nsigma,9\n");
  ExpectOnly(Check(path), path,
             "parameters: expected sigma 8.333333333333334, published 9 (check with --sigma 9)");
  referee::testing::ShellResult run = Check(path, "--sigma 9");
  EXPECT_EQ(run.exit_code, 1) << run.output;  // the players then differ instead
  EXPECT_EQ(run.output.find("parameters:"), std::string::npos) << run.output;
}

TEST(RatingsCheck, AChangedInputsDigest) {
  std::string path =
      Changed("ratings.json", "(\"inputs_sha256\": \")[0-9a-f]{64}", "$01" + std::string(64, '0'));
  ExpectOnly(Check(path), path,
             "league 1 (samples/league/collusion/league.yaml): expected inputs sha256 "
             "fa6bfcffbc36c8913ede26e3070c7558e34afc150c66b8cd645f4d98eb910369, published " +
                 std::string(64, '0') + ": the published ratings were made from other files");
}

TEST(RatingsCheck, AFileOfAnotherVersionGetsANote) {
  std::string path =
      Changed("ratings.json", "\"referee\": \"referee [^\"]*\"", "\"referee\": \"referee 0.0.9\"");
  referee::testing::ShellResult run = Check(path);
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find(path + ": note: published by referee 0.0.9, checked with referee "),
            std::string::npos)
      << run.output;
}

TEST(RatingsCheck, AStandingsFileIsNotARatingsFile) {
  std::string path = (kSourceDir / "samples/league/collusion/expected/standings.json").string();
  ExpectOnly(Check(path), path,
             "expected a ratings file (JSON or CSV output of referee ratings), found no players");
}

TEST(RatingsCheck, ATruncatedFileIsMalformed) {
  std::string json = Expected("ratings.json");
  std::string path = Write(json.substr(0, json.size() / 2), "truncated.json");
  referee::testing::ShellResult run = Check(path);
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find(path + ":"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("malformed"), std::string::npos) << run.output;

  std::string csv = Expected("ratings.csv");
  path = Write(csv.substr(0, csv.find("\n", 60) - 5), "truncated.csv");  // a player's line cut
  run = Check(path);
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("expected 8 fields, found"), std::string::npos) << run.output;
}

TEST(RatingsCheck, GarbageIsMalformed) {
  std::string path = Write("hello, world\n\x01\x02\xff\n", "garbage.csv");
  referee::testing::ShellResult run = Check(path);
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("expected a header line starting with 'rank'"), std::string::npos)
      << run.output;
}

// An endless file is read up to the limit of a record, then refused: not a wait.
TEST(RatingsCheck, AnEndlessFileIsTooLarge) {
  referee::testing::ShellResult run = Check("/dev/zero");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("too-large"), std::string::npos) << run.output;
  std::string big = Expected("ratings.csv") + std::string(17 << 20, '\n');
  run = Check(Write(big, "big.csv"));
  EXPECT_EQ(run.exit_code, 2) << run.output.substr(0, 2000);
  EXPECT_NE(run.output.find("too-large"), std::string::npos) << run.output.substr(0, 2000);
}

TEST(RatingsCheck, AMissingFileCannotBeRead) {
  referee::testing::ShellResult run = Check("no-such-ratings.json");
  EXPECT_EQ(run.exit_code, 4) << run.output;
  EXPECT_NE(run.output.find("no-such-ratings.json"), std::string::npos) << run.output;
}

// With --check the ratings themselves are written only when --output names a file.
TEST(RatingsCheck, WritesTheRatingsOnlyWithOutput) {
  std::string path = (kSourceDir / "samples/league/collusion/expected/ratings.json").string();
  std::string output = Write("", "written.txt");
  referee::testing::ShellResult run = Check(path, "--output '" + output + "'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  std::ifstream file(output, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  EXPECT_EQ(text.str(), Expected("ratings.txt"));
}

}  // namespace
