// Hostile league files and record folders for `referee standings` (issue 14): huge or endless
// files, globs over the whole disk, paths out of the league's folder, names that are escape
// sequences, and many records, each through the real binary (tests/hostile/hostile_fixture.h).

#include "tests/hostile/hostile_fixture.h"

namespace referee::testing::hostile {
namespace {

class HostileStandings : public Hostile {
 protected:
  // Runs `referee standings ARGUMENTS` and checks that it ended by itself, with `exit_code`.
  static RunResult Standings(const std::string& arguments, int exit_code) {
    RunResult run = RunLimited(folder_, "standings " + arguments);
    EXPECT_NE(run.exit_code, 124) << arguments << ": timed out\n" << run.output.substr(0, 2000);
    EXPECT_LT(run.exit_code, 128) << arguments << ": killed by a signal\n"
                                  << run.output.substr(0, 2000);
    EXPECT_EQ(run.exit_code, exit_code) << arguments << "\n" << run.output.substr(0, 2000);
    return run;
  }

  static std::string League(const std::string& records, const std::string& entrants = "{id: a}") {
    return "format: referee-league/1\nname: x\ngame: collusion\nentrants: [" + entrants +
           "]\nrecords: " + records + "\n";
  }

  static void ExpectIn(const RunResult& run, const std::string& part) {
    EXPECT_NE(run.output.find(part), std::string::npos) << part << "\n"
                                                        << run.output.substr(0, 2000);
  }
};

// std::filesystem threw on a folder it could not read: `/*` ended in exit 70.
TEST_F(HostileStandings, AGlobOverTheWholeDiskIsRefused) {
  Write("root.yaml", League("[\"/*\"]"));
  RunResult run = Standings("root.yaml", 2);
  ExpectIn(run,
           "root.yaml:5:11: malformed[outside-league-folder]: expected a path inside the "
           "league file's folder");
  ExpectIn(run, "found /*");
}

TEST_F(HostileStandings, AGlobOverALinkLoopIsAnIoError) {
  fs::create_directories(folder_ / "loops");
  fs::create_symlink("loop", folder_ / "loops/loop");
  Write("loops.yaml", League("[\"loops/*\"]"));
  RunResult run = Standings("loops.yaml", 4);
  ExpectIn(run, "cannot read loops/loop");
}

// The league file was read whole: /dev/zero ended in bad_alloc (exit 70).
TEST_F(HostileStandings, DevZeroAsTheLeagueIsTooLarge) {
  RunResult run = Standings("/dev/zero", 2);
  ExpectIn(run, "malformed[too-large]");
}

TEST_F(HostileStandings, DevZeroAsThePublishedStandingsIsTooLarge) {
  fs::create_directories(folder_ / "empty");
  Write("empty/league.yaml", League("[]"));
  RunResult run = Standings("empty/league.yaml --check /dev/zero", 2);
  ExpectIn(run, "/dev/zero: malformed[too-large]");
}

TEST_F(HostileStandings, FourGigabyteLeagueFileIsTooLargeAndNotReadWhole) {
  fs::path big = folder_ / "big-league.yaml";
  { std::ofstream(big, std::ios::binary) << "format: referee-league/1\n"; }
  fs::resize_file(big, uint64_t{4} << 30);  // sparse: costs no disk
  RunResult run = Standings("big-league.yaml", 2);
  ExpectIn(run, "malformed[too-large]");
  fs::remove(big);
}

TEST_F(HostileStandings, AHugePublishedCsvIsTooLarge) {
  fs::create_directories(folder_ / "empty");
  Write("empty/league.yaml", League("[]"));
  Write("commas.csv", std::string(4 << 20, ','));  // 4 MB: within the size limit, 4M fields
  RunResult run = Standings("empty/league.yaml --check commas.csv", 2);
  ExpectIn(run, "malformed[too-large]: expected at most 1000000 fields");
}

// A league could list /etc/passwd, which was read and its first 40 characters echoed.
TEST_F(HostileStandings, PathsOutsideTheLeagueFolderAreRefused) {
  fs::create_directories(folder_ / "inner/records");
  fs::create_symlink("/etc/passwd", folder_ / "inner/records/passwd.yaml");
  Write("inner/passwd.yaml", League("[{path: /etc/passwd, round: 1}]"));
  Write("inner/up.yaml", League("[../root.yaml]"));
  Write("inner/link.yaml", League("[records/]"));
  for (const char* league : {"inner/passwd.yaml", "inner/up.yaml", "inner/link.yaml"}) {
    RunResult run = Standings(league, 2);
    ExpectIn(run, "malformed[outside-league-folder]");
    EXPECT_EQ(run.output.find("root:"), std::string::npos) << run.output;
  }
  // Allowed on purpose, the file is read, but a file that is not a record is not quoted.
  // Read, and listed as not a record: exit 5, a record listed but not counted.
  RunResult anywhere = Standings("inner/passwd.yaml --records-anywhere", 5);
  ExpectIn(anywhere, "/etc/passwd: malformed: not a record: ");
  EXPECT_EQ(anywhere.output.find("root:"), std::string::npos) << anywhere.output;
}

// A name that is an escape sequence reached the terminal raw (and the HTML).
TEST_F(HostileStandings, EscapeSequencesInNamesAreShownNotObeyed) {
  fs::create_directories(folder_ / "names/records");
  // A control character in a league file's name is refused where it is read (control-character),
  // and the refusal quotes it escaped.
  Write("names/controls.yaml",
        League("[records/]", "{id: a, name: \"\\e]0;owned\\a\\e[31mRed\\u009b1m\"}"));
  RunResult refused = Standings("names/controls.yaml", 2);
  ExpectIn(refused, "malformed[control-character]");
  EXPECT_EQ(refused.output.find('\x1b'), std::string::npos) << refused.output;
  EXPECT_EQ(refused.output.find('\x07'), std::string::npos) << refused.output;
  // What a name may hold (a right-to-left override) and what a file name may hold (any byte but
  // '/' and NUL) reaches every output, shown instead of obeyed.
  Write("names/records/\x1b[2J.yaml", "format: referee/1\ngame: nothing\n");
  Write("names/league.yaml", League("[records/]", "{id: a, name: \"Red\\u202eder\"}"));
  for (const char* format : {"text", "markdown", "csv", "json", "html"}) {
    RunResult run = Standings(std::string("names/league.yaml --format ") + format, 5);
    EXPECT_EQ(run.output.find('\x1b'), std::string::npos) << format << "\n" << run.output;
    // JSON carries the name exactly, escaped by its writer; the others show it visibly.
    bool json = std::string(format) == "json";
    if (!json) {
      EXPECT_EQ(run.output.find("\xe2\x80\xae"), std::string::npos) << format;
      bool markdown = std::string(format) == "markdown";  // where a backslash is escaped too
      ExpectIn(run, markdown ? "Red\\\\u202eder" : "Red\\u202eder");
    }
    if (std::string(format) != "csv") {  // the one format without the records not counted
      ExpectIn(run, json ? "\\u001B[2J.yaml" : "\\x1b[2J.yaml");
    }
  }
}

// Every parsed record was kept until the end: 100,000 records of 740 bytes took 1.2 GB. Memory
// now follows the records in flight, not the records read: the peak resident set of a league of
// 16 times more records grows by a few hundred bytes a record (the summary the standings keep),
// where each parsed record cost about 12 kB.
TEST_F(HostileStandings, ManyRecordsStayBounded) {
  // samples/cahoots/valid/loss-cards-run-out.yaml as one JSON line, its players renamed per line.
  const std::string line =
      R"json({"format":"referee/1","game":"cahoots","rules":{"goal_count":3},"players":["ann","bob","cy"],"deck":"3G 3O 1O 5G 3P 5U 5P 1G 6U 4P 7G 5O 6G 5O 3U 4G 4G 2U 7P 6U 3G 4P 6O 6O 6P 3U 7G 7U 2O 2G 2P 1U 6P 7P 1P 7O 4U 1P 2P 5U 7U 4U 2O 1O 3P 4O 4O 5G 2U 6G 5P 1U 1G 2G 3O 7O","goals":[{"kind":"sum-all","total":10},{"kind":"pile-count","colour":"pink","count":2},{"kind":"sum-all","total":28}],"turns":["ann 3G 4","bob 3O 4","cy 1O 4","ann 5G 1","bob 7G 1","cy 5O 4","ann 5P 4","bob 3P 4","cy 5U 2","ann 4P 4","bob 2U 2","cy 6U 3","ann 4G 1","bob 1G 1","cy 6P 3","ann 6O 3","bob 7G 1","cy 2P 4","ann 6U 3","bob 6P 4","cy 7U 3","ann 1U 2","bob 3G 1","cy 4P 4","ann 3U 3","bob 2G 1","cy 5U 3","ann 1P 2","bob 2P 4","cy 7P 2","ann 2O 1","bob 3P 2","cy 7P 4","ann 4O 1","bob 7O 4","cy 2O 4","ann 1P 2","bob 4U 3","cy 1U 2","ann 1O 2","bob 6O 4","cy 3O 1","ann 1G 2","bob 2G 2","cy 2U 3","ann 6G 2","bob 5G 2","cy 4O 1","ann 7O 1","bob 5P 2","cy 4U 3","ann 7U 3"],"result":{"outcome":"loss","goals":2,"turns":52}})json";
  // Under ASan (unoptimised) the records are fewer, so that the run stays within the timeout.
  constexpr int kFew = kSanitized ? 100 : 1'000;
  constexpr int kMany = 16 * kFew;
  auto write = [&](const std::string& name, int records) {
    fs::create_directories(folder_ / name);
    std::ofstream out(folder_ / name / "stream.jsonl", std::ios::binary);
    for (int i = 0; i < records; ++i) {
      std::string renamed = line;
      for (const char* player : {"\"ann", "\"bob", "\"cy"}) {
        for (size_t at = 0; (at = renamed.find(player, at)) != std::string::npos; ++at) {
          renamed.insert(at + 1, std::to_string(i) + "-");
        }
      }
      out << renamed << "\n";
    }
    std::ofstream(folder_ / name / "league.yaml")
        << "format: referee-league/1\nname: x\ngame: cahoots\nentrants: [{id: y}, {id: z}]\n"
           "teams: [{id: yz, players: [y, z]}]\nrecords: [{path: stream.jsonl, round: 1}]\n";
  };
  // The peak resident set in kB of referee, as GNU time reports it (a parent's wait4 would count
  // the test's own pages, which the child shares until it runs referee).
  ASSERT_TRUE(fs::exists("/usr/bin/time")) << "GNU time is missing: run scripts/setup.sh";
  auto peak_kb = [&](const std::string& name, int records) {
    std::string rss = (folder_ / name / "rss").string();
    std::string limit = kSanitized ? "" : "ulimit -v 4194304; ";
    // Under ASan freed memory is held in quarantine: it would count every parsed record again.
    std::string quarantine = kSanitized ? "ASAN_OPTIONS=$ASAN_OPTIONS:quarantine_size_mb=0 " : "";
    RunResult run =
        RunShell("cd '" + folder_.string() + "' && (" + limit + quarantine +
                 "exec timeout 120 /usr/bin/time -f %M -o '" + rss + "' " + RefereeCommand() +
                 " standings " + name + "/league.yaml --threads 2 --allow-uncounted) 2>&1");
    EXPECT_EQ(run.exit_code, 0) << run.output.substr(0, 2000);
    std::string tally = std::to_string(records) + " not counted";
    EXPECT_NE(run.output.find(tally), std::string::npos) << run.output.substr(0, 2000);
    std::string peak = ReadFile(rss);
    return peak.empty() ? 0L : std::stol(peak);
  };
  write("few", kFew);
  write("many", kMany);
  long few = peak_kb("few", kFew);
  long many = peak_kb("many", kMany);
  // Each of the 15,000 more records: under 2 kB (a summary and its listing; ASan's red zones make
  // it larger), where keeping its parsed tree cost about 12 kB. Not a speed: a count of bytes.
  long per_record_bytes = (many - few) * 1024 / (kMany - kFew);
  EXPECT_LT(per_record_bytes, kSanitized ? 4096 : 2048)
      << per_record_bytes << " bytes a record: " << few << " kB for " << kFew << " records, "
      << many << " kB for " << kMany;
}

}  // namespace
}  // namespace referee::testing::hostile
