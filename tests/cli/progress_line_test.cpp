// The progress line of long runs (`standings`, `generate`): what it draws, when, and that it draws
// nothing when standard error is not a terminal; through the program, under a pseudo-terminal
// made by script(1) and with standard error in a file.
#include "cli/progress_line.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "tests/support/shell.h"

namespace referee::cli {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;
using std::chrono::seconds;
using TimePoint = std::chrono::steady_clock::time_point;

TEST(ProgressLine, TextHasCountRateAndTimeLeft) {
  EXPECT_EQ(ProgressLine::Text(120, 360, "records", seconds(4)),
            "[##########....................] 120/360 records  30/s  0:08 left");
  EXPECT_EQ(ProgressLine::Text(3, 4000, "files", seconds(2)),
            "[..............................] 3/4000 files  1.5/s  44:25 left");
  EXPECT_EQ(ProgressLine::Text(360, 360, "records", seconds(3725)),
            "[##############################] 360/360 records  0.1/s  in 1:02:05");
  EXPECT_EQ(ProgressLine::Text(0, 10, "files", seconds(0)),
            "[..............................] 0/10 files");
}

TEST(ProgressLine, RedrawsAtMostEveryTenthOfASecondAndEndsTheLine) {
  TimePoint now{};
  std::ostringstream err;
  ProgressLine progress(err, "records", 3, true, [&] { return now; });
  now += milliseconds(50);
  progress.Advance();  // too soon: nothing drawn
  EXPECT_EQ(err.str(), "");
  now += milliseconds(100);
  progress.Advance();
  EXPECT_EQ(err.str(), "\r" + ProgressLine::Text(2, 3, "records", milliseconds(150)) + "\x1b[K");
  progress.Advance();  // the last is always drawn, and ends the line
  EXPECT_TRUE(
      err.str().ends_with(ProgressLine::Text(3, 3, "records", milliseconds(150)) + "\x1b[K\n"))
      << err.str();
}

TEST(ProgressLine, DrawsNothingWhenNotShown) {
  TimePoint now{};
  std::ostringstream err;
  ProgressLine progress(err, "records", 2, false, [&] { return now; });
  now += seconds(1);
  progress.Advance();
  progress.Advance();
  EXPECT_EQ(err.str(), "");
}

// The program decides by isatty(2): script(1) gives it a pseudo-terminal.
TEST(ProgressLine, ShownOnATerminalOnly) {
  fs::path folder = fs::temp_directory_path() / ("referee-progress-" + std::to_string(getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  std::string generate = testing::RefereeCommand() +
                         " generate --game collusion --seed s --count 3 --bot random --output '" +
                         folder.string() + "/records'";
  testing::ShellResult terminal =
      testing::RunShell("script -qec \"" + generate + "\" /dev/null </dev/null");
  EXPECT_EQ(terminal.exit_code, 0) << terminal.output;
  EXPECT_NE(terminal.output.find("] 3/3 records"), std::string::npos) << terminal.output;
  testing::ShellResult file = testing::RunShell(generate + " 2>&1");
  EXPECT_EQ(file.exit_code, 0);
  EXPECT_EQ(file.output, "");
  std::string standings = testing::RefereeCommand() + " standings '" REFEREE_SOURCE_DIR
                                                      "/samples/league/collusion/league.yaml'";
  terminal = testing::RunShell("script -qec \"" + standings + " >/dev/null\" /dev/null </dev/null");
  EXPECT_NE(terminal.output.find("] 9/9 files"), std::string::npos) << terminal.output;
  file = testing::RunShell(standings + " 2>&1 >/dev/null");
  EXPECT_EQ(file.output, "") << file.output;
  fs::remove_all(folder);
}

}  // namespace
}  // namespace referee::cli
