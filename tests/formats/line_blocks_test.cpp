// LineBlockReader and ForEachLineOfBlock: cut into blocks and then into lines, a stream gives the
// records DocumentStream gives, with their indices and lines, whatever the size of the blocks and
// of the reads; a line over the limit is one too-long record, read through in bounded memory; a
// line that a failed read cut short is left out.
#include "formats/line_blocks.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "formats/document_stream.h"

namespace referee::formats {
namespace {

// A record as both readers see it: "index@line: text", or "index@line: too long".
std::string Describe(size_t index, uint32_t line, std::string_view text, bool too_long) {
  return std::to_string(index) + "@" + std::to_string(line) + ": " +
         (too_long ? std::string("too long") : std::string(text));
}

std::vector<std::string> ByDocumentStream(const std::string& text, const ReadLimits& limits) {
  std::istringstream in(text);
  DocumentStream stream(in, limits);
  std::vector<std::string> records;
  while (std::optional<StreamedLine> line = stream.NextLine()) {
    records.push_back(Describe(line->index, line->first_line, line->text, line->too_long));
  }
  return records;
}

// Reads `text` at most `read_bytes` at a time; a read past `fail_at` bytes fails.
LineBlockReader::Read Reads(const std::string& text, size_t read_bytes, size_t* offset,
                            size_t fail_at = std::string::npos) {
  return [&text, read_bytes, offset, fail_at](char* data, size_t size) -> long {
    if (*offset >= fail_at) return -1;
    size_t n = std::min({size, read_bytes, text.size() - *offset, fail_at - *offset});
    std::memcpy(data, text.data() + *offset, n);
    *offset += n;
    return static_cast<long>(n);
  };
}

struct Cut {
  std::vector<std::string> records;
  size_t blocks = 0;
  size_t most_held = 0;
};

Cut ByBlocks(LineBlockReader& reader) {
  Cut cut;
  size_t next_index = 0;
  while (std::optional<LineBlock> block = reader.Next()) {
    ++cut.blocks;
    cut.most_held = std::max(cut.most_held, reader.BytesHeld());
    EXPECT_EQ(block->first_index, next_index) << "the blocks' counts add up";
    next_index += block->records;
    if (block->too_long) {
      cut.records.push_back(Describe(block->first_index, block->first_line, {}, true));
      continue;
    }
    size_t records = 0;
    ForEachLineOfBlock(*block, [&](const BlockLine& line) {
      cut.records.push_back(Describe(line.index, line.line, line.text, false));
      ++records;
    });
    EXPECT_EQ(records, block->records);
  }
  return cut;
}

Cut ByBlocks(const std::string& text, const ReadLimits& limits, size_t block_bytes,
             size_t read_bytes, size_t prefix_bytes = 0) {
  size_t offset = std::min(prefix_bytes, text.size());
  LineBlockReader reader(text.substr(0, offset), Reads(text, read_bytes, &offset), limits,
                         block_bytes);
  return ByBlocks(reader);
}

TEST(LineBlocksTest, RecordsSpanningBlocksArriveWholeWithTheirLinesAndIndices) {
  std::string text =
      "\xEF\xBB\xBF{\"a\": 1}\r\n\r\n  \n{\"a\": 22222222}\n\t\n{\"a\": 3}\n\n{\"b\": 4}";
  std::vector<std::string> expected = {"0@1: {\"a\": 1}", "1@4: {\"a\": 22222222}",
                                       "2@6: {\"a\": 3}", "3@8: {\"b\": 4}"};
  ASSERT_EQ(ByDocumentStream(text, {}), expected);
  for (size_t block_bytes : {1u, 3u, 7u, 16u, 1000u}) {
    for (size_t read_bytes : {1u, 5u, 64u}) {
      Cut cut = ByBlocks(text, {}, block_bytes, read_bytes);
      EXPECT_EQ(cut.records, expected) << block_bytes << "-byte blocks, " << read_bytes;
    }
  }
  EXPECT_GT(ByBlocks(text, {}, 7, 5).blocks, 3u) << "the small blocks did cut the stream";
}

TEST(LineBlocksTest, ALineOverTheLimitIsOneRecordReadInBoundedMemory) {
  ReadLimits limits{.max_document_bytes = 1000};
  // 20 MB without a line break, between two records: never held whole.
  std::string text = "{\"a\": 1}\n" + std::string(20 << 20, 'x') + "\n{\"a\": 2}\n";
  Cut cut = ByBlocks(text, limits, 256, 1 << 16);
  EXPECT_EQ(cut.records,
            (std::vector<std::string>{"0@1: {\"a\": 1}", "1@2: too long", "2@3: {\"a\": 2}"}));
  EXPECT_LT(cut.most_held, size_t{300} << 10) << "the long line was kept";
  // At the limit, with a CR, a line is not too long; one byte more is.
  std::string at_limit = std::string(1000, ' ') + "\r\n" + std::string(1001, ' ') + "\n";
  EXPECT_EQ(ByBlocks(at_limit, limits, 64, 100).records,
            (std::vector<std::string>{"0@2: too long"}));
  EXPECT_EQ(ByBlocks(at_limit, limits, 64, 100).records, ByDocumentStream(at_limit, limits));
}

TEST(LineBlocksTest, TheRoomALongLineNeededIsLetGo) {
  std::string text = std::string(1 << 20, ' ') + "{}\n{\"a\": 1}\n";
  size_t offset = 0;
  LineBlockReader reader("", Reads(text, 1 << 16, &offset), {}, 1024);
  ASSERT_TRUE(reader.Next());
  EXPECT_GT(text.size(), 3 * reader.BytesHeld() + 1000) << "the long line's buffer was kept";
  ASSERT_TRUE(reader.Next());
  EXPECT_FALSE(reader.Next());
}

TEST(LineBlocksTest, ALineAFailedReadCutShortIsLeftOut) {
  std::string text = "{\"a\": 1}\n{\"a\": 2}\n{\"a\": 3";
  size_t offset = 0;
  LineBlockReader reader("", Reads(text, 4, &offset, text.size() - 2), {}, 8);
  EXPECT_EQ(ByBlocks(reader).records,
            (std::vector<std::string>{"0@1: {\"a\": 1}", "1@2: {\"a\": 2}"}));
}

// A random stream of records, blank lines, CRLF endings, a byte order mark and lines over the
// limit: the blocks give what DocumentStream gives, whatever the sizes of blocks and reads and of
// the prefix read before.
RC_GTEST_PROP(LineBlocksTest, BlocksGiveTheRecordsOfDocumentStream, ()) {
  ReadLimits limits{.max_document_bytes = *rc::gen::inRange<size_t>(1, 40)};
  std::string text = *rc::gen::element(std::string(), std::string("\xEF\xBB\xBF"));
  int lines = *rc::gen::inRange(0, 30);
  for (int i = 0; i < lines; ++i) {
    text += *rc::gen::container<std::string>(
        *rc::gen::inRange(0, 60), rc::gen::element('{', '}', 'a', ' ', '\t', '\r', '"', 'x'));
    text += *rc::gen::element(std::string("\n"), std::string("\r\n"), std::string("\n\n"));
  }
  if (*rc::gen::arbitrary<bool>()) text += "{\"last\": 1}";
  size_t block_bytes = *rc::gen::inRange<size_t>(1, 100);
  size_t read_bytes = *rc::gen::inRange<size_t>(1, 100);
  size_t prefix_bytes = *rc::gen::inRange<size_t>(0, 120);
  RC_ASSERT(ByBlocks(text, limits, block_bytes, read_bytes, prefix_bytes).records ==
            ByDocumentStream(text, limits));
}

}  // namespace
}  // namespace referee::formats
