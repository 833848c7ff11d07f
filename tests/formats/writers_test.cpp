#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/yaml_reader.h"
#include "formats/yaml_writer.h"
#include "referee/core/check.h"
#include "tests/formats/formats_test_util.h"

namespace referee::formats {
namespace {

using record::Node;
using Kind = Node::Kind;

Node Str(std::string text) { return Node::Scalar(Kind::kString, std::move(text), {}); }
Node Num(std::string text, Kind kind = Kind::kInteger) {
  return Node::Scalar(kind, std::move(text), {});
}

Node Parsed(std::string_view yaml) {
  Result<Node> result = ParseYaml(yaml);
  EXPECT_TRUE(result.has_value()) << testing::Describe(result.error());
  return result.has_value() ? std::move(result).value() : Node();
}

constexpr std::string_view kRecord =
    "format: referee/1\n"
    "game: collusion\n"
    "players: {\"N\": alice, E: bob, S: carol, W: dave}\n"
    "deals:\n"
    "  - dealer: \"N\"\n"
    "    tricks:\n"
    "      - 2C 5C KC AC\n"
    "      - [2D, 5D, KD, AD]\n"
    "    claim: {\"N\": 13, E: 13, S: 5, W: 2}\n"
    "    notes:\n"
    "      - - nested\n"
    "        - {a: 1}\n"
    "      - {}\n"
    "result: {winner: \"N\", agreed: true, note: null, ratio: 0.5}\n";

TEST(YamlWriterTest, WritesCanonicalBlockAndFlowStyle) {
  EXPECT_EQ(WriteYaml(Parsed(kRecord)), kRecord);
}

TEST(YamlWriterTest, QuotesOnlyStringsThatWouldNotReadBackAsThemselves) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"E", "E"},
      {"alice smith", "alice smith"},
      {"2C 5C", "2C 5C"},
      {"2C", "2C"},
      {"\xC3\xA9 \xE2\x99\xA0", "\xC3\xA9 \xE2\x99\xA0"},
      {"nobody", "nobody"},
      {"0xG1", "0xG1"},
      {"true", "\"true\""},
      {"False", "\"False\""},
      {"null", "\"null\""},
      {"~", "\"~\""},
      {"12", "\"12\""},
      {"-1.5e3", "\"-1.5e3\""},
      {"", "\"\""},
      {" a", "\" a\""},
      {"a ", "\"a \""},
      {"a: b", "\"a: b\""},
      {"#x", "\"#x\""},
      {"-", "\"-\""},
      {"...", "\"...\""},
      {"who?", "\"who?\""},
      {"say \"hi\"", "say \"hi\""},
      {"\"q\" \\", "\"\\\"q\\\" \\\\\""},
      {"line\nbreak\t", "\"line\\nbreak\\t\""},
      {"a\xE2\x80\xA8", "\"a\\u2028\""},
  };
  for (const auto& [text, written] : cases) {
    EXPECT_EQ(WriteYaml(Str(text)), written + "\n") << text;
    Result<Node> read = ParseYaml(WriteYaml(Str(text)));
    ASSERT_TRUE(read.has_value()) << text;
    EXPECT_EQ(*read, Str(text)) << text;
  }
  // A tree built by hand may hold control characters: they are written as escapes, never raw,
  // and the reader refuses them (docs/record-format.md, "Text").
  const std::vector<std::pair<std::string, std::string>> controls = {
      {std::string("nul\0", 4), "\"nul\\x00\""},
      {"\x7F", "\"\\x7F\""},
      {"\xC2\x85", "\"\\x85\""},
  };
  for (const auto& [text, written] : controls) {
    EXPECT_EQ(WriteYaml(Str(text)), written + "\n") << text;
    EXPECT_TRUE(testing::FailsWith(ParseYaml(WriteYaml(Str(text))), "control-character")) << text;
  }
}

// Regression: a player named `no` was written plain, and PyYAML (a YAML 1.1 reader) read it back
// as False. Every scalar a YAML 1.1 reader types as a boolean, a null, a number, a date, a merge
// or a value key is quoted (yaml.org/type), and so are YAML 1.2's octal and exponent forms.
TEST(YamlWriterTest, QuotesWhatAYaml11ReaderWouldNotReadAsAString) {
  for (std::string text :
       {"no",        "No",         "NO",       "yes",   "Yes",   "YES",   "on",    "On",
        "ON",        "off",        "Off",      "OFF",   "y",     "Y",     "n",     "N",
        "~",         "1e3",        "007",      "0x1F",  "-0x1f", "0b101", "1_000", "+1_0.5",
        "190:20:30", ".inf",       "-.Inf",    "+.INF", ".nan",  ".NaN",  "1.",    ".5",
        "0o17",      "2026-11-25", "2026-1-5", "<<",    "="}) {
    EXPECT_EQ(WriteYaml(Str(text)), "\"" + text + "\"\n") << text;
    Result<Node> read = ParseYaml(WriteYaml(Str(text)));
    ASSERT_TRUE(read.has_value()) << text;
    EXPECT_EQ(*read, Str(text)) << text;
  }
}

TEST(YamlWriterTest, KeysAreQuotedWhenAYamlReaderWouldNotReadThemAsText) {
  Node map = Node::Map({});
  map.AddMember("12", {}, Str("a"));
  map.AddMember("true", {}, Str("b"));
  map.AddMember("null", {}, Str("c"));
  map.AddMember("", {}, Str("d"));
  map.AddMember("a: b", {}, Str("e"));
  map.AddMember("N", {}, Str("f"));
  map.AddMember("E", {}, Str("g"));
  EXPECT_EQ(WriteYaml(map),
            "{\"12\": a, \"true\": b, \"null\": c, \"\": d, \"a: b\": e, \"N\": f, E: g}\n");
}

TEST(YamlWriterTest, FlowStyleOnlyWhenTheLineFitsInOneHundredColumns) {
  // "k: [" + 47 items "ab" joined by ", " + "]" is 4 + 47 * 2 + 46 * 2 + 1 = 191 columns; fewer
  // items fit: 4 + n * 2 + (n - 1) * 2 + 1 <= 100 holds up to n = 24 (99 columns).
  auto list_of = [](int count) {
    Node list = Node::List({});
    for (int i = 0; i < count; ++i) list.Append(Str("ab"));
    Node map = Node::Map({});
    map.AddMember("k", {}, std::move(list));
    return map;
  };
  std::string fits = WriteYaml(list_of(24));
  EXPECT_EQ(fits.size(), 100u);  // 99 columns and the newline
  EXPECT_TRUE(fits.starts_with("k: [ab, ab"));
  std::string too_long = WriteYaml(list_of(25));
  EXPECT_TRUE(too_long.starts_with("k:\n  - ab\n  - ab\n")) << too_long;
  EXPECT_EQ(*ParseYaml(too_long), list_of(25));
}

TEST(YamlWriterTest, WritesScalarsAndEmptyCollectionsAtTheTop) {
  EXPECT_EQ(WriteYaml(Node::Map({})), "{}\n");
  EXPECT_EQ(WriteYaml(Node::List({})), "[]\n");
  EXPECT_EQ(WriteYaml(Num("42")), "42\n");
  EXPECT_EQ(WriteYaml(Node::Scalar(Kind::kBool, "True", {})), "true\n");
  EXPECT_EQ(WriteYaml(Node::Scalar(Kind::kNull, "~", {})), "null\n");
}

TEST(JsonWriterTest, WritesCompactAndPretty) {
  Node root = Parsed("a: [1, x]\nb: {}\nc: {d: null, e: false}\nf: []\n");
  EXPECT_EQ(WriteJson(root, false), R"({"a":[1,"x"],"b":{},"c":{"d":null,"e":false},"f":[]})");
  EXPECT_EQ(WriteJson(root, true),
            "{\n"
            "  \"a\": [\n"
            "    1,\n"
            "    \"x\"\n"
            "  ],\n"
            "  \"b\": {},\n"
            "  \"c\": {\n"
            "    \"d\": null,\n"
            "    \"e\": false\n"
            "  },\n"
            "  \"f\": []\n"
            "}");
}

TEST(JsonWriterTest, EscapesStringsAndKeys) {
  Node map = Node::Map({});
  map.AddMember("k\"\\", {}, Str(std::string("\x01\b\f\n\r\t\x7F\xC2\x9B\xC3\xA9\0", 12)));
  EXPECT_EQ(WriteJson(map, false),
            "{\"k\\\"\\\\\":\"\\u0001\\b\\f\\n\\r\\t\\u007F\\u009B\xC3\xA9\\u0000\"}");
  // The reader refuses the control characters it wrote as escapes; the rest reads back.
  EXPECT_TRUE(testing::FailsWith(ParseJson(WriteJson(map, false)), "control-character"));
  Node text = Node::Map({});
  text.AddMember("k\"\\", {}, Str("\n\t\xC3\xA9"));
  EXPECT_EQ(*ParseJson(WriteJson(text, false)), text);
}

TEST(JsonWriterTest, RespellsYamlNumbersAsJson) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"+5", "5"},
      {"007", "7"},
      {"-007", "-7"},
      {"+0", "0"},
      {"-0", "-0"},
      {".5", "0.5"},
      {"-.5e3", "-0.5e3"},
      {"1.", "1.0"},
      {"1.e5", "1.0e5"},
      {"1E+2", "1E+2"},
      {"0.25", "0.25"},
      {"00.5", "0.5"},
      {"18446744073709551616", "18446744073709551616"}};
  for (const auto& [yaml, json] : cases) {
    Kind kind = yaml.find_first_of(".eE") == std::string::npos ? Kind::kInteger : Kind::kDecimal;
    EXPECT_EQ(WriteJson(Num(yaml, kind), false), json) << yaml;
    Result<Node> read = ParseJson(json);
    ASSERT_TRUE(read.has_value()) << json;
    EXPECT_EQ(read->kind(), kind) << json;
  }
  EXPECT_EQ(WriteJson(Node::Scalar(Kind::kBool, "TRUE", {}), false), "true");
}

TEST(JsonWriterTest, ANumberNodeWithoutANumberIsABug) {
  EXPECT_THROW((void)WriteJson(Num("twelve"), false), InternalError);
}

}  // namespace
}  // namespace referee::formats
