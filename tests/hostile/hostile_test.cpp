// Hostile inputs (issue 9, docs/fuzzing.md): records built to hurt a reader (bombs, depth, size,
// bad encodings, a long stream), each through the real binary (tests/hostile/hostile_fixture.h).
#include "tests/hostile/hostile_fixture.h"

namespace referee::testing::hostile {
namespace {

TEST_F(Hostile, BillionLaughsIsRefused) {
  std::string text =
      "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n";
  for (char level = 'b'; level <= 'j'; ++level) {
    std::string previous(1, static_cast<char>(level - 1));
    text += std::string(1, level) + ": &" + level + " [";
    for (int i = 0; i < 9; ++i) text += (i ? ",*" : "*") + previous;
    text += "]\n";
  }
  Write("bomb.yaml", text);
  Expect("bomb.yaml", 2, "yaml-anchor");
}

TEST_F(Hostile, SelfReferencingAliasIsRefused) {
  Write("self.yaml", "format: referee/1\na: &a [*a]\n");
  Expect("self.yaml", 2, "yaml-anchor");
}

TEST_F(Hostile, DeepNestingIsTooDeep) {
  constexpr size_t kDepth = 100'000;
  Write("flow.yaml", std::string(kDepth, '[') + std::string(kDepth, ']') + "\n");
  std::string block;
  for (size_t i = 0; i < kDepth; ++i) block += "- ";
  Write("block.yaml", block + "x\n");
  Write("deep.json", std::string(kDepth, '[') + std::string(kDepth, ']'));
  Expect("flow.yaml", 2, "too-deep");
  Expect("block.yaml", 2, "too-deep");
  Expect("deep.json", 2, "too-deep");
}

TEST_F(Hostile, HugeNumbersInAClaim) {
  Write("e400.yaml", SampleWith("claim: {N: 12,", "claim: {N: 1e400,"));
  Write("u64.yaml", SampleWith("claim: {N: 12,", "claim: {N: 18446744073709551616,"));
  Expect("e400.yaml", 2, "bad-type");
  Expect("u64.yaml", 2, "out-of-range");
}

TEST_F(Hostile, GigabyteFileIsTooLargeAndNotReadWhole) {
  fs::path big = folder_ / "big.yaml";
  { std::ofstream(big, std::ios::binary) << "format: referee/1\n"; }
  fs::resize_file(big, uint64_t{1} << 30);  // sparse: costs no disk
  auto start = std::chrono::steady_clock::now();
  Expect("big.yaml", 2, "too-large");
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, kSanitized ? 15.0 : 5.0) << "reading a 1 GB file should stop at the limit";
  fs::remove(big);
}

TEST_F(Hostile, TenMegabyteStringIsTooLarge) {
  Write("string.yaml", "format: referee/1\nnotes: \"" + std::string(10 << 20, 'x') + "\"\n");
  Expect("string.yaml", 2, "too-large");
}

TEST_F(Hostile, NulBytesAndInvalidUtf8AreBadEncoding) {
  Write("nul.yaml", std::string("format: referee/1\ngame: coll\0usion\n", 35));
  Write("utf8.yaml", "format: referee/1\ngame: \xff\xfe\n");
  Write("utf8.json", "{\"format\":\"referee/1\",\"game\":\"\xc3\x28\"}");
  Expect("nul.yaml", 2, "bad-encoding");
  Expect("utf8.yaml", 2, "bad-encoding");
  Expect("utf8.json", 2, "bad-encoding");
}

TEST_F(Hostile, DuplicateKeysAreRefused) {
  Write("dup.yaml", SampleWith("format: referee/1\n", "format: referee/1\nformat: referee/1\n"));
  Write("dup.json", "{\"format\":\"referee/1\",\"game\":\"collusion\",\"game\":\"plonk\"}");
  Expect("dup.yaml", 2, "duplicate-key");
  Expect("dup.json", 2, "duplicate-key");
}

TEST_F(Hostile, ByteOrderMarkAndCrlfAreAccepted) {
  std::string crlf;
  for (char c : Sample()) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  Write("bom-crlf.yaml", "\xef\xbb\xbf" + crlf);
  Expect("bom-crlf.yaml", 0, "");
}

// 20,000 records in one JSON Lines stream (500 under ASan): memory stays bounded (the 4 GB limit
// is far above what one record needs; a reader that kept every record would still pass it, so also
// compare against the verdict count, which proves every record was read).
TEST_F(Hostile, LongJsonLinesStreamStaysBounded) {
  // samples/cahoots/valid/loss-cards-run-out.yaml as one JSON line.
  const std::string line =
      R"json({"format":"referee/1","game":"cahoots","rules":{"goal_count":3},"players":["ann","bob","cy"],"deck":"3G 3O 1O 5G 3P 5U 5P 1G 6U 4P 7G 5O 6G 5O 3U 4G 4G 2U 7P 6U 3G 4P 6O 6O 6P 3U 7G 7U 2O 2G 2P 1U 6P 7P 1P 7O 4U 1P 2P 5U 7U 4U 2O 1O 3P 4O 4O 5G 2U 6G 5P 1U 1G 2G 3O 7O","goals":[{"kind":"sum-all","total":10},{"kind":"pile-count","colour":"pink","count":2},{"kind":"sum-all","total":28}],"turns":["ann 3G 4","bob 3O 4","cy 1O 4","ann 5G 1","bob 7G 1","cy 5O 4","ann 5P 4","bob 3P 4","cy 5U 2","ann 4P 4","bob 2U 2","cy 6U 3","ann 4G 1","bob 1G 1","cy 6P 3","ann 6O 3","bob 7G 1","cy 2P 4","ann 6U 3","bob 6P 4","cy 7U 3","ann 1U 2","bob 3G 1","cy 4P 4","ann 3U 3","bob 2G 1","cy 5U 3","ann 1P 2","bob 2P 4","cy 7P 2","ann 2O 1","bob 3P 2","cy 7P 4","ann 4O 1","bob 7O 4","cy 2O 4","ann 1P 2","bob 4U 3","cy 1U 2","ann 1O 2","bob 6O 4","cy 3O 1","ann 1G 2","bob 2G 2","cy 2U 3","ann 6G 2","bob 5G 2","cy 4O 1","ann 7O 1","bob 5P 2","cy 4U 3","ann 7U 3"],"result":{"outcome":"loss","goals":2,"turns":52}})json";
  // Under ASan (unoptimised, and without the memory limit, see RunLimited) 20,000 records take
  // longer than the 20 s timeout; there the case shows only that a long stream reads through.
  constexpr int kRecords = kSanitized ? 500 : 20'000;
  {
    std::ofstream out(folder_ / "stream.jsonl", std::ios::binary);
    for (int i = 0; i < kRecords; ++i) out << line << "\n";
  }
  RunResult run = RunLimited(folder_, "verify --quiet stream.jsonl");
  ASSERT_NE(run.exit_code, 124) << "timed out";
  ASSERT_LT(run.exit_code, 128) << "killed by a signal\n" << run.output.substr(0, 2000);
  EXPECT_EQ(run.exit_code, 0) << run.output.substr(0, 2000);
  std::string tally = std::to_string(kRecords) + " records: " + std::to_string(kRecords) + " valid";
  EXPECT_NE(run.output.find(tally), std::string::npos)
      << run.output.substr(run.output.size() > 2000 ? run.output.size() - 2000 : 0);
}

}  // namespace
}  // namespace referee::testing::hostile
