// `referee standings` on leagues written to a scratch folder with copies of the Collusion season's
// records: a record counts once however often the league file lists it, a copy of a match under
// another name is reported, mistakes in the league file are errors at their line and column, and
// warnings reach standard error and the JSON report.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/shell.h"

namespace {

namespace fs = std::filesystem;
using RunResult = referee::testing::ShellResult;

const fs::path kSourceDir = REFEREE_SOURCE_DIR;

class StandingsCliLeague : public testing::Test {
 protected:
  void SetUp() override {
    folder_ =
        fs::temp_directory_path() / ("referee-standings-cli-" + std::to_string(getpid()) + "-" +
                                     testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(folder_);
    fs::create_directories(folder_);
    fs::copy(kSourceDir / "samples/league/collusion/records", folder_ / "records");
  }
  void TearDown() override { fs::remove_all(folder_); }

  // The Collusion season's league with `records` and `rest` in place of its own keys.
  void WriteLeague(const std::string& records, const std::string& rest = "") {
    std::ofstream(folder_ / "league.yaml")
        << "format: referee-league/1\nname: Copy\ngame: collusion\n"
           "entrants: [{id: alice}, {id: bob}, {id: carol}, {id: dave}, {id: erin}, {id: frank},"
           " {id: gina}, {id: hugo}]\n"
        << "records: " << records << "\n"
        << rest;
  }

  // Runs referee in the scratch folder; standard error is kept apart unless `with_errors`.
  RunResult Run(const std::string& arguments, bool with_errors = false) {
    return referee::testing::RunShell("cd '" + folder_.string() + "' && " +
                                      referee::testing::RefereeCommand() + " " + arguments +
                                      (with_errors ? " 2>&1" : " 2>/dev/null"));
  }

  // What was counted: the Collusion season's records include two that are not (exit 5).
  std::string Counted(const std::string& arguments = "standings league.yaml") {
    RunResult run = Run(arguments + " --allow-uncounted");
    EXPECT_EQ(run.exit_code, 0) << run.output;
    size_t at = run.output.find("records: ");
    return at == std::string::npos ? run.output
                                   : run.output.substr(at, run.output.find('\n', at) - at);
  }

  fs::path folder_;
};

constexpr const char* kSeason = "records: 7 counted, 2 not counted; rounds: 1, 2, 3, 4";

// A record listed twice was counted twice, doubling everyone's points from it.
TEST_F(StandingsCliLeague, AFolderAndAFileInItCountTheFileOnce) {
  WriteLeague("[records/, {path: records/r1-t1.yaml, round: 2}]");
  EXPECT_EQ(Counted(), "records: 7 counted, 2 not counted; rounds: 1, 2, 3, 4");
  RunResult json = Run("standings league.yaml --format json");
  // r1-t1 counts in round 2, as its explicit entry says: alice's 3 points come in round 2.
  EXPECT_NE(json.output.find("\"rounds\": [\n    \"1\",\n    \"2\""), std::string::npos);
  EXPECT_NE(json.output.find("\"code\": \"two-tables\""), std::string::npos) << json.output;
}

TEST_F(StandingsCliLeague, AFolderAndAnOverlappingGlobCountEachFileOnce) {
  WriteLeague("[records/, \"records/r1-*.yaml\", ./records/r2-t1.yaml]");
  EXPECT_EQ(Counted(), kSeason);
}

TEST_F(StandingsCliLeague, ALinkToARecordIsTheSameRecord) {
  fs::create_symlink("records/r1-t1.yaml", folder_ / "alias.yaml");
  WriteLeague("[records/, alias.yaml]");
  EXPECT_EQ(Counted(), kSeason);
}

// A glob with no folder in front, next to the league file: its folder is the league's own.
TEST_F(StandingsCliLeague, AGlobBesideTheLeagueFile) {
  fs::copy_file(folder_ / "records/r1-t1.yaml", folder_ / "r1-t1.yml");
  WriteLeague("[\"*.yml\"]");
  EXPECT_EQ(Counted(), "records: 1 counted, 0 not counted; rounds: 1");
}

TEST_F(StandingsCliLeague, TwoEntriesEquallySpecificWithOtherRoundsAreAnError) {
  WriteLeague("[{path: \"records/r1-*.yaml\", round: 1}, {path: \"records/*-t1.yaml\", round: 5}]");
  RunResult run = Run("standings league.yaml", true);
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("league.yaml:5:50: malformed[conflicting-rounds]: expected one round "
                            "for records/r1-t1.yaml, found round 1 from /records/0 and round 5"),
            std::string::npos)
      << run.output;
}

// The same match uploaded as YAML and as JSON under another name counted twice.
TEST_F(StandingsCliLeague, TheSameMatchUnderTwoNamesCountsOnceAndIsReported) {
  RunResult converted = Run("convert records/r1-t1.yaml --to json > records/late-upload.json");
  ASSERT_EQ(converted.exit_code, 0) << converted.output;
  WriteLeague("[records/]");
  EXPECT_EQ(Counted(), "records: 7 counted, 3 not counted; rounds: 1, 2, 3, 4");
  RunResult run = Run("standings league.yaml");
  EXPECT_NE(run.output.find("records/r1-t1.yaml: duplicate: the same match as "
                            "records/late-upload.json, counted once, as records/late-upload.json"),
            std::string::npos)
      << run.output;
}

TEST_F(StandingsCliLeague, MistakesInEntriesAreErrorsAtTheirLineAndColumn) {
  WriteLeague("[records/]", "forfeits:\n  - {round: 4, by: hugo, to: [bob, hugo], reason: x}\n");
  RunResult self = Run("standings league.yaml", true);
  EXPECT_EQ(self.exit_code, 2);
  EXPECT_NE(self.output.find("league.yaml:7:36: malformed[self-forfeit]"), std::string::npos)
      << self.output;
  WriteLeague("[records/]", "scheme: {name: placement, points: []}\n");
  RunResult points = Run("standings league.yaml", true);
  EXPECT_EQ(points.exit_code, 2);
  EXPECT_NE(points.output.find("league.yaml:6:35: malformed[out-of-range]"), std::string::npos)
      << points.output;
  WriteLeague("[records/]", "tie_breaks: [wins, total-score, wins]\n");
  RunResult twice = Run("standings league.yaml", true);
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.output.find("league.yaml:6:33: malformed[duplicate-tie-break]"),
            std::string::npos)
      << twice.output;
}

// `round: 01` on an entry and "1" in the records were two rounds.
TEST_F(StandingsCliLeague, RoundZeroOneIsRoundOne) {
  WriteLeague("[{path: records/r1-t1.yaml, round: '01'}, records/r1-t2.yaml]");
  EXPECT_EQ(Counted(), "records: 2 counted, 0 not counted; rounds: 1");
}

TEST_F(StandingsCliLeague, WarningsGoToStandardErrorAndIntoTheReport) {
  WriteLeague("[records/]", "byes:\n  - {round: 3, entrant: gina, reason: mistaken}\n");
  RunResult run = Run("standings league.yaml --format json --allow-uncounted", true);
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("league.yaml:7:5: warning[bye-in-played-round]: gina has a bye in "
                            "round 3, a round gina played (records/r3-t1.yaml): both count\n"),
            std::string::npos)
      << run.output;
  EXPECT_NE(
      run.output.find("\"warnings\": [\n    {\n      \"code\": \"bye-in-played-round\",\n"
                      "      \"path\": \"/byes/0\",\n      \"line\": 7,\n      \"column\": 5,"),
      std::string::npos)
      << run.output;
  RunResult text = Run("standings league.yaml");
  EXPECT_NE(
      text.output.find("warnings:\n  bye-in-played-round at /byes/0 (line 7): gina has a bye"),
      std::string::npos)
      << text.output;
}

// A record the league lists that is not counted (here: a player who is not an entrant) makes the
// command exit 5, so that a script can tell; --allow-uncounted makes it 0. Before, it exited 0.
TEST_F(StandingsCliLeague, AListedRecordNotCountedExitsFive) {
  std::ofstream(folder_ / "league.yaml")
      << "format: referee-league/1\nname: Short\ngame: collusion\n"
         "entrants: [{id: alice}, {id: bob}, {id: carol}, {id: erin}, {id: frank}, {id: gina},"
         " {id: hugo}]\nrecords: [records/r1-t1.yaml, records/r1-t2.yaml]\n";
  RunResult run = Run("standings league.yaml", true);
  EXPECT_EQ(run.exit_code, 5) << run.output;
  EXPECT_NE(run.output.find("player 'dave' is not an entrant"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("referee: 1 record listed but not counted"), std::string::npos)
      << run.output;
  EXPECT_EQ(Run("standings league.yaml --allow-uncounted").exit_code, 0);
  EXPECT_EQ(Run("ratings league.yaml").exit_code, 5);
  EXPECT_EQ(Run("ratings league.yaml --allow-uncounted").exit_code, 0);
  WriteLeague("[records/r1-t1.yaml, records/r1-t2.yaml]");
  EXPECT_EQ(Run("standings league.yaml").exit_code, 0);  // every record counted
  // --after-round leaves later rounds out: they are not listed, and do not make it exit 5.
  WriteLeague("[records/r1-t1.yaml, records/r1-t2.yaml, records/r3-t3-wrong-winner.yaml]");
  EXPECT_EQ(Run("standings league.yaml").exit_code, 5);
  EXPECT_EQ(Run("standings league.yaml --after-round 1").exit_code, 0);
}

// Copies of one match listed by entries equally specific with different rounds: the league file
// does not say which round the match counts for (docs/standings.md, ruling 1).
TEST_F(StandingsCliLeague, CopiesOfOneMatchInTwoRoundsConflict) {
  fs::create_directories(folder_ / "late");
  RunResult converted = Run("convert records/r1-t1.yaml --to json > late/copy.json");
  ASSERT_EQ(converted.exit_code, 0) << converted.output;
  WriteLeague("[{path: records/r1-t1.yaml, round: 1}, {path: late/copy.json, round: 2}]");
  RunResult run = Run("standings league.yaml", true);
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("malformed[conflicting-rounds]"), std::string::npos) << run.output;
  WriteLeague("[records/, {path: late/copy.json, round: 1}]");
  RunResult chosen = Run("standings league.yaml --allow-uncounted", true);
  EXPECT_EQ(chosen.exit_code, 0) << chosen.output;
  EXPECT_NE(chosen.output.find("records/r1-t1.yaml: duplicate: the same match as late/copy.json, "
                               "counted once, as late/copy.json"),
            std::string::npos)
      << chosen.output;
}

// A league's `voids:` names a record by its `id:` and a deal; the standings list it with the
// entries, and a void that no record took is an error at its line, not a ruling lost.
TEST_F(StandingsCliLeague, AVoidedDealIsListedAndAVoidNoRecordTookIsAnError) {
  std::ofstream(folder_ / "records/r1-t1.yaml", std::ios::app) << "id: spring-r1-t1\n";
  WriteLeague("[records/]", "voids:\n  - {record: spring-r1-t1, deal: 2, reason: fouled board}\n");
  RunResult json = Run("standings league.yaml --allow-uncounted --format json");
  EXPECT_EQ(json.exit_code, 0) << json.output;
  EXPECT_NE(json.output.find("void: deal 2 of spring-r1-t1 not scored (fouled board)"),
            std::string::npos)
      << json.output;
  WriteLeague("[records/]", "voids:\n  - {record: spring-r1-t1, deal: 99, reason: x}\n");
  RunResult unplayed = Run("standings league.yaml --allow-uncounted", true);
  EXPECT_EQ(unplayed.exit_code, 2) << unplayed.output;
  EXPECT_NE(unplayed.output.find("league.yaml:7:5: malformed[void-not-played]"), std::string::npos)
      << unplayed.output;
  WriteLeague("[records/]",
              "voids:\n  - {record: a, deal: 1, reason: x}\n  - {record: a, deal: 1, reason: y}\n");
  RunResult twice = Run("standings league.yaml --allow-uncounted", true);
  EXPECT_EQ(twice.exit_code, 2) << twice.output;
  EXPECT_NE(twice.output.find("malformed[duplicate-entry]"), std::string::npos) << twice.output;
}

}  // namespace
