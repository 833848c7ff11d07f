#include "formats/yaml_reader.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

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
  Result<Node> result = ParseYaml(text);
  EXPECT_TRUE(result.has_value()) << testing::Describe(result.error());
  return result.has_value() ? std::move(result).value() : Node();
}

TEST(YamlReaderTest, TypesPlainScalarsByShapeOnly) {
  Node root = ParseOk(
      "t: true\nT: True\nf: FALSE\nn: null\ntilde: ~\nempty:\nint: -12\nplus: +7\n"
      "dec: 1.5\ndot: .5\nexp: 1e5\nseat: N\nno: no\ny: y\noff: off\nhex: 0x1F\ninf: .inf\n"
      "quoted: \"12\"\nsingle: 'true'\n");
  auto kind_and_text = [&](std::string_view key) {
    const Node* node = root.Find(key);
    EXPECT_NE(node, nullptr) << key;
    return node == nullptr ? std::pair(Kind::kList, std::string())
                           : std::pair(node->kind(), node->text());
  };
  EXPECT_EQ(kind_and_text("t"), std::pair(Kind::kBool, std::string("true")));
  EXPECT_EQ(kind_and_text("T"), std::pair(Kind::kBool, std::string("true")));
  EXPECT_EQ(kind_and_text("f"), std::pair(Kind::kBool, std::string("false")));
  EXPECT_EQ(kind_and_text("n"), std::pair(Kind::kNull, std::string("null")));
  EXPECT_EQ(kind_and_text("tilde"), std::pair(Kind::kNull, std::string("null")));
  EXPECT_EQ(kind_and_text("empty"), std::pair(Kind::kNull, std::string("null")));
  EXPECT_EQ(kind_and_text("int"), std::pair(Kind::kInteger, std::string("-12")));
  EXPECT_EQ(kind_and_text("plus"), std::pair(Kind::kInteger, std::string("+7")));
  EXPECT_EQ(kind_and_text("dec"), std::pair(Kind::kDecimal, std::string("1.5")));
  EXPECT_EQ(kind_and_text("dot"), std::pair(Kind::kDecimal, std::string(".5")));
  EXPECT_EQ(kind_and_text("exp"), std::pair(Kind::kDecimal, std::string("1e5")));
  EXPECT_EQ(kind_and_text("seat"), std::pair(Kind::kString, std::string("N")));
  EXPECT_EQ(kind_and_text("no"), std::pair(Kind::kString, std::string("no")));
  EXPECT_EQ(kind_and_text("y"), std::pair(Kind::kString, std::string("y")));
  EXPECT_EQ(kind_and_text("off"), std::pair(Kind::kString, std::string("off")));
  EXPECT_EQ(kind_and_text("hex"), std::pair(Kind::kString, std::string("0x1F")));
  EXPECT_EQ(kind_and_text("inf"), std::pair(Kind::kString, std::string(".inf")));
  EXPECT_EQ(kind_and_text("quoted"), std::pair(Kind::kString, std::string("12")));
  EXPECT_EQ(kind_and_text("single"), std::pair(Kind::kString, std::string("true")));
}

TEST(YamlReaderTest, KeepsOrderAndPositions) {
  Node root = ParseOk("format: referee/1\nplayers: {N: alice, E: bob}\ndeals:\n  - dealer: N\n");
  ASSERT_TRUE(root.IsMap());
  ASSERT_EQ(root.members().size(), 3u);
  EXPECT_EQ(root.members()[0].key, "format");
  EXPECT_EQ(root.members()[1].key, "players");
  EXPECT_EQ(root.members()[1].key_pos, (SourcePos{2, 1}));
  const Node& players = root.members()[1].value;
  EXPECT_EQ(players.pos(), (SourcePos{2, 10}));
  EXPECT_EQ(players.members()[1].key, "E");
  EXPECT_EQ(players.members()[1].value.pos(), (SourcePos{2, 24}));
  EXPECT_EQ(record::PositionOf(root, "/deals/0/dealer"), (SourcePos{4, 13}));
}

TEST(YamlReaderTest, WordsInsideSingleLineScalarsAreLocated) {
  Node root = ParseOk(
      "plain: 2C 5C KC AC\nquoted: [\"2C 5C KC AC\"]\nsingle: '2C 5C'\n"
      "escaped: \"2C\\t5C\"\nfolded: 2C 5C\n  KC AC\n");
  EXPECT_TRUE(root.Find("plain")->single_line_plain());
  EXPECT_EQ(record::PositionOf(root, "/plain/2"), (SourcePos{1, 14}));
  const Node& quoted = root.Find("quoted")->items()[0];
  EXPECT_TRUE(quoted.single_line_plain());
  EXPECT_EQ(quoted.text_offset(), 1);
  EXPECT_EQ(record::PositionOf(root, "/quoted/0/1"), (SourcePos{2, 14}));
  EXPECT_EQ(record::PositionOf(root, "/single/1"), (SourcePos{3, 13}));
  EXPECT_FALSE(root.Find("escaped")->single_line_plain());
  EXPECT_FALSE(root.Find("folded")->single_line_plain());
  EXPECT_EQ(root.Find("folded")->text(), "2C 5C KC AC");
}

TEST(YamlReaderTest, EmptyValueIsPlacedAtItsKey) {
  Node root = ParseOk("claim:\nresult: 1\n");
  EXPECT_EQ(root.Find("claim")->kind(), Kind::kNull);
  EXPECT_EQ(root.Find("claim")->pos(), (SourcePos{1, 1}));
}

TEST(YamlReaderTest, RejectsAnchorsAndAliases) {
  Result<Node> anchored = ParseYaml("a: 1\nb: &x 2\nc: *x\n");
  EXPECT_TRUE(FailsAt(anchored, "yaml-anchor", 2, 4));
  EXPECT_EQ(anchored.error().place.path, "/b");
  EXPECT_NE(anchored.error().message.find("&x"), std::string::npos);
  EXPECT_TRUE(FailsAt(ParseYaml("a: 1\nb: [1, *y]\n"), "yaml-alias", 2, 8));
  EXPECT_TRUE(FailsAt(ParseYaml("- &k key: v\n"), "yaml-anchor", 1, 3));
}

TEST(YamlReaderTest, RejectsSelfReferencingAlias) {
  EXPECT_TRUE(FailsAt(ParseYaml("loop: &a [*a]\n"), "yaml-anchor", 1, 7));
}

TEST(YamlReaderTest, RejectsBillionLaughsFast) {
  std::string bomb =
      "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n";
  for (char name = 'b'; name <= 'i'; ++name) {
    char previous = static_cast<char>(name - 1);
    bomb += std::string(1, name) + ": &" + name + " [";
    for (int i = 0; i < 9; ++i) bomb += std::string(i ? ", *" : "*") + previous;
    bomb += "]\n";
  }
  auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(FailsAt(ParseYaml(bomb), "yaml-anchor", 1, 4));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
}

TEST(YamlReaderTest, RejectsExplicitTags) {
  Result<Node> tagged = ParseYaml("a: 1\nb: !!str 5\n");
  EXPECT_TRUE(FailsAt(tagged, "yaml-tag", 2, 4));
  EXPECT_NE(tagged.error().message.find("!!str"), std::string::npos);
  EXPECT_TRUE(FailsAt(ParseYaml("a: ! plain\n"), "yaml-tag", 1, 4));
  EXPECT_TRUE(FailsAt(ParseYaml("a: !local \"x\"\n"), "yaml-tag", 1, 4));
  EXPECT_TRUE(FailsAt(ParseYaml("a: !!map {b: 1}\n"), "yaml-tag", 1, 4));
  EXPECT_TRUE(FailsAt(ParseYaml("- !!seq\n  - 1\n"), "yaml-tag", 1, 3));
  EXPECT_TRUE(FailsAt(ParseYaml("a: !!str"), "yaml-tag", 1, 4));
  EXPECT_TRUE(FailsAt(ParseYaml("!!str key: v\n"), "yaml-tag", 1, 1));
}

TEST(YamlReaderTest, RejectsKeysThatAreNotStrings) {
  EXPECT_TRUE(FailsAt(ParseYaml("? [a]\n: 1\n"), "yaml-complex-key", 1, 3));
  EXPECT_TRUE(FailsAt(ParseYaml("x: {{a: 1}: 2}\n"), "yaml-complex-key", 1, 5));
  EXPECT_TRUE(FailsAt(ParseYaml("[a, b]: 1\n"), "yaml-complex-key", 1, 1));
  // An unclosed list is a syntax error, although yaml-cpp first reports it as a key.
  EXPECT_TRUE(FailsWith(ParseYaml("[[a, b]\n"), "yaml-syntax"));
  EXPECT_TRUE(FailsAt(ParseYaml("a: 1\n~: 2\n"), "yaml-null-key", 2, 1));
  // Keys that look like numbers or booleans are keys like any other.
  Node root = ParseOk("12: a\ntrue: b\n");
  EXPECT_EQ(root.members()[0].key, "12");
  EXPECT_EQ(root.members()[1].key, "true");
}

TEST(YamlReaderTest, RejectsDuplicateKeys) {
  Result<Node> top = ParseYaml("a: 1\nb: 2\na: 3\n");
  EXPECT_TRUE(FailsAt(top, "duplicate-key", 3, 1));
  EXPECT_EQ(top.error().place.path, "/a");
  EXPECT_NE(top.error().message.find("'a'"), std::string::npos);
  EXPECT_NE(top.error().message.find("line 1"), std::string::npos);
  Result<Node> nested = ParseYaml("deals:\n  - claim: {N: 1, E: 2, N: 3}\n");
  EXPECT_TRUE(FailsAt(nested, "duplicate-key", 2, 25));
  EXPECT_EQ(nested.error().place.path, "/deals/0/claim/N");
  // "N" and 'N' are the same key.
  EXPECT_TRUE(FailsAt(ParseYaml("N: 1\n\"N\": 2\n"), "duplicate-key", 2, 1));
}

TEST(YamlReaderTest, RejectsMoreThanOneDocument) {
  EXPECT_TRUE(FailsAt(ParseYaml("a: 1\n---\nb: 2\n"), "yaml-multiple-documents", 2, 1));
  EXPECT_TRUE(FailsAt(ParseYaml("---\na: 1\n...\n---\nb: 2\n"), "yaml-multiple-documents", 4, 1));
  Node root = ParseOk("---\na: 1\n...\n");
  EXPECT_EQ(root.Find("a")->text(), "1");
}

TEST(YamlReaderTest, RejectsEmptyDocuments) {
  EXPECT_TRUE(FailsAt(ParseYaml(""), "empty-document", 1, 1));
  EXPECT_TRUE(FailsAt(ParseYaml("# nothing but a comment\n\n"), "empty-document", 1, 1));
  EXPECT_TRUE(FailsAt(ParseYaml("\xEF\xBB\xBF"), "empty-document", 1, 1));
}

TEST(YamlReaderTest, ReportsSyntaxErrorsWithYamlCppPosition) {
  Result<Node> unclosed = ParseYaml("a: [1, 2\nb: 3\n");
  EXPECT_TRUE(FailsWith(unclosed, "yaml-syntax"));
  EXPECT_GT(unclosed.error().place.line, 0u);
  EXPECT_TRUE(FailsAt(ParseYaml("a: b: c\n"), "yaml-syntax", 1, 5));
  EXPECT_TRUE(FailsAt(ParseYaml("a: 1\n b: 2\n"), "yaml-syntax", 2, 2));  // see below
  Result<Node> tab = ParseYaml("a:\n  b: 1\n \tc: 2\n");
  EXPECT_TRUE(FailsAt(tab, "yaml-syntax", 3, 2));
  EXPECT_NE(tab.error().message.find("found a tab"), std::string::npos);
  // yaml-cpp starts a new document here; to the scorer it is text that does not fit.
  Result<Node> outdented = ParseYaml("- a\nb: 1\n");
  EXPECT_TRUE(FailsAt(outdented, "yaml-syntax", 2, 1));
  EXPECT_NE(outdented.error().message.find("expected the end of the record"), std::string::npos);
  Result<Node> bad_escape = ParseYaml("a: \"\\uD800\"\n");
  EXPECT_TRUE(FailsWith(bad_escape, "yaml-syntax"));
  EXPECT_NE(bad_escape.error().message.find("expected valid YAML"), std::string::npos);
}

// Regression: a line indented one space short got yaml-cpp's "end of map not found", which
// names neither the line nor the indentation that would have gone on.
TEST(YamlReaderTest, ALineIndentedOneSpaceShortSaysWhatIndentationWasExpected) {
  const std::string record =
      "deals:\n"
      "  - dealer: E\n"
      "    hands:\n"
      "      N: AS KS\n"
      "     E: AH KH\n"
      "    tricks: []\n";
  Result<Node> short_line = ParseYaml(record);
  EXPECT_TRUE(FailsAt(short_line, "yaml-syntax", 5, 6));
  EXPECT_EQ(short_line.error().message,
            "expected valid YAML, found line 5 indented by 5 spaces, which matches none of the "
            "lines above it: 6 spaces would go on as line 4 does, 4 as line 3 does");
  // A list item one space short, and a key one space deep under a complete value.
  Result<Node> item = ParseYaml("deals:\n  - dealer: E\n - dealer: S\n");
  EXPECT_TRUE(FailsAt(item, "yaml-syntax", 3, 2));
  EXPECT_EQ(item.error().message,
            "expected valid YAML, found line 3 indented by 1 space, which matches none of the "
            "lines above it: 2 spaces would go on as line 2 does, 0 as line 1 does");
  Result<Node> deep = ParseYaml("a: 1\n b: 2\n");
  EXPECT_EQ(deep.error().message,
            "expected valid YAML, found line 2 indented by 1 space, deeper than line 1, whose "
            "value is complete: 0 spaces would go on as line 1 does");
  // Lines of a block scalar and of a flow collection are theirs to indent.
  EXPECT_TRUE(ParseYaml("a: |\n  x\n   y\n  z\nb: [1,\n   2]\nc: 3\n").has_value());
  Result<Node> after = ParseYaml("a: |\n  x\n   y\nb:\n  c: 1\n d: 2\n");
  EXPECT_TRUE(FailsAt(after, "yaml-syntax", 6, 2));
}

TEST(YamlReaderTest, EnforcesDepthLimit) {
  ReadLimits limits;
  limits.max_depth = 3;
  EXPECT_TRUE(ParseYaml("[[[1]]]", limits).has_value());
  Result<Node> deep = ParseYaml("a:\n  - [[1]]\n", limits);
  EXPECT_TRUE(FailsAt(deep, "too-deep", 2, 6));
  EXPECT_EQ(deep.error().place.path, "/a/0/0");
}

TEST(YamlReaderTest, NestingHundredThousandDeepIsTooDeepNotACrash) {
  EXPECT_TRUE(
      FailsAt(ParseYaml(std::string(100'000, '[') + std::string(100'000, ']')), "too-deep", 1, 65));
  EXPECT_TRUE(FailsWith(ParseYaml(std::string(100'000, '[')), "too-deep"));
  std::string flow_maps;
  for (int i = 0; i < 100'000; ++i) flow_maps += "{a: ";
  EXPECT_TRUE(FailsWith(ParseYaml(flow_maps), "too-deep"));
  std::string block_lists;
  for (int i = 0; i < 100'000; ++i) block_lists += "- ";
  EXPECT_TRUE(FailsWith(ParseYaml(block_lists + "x\n"), "too-deep"));
}

TEST(YamlReaderTest, EnforcesSizeLimits) {
  ReadLimits limits;
  limits.max_document_bytes = 10;
  EXPECT_TRUE(FailsAt(ParseYaml("a: 12345678", limits), "too-large", 0, 0));
  limits = ReadLimits();
  limits.max_scalar_bytes = 5;
  Result<Node> long_value = ParseYaml("a: 123456\n", limits);
  EXPECT_TRUE(FailsAt(long_value, "too-large", 1, 4));
  EXPECT_EQ(long_value.error().place.path, "/a");
  EXPECT_TRUE(FailsAt(ParseYaml("abcdef: 1\n", limits), "too-large", 1, 1));
  limits = ReadLimits();
  limits.max_nodes = 3;
  EXPECT_TRUE(ParseYaml("[1, 2]", limits).has_value());
  EXPECT_TRUE(FailsAt(ParseYaml("[1, 2, 3]", limits), "too-large", 1, 8));
}

TEST(YamlReaderTest, TenMegabyteStringIsTooLargeWithDefaultLimits) {
  std::string text = "a: \"" + std::string(10 << 20, 'x') + "\"\n";
  EXPECT_TRUE(FailsAt(ParseYaml(text), "too-large", 1, 4));
}

TEST(YamlReaderTest, RejectsInvalidEncoding) {
  EXPECT_TRUE(FailsAt(ParseYaml("a: \xFF\n"), "bad-encoding", 1, 4));
  Result<Node> nul = ParseYaml("a: 1\nb: x\0y\n"sv);
  EXPECT_TRUE(FailsAt(nul, "bad-encoding", 2, 5));
  EXPECT_NE(nul.error().message.find("NUL"), std::string::npos);
  EXPECT_TRUE(FailsAt(ParseYaml("\xFF\xFE"
                                "a\0:\0"sv),
                      "bad-encoding", 1, 1));                                      // UTF-16
  EXPECT_TRUE(FailsAt(ParseYaml("a: \xC0\xAF\n"), "bad-encoding", 1, 4));          // overlong '/'
  EXPECT_TRUE(FailsAt(ParseYaml("a: \xED\xA0\x80\n"), "bad-encoding", 1, 4));      // surrogate
  EXPECT_TRUE(FailsAt(ParseYaml("a: \xF4\x90\x80\x80\n"), "bad-encoding", 1, 4));  // > U+10FFFF
  EXPECT_TRUE(FailsAt(ParseYaml("a: x\xE2\x82"), "bad-encoding", 1, 5));           // cut short
  EXPECT_TRUE(FailsAt(ParseYaml("a: \x01\n"), "bad-encoding", 1, 4));
  EXPECT_TRUE(FailsAt(ParseYaml("a: 1\rb: 2\n"), "bad-encoding", 1, 5));  // lone CR
  EXPECT_EQ(ParseOk("suit: \xE2\x99\xA0\n").Find("suit")->text(), "\xE2\x99\xA0");
}

TEST(YamlReaderTest, AcceptsByteOrderMarkAndCrLf) {
  Node with_bom = ParseOk(
      "\xEF\xBB\xBF"
      "a: 1\n");
  EXPECT_EQ(with_bom.members()[0].key_pos, (SourcePos{1, 1}));
  Node crlf = ParseOk("a: 1\r\nb: x y\r\nc: |\r\n  line\r\nd: \"q\r\n  r\"\r\n");
  EXPECT_EQ(crlf.Find("b")->text(), "x y");
  EXPECT_EQ(crlf.Find("b")->pos(), (SourcePos{2, 4}));
  EXPECT_EQ(crlf.Find("c")->text(), "line\n");
  EXPECT_EQ(crlf.Find("d")->text(), "q r");
  EXPECT_TRUE(FailsAt(ParseYaml("a: 1\r\nb: 2\r\nc: &x 3\r\n"), "yaml-anchor", 3, 4));
}

}  // namespace
}  // namespace referee::formats
