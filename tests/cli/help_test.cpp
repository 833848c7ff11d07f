// What the program says about itself: the version and source commit, every command's examples and
// exit status, the event lines `live` reads and the rule options `--rules` takes (both from the
// games' descriptors), "did you mean" for a mistyped option, and no game named in cli/ code.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "referee/games/registry.h"
#include "tests/support/shell.h"

namespace {

namespace fs = std::filesystem;
using referee::testing::RunShell;
using referee::testing::ShellResult;

const fs::path kSourceDir = REFEREE_SOURCE_DIR;
const std::vector<std::string> kCommands = {"verify", "convert",  "live",     "serve",
                                            "deal",   "generate", "standings"};

ShellResult Referee(const std::string& arguments) {
  return RunShell(referee::testing::RefereeCommand() + " " + arguments + " 2>&1");
}

// The commit is looked up when the program is built: a commit of this repository (HEAD's when the
// build is fresh; an earlier one when tests run on a program built before the last commit), or
// "unknown" when the sources are not a git checkout (a release tarball).
TEST(Help, VersionNamesTheSourceCommit) {
  ShellResult version = Referee("--version");
  EXPECT_EQ(version.exit_code, 0);
  std::smatch match;
  std::string text = version.output;
  ASSERT_TRUE(std::regex_match(
      text, match,
      std::regex("referee 0\\.1\\.0 \\(source commit ([0-9a-f]{12}|unknown)(-dirty)?\\)\n")))
      << text;
  ShellResult checkout = RunShell("git -C '" + kSourceDir.string() + "' rev-parse HEAD 2>&1");
  if (checkout.exit_code != 0) {
    EXPECT_EQ(match[1], "unknown");
    return;
  }
  ShellResult known = RunShell("git -C '" + kSourceDir.string() + "' cat-file -e " +
                               match[1].str() + "^{commit} 2>&1");
  EXPECT_EQ(known.exit_code, 0) << match[1] << " is not a commit of " << kSourceDir;
}

TEST(Help, EveryCommandEndsWithExamplesAndExitStatus) {
  for (const std::string& command : kCommands) {
    ShellResult help = Referee(command + " --help");
    EXPECT_EQ(help.exit_code, 0) << command;
    size_t examples = help.output.find("\nExamples:\n");
    size_t status = help.output.find("\nExit status:\n");
    ASSERT_NE(examples, std::string::npos) << command << help.output;
    ASSERT_NE(status, std::string::npos) << command << help.output;
    EXPECT_LT(examples, status) << command;
    std::string shown = help.output.substr(examples, status - examples);
    size_t count = 0;
    for (size_t at = shown.find("\n  referee "); at != std::string::npos;
         at = shown.find("\n  referee ", at + 1)) {
      ++count;
    }
    EXPECT_GE(count, 2u) << command << shown;
    EXPECT_LE(count, 3u) << command << shown;
    std::string tail = help.output.substr(status);
    EXPECT_NE(tail.find("\n  0 "), std::string::npos) << command << tail;
    EXPECT_NE(tail.find("\n  3 "), std::string::npos) << command << tail;
    EXPECT_NE(tail.find("\n  70 "), std::string::npos) << command << tail;
  }
}

// Regression: a mistyped option got CLI11's "The following argument was not expected", where a
// mistyped command got "did you mean".
TEST(Help, AMistypedOptionGetsDidYouMean) {
  ShellResult verify = Referee("verify --qiuet x.yaml");
  EXPECT_EQ(verify.exit_code, 3);
  EXPECT_EQ(verify.output, "referee verify: unknown option '--qiuet'; did you mean '--quiet'?\n");
  ShellResult generate = Referee("generate --game x --seed s --cuont=3");
  EXPECT_EQ(generate.exit_code, 3);
  EXPECT_EQ(generate.output,
            "referee generate: unknown option '--cuont'; did you mean '--count'?\n");
  ShellResult top = Referee("--verison");
  EXPECT_EQ(top.exit_code, 3);
  EXPECT_EQ(top.output, "referee: unknown option '--verison'; did you mean '--version'?\n");
  // Nothing close: CLI11's own message.
  ShellResult far = Referee("verify --zzzzzzzz x.yaml");
  EXPECT_EQ(far.exit_code, 3);
  EXPECT_EQ(far.output.find("did you mean"), std::string::npos) << far.output;
}

TEST(Help, AMistypedGameGetsDidYouMean) {
  const std::string& game = referee::games::AllGames().front()->name;
  ShellResult deal = Referee("deal --game " + game.substr(1) + " --seed s");
  EXPECT_EQ(deal.exit_code, 3);
  EXPECT_EQ(deal.output,
            "referee: unknown game '" + game.substr(1) + "'; did you mean '" + game + "'?\n");
  ShellResult generate = Referee("generate --game zzzz --seed s");
  EXPECT_EQ(generate.exit_code, 3);
  EXPECT_TRUE(generate.output.starts_with("referee: unknown game 'zzzz'; expected one of " + game))
      << generate.output;
}

TEST(Help, LiveListsEachGamesEventLines) {
  ShellResult help = Referee("live --help");
  ASSERT_EQ(help.exit_code, 0);
  for (const referee::games::GameDescriptor* game : referee::games::AllGames()) {
    size_t at = help.output.find("\n" + game->name + " (" + game->title + "):\n");
    ASSERT_NE(at, std::string::npos) << game->name << help.output;
    // The game's lines: those indented under its name.
    std::string block;
    std::istringstream lines(help.output.substr(at + 1));
    std::string line;
    std::getline(lines, line);
    while (std::getline(lines, line) && line.starts_with("  ")) block += line + "\n";
    EXPECT_TRUE(block.starts_with("  header  a record without its " + game->live.events_key))
        << block;
    EXPECT_NE(block.find("{\"event\":\""), std::string::npos) << block;
  }
  EXPECT_NE(help.output.find("{\"event\":\"view\""), std::string::npos);
  EXPECT_NE(help.output.find("{\"event\":\"legal\""), std::string::npos);
}

TEST(Help, RulesAloneListEveryGamesOptions) {
  for (std::string command : {"generate", "deal"}) {
    ShellResult all = Referee(command + " --rules");
    EXPECT_EQ(all.exit_code, 0) << all.output;
    for (const referee::games::GameDescriptor* game : referee::games::AllGames()) {
      EXPECT_NE(all.output.find("\n" + game->name + " ("), std::string::npos) << game->name;
      for (const referee::OptionSpec& spec : game->options) {
        EXPECT_NE(all.output.find("\n  " + spec.name + "="), std::string::npos) << spec.name;
        EXPECT_NE(all.output.find(spec.meaning), std::string::npos) << spec.name;
      }
    }
  }
  const referee::games::GameDescriptor* first = referee::games::AllGames().front();
  const referee::games::GameDescriptor* last = referee::games::AllGames().back();
  ShellResult one = Referee("generate --game " + first->name + " --rules");
  EXPECT_EQ(one.exit_code, 0);
  EXPECT_NE(one.output.find("\n" + first->name + " ("), std::string::npos) << one.output;
  EXPECT_EQ(one.output.find("\n" + last->name + " ("), std::string::npos) << one.output;
}

// The program learns the games from the registry: no game is named in its code.
TEST(Help, NoGameIsNamedInTheProgramsCode) {
  for (const fs::directory_entry& entry : fs::directory_iterator(kSourceDir / "cli")) {
    std::ifstream file(entry.path());
    std::stringstream text;
    text << file.rdbuf();
    std::string lower = text.str();
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const referee::games::GameDescriptor* game : referee::games::AllGames()) {
      EXPECT_EQ(lower.find(game->name), std::string::npos)
          << entry.path().filename() << " names " << game->name;
    }
  }
}

}  // namespace
