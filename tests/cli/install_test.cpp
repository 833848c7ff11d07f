// `cmake --install` into a scratch prefix: the program, a man page per command (written from
// --help by help2man), the bash completion, the docs and the samples; and the completion itself,
// driven as bash drives it. The .deb built from the same rules is tested in a clean Debian 12
// root by packaging/test-deb.sh (CI).
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "tests/support/shell.h"

namespace {

namespace fs = std::filesystem;
using referee::testing::RunShell;
using referee::testing::ShellResult;

class Installed : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    prefix_ = fs::temp_directory_path() / ("referee-install-" + std::to_string(getpid()));
    fs::remove_all(prefix_);
    ShellResult install = RunShell("cmake --install '" REFEREE_BUILD_DIR "' --prefix '" +
                                   prefix_.string() + "' 2>&1");
    ASSERT_EQ(install.exit_code, 0) << install.output;
  }
  static void TearDownTestSuite() { fs::remove_all(prefix_); }

  // The sub-commands `referee --help` lists.
  static std::vector<std::string> Commands() {
    ShellResult help = RunShell(referee::testing::RefereeCommand() + " --help");
    std::istringstream lines(help.output.substr(help.output.find("\nSubcommands:\n") + 14));
    std::vector<std::string> commands;
    for (std::string line; std::getline(lines, line) && !line.empty();) {
      commands.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
    return commands;
  }

  // What bash completes for the words, the last being completed, with the installed script.
  static std::string Complete(const std::string& words) {
    ShellResult run = RunShell("bash -c 'source \"" + prefix_.string() +
                               "/share/bash-completion/completions/referee\" && COMP_WORDS=(" +
                               referee::testing::RefereeCommand() + " " + words +
                               ") && COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) && _referee && "
                               "echo \"${COMPREPLY[*]}\"' 2>&1");
    return run.output;
  }

  static fs::path prefix_;
};

fs::path Installed::prefix_;

TEST_F(Installed, ProgramDocsAndSamples) {
  EXPECT_TRUE(fs::exists(prefix_ / "bin/referee"));
  EXPECT_TRUE(fs::exists(prefix_ / "share/doc/referee/README.md"));
  EXPECT_TRUE(fs::exists(prefix_ / "share/doc/referee/record-format.md"));
  EXPECT_TRUE(fs::exists(prefix_ / "share/doc/referee/schemas/verdict.schema.json"));
  ShellResult verify = RunShell("'" + (prefix_ / "bin/referee").string() + "' verify --quiet '" +
                                (prefix_ / "share/referee/samples").string() + "'/*/valid 2>&1");
  EXPECT_EQ(verify.exit_code, 0) << verify.output;
}

// The reference seeded deal the README tells users to run is installed, runnable, and deals what
// `referee deal` deals.
TEST_F(Installed, TheReferenceSeededDealIsInstalled) {
  fs::path script = prefix_ / "share/referee/seeded_deal.py";
  ASSERT_TRUE(fs::exists(script)) << script;
  EXPECT_NE(fs::status(script).permissions() & fs::perms::owner_exec, fs::perms::none);
  ShellResult reference = RunShell("'" + script.string() + "' club-2026 1 52 --hands N 2>&1");
  ASSERT_EQ(reference.exit_code, 0) << reference.output;
  ShellResult dealt = RunShell(referee::testing::RefereeCommand() +
                               " deal --game collusion --seed club-2026 --boards 1 2>&1");
  std::string first = reference.output.substr(0, reference.output.find('\n'));
  ASSERT_FALSE(first.empty());
  EXPECT_NE(dealt.output.find(first), std::string::npos) << first << "\n" << dealt.output;
}

TEST_F(Installed, AManPagePerCommandFromItsHelp) {
  fs::path pages = prefix_ / "share/man/man1";
  std::vector<std::string> names = {"referee"};
  for (const std::string& command : Commands()) names.push_back("referee-" + command);
  ASSERT_GE(names.size(), 7u);
  for (const std::string& name : names) {
    fs::path page = pages / (name + ".1.gz");
    ASSERT_TRUE(fs::exists(page)) << page;
    ShellResult text = RunShell("zcat '" + page.string() + "'");
    EXPECT_NE(text.output.find(".SH NAME\n" + name + " \\- "), std::string::npos) << text.output;
    EXPECT_NE(text.output.find(".SH EXAMPLES"), std::string::npos) << name;
    EXPECT_NE(text.output.find("Exit status:"), std::string::npos) << name;
  }
}

TEST_F(Installed, BashCompletesCommandsOptionsAndValues) {
  EXPECT_EQ(Complete("ver"), "verify\n");
  EXPECT_EQ(Complete("verify --qu"), "--quiet\n");
  EXPECT_EQ(Complete("verify --format \"\""), "text json\n");
  EXPECT_EQ(Complete("--log-level warn standings --form"), "--format\n");
  ShellResult rules = RunShell(referee::testing::RefereeCommand() + " generate --rules");
  std::string games = Complete("generate --game \"\"");
  EXPECT_FALSE(games == "\n") << games;
  std::istringstream names(games);
  for (std::string name; names >> name;) {
    EXPECT_NE(rules.output.find("\n" + name + " ("), std::string::npos) << name;
  }
}

}  // namespace

namespace {

// A release tarball has no .git: the build must still configure and name the commit "unknown",
// or the one a packager gives. The sources are copied as a tarball would hold them and the build
// is configured and run up to the commit lookup (the rest of it is the normal build).
TEST(Tarball, BuildsWithoutGitAndSaysUnknownOrTheGivenCommit) {
  fs::path scratch = fs::temp_directory_path() / ("referee-tarball-" + std::to_string(getpid()));
  fs::remove_all(scratch);
  fs::create_directories(scratch / "src");
  ShellResult copied = RunShell("cd '" REFEREE_SOURCE_DIR
                                "' && git ls-files -co --exclude-standard -z 2>/dev/null | "
                                "tar --null -T - -cf - | tar -x -C '" +
                                (scratch / "src").string() + "' 2>&1");
  if (copied.exit_code != 0 || !fs::exists(scratch / "src/CMakeLists.txt")) {
    // The sources are not a git checkout: they are the tarball, and this very build is the test
    // (Help.VersionNamesTheSourceCommit expects "unknown" then).
    fs::remove_all(scratch);
    return;
  }
  ASSERT_FALSE(fs::exists(scratch / "src/.git"));
  for (std::string given : {"", "0123456789ab"}) {
    fs::path build = scratch / ("build" + given);
    ShellResult run =
        RunShell("cmake -S '" + (scratch / "src").string() + "' -B '" + build.string() +
                 "' -G Ninja -DREFEREE_TESTS=OFF -DREFEREE_BENCH=OFF -DREFEREE_MAN_PAGES=OFF "
                 "-DREFEREE_SOURCE_COMMIT=" +
                 given + " >/dev/null && cmake --build '" + build.string() +
                 "' --target referee_source_commit >/dev/null && cat '" + build.string() +
                 "/cli/generated/cli/source_commit.h' 2>&1");
    ASSERT_EQ(run.exit_code, 0) << run.output;
    std::string expected = given.empty() ? "unknown" : given;
    EXPECT_NE(run.output.find("kSourceCommit = \"" + expected + "\";"), std::string::npos)
        << run.output;
  }
  fs::remove_all(scratch);
}

}  // namespace
