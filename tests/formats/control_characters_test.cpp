// Control characters in the text of a record (docs/record-format.md, "Text"): written raw they
// are `bad-encoding`; written as escapes they are `control-character`, wherever they appear,
// except tab and line feed in a value (free text such as `notes:` may hold them).
#include <gtest/gtest.h>

#include "formats/json_reader.h"
#include "formats/yaml_reader.h"
#include "tests/formats/formats_test_util.h"

namespace referee::formats {
namespace {

using testing::Describe;
using testing::FailsAt;

TEST(ControlCharactersTest, EscapedNulAndEscapeAreRefusedInJson) {
  // The hostile-input run: "\u0000" was accepted in a name, and "\u001b[31m" reached a terminal.
  Result<record::Node> nul = ParseJson(R"({"players": {"N": "al\u0000ice"}})");
  EXPECT_TRUE(FailsAt(nul, "control-character", 1, 19));
  EXPECT_EQ(nul.error().place.path, "/players/N");
  EXPECT_NE(nul.error().message.find("U+0000"), std::string::npos) << nul.error().message;
  EXPECT_TRUE(testing::FailsWith(ParseJson(R"(["\u001b[31mred"])"), "control-character"));
  EXPECT_TRUE(testing::FailsWith(ParseJson(R"(["\u007f"])"), "control-character"));
  EXPECT_TRUE(testing::FailsWith(ParseJson(R"(["\u0085"])"), "control-character"));
  EXPECT_TRUE(testing::FailsWith(ParseJson(R"(["a\rb"])"), "control-character"));
}

TEST(ControlCharactersTest, EscapedControlCharactersAreRefusedInYaml) {
  Result<record::Node> nul = ParseYaml("players: {N: \"al\\0ice\"}\n");
  EXPECT_TRUE(FailsAt(nul, "control-character", 1, 14));
  EXPECT_EQ(nul.error().place.path, "/players/N");
  EXPECT_TRUE(FailsAt(ParseYaml("a: \"\\e[31m\"\n"), "control-character", 1, 4));
  EXPECT_TRUE(FailsAt(ParseYaml("a: \"\\x7f\"\n"), "control-character", 1, 4));
  EXPECT_TRUE(FailsAt(ParseYaml("a: \"\\N\"\n"), "control-character", 1, 4));
  EXPECT_TRUE(FailsAt(ParseYaml("a: \"\\u0080\"\n"), "control-character", 1, 4));
}

TEST(ControlCharactersTest, RawDeleteAndC1ControlsAreBadEncoding) {
  EXPECT_TRUE(FailsAt(ParseYaml("name: al\x7fice\n"), "bad-encoding", 1, 9));
  EXPECT_TRUE(FailsAt(ParseJson("[\"al\x7fice\"]"), "bad-encoding", 1, 5));
  EXPECT_TRUE(FailsAt(ParseYaml("name: al\xc2\x9b"
                                "ice\n"),
                      "bad-encoding", 1, 9));
  EXPECT_TRUE(FailsAt(ParseJson("[\"\xc2\x85\"]"), "bad-encoding", 1, 3));
}

// A document that holds other characters beyond ASCII (a suit symbol, a non-breaking space, which
// is C2 A0) is read on the same terms: its strings are not taken as free of controls.
TEST(ControlCharactersTest, RawControlsAreFoundBesideOtherCharactersBeyondAscii) {
  EXPECT_TRUE(FailsAt(ParseJson("[\"\u2660\", \"al\x7fice\"]"), "bad-encoding", 1, 12));
  EXPECT_TRUE(FailsAt(ParseJson("[\"\u00a0\", \"\xc2\x85\"]"), "bad-encoding", 1, 9));
  EXPECT_TRUE(FailsAt(ParseJson("{\"\u2660\": 1, \"k\xc2\x9f\": 2}"), "bad-encoding", 1, 14));
}

TEST(ControlCharactersTest, TabAndLineFeedAreTextInValuesButNotInKeys) {
  Result<record::Node> yaml = ParseYaml("notes: \"a\\tb\\nc\"\nblock: |\n  line 1\n  line 2\n");
  ASSERT_TRUE(yaml.has_value()) << Describe(yaml.error());
  Result<record::Node> json = ParseJson(R"({"notes": "a\tb\nc"})");
  ASSERT_TRUE(json.has_value()) << Describe(json.error());
  Result<record::Node> key = ParseJson(R"({"a\tb": 1})");
  EXPECT_TRUE(testing::FailsWith(key, "control-character"));
  EXPECT_EQ(key.error().place.path, "");  // the map's: the key's own path would hold the tab
  EXPECT_TRUE(FailsAt(ParseYaml("\"a\\nb\": 1\n"), "control-character", 1, 1));
}

TEST(ControlCharactersTest, OtherCharactersAreText) {
  Result<record::Node> text = ParseJson(R"(["caf\u00e9", "\u00a0", "\ud83d\ude00", "\uffff"])");
  ASSERT_TRUE(text.has_value()) << Describe(text.error());
  Result<record::Node> nbsp = ParseYaml("a: \"\\_\"\n");
  ASSERT_TRUE(nbsp.has_value()) << Describe(nbsp.error());
  EXPECT_EQ(nbsp->Find("a")->text(), "\xc2\xa0");
}

}  // namespace
}  // namespace referee::formats
