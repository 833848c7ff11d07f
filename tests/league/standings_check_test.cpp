// `referee standings --check` on what a published file could be wrong about besides ranks and
// points: the provenance digest, the rank after each round, the cross-table, the travellers and
// percentages of a duplicate event, the lots, and the round the standings are as of. Each test
// publishes a shipped expected file with one item changed and expects that item named.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "tests/support/shell.h"
#include "tests/support/temporary_files.h"

namespace {

namespace fs = std::filesystem;

const fs::path kSourceDir = REFEREE_SOURCE_DIR;

referee::testing::ShellResult Check(const std::string& season, const std::string& published,
                                    const std::string& extra = "") {
  return referee::testing::RunShell(
      "cd '" + kSourceDir.string() + "' && " + referee::testing::RefereeCommand() +
      " standings samples/league/" + season + "/league.yaml --allow-uncounted " + extra +
      " --check '" + published + "' 2>&1");
}

std::string Expected(const std::string& season, const std::string& name) {
  std::ifstream file(kSourceDir / "samples/league" / season / "expected" / name, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// Writes `text` as a published file and returns its path.
std::string Write(const std::string& text, const std::string& name) {
  return referee::testing::WriteTemporaryFile("referee-published-" + name, text);
}

// Writes `text` with the first match of `pattern` replaced, and returns the file's path.
std::string Published(const std::string& text, const std::string& pattern,
                      const std::string& replacement, const std::string& name) {
  std::string changed = std::regex_replace(text, std::regex(pattern), replacement,
                                           std::regex_constants::format_first_only);
  EXPECT_NE(changed, text) << "the pattern " << pattern << " matched nothing";
  return Write(changed, name);
}

// Replaces field `column` of the first CSV line starting with `prefix`.
std::string WithCsvField(const std::string& csv, const std::string& prefix, size_t column,
                         const std::string& value) {
  size_t start = csv.find("\n" + prefix) + 1;
  size_t end = csv.find('\n', start);
  std::string line = csv.substr(start, end - start);
  size_t from = 0;
  for (size_t c = 0; c < column; ++c) from = line.find(',', from) + 1;
  size_t to = line.find(',', from);
  line.replace(from, to == std::string::npos ? std::string::npos : to - from, value);
  return csv.substr(0, start) + line + csv.substr(end);
}

void ExpectDifference(const referee::testing::ShellResult& run, const std::string& message) {
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find(message), std::string::npos) << run.output;
}

TEST(StandingsCheck, TheProvenanceDigest) {
  std::string path =
      Published(Expected("collusion", "standings.json"), "(\"sha256\": \")[0-9a-f]{64}",
                "$01" + std::string(64, '0'), "provenance.json");
  ExpectDifference(Check("collusion", path), "provenance: expected inputs sha256 ");
  ExpectDifference(Check("collusion", path), ", published " + std::string(64, '0') +
                                                 ": the published standings were made from "
                                                 "other files");
}

TEST(StandingsCheck, TheRankAfterARound) {
  std::string path =
      Published(Expected("collusion", "standings.json"),
                "(\"rank_by_round\": \\[\\s*\\{\\s*\"rank\": )1", "$012", "rank-by-round.json");
  ExpectDifference(Check("collusion", path), "erin: expected rank 1 after round 1, published 2");
}

TEST(StandingsCheck, TheCrossTable) {
  std::string csv =
      WithCsvField(Expected("collusion", "standings.csv"), "cross_table,players,erin,1,", 13, "2");
  std::string path = Write(csv, "cross-table.csv");
  ExpectDifference(Check("collusion", path),
                   "erin, cross-table: expected match in round 1 (place 1, won, 3 points, v "
                   "frank gina hugo), published match in round 1 (place 1, won, 2 points, v "
                   "frank gina hugo)");
}

TEST(StandingsCheck, ATravellersMatchpoints) {
  std::string csv = WithCsvField(Expected("plonk-pairs", "standings.csv"),
                                 "traveller,autumn-pairs-r1/1,1,", 12, "3");
  std::string path = Write(csv, "traveller.csv");
  ExpectDifference(Check("plonk-pairs", path),
                   "traveller, board 1 of seed 'autumn-pairs-r1/1', "
                   "samples/league/plonk-pairs/records/r1-t1.yaml, NS: expected 101 scored, 4 "
                   "matchpoints, published 101 scored, 3 matchpoints");
}

TEST(StandingsCheck, APercentage) {
  std::string path = Published(Expected("plonk-pairs", "standings.json"), "\"percentage\": 66.67",
                               "\"percentage\": 66.66", "percentage.json");
  ExpectDifference(Check("plonk-pairs", path),
                   "queens: expected percentage 66.67, published 66.66");
}

TEST(StandingsCheck, ALot) {
  std::string path = Published(Expected("collusion", "standings.json"), "(\"lot\": \")[0-9a-f]{64}",
                               "$01" + std::string(64, 'f'), "lot.json");
  ExpectDifference(Check("collusion", path), ": expected lot ");
}

TEST(StandingsCheck, TheRoundTheStandingsAreAsOf) {
  std::string published = (kSourceDir /
                           "samples/league/collusion/expected/"
                           "standings-after-round-2.json")
                              .string();
  ExpectDifference(Check("collusion", published),
                   "expected the whole season, published the standings as of round 2 (check with "
                   "--after-round 2)");
  referee::testing::ShellResult as_of = Check("collusion", published, "--after-round 2");
  EXPECT_EQ(as_of.exit_code, 0) << as_of.output;
}

// Another version of referee may publish the same standings: said, not a difference.
TEST(StandingsCheck, AnotherVersionIsANote) {
  std::string path =
      Published(Expected("collusion", "standings.json"), "\"referee\": \"referee [^\"]*\"",
                "\"referee\": \"referee 0.0.1\"", "version.json");
  referee::testing::ShellResult run = Check("collusion", path);
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("note: published by referee 0.0.1, checked with referee "),
            std::string::npos)
      << run.output;
}

// Regression: a published file over the 16 MB a file is read item by item was refused as too
// large, so a league of a few thousand Collusion records could not be checked against its own
// JSON. Now such a file matches when it is the very bytes referee computes (compared by size and
// SHA-256, read a block at a time), and anything else is still too large, with both digests named.
// 1,200 records whose four players have ids of 1,000 letters make 18 MB of JSON.
TEST(StandingsCheck, APublishedFileTooLargeToReadItemByItemMatchesByItsBytes) {
  fs::path folder = fs::temp_directory_path() / ("referee-check-large-" + std::to_string(getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  std::string ids[4], entrants;
  for (int i = 0; i < 4; ++i) {
    ids[i] = std::string(1000, static_cast<char>('a' + i));
    entrants += (i == 0 ? "{id: " : ", {id: ") + ids[i] + "}";
  }
  std::ofstream(folder / "league.yaml")
      << "format: referee-league/1\nname: Large\ngame: collusion\nentrants: [" << entrants
      << "]\nrecords: [{path: records.jsonl, round: 1}]\n";
  auto run = [&](const std::string& arguments) {
    return referee::testing::RunShell("cd '" + folder.string() + "' && " +
                                      referee::testing::RefereeCommand() + " " + arguments +
                                      " 2>&1");
  };
  run("generate --game collusion --count 1200 --seed large --bot random --format jsonl "
      "--output records.jsonl --players " +
      ids[0] + " " + ids[1] + " " + ids[2] + " " + ids[3]);
  run("standings league.yaml --format json --output published.json");
  std::ifstream file(folder / "published.json", std::ios::binary);
  std::string published((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  ASSERT_GT(published.size(), size_t{16} << 20);

  referee::testing::ShellResult same = run("standings league.yaml --check published.json");
  EXPECT_EQ(same.exit_code, 0) << same.output;
  EXPECT_NE(same.output.find("published.json: the published standings match: the same bytes as "
                             "computed (" +
                             std::to_string(published.size()) + " bytes of json"),
            std::string::npos)
      << same.output;

  // Read once, so standard input compares too.
  referee::testing::ShellResult piped = run("standings league.yaml --check - < published.json");
  EXPECT_EQ(piped.exit_code, 0) << piped.output;
  EXPECT_NE(piped.output.find("-: the published standings match: the same bytes"),
            std::string::npos)
      << piped.output;

  std::string changed = published;
  changed[changed.size() / 2] = changed[changed.size() / 2] == '1' ? '2' : '1';
  std::ofstream(folder / "changed.json", std::ios::binary) << changed;
  referee::testing::ShellResult other = run("standings league.yaml --check changed.json");
  EXPECT_EQ(other.exit_code, 2) << other.output;
  EXPECT_NE(other.output.find("changed.json: malformed[too-large]: expected a document of at most "
                              "16777216 bytes to compare item by item, or the very bytes of the "
                              "standings computed (json, " +
                              std::to_string(published.size()) + " bytes, sha256 "),
            std::string::npos)
      << other.output;
  EXPECT_NE(other.output.find("), found " + std::to_string(published.size()) + " bytes, sha256 "),
            std::string::npos)
      << other.output;

  std::ofstream(folder / "longer.json", std::ios::binary) << published << "\n";
  referee::testing::ShellResult longer = run("standings league.yaml --check longer.json");
  EXPECT_EQ(longer.exit_code, 2) << longer.output;
  EXPECT_NE(longer.output.find("), found more bytes than that"), std::string::npos)
      << longer.output;
  // An endless file is read no further than the computed report's size.
  referee::testing::ShellResult endless = run("standings league.yaml --check /dev/zero");
  EXPECT_EQ(endless.exit_code, 2) << endless.output;
  EXPECT_NE(endless.output.find("(csv, "), std::string::npos) << endless.output;
  EXPECT_NE(endless.output.find("), found more bytes than that"), std::string::npos)
      << endless.output;
  fs::remove_all(folder);
}

TEST(StandingsCheck, AnAfterRoundThatIsNoRoundIsAUsageError) {
  referee::testing::ShellResult run = referee::testing::RunShell(
      "cd '" + kSourceDir.string() + "' && " + referee::testing::RefereeCommand() +
      " standings samples/league/collusion/league.yaml --after-round 9 2>&1");
  EXPECT_EQ(run.exit_code, 3) << run.output;
  EXPECT_NE(run.output.find("--after-round: expected a round of the season (1, 2, 3, 4), found 9"),
            std::string::npos)
      << run.output;
}

}  // namespace
