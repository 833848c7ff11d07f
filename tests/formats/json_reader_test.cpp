#include "formats/json_reader.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "tests/formats/formats_test_util.h"

namespace referee::formats {
namespace {

using record::Node;
using record::SourcePos;
using testing::FailsAt;
using testing::FailsWith;
using Kind = Node::Kind;
using std::literals::string_view_literals::operator""sv;

Node ParseOk(std::string_view text) {
  Result<Node> result = ParseJson(text);
  EXPECT_TRUE(result.has_value()) << testing::Describe(result.error());
  return result.has_value() ? std::move(result).value() : Node();
}

TEST(JsonReaderTest, BuildsTheSameTreeAsYaml) {
  Node root =
      ParseOk(R"({"format": "referee/1", "n": 12, "d": -1.5e3, "t": true, "f": false, "z": null,)"
              R"( "l": [1, "x", {}], "s": "\u00e9\n\ud83c\udca1"})");
  ASSERT_TRUE(root.IsMap());
  EXPECT_EQ(root.members()[0].key, "format");
  EXPECT_EQ(root.Find("format")->kind(), Kind::kString);
  EXPECT_EQ(root.Find("n")->kind(), Kind::kInteger);
  EXPECT_EQ(root.Find("n")->text(), "12");
  EXPECT_EQ(root.Find("d")->kind(), Kind::kDecimal);
  EXPECT_EQ(root.Find("d")->text(), "-1.5e3");
  EXPECT_EQ(root.Find("t")->text(), "true");
  EXPECT_EQ(root.Find("f")->text(), "false");
  EXPECT_EQ(root.Find("z")->kind(), Kind::kNull);
  EXPECT_EQ(root.Find("z")->text(), "null");
  ASSERT_EQ(root.Find("l")->items().size(), 3u);
  EXPECT_TRUE(root.Find("l")->items()[2].IsMap());
  EXPECT_EQ(root.Find("s")->text(), "\xC3\xA9\n\xF0\x9F\x82\xA1");
  EXPECT_EQ(root.Find("n")->pos(), (SourcePos{0, 0}));
}

TEST(JsonReaderTest, KeepsNumbersAsTheirSourceText) {
  Node root =
      ParseOk(R"([1e400, 18446744073709551616, -9223372036854775809, 0.1000000000000000000001, -0,)"
              R"( 1E+2, 123456789012345678901234567890])");
  const std::vector<Node>& items = root.items();
  ASSERT_EQ(items.size(), 7u);
  EXPECT_EQ(items[0].kind(), Kind::kDecimal);
  EXPECT_EQ(items[0].text(), "1e400");
  EXPECT_EQ(items[1].kind(), Kind::kInteger);
  EXPECT_EQ(items[1].text(), "18446744073709551616");
  EXPECT_EQ(items[2].text(), "-9223372036854775809");
  EXPECT_EQ(items[3].text(), "0.1000000000000000000001");
  EXPECT_EQ(items[4].kind(), Kind::kInteger);
  EXPECT_EQ(items[4].text(), "-0");
  EXPECT_EQ(items[5].kind(), Kind::kDecimal);
  EXPECT_EQ(items[5].text(), "1E+2");
  EXPECT_EQ(items[6].text(), "123456789012345678901234567890");
}

TEST(JsonReaderTest, RejectsDuplicateKeys) {
  Result<Node> result = ParseJson("{\"a\": {\"b\": 1,\n \"b\": 2}}");
  EXPECT_TRUE(FailsAt(result, "duplicate-key", 2, 2));
  EXPECT_EQ(result.error().place.path, "/a/b");
  EXPECT_NE(result.error().message.find("'b'"), std::string::npos);
  // A key spelled with escapes is the same key; the finding is placed at its opening quote.
  EXPECT_TRUE(FailsAt(ParseJson(R"({"aA": 1, "a\u0041": 2})"), "duplicate-key", 1, 11));
  EXPECT_TRUE(FailsAt(ParseJson(R"({"a\"": 1, "a\u0022": 2})"), "duplicate-key", 1, 12));
  EXPECT_TRUE(FailsAt(ParseJson(R"({"aA": 1, "aA": 2})"), "duplicate-key", 1, 11));
}

TEST(JsonReaderTest, ReportsSyntaxErrorsWhereTheParserStopped) {
  EXPECT_TRUE(FailsAt(ParseJson("[1,]"), "json-syntax", 1, 4));
  EXPECT_TRUE(FailsAt(ParseJson("{\"a\": 1,}"), "json-syntax", 1, 9));
  EXPECT_TRUE(FailsAt(ParseJson("{\"a\": 1 // note\n}"), "json-syntax", 1, 9));
  EXPECT_TRUE(FailsAt(ParseJson("/* c */ {}"), "json-syntax", 1, 1));
  EXPECT_TRUE(FailsAt(ParseJson("{\"a\": 1} x"), "json-syntax", 1, 10));
  EXPECT_TRUE(FailsAt(ParseJson("{\n  \"a\": tru\n}"), "json-syntax", 2, 8));
  EXPECT_TRUE(FailsAt(ParseJson("{\"a\": 1,\n"), "json-syntax", 2, 1));
  EXPECT_TRUE(FailsAt(ParseJson("{'a': 1}"), "json-syntax", 1, 2));
  EXPECT_TRUE(FailsAt(ParseJson("[\"\\ud800\"]"), "json-syntax", 1, 9));
  EXPECT_TRUE(FailsAt(ParseJson("[01]"), "json-syntax", 1, 3));
  Result<Node> raw_newline = ParseJson("[\"a\nb\"]");
  EXPECT_TRUE(FailsAt(raw_newline, "json-syntax", 1, 4));
  EXPECT_NE(raw_newline.error().message.find("found a line break"), std::string::npos);
  Result<Node> extra = ParseJson("{} {}");
  EXPECT_TRUE(FailsAt(extra, "json-syntax", 1, 4));
  EXPECT_NE(extra.error().message.find("expected the end of the document"), std::string::npos);
}

TEST(JsonReaderTest, EnforcesDepthLimit) {
  ReadLimits limits;
  limits.max_depth = 3;
  EXPECT_TRUE(ParseJson("[[[1]]]", limits).has_value());
  Result<Node> deep = ParseJson("{\"a\": [[[1]]]}", limits);
  EXPECT_TRUE(FailsAt(deep, "too-deep", 1, 9));
  EXPECT_EQ(deep.error().place.path, "/a/0/0");
}

TEST(JsonReaderTest, NestingHundredThousandDeepIsTooDeepNotACrash) {
  EXPECT_TRUE(FailsAt(ParseJson(std::string(100'000, '[')), "too-deep", 1, 65));
  std::string objects;
  for (int i = 0; i < 100'000; ++i) objects += "{\"a\":";
  EXPECT_TRUE(FailsWith(ParseJson(objects), "too-deep"));
  std::string sixty_four = std::string(64, '[') + std::string(64, ']');
  EXPECT_TRUE(ParseJson(sixty_four).has_value());
}

TEST(JsonReaderTest, EnforcesSizeLimits) {
  ReadLimits limits;
  limits.max_document_bytes = 8;
  EXPECT_TRUE(FailsAt(ParseJson("[1, 2, 3]", limits), "too-large", 0, 0));
  limits = ReadLimits();
  limits.max_scalar_bytes = 4;
  Result<Node> long_string = ParseJson("{\"a\": \"12345\"}", limits);
  EXPECT_TRUE(FailsAt(long_string, "too-large", 1, 7));
  EXPECT_EQ(long_string.error().place.path, "/a");
  EXPECT_TRUE(FailsAt(ParseJson("{\"abcde\": 1}", limits), "too-large", 1, 2));
  EXPECT_TRUE(FailsAt(ParseJson("[123456]", limits), "too-large", 1, 2));
  EXPECT_TRUE(ParseJson("[\"1234\", 1234]", limits).has_value());
  limits = ReadLimits();
  limits.max_nodes = 3;
  EXPECT_TRUE(ParseJson("[1, 2]", limits).has_value());
  EXPECT_TRUE(FailsAt(ParseJson("[1, 2, 3]", limits), "too-large", 1, 8));
  EXPECT_TRUE(FailsAt(ParseJson("[1, 2, \"x\"]", limits), "too-large", 1, 8));
}

TEST(JsonReaderTest, TenMegabyteStringIsTooLargeWithDefaultLimits) {
  std::string text = "{\"a\": \"" + std::string(10 << 20, 'x') + "\"}";
  Result<Node> result = ParseJson(text);
  EXPECT_TRUE(FailsWith(result, "too-large"));
  EXPECT_EQ(result.error().place.path, "/a");
}

TEST(JsonReaderTest, RejectsInvalidEncodingAndAcceptsBom) {
  EXPECT_TRUE(FailsAt(ParseJson("[\"\xFF\"]"), "bad-encoding", 1, 3));
  EXPECT_TRUE(FailsAt(ParseJson("{\"a\":\n \"x\0\"}"sv), "bad-encoding", 2, 4));
  EXPECT_TRUE(FailsAt(ParseJson("\xFF\xFE{\0}\0"sv), "bad-encoding", 1, 1));
  Node with_bom = ParseOk("\xEF\xBB\xBF{\"a\": 1}");
  EXPECT_EQ(with_bom.Find("a")->text(), "1");
  Node crlf = ParseOk("{\r\n\"a\": 1\r\n}\r\n");
  EXPECT_EQ(crlf.Find("a")->text(), "1");
}

TEST(JsonReaderTest, RejectsEmptyDocuments) {
  EXPECT_TRUE(FailsAt(ParseJson(""), "empty-document", 1, 1));
  EXPECT_TRUE(FailsAt(ParseJson(" \r\n\t"), "empty-document", 1, 1));
}

// A map's keys are told apart by a bit each before they are compared (DocumentBuilder::KeyBit):
// keys drawn from a few letters share bits often, and a key given twice is found all the same,
// in small maps and in large ones, wherever the second one stands.
RC_GTEST_PROP(JsonReaderTest, AKeyGivenTwiceIsFoundWhateverTheMapsOtherKeys, ()) {
  const auto key = rc::gen::container<std::string>(rc::gen::elementOf(std::string("abNS")));
  std::vector<std::string> keys = *rc::gen::unique<std::vector<std::string>>(key);
  RC_PRE(!keys.empty() && keys.size() <= 40);
  std::string map = "{";
  for (size_t i = 0; i < keys.size(); ++i) map += (i ? ", \"" : "\"") + keys[i] + "\": 0";
  Result<Node> distinct = ParseJson(map + "}");
  RC_ASSERT(distinct.has_value());
  RC_ASSERT(distinct->members().size() == keys.size());
  std::string again = *rc::gen::elementOf(keys);
  Result<Node> twice = ParseJson(map + ", \"" + again + "\": 1}");
  RC_ASSERT(!twice.has_value());
  RC_ASSERT(twice.error().code == std::string("duplicate-key"));
  RC_ASSERT(twice.error().place.path == "/" + again);
}

}  // namespace
}  // namespace referee::formats
