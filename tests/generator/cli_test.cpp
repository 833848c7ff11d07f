// `referee deal` and `referee generate` through the real program: output, files and exit codes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "formats/json_reader.h"
#include "referee/core/seeded_deal.h"
#include "tests/support/shell.h"
#include "verifier/sha256.h"

namespace {

namespace fs = std::filesystem;

using RunResult = referee::testing::ShellResult;

// Runs a shell command line in which REFEREE stands for the program; stdout only unless the
// command redirects stderr itself.
RunResult Shell(std::string command) {
  const std::string binary = referee::testing::RefereeCommand();
  for (size_t at = command.find("REFEREE"); at != std::string::npos;
       at = command.find("REFEREE", at + binary.size())) {
    command.replace(at, 7, binary);
  }
  return referee::testing::RunShell(command);
}

fs::path FreshDir(const std::string& name) {
  fs::path dir = fs::path(testing::TempDir()) / ("referee-generator-" + name);
  fs::remove_all(dir);
  return dir;
}

std::string LineStartingWith(const std::string& text, const std::string& prefix) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(prefix, 0) == 0) return line;
  }
  return "";
}

TEST(DealCommand, PrintsTheCommitmentAndTheHands) {
  RunResult run = Shell("REFEREE deal --game collusion --seed club-2026 --boards 1-2");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(LineStartingWith(run.output, "sha256:"),
            "sha256: 6257c26e22398ac926e0c30f770da6d20de7551ace784a57bd5d1eb00c5be483");
  EXPECT_EQ(LineStartingWith(run.output, "  N:"), "  N: 2C TC KC 2D 3D 4D 9D JD QD 2H 3H JH 2S");
  EXPECT_NE(run.output.find("board 2, dealer E"), std::string::npos);
  EXPECT_EQ(LineStartingWith(run.output, "seed:"), "");  // a given seed is not repeated
}

TEST(DealCommand, WithoutASeedDrawsAFreshOneAndCommitsToIt) {
  RunResult first = Shell("REFEREE deal --game plonk 2>/dev/null");
  RunResult second = Shell("REFEREE deal --game plonk 2>/dev/null");
  ASSERT_EQ(first.exit_code, 0);
  std::string seed_line = LineStartingWith(first.output, "seed: ");
  ASSERT_GE(seed_line.size(), 6u + 64u);
  std::string seed = seed_line.substr(6, 64);
  EXPECT_EQ(seed.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(LineStartingWith(first.output, "sha256: "),
            "sha256: " + referee::HexDigest(referee::verifier::Sha256(seed)));
  EXPECT_NE(LineStartingWith(second.output, "seed: "), seed_line);
}

TEST(DealCommand, CahootsDeckAsJson) {
  RunResult run =
      Shell("REFEREE deal --game cahoots --seed club-2026 --format json --rules edition=spanish");
  ASSERT_EQ(run.exit_code, 0);
  auto tree = referee::formats::ParseJson(run.output);
  ASSERT_TRUE(tree.has_value()) << run.output;
  std::string deck = tree->Find("boards")->items().at(0).Find("deck")->text();
  EXPECT_EQ(deck.substr(0, 14), "7G 3Y 1B 6Y 5Y");
}

TEST(DealCommand, UsageErrors) {
  EXPECT_EQ(Shell("REFEREE deal --game hearts --seed x 2>&1").exit_code, 3);
  EXPECT_EQ(Shell("REFEREE deal --game plonk --seed x --boards 0 2>&1").exit_code, 3);
  EXPECT_EQ(Shell("REFEREE deal --game plonk --seed x --players 3 2>&1").exit_code, 3);
  EXPECT_EQ(Shell("REFEREE deal --seed x 2>&1").exit_code, 3);
}

TEST(GenerateCommand, OneRecordToStandardOutputVerifiesValid) {
  RunResult run = Shell("REFEREE generate --game plonk --seed cli | REFEREE verify --quiet -");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  RunResult json = Shell("REFEREE generate --game cahoots --seed cli --format json");
  EXPECT_EQ(json.exit_code, 0);
  EXPECT_TRUE(referee::formats::ParseJson(json.output).has_value());
}

TEST(GenerateCommand, JsonLinesAreTheSameBytesEveryTime) {
  std::string command = "REFEREE generate --game conspiracy --count 3 --seed s --format jsonl";
  RunResult first = Shell(command);
  RunResult second = Shell(command);
  EXPECT_EQ(first.exit_code, 0);
  EXPECT_EQ(std::count(first.output.begin(), first.output.end(), '\n'), 3);
  EXPECT_EQ(first.output, second.output);
}

TEST(GenerateCommand, AFolderWithFaultSidecars) {
  fs::path dir = FreshDir("folder");
  RunResult run = Shell(
      "REFEREE generate --game collusion --count 4 --seed s --faults 2 --bot mixed"
      " --output '" +
      dir.string() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  int records = 0, sidecars = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    std::string name = entry.path().filename().string();
    if (name.size() > 6 && name.substr(name.size() - 6) == ".fault") {
      ++sidecars;
      std::ifstream file(entry.path());
      std::stringstream text;
      text << file.rdbuf();
      auto tree = referee::formats::ParseJson(text.str());
      ASSERT_TRUE(tree.has_value());
      EXPECT_NE(tree->Find("code"), nullptr);
      EXPECT_EQ(tree->Find("path")->text().rfind("/deals/", 0), 0u);
    } else {
      EXPECT_EQ(name.rfind("collusion-000", 0), 0u) << name;
      ++records;
    }
  }
  EXPECT_EQ(records, 4);
  EXPECT_EQ(sidecars, 2);
  EXPECT_EQ(Shell("REFEREE verify --quiet '" + dir.string() + "' >/dev/null").exit_code, 1);
}

TEST(GenerateCommand, JsonLinesWithAFaultManifest) {
  fs::path dir = FreshDir("jsonl");
  fs::create_directories(dir);
  std::string file = (dir / "corpus.jsonl").string();
  RunResult run = Shell(
      "REFEREE generate --game cahoots --count 3 --seed s --faults 1 --format jsonl"
      " --output '" +
      file + "'");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(fs::exists(dir / "corpus.faults"));
  EXPECT_EQ(Shell("REFEREE verify --quiet '" + file + "' >/dev/null").exit_code, 1);
}

TEST(GenerateCommand, UsageErrors) {
  EXPECT_EQ(Shell("REFEREE generate --game collusion --count 2 --seed s 2>&1").exit_code, 3);
  EXPECT_EQ(Shell("REFEREE generate --game collusion --seed s --faults 1 2>&1").exit_code, 3);
  EXPECT_EQ(Shell("REFEREE generate --game collusion 2>&1").exit_code, 3);
  EXPECT_EQ(Shell("REFEREE generate --game collusion --seed s --rules target 2>&1").exit_code, 3);
  EXPECT_EQ(Shell("REFEREE generate --game collusion --seed s --bot clever 2>&1").exit_code, 3);
}

}  // namespace
