// The strict pass over YAML text before yaml-cpp parses it (formats/yaml_prescan.h), through
// ParseYaml. Cases named after a yaml-test-suite id are ones yaml-cpp 0.7 accepted although the
// suite marks them invalid; the hostile-input suite found the rest.
#include <gtest/gtest.h>

#include <string>

#include "formats/yaml_reader.h"
#include "tests/formats/formats_test_util.h"

namespace referee::formats {
namespace {

using testing::Describe;
using testing::FailsAt;
using testing::FailsWith;

TEST(YamlPrescanTest, UnclosedDoubleQuoteAtTheEndIsASyntaxError) {
  // yaml-test-suite CQ3W; a truncated upload ends like this.
  EXPECT_TRUE(FailsAt(ParseYaml("format: referee/1\nnotes: \"missing closing quote\n"),
                      "yaml-syntax", 2, 8));
  EXPECT_TRUE(FailsAt(ParseYaml("notes: 'missing closing quote"), "yaml-syntax", 1, 8));
}

TEST(YamlPrescanTest, UnknownEscapeIsASyntaxError) {
  // yaml-test-suite HRE5: \' is not an escape of YAML's double-quoted style.
  EXPECT_TRUE(FailsAt(ParseYaml("double: \"quoted \\' scalar\"\n"), "yaml-syntax", 1, 17));
  EXPECT_TRUE(FailsAt(ParseYaml("x: \"\\q\"\n"), "yaml-syntax", 1, 5));
  EXPECT_TRUE(FailsAt(ParseYaml("x: \"\\x4\"\n"), "yaml-syntax", 1, 5));
}

// \N (U+0085) and the other escapes of control characters are refused once decoded
// (control_characters_test.cpp).
TEST(YamlPrescanTest, EveryYamlEscapeIsAccepted) {
  Result<record::Node> parsed =
      ParseYaml("x: \"\\t\\n\\\"\\\\\\/\\ \\_\\L\\P\\x41\\u00e9\\U0001F600\\\n  end\"\n");
  ASSERT_TRUE(parsed.has_value()) << Describe(parsed.error());
}

TEST(YamlPrescanTest, CommentWithoutSpaceAfterAQuotedScalarIsASyntaxError) {
  // yaml-test-suite SU5Z.
  EXPECT_TRUE(FailsAt(ParseYaml("key: \"value\"# invalid comment\n"), "yaml-syntax", 1, 13));
  EXPECT_TRUE(ParseYaml("key: \"value\" # a comment\n").has_value());
}

TEST(YamlPrescanTest, CommentWithoutSpaceAfterABlockIndicatorIsASyntaxError) {
  // yaml-test-suite X4QW.
  EXPECT_TRUE(FailsAt(ParseYaml("block: ># comment\n  scalar\n"), "yaml-syntax", 1, 9));
  EXPECT_TRUE(ParseYaml("block: > # comment\n  scalar\n").has_value());
}

TEST(YamlPrescanTest, QuotedContinuationIndentedLessThanItsValueIsASyntaxError) {
  // yaml-test-suite DK95-01 (a tab where the indentation should be) and QB6E.
  EXPECT_TRUE(FailsAt(ParseYaml("foo: \"bar\n\tbaz\"\n"), "yaml-syntax", 2, 1));
  EXPECT_TRUE(FailsAt(ParseYaml("---\nquoted: \"a\nb\nc\"\n"), "yaml-syntax", 3, 1));
  EXPECT_TRUE(FailsAt(ParseYaml("- key: \"x\n  y\"\n"), "yaml-syntax", 2, 3));
  EXPECT_TRUE(ParseYaml("- key: \"x\n   y\"\n").has_value());
  EXPECT_TRUE(ParseYaml("foo: \"bar\n \tbaz\"\n").has_value());
}

TEST(YamlPrescanTest, FlowContinuationIndentedLessThanItsValueIsASyntaxError) {
  // yaml-test-suite 9C9N and Y79Y-003.
  EXPECT_TRUE(FailsAt(ParseYaml("---\nflow: [a,\nb,\nc]\n"), "yaml-syntax", 3, 1));
  EXPECT_TRUE(FailsAt(ParseYaml("- [\n\tfoo,\n foo\n ]\n"), "yaml-syntax", 2, 1));
  // A closing bracket on a line of its own may stand at the key's column, as JSON is written.
  EXPECT_TRUE(ParseYaml("key: [\n  a, b\n]\nother: {\n  a: 1\n}\n").has_value());
}

TEST(YamlPrescanTest, TextWithoutAColonWhereAKeyBelongsIsASyntaxError) {
  // yaml-test-suite 236B, 9CWY and 7MNF: yaml-cpp folded the line into the value above.
  EXPECT_TRUE(FailsAt(ParseYaml("foo:\n  bar\ninvalid\n"), "yaml-syntax", 3, 1));
  EXPECT_TRUE(FailsAt(ParseYaml("key:\n - item1\n - item2\ninvalid\n"), "yaml-syntax", 4, 1));
  EXPECT_TRUE(FailsAt(ParseYaml("top1:\n  key1: val1\ntop2\n"), "yaml-syntax", 3, 1));
  // More indented than the key, the line continues the value.
  EXPECT_TRUE(ParseYaml("foo: bar\n  more\nnext: 1\n").has_value());
}

TEST(YamlPrescanTest, EmptyFlowEntriesAreSyntaxErrors) {
  // yaml-test-suite 9MAG and CTN5; a trailing comma is allowed.
  EXPECT_TRUE(FailsAt(ParseYaml("---\n[ , a, b, c ]\n"), "yaml-syntax", 2, 3));
  EXPECT_TRUE(FailsAt(ParseYaml("---\n[ a, b, c, , ]\n"), "yaml-syntax", 2, 12));
  EXPECT_TRUE(ParseYaml("x: [ a, b, c, ]\ny: {a: , b}\n").has_value());
}

TEST(YamlPrescanTest, CommentWithoutSpaceInAFlowCollectionIsASyntaxError) {
  // yaml-test-suite 9JBA and CVW2.
  EXPECT_TRUE(FailsAt(ParseYaml("---\n[ a, b, c, ]#invalid\n"), "yaml-syntax", 2, 13));
  EXPECT_TRUE(FailsAt(ParseYaml("---\n[ a, b, c,#invalid\n]\n"), "yaml-syntax", 2, 11));
  EXPECT_TRUE(ParseYaml("x: [ a, b ] # a comment\ny: [a#b]\n").has_value());
}

TEST(YamlPrescanTest, LoneDashInAFlowCollectionIsASyntaxError) {
  // yaml-test-suite YJV2 and G5U8.
  EXPECT_TRUE(FailsAt(ParseYaml("[-]\n"), "yaml-syntax", 1, 2));
  EXPECT_TRUE(FailsAt(ParseYaml("---\n- [-, -]\n"), "yaml-syntax", 2, 4));
  EXPECT_TRUE(ParseYaml("x: [-1, -a, '-']\n").has_value());
}

TEST(YamlPrescanTest, EmptyLinesMoreIndentedThanTheBlockTextAreASyntaxError) {
  // yaml-test-suite S98Z.
  EXPECT_TRUE(FailsAt(ParseYaml("k: |\n\n   \n  x\n"), "yaml-syntax", 3, 1));
  EXPECT_TRUE(ParseYaml("k: |\n\n  \n  x\n  # not a comment\nnext: 1\n").has_value());
}

TEST(YamlPrescanTest, DocumentAfterTheEndMarkerIsASecondDocument) {
  // yaml-test-suite 7Z25: the scorer is told what it is, not asked about indentation.
  EXPECT_TRUE(
      FailsAt(ParseYaml("---\nscalar1\n...\nkey: value\n"), "yaml-multiple-documents", 4, 1));
  EXPECT_TRUE(FailsAt(ParseYaml("format: referee/1\n...\n%YAML 1.2\n---\na: 1\n"),
                      "yaml-multiple-documents", 3, 1));
  EXPECT_TRUE(ParseYaml("a: 1\n...\n# only a comment after the end\n").has_value());
  EXPECT_TRUE(ParseYaml("%YAML 1.2\n---\na: 1\n...\n").has_value());
}

TEST(YamlPrescanTest, DirectiveWithoutItsDocumentIsASyntaxError) {
  // yaml-test-suite B63P and 9MMA.
  EXPECT_TRUE(FailsAt(ParseYaml("%YAML 1.2\n...\n"), "yaml-syntax", 2, 1));
  EXPECT_TRUE(FailsAt(ParseYaml("%YAML 1.2\n"), "yaml-syntax", 2, 1));
  EXPECT_TRUE(FailsAt(ParseYaml("%YAML 1.2\na: 1\n"), "yaml-syntax", 2, 1));
  EXPECT_TRUE(ParseYaml("%YAML 1.2\n%TAG !e! tag:example.com:\n---\na: 1\n").has_value());
}

TEST(YamlPrescanTest, TopLevelFlowListOverTheValueLimitIsRefusedBeforeParsing) {
  // The hostile-input run: yaml-cpp kept a token for every item of a top-level flow list before
  // any limit applied (16 MiB of "0," took 32 s and 2.4 GB).
  ReadLimits limits;
  limits.max_nodes = 1000;
  std::string list = "[";
  for (int i = 0; i < 1001; ++i) list += "0,";
  list += "0]\n";
  EXPECT_TRUE(FailsWith(ParseYaml(list, limits), "too-large"));
  std::string maps = "[";
  for (int i = 0; i < 600; ++i) maps += "{a: 0},";
  maps += "{a: 0}]\n";
  EXPECT_TRUE(FailsWith(ParseYaml(maps, limits), "too-large"));
}

TEST(YamlPrescanTest, KeysAreNotCountedAsValues) {
  ReadLimits limits;
  limits.max_nodes = 1000;
  std::string map = "{";
  for (int i = 0; i < 499; ++i) map += "k" + std::to_string(i) + ": 0, ";
  map += "last: 0}\n";
  Result<record::Node> parsed = ParseYaml(map, limits);
  ASSERT_TRUE(parsed.has_value()) << Describe(parsed.error());
}

TEST(YamlPrescanTest, TextThatLooksLikeFlowInsideScalarsIsNotCounted) {
  ReadLimits limits;
  limits.max_nodes = 10;
  std::string commas(100, ',');
  std::string text = "a: see [" + commas + "]\nb: \"[" + commas + "]\"\nc: |\n  [" + commas +
                     "]\nd: plain\n  [" + commas + "]\n# [" + commas + "]\ne: '[" + commas + "'\n";
  Result<record::Node> parsed = ParseYaml(text, limits);
  ASSERT_TRUE(parsed.has_value()) << Describe(parsed.error());
}

}  // namespace
}  // namespace referee::formats
