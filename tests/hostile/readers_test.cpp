// What a hostile run of the real binary found in the readers (10 s and 2 GB per case), each as
// the record or command that showed it (docs/fuzzing.md, "The hostile-input suite").
#include "tests/hostile/hostile_fixture.h"

namespace referee::testing::hostile {
namespace {

// `referee verify FILE` under a memory limit of `megabytes` (none in sanitizer builds, whose
// shadow memory needs more) and `timeout 20`.
RunResult VerifyWithin(const fs::path& folder, const std::string& file, int megabytes) {
  std::string limit = kSanitized ? "" : "ulimit -v " + std::to_string(megabytes * 1024) + "; ";
  return referee::testing::RunShell("cd '" + folder.string() + "' && (" + limit +
                                    "exec timeout 20 " + referee::testing::RefereeCommand() +
                                    " verify --quiet " + file + ") 2>&1");
}

class Readers : public Hostile {
 protected:
  // The sample with `line` added before its deals.
  static std::string SampleWithLine(const std::string& line) {
    return SampleWith("deals:\n", line + "deals:\n");
  }
  // The JSON sample with its first `from` replaced by `to`.
  static std::string SampleWithJson(const std::string& from, const std::string& to) {
    std::string text = ReadFile(kSourceDir / "samples/collusion/valid/first-to-100.json");
    size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
  }
  // The sample with `tail` at its very end, as a truncated upload ends.
  static std::string SampleEndingWith(const std::string& tail) { return Sample() + tail; }
  static void ExpectOutputHasNoRawControlCharacters(const std::string& name) {
    RunResult run = RunLimited(folder_, "verify " + name);
    for (unsigned char c : run.output) {
      EXPECT_TRUE(c >= 0x20 || c == '\n') << name << ": a raw control character in\n" << run.output;
      if (c < 0x20 && c != '\n') break;
    }
  }
};

// 16 MiB of `0,` in one top-level flow list took 32 s and 2.4 GB before `too-large`: yaml-cpp
// kept a token per item until the line ended. It is now refused before yaml-cpp reads it.
TEST_F(Readers, HugeTopLevelFlowListIsTooLargeWithinLittleMemory) {
  std::string list = "[0";
  list.reserve(16 << 20);
  while (list.size() + 3 < (16u << 20)) list += ",0";
  Write("flow.yaml", list + "]\n");
  std::string maps = "[{a: 0}";
  while (maps.size() + 10 < (8u << 20)) maps += ",{a: 0}";
  Write("maps.yaml", maps + "]\n");
  for (std::string name : {"flow.yaml", "maps.yaml"}) {
    RunResult run = VerifyWithin(folder_, name, 512);
    ASSERT_NE(run.exit_code, 124) << name << ": timed out";
    ASSERT_LT(run.exit_code, 128) << name << ": killed by a signal (out of memory?)\n"
                                  << run.output.substr(0, 2000);
    EXPECT_EQ(run.exit_code, 2) << name << "\n" << run.output.substr(0, 2000);
    EXPECT_NE(run.output.find("malformed[too-large]"), std::string::npos)
        << name << "\n"
        << run.output.substr(0, 2000);
  }
}

// These verified valid: invalid YAML that yaml-cpp read as something the scorer did not write.
TEST_F(Readers, TruncatedUploadEndingInAnUnclosedQuoteIsASyntaxError) {
  // With the line break yaml-cpp took the rest of the file as the string; without it, it said so.
  Write("truncated.yaml", SampleEndingWith("notes: \"missing closing quote\n"));
  Write("cut.yaml", SampleEndingWith("notes: \"missing closing quote"));
  Write("single.yaml", SampleEndingWith("notes: 'missing closing quote\n"));
  Expect("truncated.yaml", 2, "yaml-syntax");
  Expect("cut.yaml", 2, "yaml-syntax");
  Expect("single.yaml", 2, "yaml-syntax");
}

TEST_F(Readers, InvalidYamlInsideARecordIsASyntaxError) {
  Write("escape.yaml", SampleWithLine("notes: \"it\\'s\"\n"));
  Write("comment.yaml", SampleWithLine("notes: \"value\"# comment\n"));
  Write("tab.yaml", SampleWithLine("notes: \"first\n\tsecond\"\n"));
  Write("folded.yaml", SampleWithLine("notes: ># comment\n  text\n"));
  Write("indent.yaml", SampleWithLine("notes: \"first\nsecond\"\n"));
  Write("colon.yaml", SampleWithLine("notes: first\nsecond\n"));
  for (std::string name :
       {"escape.yaml", "comment.yaml", "tab.yaml", "folded.yaml", "indent.yaml", "colon.yaml"}) {
    Expect(name, 2, "yaml-syntax");
  }
}

TEST_F(Readers, EscapedControlCharactersInNamesAreRefused) {
  Write("nul.json", SampleWithJson("\"N\": \"alice\"", "\"N\": \"al\\u0000ice\""));
  Write("nul.yaml", SampleWith("N: alice", "N: \"al\\0ice\""));
  Write("escape.json", SampleWithJson("\"N\": \"alice\"", "\"N\": \"\\u001b[2J\\u001b[31malice\""));
  Write("escape.yaml", SampleWith("N: alice", "N: \"\\e[2J\\e[31malice\""));
  Write("del.yaml", SampleWith("N: alice", "N: \"al\\x7Fice\""));
  Write("c1.json", SampleWithJson("\"N\": \"alice\"", "\"N\": \"al\\u009bice\""));
  Write("tab.yaml", SampleWith("N: alice", "N: \"al\\tice\""));
  for (std::string name :
       {"nul.json", "nul.yaml", "escape.json", "escape.yaml", "del.yaml", "c1.json", "tab.yaml"}) {
    Expect(name, 2, "control-character");
    ExpectOutputHasNoRawControlCharacters(name);
  }
}

TEST_F(Readers, RawDeleteIsBadEncoding) {
  Write("del.yaml", SampleWith("N: alice", "N: al\x7fice"));
  Write("del.json", SampleWithJson("\"N\": \"alice\"", "\"N\": \"al\x7fice\""));
  Expect("del.yaml", 2, "bad-encoding");
  Expect("del.json", 2, "bad-encoding");
}

// Verified valid, and credited alice with three matches.
TEST_F(Readers, OnePlayerAtSeveralSeatsIsADuplicatePlayer) {
  Write("seats.yaml", SampleWith("players: {N: alice, E: bob, S: carol, W: dave}",
                                 "players: {N: alice, E: alice, S: alice, W: bob}"));
  Expect("seats.yaml", 2, "duplicate-player");
  RunResult run = RunLimited(folder_, "verify seats.yaml");
  EXPECT_NE(run.output.find("seats.yaml:4:"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("at /players/E"), std::string::npos) << run.output;
}

// Was told "is it indented like the lines above it?"; then `yaml-multiple-documents`. A document
// after the end marker `...` is a second record, as after `---`.
TEST_F(Readers, DocumentAfterTheEndMarkerIsASecondDocument) {
  Write("two.yaml", Sample() + "...\n" + Sample());
  RunResult run = RunLimited(folder_, "verify two.yaml");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("two.yaml#2: valid"), std::string::npos) << run.output;
}

// `verify` refused what `convert --to yaml` writes for a stream (`yaml-multiple-documents`): each
// document is a record, and a finding in the second is placed at its line of the file.
TEST_F(Readers, AYamlStreamIsReadRecordByRecord) {
  std::string first = Sample();
  std::string second = SampleWith("players: {N: alice, E: bob, S: carol, W: dave}",
                                  "players: {N: alice, E: alice, S: alice, W: bob}");
  Write("stream.yaml", first + "---\n" + second);
  RunResult run = RunLimited(folder_, "verify stream.yaml");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("stream.yaml#1: valid"), std::string::npos) << run.output;
  auto lines_of = [](const std::string& text) {
    return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  };
  // The players line is line 4 of the record; the second record starts after the first and `---`.
  std::string place = "stream.yaml#2:" + std::to_string(lines_of(first) + 1 + 4) + ":";
  EXPECT_NE(run.output.find(place), std::string::npos) << place << "\n" << run.output;
  EXPECT_NE(run.output.find("duplicate-player"), std::string::npos) << run.output;
}

}  // namespace
}  // namespace referee::testing::hostile
