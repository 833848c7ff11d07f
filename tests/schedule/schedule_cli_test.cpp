// `referee schedule` as a user runs it: a random event checked, a schedule started and grown round
// by round in its league file, and a broken one named by the checker.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/shell.h"

namespace referee {
namespace {

using testing::RefereeCommand;
using testing::RunShell;

std::string Folder(const std::string& name) {
  std::filesystem::path folder = std::filesystem::temp_directory_path() /
                                 ("schedule-cli-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  return folder.string();
}

std::string Read(const std::string& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST(ScheduleCli, GeneratedEventPassesTheCheckAndPrintsItsSeed) {
  std::string folder = Folder("generate");
  testing::ShellResult made = RunShell(
      RefereeCommand() + " schedule --generate --game plonk --method mitchell --entrants 9 " +
      "--seed demo --output " + folder + "/event.yaml 2>&1");
  EXPECT_EQ(made.exit_code, 0) << made.output;
  EXPECT_EQ(made.output, "referee schedule: generated with seed demo\n");
  testing::ShellResult checked =
      RunShell(RefereeCommand() + " schedule --check " + folder + "/event.yaml 2>&1");
  EXPECT_EQ(checked.exit_code, 0) << checked.output;
  EXPECT_NE(checked.output.find("rounds checked, 0 rules broken"), std::string::npos);
  std::filesystem::remove_all(folder);
}

TEST(ScheduleCli, StartsAScheduleAndAddsRoundsInPlace) {
  std::string folder = Folder("rounds");
  std::string league = folder + "/league.yaml";
  std::ofstream(league)
      << "format: referee-league/1\nname: club\ngame: collusion\nrecords: [records/]\nentrants:\n"
         "  - {id: ann}\n  - {id: bob}\n  - {id: cy}\n  - {id: di}\n"
         "  - {id: ed}\n  - {id: flo}\n  - {id: gus}\n  - {id: hal}\n"
         "  - {id: ida}\n";
  testing::ShellResult started =
      RunShell(RefereeCommand() + " schedule " + league +
               " --method individual --seed night --planned-rounds 3 --in-place 2>&1");
  ASSERT_EQ(started.exit_code, 0) << started.output;
  EXPECT_NE(Read(league).find("planned_rounds: 3"), std::string::npos);
  testing::ShellResult rest =
      RunShell(RefereeCommand() + " schedule " + league + " --all --in-place 2>&1");
  ASSERT_EQ(rest.exit_code, 0) << rest.output;
  EXPECT_NE(Read(league).find("round: 3"), std::string::npos);
  testing::ShellResult more = RunShell(RefereeCommand() + " schedule " + league + " 2>&1");
  EXPECT_EQ(more.exit_code, 2);
  EXPECT_NE(more.output.find("the event has 3 rounds, all made"), std::string::npos);
  testing::ShellResult checked = RunShell(RefereeCommand() + " schedule --check " + league);
  EXPECT_EQ(checked.exit_code, 0) << checked.output;
  // The first player of round 1's first table seated at its second table too: the checker names
  // the rule and the place.
  std::string text = Read(league);
  size_t first_table = text.find("seats: [") + 8;
  std::string first = text.substr(first_table, text.find(',', first_table) - first_table);
  size_t second_table = text.find("seats: [", first_table) + 8;
  text.replace(second_table, text.find(',', second_table) - second_table, first);
  std::ofstream(league) << text;
  testing::ShellResult broken = RunShell(RefereeCommand() + " schedule --check " + league);
  EXPECT_EQ(broken.exit_code, 1) << broken.output;
  EXPECT_NE(broken.output.find("round 1, table 2: seated-twice: " + first +
                               " is seated twice in the round"),
            std::string::npos)
      << broken.output;
  std::filesystem::remove_all(folder);
}

TEST(ScheduleCli, AMalformedScheduleIsPlacedCompilerStyle) {
  std::string folder = Folder("malformed");
  std::string league = folder + "/league.yaml";
  std::ofstream(league)
      << "format: referee-league/1\nname: club\ngame: collusion\nrecords: [records/]\nentrants:\n"
         "  - {id: ann}\nschedule: {method: howell, seed: s, planned_rounds: 1}\n";
  testing::ShellResult result =
      RunShell(RefereeCommand() + " schedule --check " + league + " 2>&1");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.output.find("league.yaml:7:20: malformed[method-unfit]: expected a method that "
                               "fits collusion (swiss, individual), found 'howell'"),
            std::string::npos)
      << result.output;
  std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace referee
