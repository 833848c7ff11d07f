// Locate: findings are placed after the fact, from the offsets of a document's values (worked out
// from a JSON text the first time they are asked for). Examples of every step, and properties: in
// any tree the writers produce, JSON pretty or compact and YAML, every value's pointer lands on
// the text the writer wrote for that value.
#include "formats/locate.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/yaml_reader.h"
#include "formats/yaml_writer.h"
#include "tests/formats/node_generators.h"

namespace referee::formats {
namespace {

using record::Node;

LineColumn LocateJsonPointer(std::string_view json, std::string_view pointer) {
  record::Document document;
  Result<void> read = ReadJson(json, {}, document);
  EXPECT_TRUE(read.has_value()) << json;
  return Locate(document, pointer);
}

// The text from the located place to the end of its line.
std::string TextAt(std::string_view json, std::string_view pointer) {
  LineColumn where = LocateJsonPointer(json, pointer);
  size_t start = 0;
  for (uint32_t line = 1; line < where.line; ++line) start = json.find('\n', start) + 1;
  std::string_view rest = json.substr(start + where.column - 1);
  return std::string(rest.substr(0, rest.find('\n')));
}

constexpr std::string_view kRecord = R"({
  "game": "plonk",
  "a/b": 1, "c~d": 2, "e\u0066": [10, {"x": [true, null]}, 12],
  "deals": [
    {"tricks": ["2H 3S KC 7H", "  2D\t5H AS 4D"]}
  ]
})";

TEST(JsonLocator, FollowsKeysAndIndices) {
  EXPECT_EQ(LocateJsonPointer(kRecord, "/game").line, 2u);
  EXPECT_EQ(LocateJsonPointer(kRecord, "/game").column, 11u);
  EXPECT_EQ(TextAt(kRecord, "/deals/0/tricks/1"), R"("  2D\t5H AS 4D"]})");
  EXPECT_EQ(TextAt(kRecord, "/ef/1/x/1"), "null]}, 12],");
}

TEST(JsonLocator, DecodesEscapedKeysAndPointerSegments) {
  EXPECT_EQ(TextAt(kRecord, "/a~1b"), R"(1, "c~d": 2, "e\u0066": [10, {"x": [true, null]}, 12],)");
  EXPECT_EQ(TextAt(kRecord, "/c~0d"), R"(2, "e\u0066": [10, {"x": [true, null]}, 12],)");
  EXPECT_EQ(TextAt(kRecord, "/ef/2"), "12],");
}

// As for YAML, a segment under a string names one of its words: a card of a trick.
TEST(JsonLocator, NamesAWordOfAString) {
  EXPECT_EQ(TextAt(kRecord, "/deals/0/tricks/0/2"), R"(KC 7H", "  2D\t5H AS 4D"]})");
  EXPECT_EQ(TextAt(kRecord, "/deals/0/tricks/1/0"), R"(2D\t5H AS 4D"]})");
  EXPECT_EQ(TextAt(kRecord, "/deals/0/tricks/1/1"), R"(5H AS 4D"]})");
  EXPECT_EQ(TextAt(kRecord, "/deals/0/tricks/1/9"), R"("  2D\t5H AS 4D"]})");
}

// What is not there gives the place of the last value the pointer reached.
TEST(JsonLocator, StopsAtTheLastValueReached) {
  EXPECT_EQ(TextAt(kRecord, "/deals/0/claim"), R"({"tricks": ["2H 3S KC 7H", "  2D\t5H AS 4D"]})");
  EXPECT_EQ(TextAt(kRecord, "/deals/3"), "[");
  EXPECT_EQ(TextAt(kRecord, "/game/x"), R"("plonk",)");
  EXPECT_EQ(TextAt(kRecord, ""), "{");
  EXPECT_EQ(TextAt(kRecord, "/nothing/at/all"), "{");
}

TEST(JsonLocator, DoesNotCountAByteOrderMark) {
  LineColumn where = LocateJsonPointer("\xEF\xBB\xBF{\"a\": 1}", "/a");
  EXPECT_EQ(where.line, 1u);
  EXPECT_EQ(where.column, 7u);
}

TEST(JsonLocator, PlacesFindingsOnTheirLineOfAStream) {
  std::vector<Finding> findings = {Illegal("revoke", Place{"/deals/0/tricks/1/1", {}}, "m")};
  findings.push_back(findings.front());
  findings.back().place.line = 3;  // placed already: kept
  record::Document document;
  ASSERT_TRUE(ReadJson(R"({"deals": [{"tricks": ["2H 3S KC 7H", "2D 5H AS 4D"]}]})", {}, document)
                  .has_value());
  PlaceFindings(document, 40, findings);
  EXPECT_EQ(findings[0].place.line, 40u);
  EXPECT_EQ(findings[0].place.column, 43u);
  EXPECT_EQ(findings[1].place.line, 3u);
}

// Every value of a tree, and the pointer that names it.
void CollectValues(const Node& node, const std::string& path,
                   std::vector<std::pair<std::string, const Node*>>& values) {
  values.emplace_back(path, &node);
  if (node.IsMap()) {
    for (const Node::Member& member : node.members()) {
      std::string segment;
      for (char c : member.key) segment += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
      CollectValues(member.value, path + "/" + segment, values);
    }
  } else if (node.IsList()) {
    for (size_t i = 0; i < node.items().size(); ++i) {
      CollectValues(node.items()[i], path + "/" + std::to_string(i), values);
    }
  }
}

void CheckEveryValueIsFound(bool pretty) {
  Node tree = *testing::TreeNode(4);
  std::string json = WriteJson(tree, pretty);
  std::vector<std::pair<std::string, const Node*>> values;
  CollectValues(tree, "", values);
  for (const auto& [pointer, node] : values) {
    std::string written = WriteJson(*node, pretty);
    std::string first_line = written.substr(0, written.find('\n'));
    std::string found = TextAt(json, pointer);
    RC_ASSERT(found.substr(0, first_line.size()) == first_line);
  }
}

RC_GTEST_PROP(JsonLocatorProperty, EveryValueOfCompactJsonIsFound, ()) {
  CheckEveryValueIsFound(false);
}

RC_GTEST_PROP(JsonLocatorProperty, EveryValueOfPrettyJsonIsFound, ()) {
  CheckEveryValueIsFound(true);
}

// YAML values are placed from the parser's marks, by the same rules.
constexpr std::string_view kYaml = R"(game: plonk
players: {N: ann, E: bob}
deals:
  - dealer: N
    tricks:
      - 2H 3S KC 7H
      - "2D 5H AS 4D"
    claim:
      NS: 3
)";

std::string YamlTextAt(std::string_view yaml, std::string_view pointer) {
  record::Document document;
  EXPECT_TRUE(ReadYaml(yaml, {}, document).has_value());
  LineColumn where = Locate(document, pointer);
  size_t start = 0;
  for (uint32_t line = 1; line < where.line; ++line) start = yaml.find('\n', start) + 1;
  std::string_view rest = yaml.substr(start + where.column - 1);
  return std::string(rest.substr(0, rest.find('\n')));
}

TEST(YamlLocator, FollowsKeysIndicesAndWords) {
  EXPECT_EQ(YamlTextAt(kYaml, "/players/E"), "bob}");
  EXPECT_EQ(YamlTextAt(kYaml, "/deals/0/dealer"), "N");
  EXPECT_EQ(YamlTextAt(kYaml, "/deals/0/tricks/0/2"), "KC 7H");
  EXPECT_EQ(YamlTextAt(kYaml, "/deals/0/tricks/1/3"), "4D\"");
  EXPECT_EQ(YamlTextAt(kYaml, "/deals/0/claim/NS"), "3");
}

// A list or map written in block style starts on the line after its key: the key is its place.
TEST(YamlLocator, PlacesABlockValueAtItsKey) {
  EXPECT_EQ(YamlTextAt(kYaml, "/deals/0/tricks"), "tricks:");
  EXPECT_EQ(YamlTextAt(kYaml, "/deals/0/claim"), "claim:");
  EXPECT_EQ(YamlTextAt(kYaml, "/players"), "{N: ann, E: bob}");
}

TEST(YamlLocator, StopsAtTheLastValueReached) {
  EXPECT_EQ(YamlTextAt(kYaml, "/deals/0/hands"), "dealer: N");
  EXPECT_EQ(YamlTextAt(kYaml, "/deals/0/tricks/0/9"), "2H 3S KC 7H");
}

void CheckEveryYamlValueIsFound() {
  Node tree = *testing::TreeNode(4);
  std::string yaml = WriteYaml(tree);
  std::vector<std::pair<std::string, const Node*>> values;
  CollectValues(tree, "", values);
  record::Document document;
  RC_ASSERT(ReadYaml(yaml, {}, document).has_value());
  for (const auto& [pointer, node] : values) {
    LineColumn where = Locate(document, pointer);
    RC_ASSERT(where.line >= 1u);
    if (!node->IsScalar() || node->kind() == Node::Kind::kNull) continue;
    // A scalar's place holds its text, or the quote before it, or the start of a block scalar.
    size_t start = 0;
    for (uint32_t line = 1; line < where.line; ++line) start = yaml.find('\n', start) + 1;
    std::string_view rest = std::string_view(yaml).substr(start + where.column - 1);
    std::string_view text = node->text();
    bool placed = rest.starts_with(text.substr(0, text.find('\n'))) || rest.starts_with('"') ||
                  rest.starts_with('\'') || rest.starts_with('|') || rest.starts_with('>');
    RC_ASSERT(placed);
  }
}

RC_GTEST_PROP(YamlLocatorProperty, EveryValueOfYamlIsFound, ()) { CheckEveryYamlValueIsFound(); }

}  // namespace
}  // namespace referee::formats
