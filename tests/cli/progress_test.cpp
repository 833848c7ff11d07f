// The progress line of long runs (cli/progress.h): its wording, when it is drawn and erased, and
// through the binary: nothing on a standard error that is not a terminal, the line on one that is.
#include "cli/progress.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "tests/support/shell.h"

namespace referee::cli {
namespace {

namespace fs = std::filesystem;

TEST(Progress, CountsAreGroupedByThousands) {
  EXPECT_EQ(FormatCount(0), "0");
  EXPECT_EQ(FormatCount(999), "999");
  EXPECT_EQ(FormatCount(1000), "1,000");
  EXPECT_EQ(FormatCount(20000), "20,000");
  EXPECT_EQ(FormatCount(1234567), "1,234,567");
}

TEST(Progress, DurationsAreMinutesAndSecondsAndHoursWhenThereAreAny) {
  EXPECT_EQ(FormatDuration(0), "0:00");
  EXPECT_EQ(FormatDuration(7.4), "0:07");
  EXPECT_EQ(FormatDuration(185), "3:05");
  EXPECT_EQ(FormatDuration(3723), "1:02:03");
  EXPECT_EQ(FormatDuration(-3), "0:00");
}

TEST(Progress, TheLineSaysWhatIsKnown) {
  // The first second: a count (and the share done, where the total is known), no rate yet.
  EXPECT_EQ(FormatProgress({0, "record", 0.0, std::nullopt}), "0 records");
  EXPECT_EQ(FormatProgress({1, "record", 0.2, std::nullopt}), "1 record");
  EXPECT_EQ(FormatProgress({1234, "record", 0.5, 0.25}), "1,234 records, 25%");
  // Then the rate; with a known total, the share and the time left at that rate.
  EXPECT_EQ(FormatProgress({12345, "record", 3.0, std::nullopt}), "12,345 records, 4,115/s");
  EXPECT_EQ(FormatProgress({12345, "record", 3.0, 0.35}),
            "12,345 records, 4,115/s, 35%, 0:06 left");
  EXPECT_EQ(FormatProgress({20000, "file", 100.0, 0.02}), "20,000 files, 200/s, 2%, 1:21:40 left");
  // Nothing done yet: no time left to promise. Past the end (a file that grew): 100%.
  EXPECT_EQ(FormatProgress({0, "record", 2.0, 0.0}), "0 records, 0/s, 0%");
  EXPECT_EQ(FormatProgress({10, "record", 2.0, 1.5}), "10 records, 5/s, 100%, 0:00 left");
}

// A clock the test moves.
struct FakeClock {
  double now = 0;  // steps of powers of two add up exactly
  ProgressLine::Clock AsClock() {
    return [this] { return now; };
  }
};

constexpr const char* kErase = "\r\x1b[K";

TEST(Progress, NothingIsWrittenWhenTheLineIsNotShown) {
  std::ostringstream err;
  FakeClock clock;
  {
    ProgressLine line(err, false, "record", ProgressTotal{.bytes = 1000}, nullptr, clock.AsClock());
    for (int i = 0; i < 100; ++i) {
      clock.now += 1;
      line.Advance(1, 10);
    }
    line.Clear();
    line.Finish();
  }
  EXPECT_EQ(err.str(), "");
}

TEST(Progress, TheLineIsRedrawnAtMostTenTimesASecondAndErasedAtTheEnd) {
  std::ostringstream err;
  FakeClock clock;
  ProgressLine line(err, true, "record", ProgressTotal{.bytes = 1000}, nullptr, clock.AsClock());
  clock.now += 0.0625;
  line.Advance(1, 100);
  EXPECT_EQ(err.str(), "") << "a run of a sixteenth of a second draws nothing";
  clock.now += 0.0625;
  line.Advance(1, 100);
  EXPECT_EQ(err.str(), std::string(kErase) + "2 records, 20%");
  clock.now += 0.0625;
  line.Advance(1, 100);
  EXPECT_EQ(err.str(), std::string(kErase) + "2 records, 20%") << "too soon to redraw";
  clock.now += 1.0;
  line.Advance(2, 200);
  std::string last = std::string(kErase) + "5 records, 4/s, 50%, 0:01 left";
  EXPECT_EQ(err.str(), std::string(kErase) + "2 records, 20%" + last);
  line.Finish();
  EXPECT_EQ(err.str(), std::string(kErase) + "2 records, 20%" + last + kErase);
  clock.now += 1.0;
  line.Advance(1, 0);
  line.Finish();
  EXPECT_EQ(err.str(), std::string(kErase) + "2 records, 20%" + last + kErase)
      << "nothing after the end";
}

// generate knows how many records it makes, standings how many files it reads: the share done
// counts those, not bytes.
TEST(Progress, TheShareCountsItemsWhenTheirNumberIsKnown) {
  std::ostringstream err;
  FakeClock clock;
  ProgressLine line(err, true, "file", ProgressTotal{.items = 8, .bytes = 1000}, nullptr,
                    clock.AsClock());
  clock.now += 2.0;
  line.Advance(2, 900);
  EXPECT_EQ(err.str(), std::string(kErase) + "2 files, 1/s, 25%, 0:06 left");
}

TEST(Progress, ClearErasesOnlyALineOnTheScreen) {
  std::ostringstream err;
  FakeClock clock;
  ProgressLine line(err, true, "file", {}, nullptr, clock.AsClock());
  line.Clear();
  EXPECT_EQ(err.str(), "");
  clock.now += 0.2;
  line.Advance(3);
  line.Clear();
  line.Clear();
  EXPECT_EQ(err.str(), std::string(kErase) + "3 files" + kErase);
}

// A stream buffer that counts how often it is flushed.
class FlushCounter : public std::stringbuf {
 public:
  int flushes = 0;

 protected:
  int sync() override {
    ++flushes;
    return 0;
  }
};

TEST(Progress, WhatSharesTheTerminalIsFlushedBeforeEachDrawing) {
  std::ostringstream err;
  FlushCounter counter;
  std::ostream out(&counter);
  FakeClock clock;
  ProgressLine line(err, true, "record", {}, &out, clock.AsClock());
  line.Advance(1);
  EXPECT_EQ(counter.flushes, 0);
  clock.now += 0.2;
  line.Advance(1);
  EXPECT_EQ(counter.flushes, 1);
}

// Through the binary: a JSON Lines stream on a pipe, half of it at once and the rest after a
// pause, so that the run lasts long enough for the line to be drawn where it is drawn at all.
class ProgressThroughTheBinary : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        fs::temp_directory_path() /
        ("referee-progress-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "-" + std::to_string(reinterpret_cast<uintptr_t>(this)));
    fs::create_directories(dir_);
    for (const char* half : {"first", "second"}) {
      testing::ShellResult generated = testing::RunShell(
          testing::RefereeCommand() + " generate --game plonk --count 20 --format jsonl --seed " +
          half + " --output " + (dir_ / half).string() + ".jsonl 2>&1");
      ASSERT_EQ(generated.exit_code, 0) << generated.output;
    }
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The pipeline, run from the test folder.
  std::string Pipeline(const std::string& verify) const {
    return "cd '" + dir_.string() + "' && (cat first.jsonl; sleep 0.4; cat second.jsonl) | " +
           testing::RefereeCommand() + " " + verify;
  }

  fs::path dir_;
};

TEST_F(ProgressThroughTheBinary, NothingOnAStandardErrorThatIsNotATerminal) {
  testing::ShellResult run =
      testing::RunShell("TERM=xterm " + Pipeline("verify --quiet - 2>&1 >/dev/null"));
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.output, "");
  testing::ShellResult json =
      testing::RunShell("TERM=xterm " + Pipeline("verify --format json - 2>&1 >/dev/null"));
  EXPECT_EQ(json.output, "40 records: 40 valid, 0 invalid, 0 incomplete, 0 malformed\n");
}

// The counterpart, under a pseudo-terminal (util-linux `script`): the line is drawn once the
// run has lasted a tenth of a second, and erased before the tally.
TEST_F(ProgressThroughTheBinary, TheLineOnAStandardErrorThatIsATerminal) {
  std::string inner = Pipeline("verify --quiet -");
  testing::ShellResult run =
      testing::RunShell("TERM=xterm script -qec \"sh -c \\\"" + inner + "\\\"\" /dev/null");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  std::smatch drawn;
  EXPECT_TRUE(std::regex_search(run.output, drawn, std::regex("\r\x1b\\[K[0-9,]+ records?")))
      << run.output;
  size_t tally = run.output.find("40 records: 40 valid");
  ASSERT_NE(tally, std::string::npos) << run.output;
  EXPECT_EQ(run.output.rfind(kErase, tally), tally - std::string(kErase).size())
      << "the line is erased before the tally: " << run.output;
}

// generate and standings share the line: on a terminal it is drawn once a run lasts a tenth of a
// second, and erased when the run ends; with standard error in a file, nothing.
TEST(ProgressOfOtherCommands, GenerateAndStandingsDrawOnATerminalOnly) {
  fs::path folder = fs::temp_directory_path() / ("referee-progress-" + std::to_string(getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  std::string generate =
      testing::RefereeCommand() +
      " generate --game collusion --seed s --count 1500 --format jsonl --output '" +
      folder.string() + "/records.jsonl'";
  testing::ShellResult terminal =
      testing::RunShell("TERM=xterm script -qec \"" + generate + "\" /dev/null </dev/null");
  EXPECT_EQ(terminal.exit_code, 0) << terminal.output;
  EXPECT_TRUE(std::regex_search(terminal.output, std::regex("\r\x1b\\[K[0-9,]+ records?, ")))
      << terminal.output;
  EXPECT_TRUE(terminal.output.ends_with(kErase)) << "erased at the end: " << terminal.output;
  testing::ShellResult file = testing::RunShell(generate + " 2>&1");
  EXPECT_EQ(file.exit_code, 0);
  EXPECT_EQ(file.output, "");
  std::ofstream(folder / "league.yaml")
      << "format: referee-league/1\nname: Progress\ngame: collusion\nentrants: [{id: a}]\n"
         "records: [records.jsonl]\n";
  std::string standings = testing::RefereeCommand() + " standings '" + folder.string() +
                          "/league.yaml' --allow-uncounted";
  terminal = testing::RunShell("TERM=xterm script -qec \"" + standings +
                               " >/dev/null\" /dev/null </dev/null");
  EXPECT_TRUE(std::regex_search(terminal.output, std::regex("\r\x1b\\[K[0-9,]+ files?")))
      << terminal.output;
  file = testing::RunShell(standings + " 2>&1 >/dev/null");
  EXPECT_EQ(file.output, "") << file.output;
  fs::remove_all(folder);
}

}  // namespace
}  // namespace referee::cli
