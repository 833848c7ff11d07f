// Messages that misled a new user, through the real referee program: each names what went wrong
// where the old one pointed elsewhere.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/support/shell.h"

namespace {

namespace fs = std::filesystem;
using referee::testing::ShellResult;

const fs::path kSourceDir = REFEREE_SOURCE_DIR;

// A scratch folder with the referee program run inside it.
class CliMessages : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() /
              ("referee-messages-" + std::to_string(getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(folder_);
    fs::create_directories(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }

  ShellResult Run(const std::string& arguments, const std::string& redirect = "2>&1") {
    return referee::testing::RunShell("cd '" + folder_.string() + "' && " +
                                      referee::testing::RefereeCommand() + " " + arguments + " " +
                                      redirect);
  }
  void Write(const std::string& name, const std::string& text) {
    std::ofstream(folder_ / name, std::ios::binary) << text;
  }
  static std::string Sample(const std::string& path) {
    std::ifstream file(kSourceDir / path, std::ios::binary);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
  }

  fs::path folder_;
};

size_t Count(const std::string& text, const std::string& part) {
  size_t count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++count;
  }
  return count;
}

// Regression: a trick list item indented one space too far was folded into the item above, and
// the message only said `too-large: expected at most 8 words`.
TEST_F(CliMessages, AFoldedTrickLineIsSaidToLookFoldedByIndentation) {
  std::string record = Sample("samples/collusion/invalid/revoke.yaml");
  size_t at = record.find("      - 2S 3D 8S QS\n");
  ASSERT_NE(at, std::string::npos);
  record.insert(at, " ");
  Write("folded.yaml", record);
  ShellResult run = Run("verify folded.yaml");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("folded.yaml:13:9: malformed[too-large]: expected at most 8 words, "
                            "found more; the value runs on over the next lines, which look "
                            "folded into it by their indentation"),
            std::string::npos)
      << run.output;
}

TEST_F(CliMessages, TooManyWordsOnOneLineSaysNothingOfFolding) {
  std::string record = Sample("samples/collusion/invalid/revoke.yaml");
  size_t at = record.find("      - 2S 3D 8S QS\n");
  ASSERT_NE(at, std::string::npos);
  record.replace(at, 20, "      - 2S 3D 8S QS 2S 3D 8S QS 2S\n");
  Write("long.yaml", record);
  ShellResult run = Run("verify long.yaml");
  EXPECT_NE(run.output.find("expected at most 8 words, found more\n"), std::string::npos)
      << run.output;
  EXPECT_EQ(run.output.find("folded"), std::string::npos) << run.output;
}

// Regression: converting a JSON Lines file of several records to YAML refused every record after
// the first, once per record.
TEST_F(CliMessages, JsonLinesToYamlIsOneMultiDocumentStream) {
  ShellResult yaml = Run(
      "convert '" + (kSourceDir / "samples/collusion/valid/season.jsonl").string() + "' --to yaml",
      "2>errors");
  EXPECT_EQ(yaml.exit_code, 0) << yaml.output;
  EXPECT_EQ(Count(yaml.output, "\n---\n"), 2u) << yaml.output;
  EXPECT_EQ(Count(yaml.output, "format: referee/1\n"), 3u) << yaml.output;
  // Each document is the record of its line: split, every one verifies valid.
  for (int document = 0; document < 3; ++document) {
    size_t start = 0;
    for (int i = 0; i < document; ++i) start = yaml.output.find("\n---\n", start) + 5;
    size_t end = yaml.output.find("\n---\n", start);
    std::string text =
        yaml.output.substr(start, end == std::string::npos ? std::string::npos : end - start + 1);
    Write("record.yaml", text);
    ShellResult verified = Run("verify --quiet record.yaml");
    EXPECT_EQ(verified.exit_code, 0) << text << verified.output;
  }
}

TEST_F(CliMessages, ManyRecordsToJsonAreRefusedOnce) {
  ShellResult json = Run(
      "convert '" + (kSourceDir / "samples/collusion/valid/season.jsonl").string() + "' --to json",
      "2>&1 >/dev/null");
  EXPECT_EQ(json.exit_code, 3);
  EXPECT_EQ(Count(json.output, "holds more than one record"), 1u) << json.output;
}

// Regression: `--quiet` on one bad file printed its finding twice, in the verdict and again in
// the `not valid:` list under it.
TEST_F(CliMessages, QuietPrintsABadFilesFindingOnce) {
  Write("record.yaml", Sample("samples/collusion/invalid/revoke.yaml"));
  ShellResult run = Run("verify --quiet record.yaml");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(Count(run.output, "error[revoke]"), 1u) << run.output;
  EXPECT_EQ(Count(run.output, "not valid:"), 0u) << run.output;
  EXPECT_NE(run.output.find("1 record: 0 valid, 1 invalid"), std::string::npos) << run.output;
}

// Regression: a missing file was reported, followed by "0 records: 0 valid, ..." as if something
// had been verified.
TEST_F(CliMessages, AMissingPathPrintsNoTally) {
  ShellResult run = Run("verify does-not-exist.yaml");
  EXPECT_EQ(run.exit_code, 4);
  EXPECT_EQ(run.output, "referee: cannot read does-not-exist.yaml: No such file or directory\n");
}

// Regression: a folder without records verified nothing and exited 0.
TEST_F(CliMessages, AFolderWithoutRecordsIsAnError) {
  fs::create_directories(folder_ / "empty");
  Write("empty/notes.txt", "not a record\n");
  ShellResult run = Run("verify empty");
  EXPECT_EQ(run.exit_code, 4);
  EXPECT_EQ(run.output,
            "referee: no record files in empty (records are files ending in .yaml, .yml, .json, "
            ".jsonl or .ndjson)\n");
}

}  // namespace
