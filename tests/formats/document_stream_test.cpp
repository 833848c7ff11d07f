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

std::vector<YamlDocumentText> ReadYamlDocuments(const std::string& text,
                                                const ReadLimits& limits = {}) {
  std::istringstream in(text);
  YamlDocumentReader reader(in, limits);
  std::vector<YamlDocumentText> documents;
  while (std::optional<YamlDocumentText> document = reader.Next()) {
    documents.push_back(std::move(*document));
  }
  return documents;
}

// `referee verify` read a YAML file of several documents (what `convert --to yaml` writes for a
// stream) as one, and refused it as `yaml-multiple-documents`.
TEST(YamlDocumentReaderTest, ReadsEachDocumentOfAStreamWithItsFirstLine) {
  std::vector<YamlDocumentText> documents = ReadYamlDocuments(
      "# a season\na: 1\n---\nb: 2\nc: 3\n--- # the third\n\nd: 4\n...\n# the end\n");
  ASSERT_EQ(documents.size(), 3u);
  EXPECT_EQ(documents[0].text, "# a season\na: 1\n");
  EXPECT_EQ(documents[0].first_line, 1u);
  EXPECT_EQ(documents[1].text, "---\nb: 2\nc: 3\n");
  EXPECT_EQ(documents[1].first_line, 3u);
  EXPECT_EQ(documents[2].text, "--- # the third\n\nd: 4\n...\n");  // what follows is no document
  EXPECT_EQ(documents[2].first_line, 6u);
  for (size_t i = 0; i < documents.size(); ++i) EXPECT_EQ(documents[i].index, i);
}

TEST(YamlDocumentReaderTest, AMarkerBeforeTheFirstDocumentAndAValueOnTheMarkerLine) {
  std::vector<YamlDocumentText> documents =
      ReadYamlDocuments("# notes\n---\na: 1\n--- {b: 2}\n---\n");
  ASSERT_EQ(documents.size(), 2u);
  EXPECT_EQ(documents[0].text, "# notes\n---\na: 1\n");
  EXPECT_EQ(documents[1].text, "--- {b: 2}\n");  // a last `---` with nothing after it is none
  EXPECT_EQ(documents[1].first_line, 4u);
}

TEST(YamlDocumentReaderTest, AnEndMarkerEndsADocumentAndDirectivesGoWithTheNext) {
  std::vector<YamlDocumentText> documents =
      ReadYamlDocuments("a: 1\n...\n%YAML 1.2\n---\nb: 2\n...\nc: 3\n");
  ASSERT_EQ(documents.size(), 3u);
  EXPECT_EQ(documents[0].text, "a: 1\n...\n");
  EXPECT_EQ(documents[1].text, "%YAML 1.2\n---\nb: 2\n...\n");
  EXPECT_EQ(documents[1].first_line, 3u);
  EXPECT_EQ(documents[2].text, "c: 3\n");
  EXPECT_EQ(documents[2].first_line, 7u);
}

TEST(YamlDocumentReaderTest, ADocumentOfNothingIsNone) {
  std::vector<YamlDocumentText> documents = ReadYamlDocuments("---\n# empty\n---\na: 1\n---\n");
  ASSERT_EQ(documents.size(), 1u);
  EXPECT_EQ(documents[0].text, "---\na: 1\n");
  EXPECT_EQ(documents[0].first_line, 3u);
  EXPECT_EQ(documents[0].index, 0u);
}

TEST(YamlDocumentReaderTest, NothingButCommentsIsOneEmptyDocument) {
  std::vector<YamlDocumentText> documents = ReadYamlDocuments("# nothing\n\n");
  ASSERT_EQ(documents.size(), 1u);
  EXPECT_EQ(documents[0].text, "# nothing\n\n");
  EXPECT_EQ(ReadYamlDocuments("").size(), 1u);
}

TEST(YamlDocumentReaderTest, MarkersAreWholeLinesAtTheStart) {
  // `----`, `---x` and an indented `---` are text of the document, not markers.
  std::vector<YamlDocumentText> documents = ReadYamlDocuments("a: |\n  ---\nb: ---x\n----: 1\n");
  EXPECT_EQ(documents.size(), 1u);
}

// A document over the limit is not kept, and the stream ends there: an endless line (/dev/zero
// named as a YAML file) must not be read to its end.
TEST(YamlDocumentReaderTest, ADocumentOverTheLimitEndsTheStream) {
  ReadLimits limits;
  limits.max_document_bytes = 20;
  std::vector<YamlDocumentText> documents =
      ReadYamlDocuments("a: 1\n---\nb: " + std::string(100, 'x') + "\n---\nc: 3\n", limits);
  ASSERT_EQ(documents.size(), 2u);
  EXPECT_FALSE(documents[0].too_long);
  EXPECT_TRUE(documents[1].too_long);
  EXPECT_TRUE(documents[1].text.empty());
  EXPECT_TRUE(FailsAt(Result<Node>(Fail(YamlDocumentReader::TooLarge(documents[1], limits))),
                      "too-large", 2, 0));
  documents = ReadYamlDocuments("a: 1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6\n", limits);
  ASSERT_EQ(documents.size(), 1u);
  EXPECT_TRUE(documents[0].too_long);
}

TEST(YamlDocumentReaderTest, ParseYamlOnLinePlacesAFindingOnTheLineOfTheStream) {
  EXPECT_TRUE(FailsAt(ParseYamlOnLine("---\na: 1\na: 2\n", 10, {}), "duplicate-key", 12, 1));
}

}  // namespace
}  // namespace referee::formats
