// `referee verify --threads N` on a JSON Lines stream: the same bytes out, in the same order, with
// the same exit code, whatever the number of threads; more records than one batch, so the
// batches really are spread over the threads.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

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

}  // namespace
}  // namespace referee::testing
