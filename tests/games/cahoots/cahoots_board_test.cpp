// A seeded Cahoots record names its board as the trick games' deals do (record-format.md,
// "Seeded deals"): `board: b` deals the deck of board b of the record seed, so every table of a
// duplicate event plays the same deck. Regression: `board` was an unknown key and a seeded Cahoots
// record could only be dealt from board 1.
#include <gtest/gtest.h>

#include "formats/json_reader.h"
#include "formats/yaml_reader.h"
#include "live/session.h"
#include "referee/games/cahoots/cahoots_cards.h"
#include "referee/games/game_record.h"
#include "referee/record/record_writer.h"
#include "tests/games/cahoots/cahoots_test_util.h"
#include "verifier/sha256.h"
#include "verifier/verifier.h"

namespace referee::games::cahoots {
namespace {

// python3 scripts/seeded_deal.py club-2026 2 56 --cahoots gamewright (independent of referee).
constexpr const char* kBoard2 =
    "3U 5O 7P 4G 1G 1U 6U 5P 7U 7U 5G 4U 5P 3P 1O 7O 7O 5U 1P 7G 1P 6G 3G 4G 2G 6O 2G 6G 2P 3P "
    "7P 2O 3G 2U 4U 5U 6P 4P 2P 6O 1U 6U 3O 5G 1O 1G 4P 3U 2U 7G 4O 4O 5O 2O 6P 3O";

std::string Header(const std::string& players, const std::string& extra) {
  return "format: referee/1\ngame: cahoots\nrules: {goal_count: 1}\nplayers: " + players +
         "\nseed: club-2026\n" + extra + "goals:\n  - {kind: sum-all, total: 28}\n";
}

Result<record::Record> Read(const std::string& text) {
  auto node = formats::ParseYaml(text);
  if (!node) return Fail(node.error());
  return record::ReadRecord(*node);
}

// The deck the match was dealt, rebuilt from the hands (dealt one card at a time in turn order),
// the pile starters and the draw pile, before any turn.
std::string DealtDeck(const record::Record& record) {
  std::unique_ptr<Match> match = record.game->new_match(verifier::SetupFor(record));
  auto ruling = match->Apply(std::get<Event>(record.entries.at(0).item));
  EXPECT_TRUE(ruling.has_value()) << (ruling ? "" : ruling.error().message);
  const auto& cahoots = dynamic_cast<const CahootsMatch&>(*match);
  std::vector<NumberCard> deck;
  for (int round = 0; round < kHandSize; ++round) {
    for (const auto& hand : cahoots.hands()) deck.push_back(hand.at(round));
  }
  for (const auto& pile : cahoots.piles()) deck.push_back(pile.front());
  for (NumberCard card : cahoots.draw_pile()) deck.push_back(card);
  return CardsText(deck, cahoots.edition());
}

TEST(CahootsBoard, TheSameSeedAndBoardDealTheSameDeckAtEveryTable) {
  auto two = Read(Header("[ann, bob]", "board: 2\n") + "turns: []\n");
  ASSERT_TRUE(two.has_value()) << two.error().message;
  EXPECT_EQ(DealtDeck(*two), kBoard2);
  auto four = Read(Header("[cy, dee, eve, fay]", "board: 2\n") + "turns: []\n");
  ASSERT_TRUE(four.has_value()) << four.error().message;
  EXPECT_EQ(DealtDeck(*four), kBoard2);
  auto board_one = Read(Header("[ann, bob]", "board: 1\n") + "turns: []\n");
  auto no_board = Read(Header("[ann, bob]", "") + "turns: []\n");
  ASSERT_TRUE(board_one.has_value() && no_board.has_value());
  EXPECT_NE(DealtDeck(*board_one), kBoard2);
  EXPECT_EQ(DealtDeck(*board_one), DealtDeck(*no_board));  // the default board is 1
}

TEST(CahootsBoard, ADeckGivenWithABoardMustBeThatBoardsDeck) {
  auto agrees = Read(Header("[ann, bob]", "board: 2\ndeck: \"" + std::string(kBoard2) + "\"\n") +
                     "turns: []\n");
  ASSERT_TRUE(agrees.has_value()) << agrees.error().message;
  EXPECT_EQ(verifier::VerifyRecord(*agrees, "agrees").findings.size(), 0u);
  auto board_one = Read(Header("[ann, bob]", "") + "turns: []\n");
  ASSERT_TRUE(board_one.has_value());
  std::string deck_one = DealtDeck(*board_one);
  auto differs =
      Read(Header("[ann, bob]", "board: 2\ndeck: \"" + deck_one + "\"\n") + "turns: []\n");
  ASSERT_TRUE(differs.has_value()) << differs.error().message;
  verifier::Verdict verdict = verifier::VerifyRecord(*differs, "differs");
  ASSERT_FALSE(verdict.findings.empty());
  EXPECT_EQ(verdict.findings[0].code, "deal-mismatch");
  EXPECT_EQ(verdict.findings[0].place.path, "/deck/0");
}

TEST(CahootsBoard, ABoardNeedsASeedAndANumberInRange) {
  std::string unseeded =
      "format: referee/1\ngame: cahoots\nrules: {goal_count: 1}\nplayers: [ann, bob]\nboard: 2\n"
      "deck: \"" +
      std::string(kBoard2) + "\"\ngoals:\n  - {kind: sum-all, total: 28}\nturns: []\n";
  auto no_seed = Read(unseeded);
  ASSERT_FALSE(no_seed.has_value());
  EXPECT_EQ(no_seed.error().code, "missing-key");
  EXPECT_EQ(no_seed.error().place.path, "/board");
  for (const char* bad : {"board: 0\n", "board: 1000001\n", "board: two\n"}) {
    auto record = Read(Header("[ann, bob]", bad) + "turns: []\n");
    ASSERT_FALSE(record.has_value()) << bad;
    EXPECT_EQ(record.error().place.path, "/board") << bad;
  }
}

TEST(CahootsBoard, TheCanonicalWriterWritesTheBoardBack) {
  auto record = Read(Header("[ann, bob]", "board: 7\n") + "turns: []\n");
  ASSERT_TRUE(record.has_value()) << record.error().message;
  record::Node written = record::WriteRecord(*record);
  ASSERT_NE(written.Find("board"), nullptr);
  EXPECT_EQ(written.Find("board")->text(), "7");
  std::vector<std::string> keys;
  for (const record::Node::Member& member : written.members()) keys.push_back(member.key);
  EXPECT_EQ(keys, (std::vector<std::string>{"format", "game", "rules", "players", "seed", "board",
                                            "goals", "turns"}));
  auto again = record::ReadRecord(written);
  ASSERT_TRUE(again.has_value()) << again.error().message;
  EXPECT_EQ(DealtDeck(*again), DealtDeck(*record));
}

// The live header is read as a record, so a table of a duplicate event names its board there.
TEST(CahootsBoard, ALiveHeaderMayNameItsBoard) {
  auto header = formats::ParseJson(
      R"({"format":"referee/1","game":"cahoots","rules":{"goal_count":1},"players":["ann","bob"],)"
      R"("seed":"club-2026","board":2,"goals":[{"kind":"sum-all","total":28}]})");
  ASSERT_TRUE(header.has_value());
  auto session = live::Session::Start(*header);
  ASSERT_TRUE(session.has_value()) << session.error().message;
  EXPECT_EQ(DealtDeck(session->record()), kBoard2);
  const auto& cahoots = dynamic_cast<const CahootsMatch&>(session->match());
  EXPECT_EQ(CardsText(cahoots.hands()[0], cahoots.edition()), "3U 7P 1G 6U");
}

}  // namespace
}  // namespace referee::games::cahoots
