// The hostile-input fixture (docs/fuzzing.md): runs the real referee binary under `ulimit -v`
// (4 GB; none in sanitizer builds, whose shadow memory needs more) and `timeout 20`, on inputs
// written to a temporary folder. Each case must end in the expected exit code and finding, never
// in a signal or a timeout. Every file of tests/hostile uses it.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/support/sanitized.h"
#include "tests/support/shell.h"

namespace referee::testing::hostile {

namespace fs = std::filesystem;

inline const fs::path kSourceDir = REFEREE_SOURCE_DIR;

using referee::testing::kSanitized;

// `timeout` exits 124 on a timeout; 128+N means a signal N ended the program.
using RunResult = referee::testing::ShellResult;

// The address-space limit of every case, in KiB (4 GB); a case that must show that memory stays
// flat passes a tighter one.
inline constexpr size_t kMemoryLimitKiB = 4 << 20;

// Runs `referee ARGUMENTS` under the limits; FILE names are relative to the scratch folder.
// ARGUMENTS may end in redirections of the program's own input and output.
inline RunResult RunLimited(const fs::path& folder, const std::string& arguments,
                            size_t memory_kib = kMemoryLimitKiB) {
  std::string limit = kSanitized ? "" : "ulimit -v " + std::to_string(memory_kib) + "; ";
  return referee::testing::RunShell("cd '" + folder.string() + "' && (" + limit +
                                    "exec timeout 20 " + referee::testing::RefereeCommand() + " " +
                                    arguments + ") 2>&1");
}

inline std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class Hostile : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    folder_ = fs::temp_directory_path() / ("referee-hostile-" + std::to_string(getpid()));
    fs::create_directories(folder_);
  }
  static void TearDownTestSuite() {
    std::error_code error;
    fs::remove_all(folder_, error);
  }

  static void Write(const std::string& name, const std::string& content) {
    std::ofstream(folder_ / name, std::ios::binary) << content;
  }

  // Verifies NAME and checks the exit code and (when not empty) the finding code.
  static void Expect(const std::string& name, int exit_code, const std::string& code) {
    RunResult run = RunLimited(folder_, "verify " + name);
    ASSERT_NE(run.exit_code, 124) << name << ": timed out\n" << run.output.substr(0, 2000);
    ASSERT_LT(run.exit_code, 128) << name << ": killed by a signal\n" << run.output.substr(0, 2000);
    EXPECT_EQ(run.exit_code, exit_code) << name << "\n" << run.output.substr(0, 2000);
    if (!code.empty()) {
      EXPECT_NE(run.output.find("malformed[" + code + "]"), std::string::npos)
          << name << ": expected " << code << "\n"
          << run.output.substr(0, 2000);
    }
  }

  static std::string Sample() {
    return ReadFile(kSourceDir / "samples/collusion/valid/first-to-100.yaml");
  }

  // The sample with its first `from` replaced by `to`.
  static std::string SampleWith(const std::string& from, const std::string& to) {
    std::string text = Sample();
    size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
  }

  static inline fs::path folder_;
};

}  // namespace referee::testing::hostile
