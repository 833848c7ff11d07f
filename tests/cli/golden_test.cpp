// Golden samples: every file under samples/<game>/{valid,invalid}/ is verified by the real
// referee program, and its output and exit code must equal NAME.expected beside it; whole runs
// over several records are pinned the same way in tests/cli/expected/.
// REFEREE_REGENERATE_GOLDEN=1 rewrites the expected files on purpose (review the diff!).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/shell.h"

namespace {

namespace fs = std::filesystem;

const fs::path kSourceDir = REFEREE_SOURCE_DIR;

using RunResult = referee::testing::ShellResult;

// Runs the referee binary from the source directory, so that paths in the output are the
// relative paths a user would type.
RunResult RunReferee(const std::string& arguments) {
  return referee::testing::RunShell("cd '" + kSourceDir.string() + "' && " +
                                    referee::testing::RefereeCommand() + " " + arguments + " 2>&1");
}

bool IsSample(const fs::path& path) {
  std::string extension = path.extension().string();
  return extension == ".yaml" || extension == ".json" || extension == ".jsonl";
}

std::vector<fs::path> Samples() {
  std::vector<fs::path> samples;
  for (const fs::directory_entry& entry :
       fs::recursive_directory_iterator(kSourceDir / "samples")) {
    fs::path relative = fs::relative(entry.path(), kSourceDir);
    std::string kind = relative.parent_path().filename().string();
    if (entry.is_regular_file() && IsSample(entry.path()) &&
        (kind == "valid" || kind == "invalid")) {
      samples.push_back(relative);
    }
  }
  std::sort(samples.begin(), samples.end());
  return samples;
}

// samples/<game>/<kind>/NAME.yaml -> samples/<game>/<kind>/expected/NAME.yaml.expected, kept in a
// folder of their own so that `referee verify samples/<game>/valid/*` reads only records.
std::string ExpectedPath(const fs::path& sample) {
  fs::path folder = kSourceDir / sample.parent_path() / "expected";
  fs::create_directories(folder);
  return (folder / (sample.filename().string() + ".expected")).string();
}

std::string Golden(const RunResult& run) {
  return run.output + "exit " + std::to_string(run.exit_code) + "\n";
}

class GoldenSample : public testing::TestWithParam<fs::path> {};

TEST_P(GoldenSample, OutputMatchesExpected) {
  const fs::path& sample = GetParam();
  RunResult run = RunReferee("verify " + sample.string());
  std::string actual = Golden(run);
  std::string expected_path = ExpectedPath(sample);
  if (std::getenv("REFEREE_REGENERATE_GOLDEN") != nullptr) {
    std::ofstream(expected_path, std::ios::binary) << actual;
  }
  std::ifstream file(expected_path, std::ios::binary);
  ASSERT_TRUE(file) << "missing " << expected_path
                    << " (run the tests with REFEREE_REGENERATE_GOLDEN=1 and review it)";
  std::stringstream expected;
  expected << file.rdbuf();
  EXPECT_EQ(expected.str(), actual) << "for " << sample;
  // Valid samples must verify valid; invalid ones must not.
  bool valid_dir = sample.parent_path().filename() == "valid";
  EXPECT_EQ(valid_dir, run.exit_code == 0) << sample << " exited " << run.exit_code;
}

// Whole runs of `referee verify` over several records, with standard output and standard error
// kept apart: what --quiet leaves, the list of records that are not valid, where the tally goes
// with --format json. Expected in tests/cli/expected/NAME.expected, regenerated like the samples.
struct GoldenRunCase {
  std::string name;
  std::string arguments;
};

std::vector<GoldenRunCase> GoldenRuns() {
  return {
      {"quiet-mixed",
       "verify --quiet samples/collusion/valid samples/collusion/invalid/bad-card.yaml "
       "samples/plonk/invalid/short-deal.yaml samples/collusion/invalid/incomplete.yaml"},
      {"quiet-valid", "verify --quiet samples/plonk/valid"},
      {"quiet-stream", "verify --quiet samples/collusion/valid/season.jsonl"},
      {"text-mixed",
       "verify samples/collusion/invalid/revoke.yaml samples/collusion/valid/deduction.yaml "
       "samples/collusion/invalid/incomplete.yaml"},
      {"json-mixed",
       "verify --format json samples/collusion/invalid/revoke.yaml "
       "samples/collusion/invalid/incomplete.yaml samples/collusion/valid/first-to-100.json"},
      {"json-quiet", "verify --format json --quiet samples/collusion/valid/deduction.yaml"},
      // A JSON Lines record's findings are placed on its line of the stream.
      // An input that cannot be read has its line among the verdicts.
      {"json-missing",
       "verify --format json samples/does-not-exist.yaml samples/plonk/valid/target-150.yaml"},
      {"json-stream", "verify --format json samples/plonk/invalid/stream-wrong-leader.jsonl"},
      {"missing-only", "verify samples/does-not-exist.yaml"},
      {"missing-and-valid",
       "verify --quiet samples/does-not-exist.yaml samples/collusion/valid/deduction.yaml"},
  };
}

class GoldenRun : public testing::TestWithParam<GoldenRunCase> {};

TEST_P(GoldenRun, OutputMatchesExpected) {
  const GoldenRunCase& run_case = GetParam();
  fs::path errors = fs::temp_directory_path() /
                    ("referee-golden-" + run_case.name + "-" + std::to_string(getpid()) + ".err");
  RunResult run = referee::testing::RunShell("cd '" + kSourceDir.string() + "' && " +
                                             referee::testing::RefereeCommand() + " " +
                                             run_case.arguments + " 2>'" + errors.string() + "'");
  std::stringstream error_text;
  error_text << std::ifstream(errors, std::ios::binary).rdbuf();
  fs::remove(errors);
  std::string actual = "$ referee " + run_case.arguments + "\n" + run.output +
                       "--- standard error\n" + error_text.str() + "exit " +
                       std::to_string(run.exit_code) + "\n";
  fs::path expected_path =
      kSourceDir / "tests" / "cli" / "expected" / (run_case.name + ".expected");
  if (std::getenv("REFEREE_REGENERATE_GOLDEN") != nullptr) {
    fs::create_directories(expected_path.parent_path());
    std::ofstream(expected_path, std::ios::binary) << actual;
  }
  std::ifstream file(expected_path, std::ios::binary);
  ASSERT_TRUE(file) << "missing " << expected_path
                    << " (run the tests with REFEREE_REGENERATE_GOLDEN=1 and review it)";
  std::stringstream expected;
  expected << file.rdbuf();
  EXPECT_EQ(expected.str(), actual);
}

INSTANTIATE_TEST_SUITE_P(Runs, GoldenRun, testing::ValuesIn(GoldenRuns()),
                         [](const testing::TestParamInfo<GoldenRunCase>& info) {
                           std::string name = info.param.name;
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

std::string TestName(const testing::TestParamInfo<fs::path>& info) {
  std::string name = info.param.string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Samples, GoldenSample, testing::ValuesIn(Samples()), TestName);

TEST(Golden, EveryExpectedFileHasItsSample) {
  for (const fs::directory_entry& entry :
       fs::recursive_directory_iterator(kSourceDir / "samples")) {
    std::string path = entry.path().string();
    if (!path.ends_with(".expected")) continue;
    fs::path sample =
        entry.path().parent_path().parent_path() /
        entry.path().filename().string().substr(
            0, entry.path().filename().string().size() - std::string(".expected").size());
    EXPECT_TRUE(fs::exists(sample)) << path << " has no sample " << sample;
  }
}

TEST(Cli, ValidSamplesExitZeroTogether) {
  RunResult run = RunReferee("verify --quiet samples/collusion/valid/*");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("7 records: 7 valid"), std::string::npos) << run.output;
}

TEST(Cli, StandardInputIsSniffed) {
  RunResult yaml = RunReferee("verify --quiet - < samples/collusion/valid/first-to-100.yaml");
  EXPECT_EQ(yaml.exit_code, 0) << yaml.output;
  RunResult lines = RunReferee("verify - < samples/collusion/valid/season.jsonl");
  EXPECT_EQ(lines.exit_code, 0) << lines.output;
  EXPECT_NE(lines.output.find("-#3: valid"), std::string::npos) << lines.output;
}

TEST(Cli, MissingFileIsAnIoError) {
  RunResult run = RunReferee("verify samples/does-not-exist.yaml");
  EXPECT_EQ(run.exit_code, 4) << run.output;
  EXPECT_NE(run.output.find("cannot read samples/does-not-exist.yaml"), std::string::npos);
}

TEST(Cli, UsageErrorsExitThree) {
  EXPECT_EQ(RunReferee("verify").exit_code, 3);
  EXPECT_EQ(RunReferee("verify --format xml samples/collusion/valid/deduction.yaml").exit_code, 3);
  RunResult typo = RunReferee("verfy samples/collusion/valid/deduction.yaml");
  EXPECT_EQ(typo.exit_code, 3);
  EXPECT_NE(typo.output.find("did you mean 'verify'?"), std::string::npos) << typo.output;
  // Regression: a known command with a bad option was reported as an unknown command.
  RunResult bad_option = RunReferee("convert samples/collusion/valid/deduction.yaml --to xml");
  EXPECT_EQ(bad_option.exit_code, 3);
  EXPECT_EQ(bad_option.output.find("unknown command"), std::string::npos) << bad_option.output;
}

TEST(Cli, HelpExitsZeroForEveryCommand) {
  for (std::string command : {"verify", "convert", "deal", "generate", "live", "standings"}) {
    RunResult help = RunReferee(command + " --help");
    EXPECT_EQ(help.exit_code, 0) << command << ": " << help.output;
    EXPECT_EQ(help.output.find("unknown command"), std::string::npos) << help.output;
  }
}

TEST(Cli, WorstExitWins) {
  // One valid, one invalid, one malformed record: malformed (2) wins.
  RunResult run = RunReferee(
      "verify samples/collusion/valid/deduction.yaml samples/collusion/invalid/revoke.yaml "
      "samples/collusion/invalid/bad-card.yaml");
  EXPECT_EQ(run.exit_code, 2) << run.output;
}

TEST(Cli, YamlAndJsonGiveTheSameVerdict) {
  RunResult yaml = RunReferee("verify --format json samples/collusion/invalid/revoke.yaml");
  RunResult json = RunReferee("verify --format json samples/collusion/invalid/revoke.json");
  auto verdict = [](const std::string& line) { return line.substr(line.find("\"verdict\"")); };
  ASSERT_NE(yaml.output.find("\"verdict\""), std::string::npos) << yaml.output;
  EXPECT_EQ(verdict(yaml.output), verdict(json.output));
  EXPECT_EQ(yaml.exit_code, 1);
}

TEST(Cli, ConvertRoundTripsToTheSameVerdict) {
  RunResult converted = RunReferee(
      "convert samples/collusion/valid/shared-win.yaml --to yaml | "
      "'" +
      std::string(REFEREE_BINARY) + "' verify --format json -");
  RunResult original = RunReferee("verify --format json samples/collusion/valid/shared-win.yaml");
  auto verdict = [](const std::string& line) { return line.substr(line.find("\"verdict\"")); };
  EXPECT_EQ(verdict(converted.output), verdict(original.output));
}

}  // namespace
