// The README and the rules pages as a newcomer reads them: the README's first record and first
// league file work as shown, each game is credited one way (README, its rules page and `referee
// live --help`), and the rules pages cite the published rules and the project's own rulings, never
// a file of the build machine that users do not have.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "referee/games/registry.h"
#include "tests/support/shell.h"

namespace {

namespace fs = std::filesystem;
using referee::testing::RefereeCommand;
using referee::testing::RunShell;
using referee::testing::ShellResult;

const fs::path kSource = REFEREE_SOURCE_DIR;

std::string ReadAll(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// The first ```yaml block after `heading` in `markdown`.
std::string YamlBlockAfter(const std::string& markdown, const std::string& heading) {
  size_t at = markdown.find(heading);
  if (at == std::string::npos) return "";
  size_t start = markdown.find("```yaml\n", at);
  if (start == std::string::npos) return "";
  start += 8;
  return markdown.substr(start, markdown.find("```", start) - start);
}

TEST(Readme, TheFirstRecordAndTheFirstLeagueWorkAsShown) {
  std::string readme = ReadAll(kSource / "README.md");
  std::string record = YamlBlockAfter(readme, "### Your first record");
  std::string league = YamlBlockAfter(readme, "### Your first league file");
  ASSERT_FALSE(record.empty());
  ASSERT_FALSE(league.empty());
  fs::path folder = fs::temp_directory_path() / ("referee-readme-" + std::to_string(getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder / "my-league/records");
  std::ofstream(folder / "first.yaml") << record;
  ShellResult verify =
      RunShell("cd '" + folder.string() + "' && " + RefereeCommand() + " verify first.yaml 2>&1");
  EXPECT_EQ(verify.exit_code, 0) << verify.output;
  EXPECT_NE(verify.output.find("first.yaml: valid"), std::string::npos) << verify.output;
  // As the README says: the record with a line `round: 1`, and the league file beside it.
  std::ofstream(folder / "my-league/records/r1.yaml") << record << "round: 1\n";
  std::ofstream(folder / "my-league/league.yaml") << league;
  ShellResult standings = RunShell("cd '" + folder.string() + "' && " + RefereeCommand() +
                                   " standings my-league/league.yaml 2>&1");
  EXPECT_EQ(standings.exit_code, 0) << standings.output;
  EXPECT_NE(standings.output.find("records: 1 counted, 0 not counted"), std::string::npos)
      << standings.output;
  fs::remove_all(folder);
}

TEST(Readme, ShowsNoInternalRatios) {
  std::string readme = ReadAll(kSource / "README.md");
  for (const char* internal : {"not met", "goal 0.", "bare parse", "peak RSS"}) {
    EXPECT_EQ(readme.find(internal), std::string::npos) << internal;
  }
}

// One credit per game: the README's table, the title of its rules page and `referee live --help`
// all give the game's own title.
TEST(Readme, EachGameIsCreditedOneWay) {
  std::string readme = ReadAll(kSource / "README.md");
  ShellResult live = RunShell(RefereeCommand() + " live --help");
  for (const referee::games::GameDescriptor* game : referee::games::AllGames()) {
    EXPECT_NE(readme.find("| " + game->title + " |"), std::string::npos) << game->title;
    EXPECT_NE(live.output.find("(" + game->title + "):"), std::string::npos) << game->title;
    std::string page = ReadAll(kSource / "docs/rules" / (game->name + ".md"));
    EXPECT_EQ(page.substr(0, page.find('\n')), "# " + game->title);
  }
}

// A rules page cites the published rules (author, title, where they are published) and numbers the
// project's rulings on the page itself: no path of the build machine, no file users do not have.
TEST(RulesPages, CiteThePublishedRulesAndTheirOwnRulings) {
  for (const fs::directory_entry& entry : fs::directory_iterator(kSource / "docs/rules")) {
    std::string page = ReadAll(entry.path());
    SCOPED_TRACE(entry.path().filename().string());
    for (const char* private_source :
         {"/work/", "shared/", "seeds/", "rules.md", "seed 00", "ambiguity"}) {
      EXPECT_EQ(page.find(private_source), std::string::npos) << private_source;
    }
    EXPECT_TRUE(std::regex_search(page, std::regex("\nSources?: [^\n`]+"))) << "no source";
    EXPECT_NE(page.find("## Rulings"), std::string::npos);
  }
}

}  // namespace
