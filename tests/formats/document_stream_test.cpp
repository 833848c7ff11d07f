#include "formats/document_stream.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/formats/formats_test_util.h"

namespace referee::formats {
namespace {

using record::Node;
using testing::FailsAt;

std::vector<StreamedDocument> ReadAll(const std::string& text, const ReadLimits& limits = {}) {
  std::istringstream in(text);
  DocumentStream stream(in, limits);
  std::vector<StreamedDocument> documents;
  while (std::optional<StreamedDocument> document = stream.Next()) {
    documents.push_back(std::move(*document));
  }
  return documents;
}

TEST(DocumentStreamTest, ReadsOneRecordPerLineSkippingBlankLines) {
  std::vector<StreamedDocument> documents =
      ReadAll("\xEF\xBB\xBF{\"a\": 1}\r\n\r\n  \n{\"a\": 2}\n\t\n{\"a\": 3}");
  ASSERT_EQ(documents.size(), 3u);
  for (size_t i = 0; i < documents.size(); ++i) {
    EXPECT_EQ(documents[i].index, i);
    ASSERT_TRUE(documents[i].node.has_value()) << testing::Describe(documents[i].node.error());
    EXPECT_EQ(documents[i].node->Find("a")->text(), std::to_string(i + 1));
  }
  EXPECT_EQ(documents[0].first_line, 1u);
  EXPECT_EQ(documents[1].first_line, 4u);
  EXPECT_EQ(documents[2].first_line, 6u);
}

TEST(DocumentStreamTest, EmptyStreamHasNoRecords) {
  EXPECT_TRUE(ReadAll("").empty());
  EXPECT_TRUE(ReadAll("\n\r\n \n").empty());
}

TEST(DocumentStreamTest, FindingsCarryTheLineOfTheStream) {
  std::vector<StreamedDocument> documents =
      ReadAll("{\"a\": 1}\n\n{\"a\": 1,}\n{\"b\": 1, \"b\": 2}\n{\"c\": \"\xFF\"}\n{\"d\": 4}\n");
  ASSERT_EQ(documents.size(), 5u);
  EXPECT_TRUE(documents[0].node.has_value());
  EXPECT_TRUE(FailsAt(documents[1].node, "json-syntax", 3, 9));
  EXPECT_TRUE(FailsAt(documents[2].node, "duplicate-key", 4, 10));
  EXPECT_TRUE(FailsAt(documents[3].node, "bad-encoding", 5, 8));
  EXPECT_TRUE(documents[4].node.has_value());
  EXPECT_EQ(documents[4].index, 4u);
  EXPECT_EQ(documents[4].first_line, 6u);
}

TEST(DocumentStreamTest, OverlongLineIsTooLargeAndReadingCarriesOn) {
  ReadLimits limits;
  limits.max_document_bytes = 16;
  std::string at_limit = "{\"a\": \"1234567\"}";  // 16 bytes
  ASSERT_EQ(at_limit.size(), 16u);
  std::string text = at_limit + "\r\n{\"a\": \"" + std::string(1 << 20, 'x') + "\"}\n" + at_limit +
                     "\n" + at_limit + "x\n";
  std::vector<StreamedDocument> documents = ReadAll(text, limits);
  ASSERT_EQ(documents.size(), 4u);
  EXPECT_TRUE(documents[0].node.has_value());
  EXPECT_TRUE(FailsAt(documents[1].node, "too-large", 2, 0));
  EXPECT_TRUE(documents[2].node.has_value());
  EXPECT_EQ(documents[2].first_line, 3u);
  EXPECT_TRUE(FailsAt(documents[3].node, "too-large", 4, 0));
}

// Lines are read a chunk of 16 KiB at a time: a line that ends just before, at or after the edge
// of a chunk, or of two, arrives whole, and so does a last line without a line break.
TEST(DocumentStreamTest, LinesAroundTheEdgeOfAReadChunkArriveWhole) {
  const size_t chunk = 1 << 14;
  std::vector<size_t> lengths;
  for (size_t edge : {chunk - 1, 2 * chunk - 1}) {
    for (size_t length = edge - 2; length <= edge + 2; ++length) lengths.push_back(length);
  }
  const size_t frame = std::string("{\"a\": \"\"}").size();
  std::string text;
  for (size_t length : lengths) {
    text += "{\"a\": \"" + std::string(length - frame, 'x') + "\"}" + (length % 2 ? "\r\n" : "\n");
  }
  text += "{\"a\": \"" + std::string(chunk - 1 - frame, 'y') + "\"}";
  std::vector<StreamedDocument> documents = ReadAll(text);
  ASSERT_EQ(documents.size(), lengths.size() + 1);
  for (size_t i = 0; i < lengths.size(); ++i) {
    ASSERT_TRUE(documents[i].node.has_value()) << testing::Describe(documents[i].node.error());
    EXPECT_EQ(documents[i].node->Find("a")->text(), std::string(lengths[i] - frame, 'x'));
    EXPECT_EQ(documents[i].first_line, i + 1);
  }
  ASSERT_TRUE(documents.back().node.has_value());
  EXPECT_EQ(documents.back().node->Find("a")->text(), std::string(chunk - 1 - frame, 'y'));
}

TEST(DocumentStreamTest, PrettyPrintedJsonIsNotJsonLines) {
  std::vector<StreamedDocument> documents = ReadAll("{\n  \"a\": 1\n}\n");
  ASSERT_EQ(documents.size(), 3u);
  EXPECT_TRUE(FailsAt(documents[0].node, "json-syntax", 1, 2));
}

}  // namespace
}  // namespace referee::formats
