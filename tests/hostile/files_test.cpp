// Hostile files, streams and diagnostics: folders that loop or cannot be read, files that are not
// files or whose read fails, journals and live lines without end, an output that cannot be
// written, and input bytes that must not reach the terminal raw. Each case runs the real binary
// (tests/hostile/hostile_fixture.h) and asserts its exit code and what it says.
#include <sys/stat.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "formats/text_checks.h"
#include "tests/hostile/hostile_fixture.h"

namespace referee::testing::hostile {
namespace {

class HostileFiles : public Hostile {
 protected:
  // Runs `referee ARGUMENTS` in the scratch folder like RunLimited, after `before` (e.g. a
  // producer and a pipe: "printf x |") and through `wrapper` (e.g. setpriv), and checks that the
  // run neither timed out nor died of a signal.
  static RunResult Run(const std::string& arguments, const std::string& before = "",
                       const std::string& wrapper = "", size_t memory_kib = kMemoryLimitKiB) {
    std::string limit = kSanitized ? "" : "ulimit -v " + std::to_string(memory_kib) + "; ";
    RunResult run = referee::testing::RunShell(
        "cd '" + folder_.string() + "' && " + before + " (" + limit + "exec timeout 20 " + wrapper +
        referee::testing::RefereeCommand() + " " + arguments + ") 2>&1");
    EXPECT_NE(run.exit_code, 124) << arguments << ": timed out\n" << run.output.substr(0, 2000);
    EXPECT_LT(run.exit_code, 128) << arguments << ": killed by a signal\n"
                                  << run.output.substr(0, 2000);
    return run;
  }

  // Tests run as root in CI, where permission bits do not stop a read: there the binary runs as
  // the unprivileged user nobody (the scratch folder is world-readable).
  static std::string Unprivileged() {
    return geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
  }

  static void MakeFolder(const std::string& name) { fs::create_directories(folder_ / name); }

  static void WriteSample(const std::string& name) { Write(name, Sample()); }

  static size_t Count(const std::string& text, const std::string& part) {
    size_t count = 0;
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
      ++count;
    }
    return count;
  }
};

// --- Folder walks ---------------------------------------------------------------------------

TEST_F(HostileFiles, ALinkThatLoopsOnItselfIsReportedAndTheFolderStillVerified) {
  MakeFolder("loop");
  WriteSample("loop/good.yaml");
  fs::create_symlink("self.yaml", folder_ / "loop/self.yaml");
  RunResult run = Run("verify loop");
  EXPECT_EQ(run.exit_code, 4) << run.output;
  EXPECT_NE(run.output.find("cannot read loop/self.yaml: Too many levels of symbolic links"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("loop/good.yaml: valid"), std::string::npos) << run.output;
}

// A link to a folder is not followed (a link to an ancestor would make the walk endless), and
// the walk says so: records left out silently would make a verdict or a standings table wrong.
TEST_F(HostileFiles, ALinkToAFolderIsNotFollowedAndSaysSo) {
  MakeFolder("linked/inner");
  WriteSample("linked/inner/good.yaml");
  fs::create_directory_symlink("..", folder_ / "linked/inner/up");
  fs::create_directory_symlink("inner", folder_ / "linked/also.yaml");
  RunResult run = Run("verify linked");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(Count(run.output, ": valid"), 1u) << run.output;
  EXPECT_NE(run.output.find("linked/inner/up is a link to a folder, not followed"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("linked/also.yaml is a link to a folder, not followed"),
            std::string::npos)
      << run.output;
}

TEST_F(HostileFiles, AFifoNamedLikeARecordInAFolderIsNotOpened) {
  MakeFolder("fifo");
  WriteSample("fifo/good.yaml");
  ASSERT_EQ(mkfifo((folder_ / "fifo/x.yaml").c_str(), 0644), 0);
  RunResult run = Run("verify fifo");
  EXPECT_EQ(run.exit_code, 4) << run.output;
  EXPECT_NE(run.output.find("cannot read fifo/x.yaml: not a regular file"), std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("fifo/good.yaml: valid"), std::string::npos) << run.output;
}

// Named on the command line, a FIFO is read: that is how `verify <(command)` works.
TEST_F(HostileFiles, AFifoNamedOnTheCommandLineIsRead) {
  ASSERT_EQ(mkfifo((folder_ / "piped.yaml").c_str(), 0644), 0);
  WriteSample("source.yaml");
  RunResult run = Run("verify piped.yaml", "(cat source.yaml > piped.yaml &);");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("piped.yaml: valid"), std::string::npos) << run.output;
}

TEST_F(HostileFiles, AnUnreadableFolderIsReportedAndTheRestVerified) {
  MakeFolder("tree/locked");
  MakeFolder("tree/open");
  WriteSample("tree/locked/hidden.yaml");
  WriteSample("tree/open/good.yaml");
  fs::permissions(folder_ / "tree/locked", fs::perms::none);
  RunResult run = Run("verify tree", "", Unprivileged());
  fs::permissions(folder_ / "tree/locked", fs::perms::owner_all);
  EXPECT_EQ(run.exit_code, 4) << run.output;
  EXPECT_NE(run.output.find("cannot read tree/locked: Permission denied"), std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("tree/open/good.yaml: valid"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("hidden.yaml"), std::string::npos) << run.output;
}

TEST_F(HostileFiles, ATooDeepTreeIsReportedAtTheDepthLimit) {
  std::string deep = "deep";
  for (int i = 0; i < 70; ++i) deep += "/d";
  MakeFolder(deep);
  WriteSample("deep/top.yaml");
  WriteSample(deep + "/bottom.yaml");
  RunResult run = Run("verify deep");
  EXPECT_EQ(run.exit_code, 4) << run.output;
  EXPECT_NE(run.output.find("folders nested deeper than 64"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("deep/top.yaml: valid"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("bottom.yaml"), std::string::npos) << run.output;
}

// `standings` walks the folders and globs of a league's `records:` the same way; a problem there
// means the standings could be wrong, so it stops with exit 4.
TEST_F(HostileFiles, StandingsRecordsInALoopingOrUnreadableFolderExitWithAnIoError) {
  std::string league = ReadFile(kSourceDir / "samples/league/collusion/league.yaml");
  size_t at = league.find("  - records/\n");
  ASSERT_NE(at, std::string::npos);
  Write("league.yaml", league.replace(at, 13, "  - seasons/*\n"));
  MakeFolder("seasons/one");
  WriteSample("seasons/one/good.yaml");
  fs::create_symlink("loop.yaml", folder_ / "seasons/one/loop.yaml");
  MakeFolder("seasons/two");
  fs::create_directory_symlink("../one", folder_ / "seasons/two/link");
  RunResult looped = Run("standings league.yaml");
  EXPECT_EQ(looped.exit_code, 4) << looped.output;
  EXPECT_NE(looped.output.find("cannot read seasons/one/loop.yaml: Too many levels"),
            std::string::npos)
      << looped.output;

  // The walk stops at that problem (a glob such as /* would otherwise walk the file system on):
  // nothing after it is looked at, so the link to a folder in seasons/two is not even named.
  EXPECT_EQ(looped.output.find("seasons/two"), std::string::npos) << looped.output;

  fs::remove(folder_ / "seasons/one/loop.yaml");
  MakeFolder("seasons/two/locked");
  fs::permissions(folder_ / "seasons/two/locked", fs::perms::none);
  RunResult locked = Run("standings league.yaml", "", Unprivileged());
  fs::permissions(folder_ / "seasons/two/locked", fs::perms::owner_all);
  EXPECT_EQ(locked.exit_code, 4) << locked.output;
  EXPECT_NE(locked.output.find("cannot read seasons/two/locked: Permission denied"),
            std::string::npos)
      << locked.output;
}

// --- Files whose read fails or has no end --------------------------------------------------

// Reading /proc/self/mem at offset 0 fails (EIO): the I/O error alone is the answer, not a
// finding about the empty text read before it.
TEST_F(HostileFiles, AFileWhoseReadFailsIsOnlyAnIoError) {
  for (const std::string arguments :
       {"verify /proc/self/mem", "verify --input-format yaml /proc/self/mem",
        "verify --input-format jsonl /proc/self/mem", "convert /proc/self/mem"}) {
    RunResult run = Run(arguments);
    EXPECT_EQ(run.exit_code, 4) << arguments << "\n" << run.output;
    EXPECT_NE(run.output.find("cannot read /proc/self/mem: Input/output error"), std::string::npos)
        << arguments << "\n"
        << run.output;
    EXPECT_EQ(run.output.find("empty-document"), std::string::npos) << arguments << "\n"
                                                                    << run.output;
    EXPECT_EQ(run.output.find("/proc/self/mem: malformed"), std::string::npos) << arguments << "\n"
                                                                               << run.output;
  }
}

// Character devices without end: read up to the record limit, then `too-large`.
TEST_F(HostileFiles, DevZeroAndDevFullAsRecordsAreTooLarge) {
  for (const std::string device : {"/dev/zero", "/dev/full"}) {
    RunResult run = Run("verify --input-format json " + device);
    EXPECT_EQ(run.exit_code, 2) << device << "\n" << run.output;
    EXPECT_NE(run.output.find("malformed[too-large]"), std::string::npos) << device << "\n"
                                                                          << run.output;
  }
}

// A journal read by `verify` is a record and has the record's limit: one over it is too large,
// not cut at the limit and passed off as a journal with a torn last line.
TEST_F(HostileFiles, AJournalOverTheRecordLimitIsTooLargeNotCut) {
  std::string header =
      R"({"format":"referee/1","game":"collusion","players":{"N":"a","E":"b","S":"c","W":"d"},)"
      R"("seed":"s"})";
  Write("big.journal", header + "\n{\"event\":\"deal\"}\n" + std::string(17 << 20, 'x') + "\n");
  RunResult run = Run("verify big.journal");
  EXPECT_EQ(run.exit_code, 2) << run.output.substr(0, 2000);
  EXPECT_NE(run.output.find("malformed[too-large]"), std::string::npos)
      << run.output.substr(0, 2000);
  EXPECT_EQ(run.output.find("torn"), std::string::npos) << run.output.substr(0, 2000);
}

// --- Live lines ----------------------------------------------------------------------------

const char kLiveHeader[] =
    R"({"format":"referee/1","game":"collusion","players":{"N":"a","E":"b","S":"c","W":"d"},)"
    R"("seed":"s"})";

// The lines of a run's output (replies, and messages on standard error).
std::vector<std::string> Lines(const std::string& output) {
  std::vector<std::string> lines;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Writes `header`, a line of `bytes` x's, and `after`, into a pipe.
std::string LongLineProducer(const std::string& header, size_t bytes, const std::string& after) {
  std::string lines = "{ ";
  if (!header.empty()) lines += "printf '%s\\n' '" + header + "'; ";
  lines += "head -c " + std::to_string(bytes) + " /dev/zero | tr '\\0' x; printf '\\n'; ";
  if (!after.empty()) lines += "printf '%s\\n' '" + after + "'; ";
  return lines + "} |";
}

// The 256 MB address-space limit is far above the 16 MiB a line may take, and far below the
// gigabyte a reader that kept the line would need. Sanitizer builds have no memory limit (see
// RunLimited) and read a byte many times slower: there a line of 64 MiB shows the behaviour.
constexpr size_t kLiveMemoryKiB = 256 << 10;
constexpr size_t kLongLineBytes = kSanitized ? size_t{64} << 20 : size_t{1} << 30;

TEST_F(HostileFiles, AGigabyteLiveLineIsRejectedInFlatMemoryAndTheSessionGoesOn) {
  RunResult run = Run("live", LongLineProducer(kLiveHeader, kLongLineBytes, R"({"event":"deal"})"),
                      "", kLiveMemoryKiB);
  std::vector<std::string> lines = Lines(run.output);
  ASSERT_EQ(lines.size(), 3u) << run.output.substr(0, 2000);
  EXPECT_NE(lines[0].find(R"("ok":true)"), std::string::npos) << lines[0];
  EXPECT_NE(lines[1].find(R"("ok":false,"code":"too-large")"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("at most 16777216 bytes"), std::string::npos) << lines[1];
  EXPECT_NE(lines[2].find(R"("ok":true,"event":{"event":"deal")"), std::string::npos) << lines[2];
  EXPECT_EQ(run.exit_code, 1) << run.output.substr(0, 2000);  // incomplete: one deal dealt
}

TEST_F(HostileFiles, AGigabyteLiveHeaderIsRejectedInFlatMemory) {
  RunResult run = Run("live", LongLineProducer("", kLongLineBytes, ""), "", kLiveMemoryKiB);
  std::vector<std::string> lines = Lines(run.output);
  ASSERT_EQ(lines.size(), 1u) << run.output.substr(0, 2000);
  EXPECT_NE(lines[0].find(R"("ok":false,"code":"too-large")"), std::string::npos) << lines[0];
  EXPECT_EQ(run.exit_code, 2) << run.output.substr(0, 2000);
}

TEST_F(HostileFiles, EmptyLiveInputSaysSo) {
  for (const std::string input : {"/dev/null", "blank.jsonl"}) {
    Write("blank.jsonl", "\n  \n\r\n");
    RunResult run = Run("live < " + input);
    EXPECT_EQ(run.exit_code, 2) << input << "\n" << run.output;
    EXPECT_EQ(run.output, "referee: expected a header line, found the end of the input\n") << input;
  }
}

// --- Journals and the output ---------------------------------------------------------------

// A journal must be a regular file: it is synced, truncated and read back. Devices and FIFOs are
// refused before they are opened (a FIFO would block the open, /dev/zero would never end).
TEST_F(HostileFiles, AJournalThatIsNotARegularFileIsRefused) {
  Write("header.jsonl", std::string(kLiveHeader) + "\n");
  ASSERT_EQ(mkfifo((folder_ / "fifo.journal").c_str(), 0644), 0);
  for (const std::string journal : {"/dev/zero", "/dev/full", "fifo.journal"}) {
    RunResult run = Run("live --journal " + journal + " < header.jsonl");
    EXPECT_EQ(run.exit_code, 4) << journal << "\n" << run.output;
    EXPECT_EQ(run.output, "referee: cannot open the journal " + journal + ": not a regular file\n");
  }
}

// A journal over the record limit cannot be a match's journal; it is refused whole, untouched,
// not read into memory and not cut to its "last complete line".
TEST_F(HostileFiles, AJournalOverTheLimitIsRefusedAndLeftAlone) {
  Write("header.jsonl", std::string(kLiveHeader) + "\n");
  { std::ofstream(folder_ / "big.journal", std::ios::binary) << kLiveHeader << "\n"; }
  fs::resize_file(folder_ / "big.journal", uint64_t{1} << 30);  // sparse: costs no disk
  RunResult run = Run("live --journal big.journal < header.jsonl");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(run.output,
            "referee: big.journal: corrupt journal: expected a journal of at most 16777216 "
            "bytes, found 1073741824\n");
  EXPECT_EQ(fs::file_size(folder_ / "big.journal"), uint64_t{1} << 30);
}

// A file that is not a journal (here a text whose last line has no line break) is refused, and
// not cut first: only a journal that replays has its torn last line dropped.
TEST_F(HostileFiles, AFileThatIsNotAJournalIsNotCut) {
  Write("header.jsonl", std::string(kLiveHeader) + "\n");
  Write("notes.txt", "first line\nsecond line");
  RunResult run = Run("live --journal notes.txt < header.jsonl");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("notes.txt: corrupt journal: journal line 1"), std::string::npos)
      << run.output;
  EXPECT_EQ(run.output.find("dropped a torn last line"), std::string::npos) << run.output;
  EXPECT_EQ(ReadFile(folder_ / "notes.txt"), "first line\nsecond line");

  Write("word.txt", "just one line");
  RunResult word = Run("live --journal word.txt < header.jsonl");
  EXPECT_EQ(word.exit_code, 2) << word.output;
  EXPECT_EQ(word.output,
            "referee: word.txt: corrupt journal: expected a journal line, found text that is not "
            "JSON\n");
  EXPECT_EQ(ReadFile(folder_ / "word.txt"), "just one line");
}

// A journal that cannot grow (here a file size limit: write(2) fails with EFBIG) stops the
// session with the disk's own error, before anything is acknowledged.
TEST_F(HostileFiles, AJournalWriteErrorStopsWithTheDisksError) {
  std::string header = kLiveHeader;
  header.insert(header.size() - 1, ",\"notes\":\"" + std::string(4000, 'n') + "\"");
  Write("session.jsonl", header + "\n");
  RunResult run =
      Run("live --journal limited.journal < session.jsonl", "trap '' XFSZ; ulimit -f 1;");
  EXPECT_EQ(run.exit_code, 4) << run.output;
  EXPECT_EQ(run.output,
            "referee: cannot write the journal limited.journal: File too large; stopping: the "
            "event was not accepted\n");
}

// An output that cannot be written (a full disk) is an I/O error, not a silent success.
TEST_F(HostileFiles, AnOutputThatCannotBeWrittenIsAnIoError) {
  WriteSample("good.yaml");
  Write("header.jsonl", std::string(kLiveHeader) + "\n");
  for (const std::string arguments : {"verify good.yaml", "verify --format json good.yaml",
                                      "convert good.yaml --to json", "live < header.jsonl"}) {
    RunResult run = Run(arguments + " > /dev/full");
    EXPECT_EQ(run.exit_code, 4) << arguments << "\n" << run.output;
    EXPECT_EQ(run.output, "referee: cannot write standard output: No space left on device\n")
        << arguments;
  }
}

// --- Input bytes in diagnostics --------------------------------------------------------------

// Whether `text` could reach a terminal without any byte of it acting there: well-formed UTF-8
// with no control character but the line break and the tab, no DEL, no C1 control and no
// character that turns the text's direction.
bool IsInert(const std::string& text) {
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char byte = static_cast<unsigned char>(text[i]);
    if ((byte < 0x20 && byte != '\n' && byte != '\t') || byte == 0x7f) return false;
    if (byte == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) < 0xa0) {
      return false;  // U+0080..U+009F
    }
    if (text.compare(i, 3, "\u202e") == 0) return false;
  }
  return formats::IsValidUtf8(text);
}

// Lines quoted from a record show its bytes escaped, and the caret stays under the offending
// byte: an escape is as wide as it is written, a character of several bytes one column wide.
TEST_F(HostileFiles, AQuotedLineShowsControlBytesEscapedWithTheCaretBelow) {
  Write("esc.yaml", "format: referee/1\ngame: \x1b[2Jcollusion\n");
  Write("nul.yaml", std::string("format: referee/1\ngame: coll\0usion\n", 35));
  Write("ff.yaml", "format: referee/1\ngame: \u2660\t\u202e\xff\n");
  struct Case {
    std::string file;
    std::string snippet;
  };
  for (const Case& c : std::vector<Case>{
           {"esc.yaml",
            "esc.yaml:2:7: malformed[bad-encoding]: expected UTF-8 text, found the control "
            "character 0x1B\n"
            "    2 | game: \\x1b[2Jcollusion\n"
            "      |       ^\n"},
           {"nul.yaml",
            "    2 | game: coll\\x00usion\n"
            "      |           ^\n"},
           {"ff.yaml",
            "    2 | game: \u2660\t\\u202e\\xff\n"
            "      |        \t      ^\n"},
       }) {
    RunResult run = Run("verify " + c.file);
    EXPECT_EQ(run.exit_code, 2) << c.file << "\n" << run.output;
    EXPECT_NE(run.output.find(c.snippet), std::string::npos) << c.file << "\n" << run.output;
    EXPECT_TRUE(IsInert(run.output)) << c.file << "\n" << run.output;
  }
}

// A value quoted in a message ("found '...'") is escaped too, in the text and the JSON verdict.
// Control characters are refused where they are read (control-character, named by code point);
// what a text may hold but a terminal would obey, such as a right-to-left override, is quoted
// escaped.
TEST_F(HostileFiles, AFoundValueInAMessageIsEscaped) {
  Write("game.json",
        R"({"format":"referee/1","game":"\u202e[2Jx\u2066","players":{"N":"a","E":"b","S":"c",)"
        R"("W":"d"},"deals":[]})");
  RunResult text = Run("verify game.json");
  EXPECT_EQ(text.exit_code, 2) << text.output;
  EXPECT_NE(text.output.find(R"(found '\u202e[2Jx\u2066')"), std::string::npos) << text.output;
  EXPECT_TRUE(IsInert(text.output)) << text.output;
  RunResult json = Run("verify --format json game.json");
  EXPECT_NE(json.output.find(R"(found '\\u202e[2Jx\\u2066')"), std::string::npos) << json.output;
  EXPECT_TRUE(IsInert(json.output)) << json.output;
  Write("escape.json",
        R"({"format":"referee/1","game":"\u001b[2Jx\u009b","players":{"N":"a","E":"b","S":"c",)"
        R"("W":"d"},"deals":[]})");
  RunResult refused = Run("verify escape.json");
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_NE(refused.output.find("malformed[control-character]"), std::string::npos)
      << refused.output;
  EXPECT_TRUE(IsInert(refused.output)) << refused.output;
}

// Was: a finding on a line of 200,000 bytes quoted the whole line (and a 16 MiB one-line record,
// all of it). A long line is quoted around the column, cut with "...", the caret under it.
TEST_F(HostileFiles, AFindingOnAHugeLineQuotesAWindowOfIt) {
  std::string line;
  for (int i = 0; i < 100000; ++i) line += "- ";
  Write("long.yaml", line + "x\n");
  RunResult run = Run("verify long.yaml");
  EXPECT_EQ(run.exit_code, 2) << run.output.substr(0, 2000);
  EXPECT_LT(run.output.size(), 1000u) << run.output.substr(0, 2000);
  EXPECT_NE(run.output.find("    1 | ...- - -"), std::string::npos) << run.output.substr(0, 2000);
  std::vector<std::string> lines = Lines(run.output);
  ASSERT_GE(lines.size(), 3u);
  // The caret stands under the '-' the finding names: column 129, 80 bytes after the cut.
  EXPECT_EQ(lines[2].find('^'), std::string("    1 | ...").size() + 80) << run.output;
  EXPECT_EQ(lines[1][lines[2].find('^')], '-');
}

// A file name is input too: in a folder, a name may hold any byte but '/' and NUL. JSON output
// must stay valid UTF-8.
TEST_F(HostileFiles, AFileNameIsShownEscapedAndJsonStaysUtf8) {
  MakeFolder("names");
  WriteSample("names/bad\x1b[31m\xff.yaml");
  RunResult text = Run("verify names");
  EXPECT_EQ(text.exit_code, 0) << text.output;
  EXPECT_NE(text.output.find(R"(names/bad\x1b[31m\xff.yaml: valid)"), std::string::npos)
      << text.output;
  EXPECT_TRUE(IsInert(text.output)) << text.output;
  RunResult json = Run("verify --format json names");
  EXPECT_NE(json.output.find(R"("file":"names/bad\\x1b[31m\\xff.yaml")"), std::string::npos)
      << json.output;
  EXPECT_TRUE(IsInert(json.output)) << json.output;
}

// The live referee's replies quote what the client sent; they stay inert as well, whichever
// reader made the message: the event name, a seat, a card, an unknown key, a value of the wrong
// kind, a line that is not JSON.
TEST_F(HostileFiles, ALiveReplyQuotesALineEscaped) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"event":"\u001b]0;title\u0007\u009b"})", R"(found U+001B (escape) at its start)"},
      {R"({"event":"\u202e]0;title\u2066"})", R"(found '\\u202e]0;title\\u2066')"},
      {R"({"event":"view","seat":"\u202e"})", R"(found '\\u202e')"},
      {R"({"event":"play","card":"\u202eH"})", R"(found '\\u202eH')"},
      {R"({"event":"play","\u202e":1})", R"(unknown key '\\u202e')"},
      {R"({"event":"deal","board":"\u202e"})", R"(found a string '\\u202e')"},
      {"{\"event\":\"play\",\u202e}", R"(found '\\u202e')"},
  };
  std::string lines = std::string(kLiveHeader) + "\n";
  for (const auto& [line, quoted] : cases) lines += line + "\n";
  Write("session.jsonl", lines);
  RunResult run = Run("live < session.jsonl");
  EXPECT_EQ(run.exit_code, 1) << run.output;  // incomplete: nothing was accepted
  std::vector<std::string> replies = Lines(run.output);
  ASSERT_EQ(replies.size(), cases.size() + 1) << run.output;
  for (size_t i = 0; i < cases.size(); ++i) {
    EXPECT_NE(replies[i + 1].find(cases[i].second), std::string::npos) << replies[i + 1];
  }
  EXPECT_TRUE(IsInert(run.output)) << run.output;
}

}  // namespace
}  // namespace referee::testing::hostile
