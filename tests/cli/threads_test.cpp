// `referee verify --threads N` on a JSON Lines stream: the same bytes out, in the same order, with
// the same exit code, whatever the number of threads; more records than one batch, so the
// batches really are spread over the threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/shell.h"

namespace referee::testing {
namespace {

namespace fs = std::filesystem;

class VerifyThreads : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("referee-threads-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            "-" + std::to_string(reinterpret_cast<uintptr_t>(this)));
    fs::create_directories(dir_);
    stream_ = (dir_ / "mixed.jsonl").string();
    // 150 Plonk records, 25 of them with a fault, then a malformed line, a blank line and a
    // record that is too short to be valid JSON.
    ShellResult generated = RunShell(RefereeCommand() +
                                     " generate --game plonk --count 150 --seed threads --faults 25"
                                     " --format jsonl --output " +
                                     stream_ + " 2>&1");
    ASSERT_EQ(generated.exit_code, 0) << generated.output;
    std::ofstream(stream_, std::ios::app) << "{\"format\": \"referee/1\", \"game\": \n\n[1,\n";
  }
  void TearDown() override { fs::remove_all(dir_); }

  ShellResult Verify(const std::string& options) {
    return RunShell(RefereeCommand() + " verify " + options + " " + stream_ + " 2>&1");
  }

  fs::path dir_;
  std::string stream_;
};

TEST_F(VerifyThreads, TextOutputIsTheSameOnOneOrSeveralThreads) {
  ShellResult one = Verify("--threads 1");
  EXPECT_NE(one.output.find("152 records: 125 valid, 25 invalid, 0 incomplete, 2 malformed"),
            std::string::npos)
      << one.output.substr(0, 2000);
  for (const char* threads : {"--threads 2", "--threads 3"}) {
    ShellResult several = Verify(threads);
    EXPECT_EQ(several.exit_code, one.exit_code) << threads;
    EXPECT_EQ(several.output, one.output) << threads;
  }
}

TEST_F(VerifyThreads, JsonOutputIsTheSameOnOneOrSeveralThreads) {
  ShellResult one = Verify("--format json --threads 1");
  ShellResult two = Verify("--format json --threads 2");
  EXPECT_EQ(one.exit_code, 2);  // a malformed record is the worst status here
  EXPECT_EQ(two.exit_code, one.exit_code);
  EXPECT_EQ(two.output, one.output);
}

// A folder of files of one document each is verified on every thread too: the output is the
// same, in the order of the files' names, with a JSON Lines stream, a malformed file and an empty
// one among them.
TEST_F(VerifyThreads, AFolderGivesTheSameOutputOnOneOrSeveralThreads) {
  fs::path folder = dir_ / "folder";
  ShellResult generated = RunShell(RefereeCommand() +
                                   " generate --game collusion --count 120 --seed folder"
                                   " --faults 20 --output " +
                                   folder.string() + " 2>&1");
  ASSERT_EQ(generated.exit_code, 0) << generated.output;
  fs::copy_file(stream_, folder / "collusion-0060a-stream.jsonl");
  std::ofstream(folder / "collusion-0070a-broken.json") << "{\"format\": ";
  std::ofstream(folder / "collusion-0080a-empty.yaml");
  auto verify = [&](const std::string& threads) {
    return RunShell(RefereeCommand() + " verify " + threads + " " + folder.string() + " 2>&1");
  };
  ShellResult one = verify("--threads 1");
  EXPECT_EQ(one.exit_code, 2) << one.output.substr(0, 2000);
  std::vector<size_t> places;
  for (const char* name :
       {"collusion-0001.yaml: ", "collusion-0060.yaml: ", "collusion-0060a-stream.jsonl#1: ",
        "collusion-0061.yaml: ", "collusion-0070a-broken.json:", "collusion-0080a-empty.yaml:",
        "collusion-0120.yaml: "}) {
    places.push_back(one.output.find(name));
    EXPECT_NE(places.back(), std::string::npos) << name;
  }
  EXPECT_TRUE(std::is_sorted(places.begin(), places.end())) << "not in the order of the names";
  for (const char* threads : {"--threads 2", "--threads 3"}) {
    ShellResult several = verify(threads);
    EXPECT_EQ(several.exit_code, one.exit_code) << threads;
    EXPECT_EQ(several.output, one.output) << threads;
  }
}

}  // namespace
}  // namespace referee::testing
