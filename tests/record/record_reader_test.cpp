// Reading the common header of a record, and finding a position from a JSON pointer.
#include <gtest/gtest.h>

#include "formats/yaml_reader.h"
#include "referee/games/game_record.h"
#include "referee/games/registry.h"
#include "referee/record/fields.h"

namespace referee::record {
namespace {

Node Yaml(const std::string& text) {
  auto node = formats::ParseYaml(text);
  EXPECT_TRUE(node.has_value()) << (node.has_value() ? "" : node.error().message);
  return node.has_value() ? *node : Node();
}

const std::string kHeader =
    "format: referee/1\ngame: collusion\nplayers: {N: a, E: b, S: c, W: d}\n";

Finding ReadError(const std::string& text) {
  auto record = ReadRecord(Yaml(text));
  EXPECT_FALSE(record.has_value()) << text;
  return record.has_value() ? Finding{} : record.error();
}

TEST(RecordReader, ReadsTheHeaderAndTheRuleOptions) {
  auto record = ReadRecord(Yaml(kHeader + "rules: {target: 60}\nid: t3\nround: 4\ndeals: []\n"));
  ASSERT_TRUE(record.has_value()) << record.error().message;
  EXPECT_EQ(record->game->name, "collusion");
  EXPECT_EQ(record->rules.Integer("target"), 60);
  EXPECT_EQ(record->players, (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(record->metadata,
            (std::vector<std::pair<std::string, std::string>>{{"id", "t3"}, {"round", "4"}}));
}

TEST(RecordReader, TheFormatVersionIsRequiredAndChecked) {
  EXPECT_EQ(ReadError("game: collusion\n").code, "missing-key");
  Finding version = ReadError("format: referee/2\ngame: collusion\n");
  EXPECT_EQ(version.code, "unknown-format");
  EXPECT_EQ(version.place.path, "/format");
}

TEST(RecordReader, UnknownGamesAndKeysSuggestTheNearestName) {
  Finding game = ReadError("format: referee/1\ngame: plonck\n");
  EXPECT_EQ(game.code, "unknown-game");
  EXPECT_NE(game.message.find("did you mean 'plonk'?"), std::string::npos) << game.message;
  Finding key = ReadError(kHeader + "deal: []\n");
  EXPECT_EQ(key.code, "unknown-key");
  EXPECT_EQ(key.place.path, "/deal");
  EXPECT_NE(key.message.find("did you mean 'deals'?"), std::string::npos) << key.message;
}

TEST(RecordReader, RuleOptionsAreStrict) {
  EXPECT_EQ(ReadError(kHeader + "rules: {target: 1e2}\ndeals: []\n").code, "bad-type");
  EXPECT_EQ(ReadError(kHeader + "rules: {target: \"100\"}\ndeals: []\n").code, "bad-type");
  EXPECT_EQ(ReadError(kHeader + "rules: {target: 0}\ndeals: []\n").code, "out-of-range");
  EXPECT_EQ(ReadError(kHeader + "rules: {target: 18446744073709551616}\ndeals: []\n").code,
            "out-of-range");
  Finding unknown = ReadError(kHeader + "rules: {targt: 50}\ndeals: []\n");
  EXPECT_EQ(unknown.code, "unknown-key");
  EXPECT_EQ(unknown.place.path, "/rules/targt");
}

// Plonk declares target before dealer_rotation: a record's options are read where they stand, so
// the first bad one in the record is the one reported, and a key that is no option comes first.
TEST(RecordReader, TheFirstBadRuleOptionInTheRecordIsReported) {
  const std::string plonk =
      "format: referee/1\ngame: plonk\nplayers: {N: a, E: b, S: c, W: d}\ndeals: []\n";
  Finding both = ReadError(plonk + "rules: {dealer_rotation: sideways, target: 0}\n");
  EXPECT_EQ(both.place.path, "/rules/dealer_rotation") << both.message;
  Finding unknown = ReadError(plonk + "rules: {target: 0, targets: 50}\n");
  EXPECT_EQ(unknown.code, "unknown-key");
  EXPECT_EQ(unknown.place.path, "/rules/targets");
}

TEST(RecordReader, PlayersAreFourSeatsForTrickGames) {
  Finding missing =
      ReadError("format: referee/1\ngame: collusion\nplayers: {N: a, E: b, S: c}\ndeals: []\n");
  EXPECT_EQ(missing.code, "missing-key");
  EXPECT_EQ(missing.place.path, "/players");
  Finding listed =
      ReadError("format: referee/1\ngame: collusion\nplayers: [a, b, c, d]\ndeals: []\n");
  EXPECT_EQ(listed.code, "bad-type");
}

TEST(RecordReader, ACardInsideATrickStringHasItsOwnPath) {
  Finding bad =
      ReadError(kHeader + "deals:\n  - dealer: N\n    deck: \"2C 3C\"\n    tricks: [\"AS KX\"]\n");
  EXPECT_EQ(bad.code, "bad-card");
  EXPECT_EQ(bad.place.path, "/deals/0/tricks/0/1");
}

// A deal's members are gathered in one pass over its map, in whatever order they stand: a key no
// deal has is the finding wherever it is (before any value is read), a missing dealer is worded
// at the deal, and a game's own part is found among the others.
TEST(RecordReader, ADealsMembersAreFoundInAnyOrder) {
  Finding unknown =
      ReadError(kHeader + "deals:\n  - tricks: [\"AS KX\"]\n    deck: \"2C\"\n    dealr: N\n");
  EXPECT_EQ(unknown.code, "unknown-key");
  EXPECT_EQ(unknown.place.path, "/deals/0/dealr");
  Finding missing = ReadError(kHeader + "deals:\n  - deck: \"2C 3C\"\n    tricks: []\n");
  EXPECT_EQ(missing.code, "missing-key");
  EXPECT_EQ(missing.place.path, "/deals/0");
  EXPECT_NE(missing.message.find("dealer"), std::string::npos) << missing.message;
  Finding call = ReadError(
      "format: referee/1\ngame: conspiracy\nplayers: {N: a, E: b, S: c, W: d}\n"
      "deals:\n  - tricks: []\n    call: {by: N, tricks: 9000, trump: S}\n    dealer: W\n"
      "    deck: \"7C 8C\"\n");
  EXPECT_EQ(call.code, "out-of-range") << call.message;
  EXPECT_EQ(call.place.path, "/deals/0/call/tricks");
}

// A string of cards is read in one pass: a word that is no card is the finding at its word, but
// too many words is the finding whatever a word before the limit says (as for a list).
TEST(RecordReader, TooManyCardsInAStringIsTheFindingWhateverACardBeforeSays) {
  Finding bad = ReadError(kHeader +
                          "deals:\n  - dealer: N\n    deck: \"2C 3C\"\n"
                          "    tricks: [\"AS 10\u2660 KX 2C 3C 4C 5C 6C\"]\n");
  EXPECT_EQ(bad.code, "bad-card");
  EXPECT_EQ(bad.place.path, "/deals/0/tricks/0/2");
  Finding many = ReadError(kHeader +
                           "deals:\n  - dealer: N\n    deck: \"2C 3C\"\n"
                           "    tricks: [\"AS KX 2C 3C 4C 5C 6C 7C 8C\"]\n");
  EXPECT_EQ(many.code, "too-large");
  EXPECT_EQ(many.place.path, "/deals/0/tricks/0");
  Finding many_cards = ReadError(kHeader +
                                 "deals:\n  - dealer: N\n    deck: \"2C 3C\"\n"
                                 "    tricks: [\"AS KD 2C 3C 4C 5C 6C 7C 8C\"]\n");
  EXPECT_EQ(many_cards.code, "too-large");
}

TEST(RecordReader, OnePlayerAtSeveralSeatsIsADuplicatePlayerAtTheSecondSeat) {
  // The hostile-input run: this verified valid and credited alice with three matches.
  Finding twice = ReadError(
      "format: referee/1\ngame: collusion\nplayers: {N: alice, E: alice, S: alice, W: bob}\n"
      "deals: []\n");
  EXPECT_EQ(twice.code, "duplicate-player");
  EXPECT_EQ(twice.place.path, "/players/E");
  EXPECT_NE(twice.message.find("'alice'"), std::string::npos) << twice.message;
  EXPECT_NE(twice.message.find("N"), std::string::npos) << twice.message;
  Finding listed = ReadError(
      "format: referee/1\ngame: cahoots\nplayers: [ann, bob, ann]\ndeck: []\ngoals: []\n"
      "turns: []\n");
  EXPECT_EQ(listed.code, "duplicate-player");
  EXPECT_EQ(listed.place.path, "/players/2");
}

TEST(RecordReader, NamesAndIdsAreOneLineWithoutControlCharacters) {
  Finding tab = ReadError(
      "format: referee/1\ngame: collusion\nplayers: {N: \"al\\tice\", E: b, S: c, W: d}\n");
  EXPECT_EQ(tab.code, "control-character");
  EXPECT_EQ(tab.place.path, "/players/N");
  Finding line_break = ReadError(kHeader + "id: \"t\\n3\"\ndeals: []\n");
  EXPECT_EQ(line_break.code, "control-character");
  EXPECT_EQ(line_break.place.path, "/id");
  // A tree built without the readers is held to the same rule.
  Node escape = Node::Scalar(Node::Kind::kString, "\x1b[31mred", {});
  Result<std::string> read = ReadText(escape, "/players/N");
  ASSERT_FALSE(read.has_value());
  EXPECT_EQ(read.error().code, "control-character");
}

TEST(RecordReader, NotesAreFreeTextWithTabsAndLineBreaks) {
  auto record =
      ReadRecord(Yaml(kHeader + "notes: |\n  first line\n  \tindented by a tab\ndeals: []\n"));
  ASSERT_TRUE(record.has_value()) << record.error().message;
  EXPECT_EQ(record->metadata.at(0).second, "first line\n\tindented by a tab\n");
  Result<std::string> bell = ReadFreeText(Node::Scalar(Node::Kind::kString, "a\x07", {}), "/notes");
  ASSERT_FALSE(bell.has_value());
  EXPECT_EQ(bell.error().code, "control-character");
}

TEST(PositionOf, FindsWordsInsidePlainAndQuotedStrings) {
  Node root = Yaml("a:\n  - x: \"AS KS QS\"\n  - y: 2C 3C 4C\n");
  EXPECT_EQ(PositionOf(root, "/a/0/x/2"), (SourcePos{2, 15}));  // `  - x: "AS KS QS"`
  EXPECT_EQ(PositionOf(root, "/a/1/y/1"), (SourcePos{3, 11}));
  EXPECT_EQ(PositionOf(root, "/a/1/y"), (SourcePos{3, 8}));
  // A path that does not resolve gives its deepest existing ancestor.
  EXPECT_EQ(PositionOf(root, "/a/1/z"), (SourcePos{3, 5}));
}

TEST(PositionOf, ABlockCollectionIsPlacedAtItsKey) {
  Node root = Yaml("deals:\n  - dealer: N\n    tricks:\n      - 2C 3C\n");
  EXPECT_EQ(PositionOf(root, "/deals/0/tricks"), (SourcePos{3, 5}));
}

TEST(Fields, SecondsAreStrict) {
  auto seconds = [](const std::string& text) {
    return ReadSeconds(Yaml("t: " + text).members()[0].value, "/t");
  };
  EXPECT_EQ(*seconds("12"), 12000);
  EXPECT_EQ(*seconds("0.125"), 125);
  EXPECT_EQ(*seconds("61.5"), 61500);
  for (std::string bad : {"-1", "1.2345", "1e3", "\"12\"", "12s", ".5"}) {
    EXPECT_FALSE(seconds(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace referee::record
