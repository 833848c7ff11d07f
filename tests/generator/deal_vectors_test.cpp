// Pinned deals of every pack as `referee deal` prints them. The expected hands and decks were
// computed by scripts/seeded_deal.py (stdlib only, independent of referee):
//   python3 scripts/seeded_deal.py club-2026 1 52 --hands N
//   python3 scripts/seeded_deal.py club-2026 2 52 --hands E
//   python3 scripts/seeded_deal.py club-2026 1 32 --hands N
//   python3 scripts/seeded_deal.py club-2026 2 32 --hands E
//   python3 scripts/seeded_deal.py club-2026 1 56 --cahoots gamewright   (and spanish)
// so a change to either side of the published algorithm, or to how a board is dealt, fails here.
#include <gtest/gtest.h>

#include <map>

#include "generator/deals.h"
#include "generator/generator.h"
#include "referee/games/cahoots/cahoots_match.h"
#include "referee/games/registry.h"
#include "verifier/sha256.h"

namespace referee::generator {
namespace {

using Hands = std::map<std::string, std::string>;

record::Node Deals(const std::string& game, const std::string& boards,
                   const std::vector<std::string>& rules = {}, int players = 0) {
  const games::GameDescriptor* descriptor = games::FindGame(game);
  EXPECT_NE(descriptor, nullptr);
  auto options = ParseRules(*descriptor, rules);
  EXPECT_TRUE(options.has_value());
  auto range = ParseBoards(boards);
  EXPECT_TRUE(range.has_value());
  auto tree = DealTree({descriptor, *options, "club-2026", *range, players});
  EXPECT_TRUE(tree.has_value()) << (tree ? "" : tree.error().message);
  return *tree;
}

Hands HandsOf(const record::Node& board) {
  Hands hands;
  for (const record::Node::Member& member : board.Find("hands")->members()) {
    hands[member.key] = member.value.text();
  }
  return hands;
}

const record::Node& Board(const record::Node& tree, size_t index) {
  return tree.Find("boards")->items().at(index);
}

TEST(DealVectors, Pack52Board1DealtByNorth) {
  record::Node tree = Deals("collusion", "1");
  EXPECT_EQ(tree.Find("sha256")->text(),
            "6257c26e22398ac926e0c30f770da6d20de7551ace784a57bd5d1eb00c5be483");
  EXPECT_EQ(Board(tree, 0).Find("dealer")->text(), "N");
  EXPECT_EQ(HandsOf(Board(tree, 0)), (Hands{{"N", "2C TC KC 2D 3D 4D 9D JD QD 2H 3H JH 2S"},
                                            {"E", "4C 5C 6C 7C 9C 7D 5H 8H QH 8S JS KS AS"},
                                            {"S", "JC 5D 6D KD 4H 6H 9H TH KH AH 4S 5S 6S"},
                                            {"W", "3C 8C QC AC 8D TD AD 7H 3S 7S 9S TS QS"}}));
}

TEST(DealVectors, Pack52Board2DealtByEastIsTheSameForPlonk) {
  Hands expected{{"N", "2C 3C 4C 9C KC 3D 5D 6D 8D 4H 7H JH AS"},
                 {"E", "6C 4D 7D JD 2H 6H 9H 3S 6S 7S 9S JS QS"},
                 {"S", "7C 8C TC AC TD QD KD AD 5H 8H KH 5S 8S"},
                 {"W", "5C JC QC 2D 9D 3H TH QH AH 2S 4S TS KS"}};
  record::Node plonk = Deals("plonk", "1-2");
  ASSERT_EQ(plonk.Find("boards")->items().size(), 2u);
  EXPECT_EQ(Board(plonk, 1).Find("dealer")->text(), "E");
  EXPECT_EQ(HandsOf(Board(plonk, 1)), expected);
  EXPECT_EQ(HandsOf(Board(Deals("collusion", "2"), 0)), expected);
}

TEST(DealVectors, Pack32Boards1And2) {
  record::Node tree = Deals("conspiracy", "1-2");
  EXPECT_EQ(HandsOf(Board(tree, 0)), (Hands{{"N", "TC AC 9H TH QH 8S TS QS"},
                                            {"E", "JC QC 7D KD AD 7H 9S AS"},
                                            {"S", "7C KC TD JD QD JH KH JS"},
                                            {"W", "8C 9C 8D 9D 8H AH 7S KS"}}));
  EXPECT_EQ(HandsOf(Board(tree, 1)), (Hands{{"N", "7C 9C JC TD 8H KH 8S TS"},
                                            {"E", "KC 9D QD 7H 9H AH 9S JS"},
                                            {"S", "TC JD AD QH 7S QS KS AS"},
                                            {"W", "8C QC AC 7D 8D KD TH JH"}}));
}

constexpr const char* kGamewrightDeck =
    "7G 3O 1P 6O 5O 2U 1G 4O 1P 3P 5P 1O 3O 7O 4U 3U 6G 2P 6P 5G 1U 4G 4O 5U 5O 7P 1O 2P "
    "1G 3G 4P 3U 6U 2O 6P 2G 3P 2O 4P 5U 7O 6O 2U 5G 7G 7U 7U 1U 4G 2G 6G 5P 3G 7P 6U 4U";

TEST(DealVectors, CahootsDeckPerEdition) {
  EXPECT_EQ(Board(Deals("cahoots", "1"), 0).Find("deck")->text(), kGamewrightDeck);
  EXPECT_EQ(Board(Deals("cahoots", "1", {"edition=dutch"}), 0).Find("deck")->text(),
            kGamewrightDeck);
  EXPECT_EQ(Board(Deals("cahoots", "1", {"edition=spanish"}), 0).Find("deck")->text(),
            "7G 3Y 1B 6Y 5Y 2R 1G 4Y 1B 3B 5B 1Y 3Y 7Y 4R 3R 6G 2B 6B 5G 1R 4G 4Y 5R 5Y 7B 1Y "
            "2B 1G 3G 4B 3R 6R 2Y 6B 2G 3B 2Y 4B 5R 7Y 6Y 2R 5G 7G 7R 7R 1R 4G 2G 6G 5B 3G 7B "
            "6R 4R");
}

// The hands `referee deal --players 3` prints are the hands the engine deals from the same seed.
TEST(DealVectors, CahootsHandsAgreeWithTheEngine) {
  record::Node board = Board(Deals("cahoots", "1", {}, 3), 0);
  EXPECT_EQ(board.Find("hands")->items().at(0).text(), "7G 6O 1G 3P");
  EXPECT_EQ(board.Find("piles")->text(), "3O 7O 4U 3U");
  EXPECT_EQ(board.Find("draw")->text(), "40");
  const games::GameDescriptor& game = *games::FindGame("cahoots");
  MatchSetup setup{RuleOptions(game.options), {"a", "b", "c"}, "club-2026", &verifier::Sha256};
  std::unique_ptr<Match> match = game.new_match(setup);
  ASSERT_TRUE(match->Apply(match->SeededDeal()).has_value());
  const auto& cahoots = dynamic_cast<const games::cahoots::CahootsMatch&>(*match);
  for (int player = 0; player < 3; ++player) {
    EXPECT_EQ(games::cahoots::CardsText(cahoots.hands()[player], cahoots.edition()),
              board.Find("hands")->items().at(player).text());
  }
  std::vector<games::cahoots::NumberCard> piles;
  for (const auto& pile : cahoots.piles()) piles.push_back(pile.front());
  EXPECT_EQ(games::cahoots::CardsText(piles, cahoots.edition()), board.Find("piles")->text());
}

// python3 scripts/seeded_deal.py club-2026 2 56 --cahoots gamewright: the deck a record with
// `seed: club-2026` and `board: 2` is dealt (tests/games/cahoots/cahoots_board_test.cpp).
TEST(DealVectors, CahootsBoard2) {
  EXPECT_EQ(Board(Deals("cahoots", "2"), 0).Find("deck")->text(),
            "3U 5O 7P 4G 1G 1U 6U 5P 7U 7U 5G 4U 5P 3P 1O 7O 7O 5U 1P 7G 1P 6G 3G 4G 2G 6O 2G 6G "
            "2P 3P 7P 2O 3G 2U 4U 5U 6P 4P 2P 6O 1U 6U 3O 5G 1O 1G 4P 3U 2U 7G 4O 4O 5O 2O 6P 3O");
}

TEST(DealVectors, TextListsTheCommitmentAndEveryHand) {
  std::string text = DealText(Deals("collusion", "1"));
  EXPECT_EQ(text.substr(0, text.find("board")),
            "game: collusion\n"
            "sha256: 6257c26e22398ac926e0c30f770da6d20de7551ace784a57bd5d1eb00c5be483\n");
  EXPECT_NE(text.find("board 1, dealer N\n  N: 2C TC KC 2D 3D 4D 9D JD QD 2H 3H JH 2S\n"),
            std::string::npos);
}

TEST(DealVectors, BoardRanges) {
  ASSERT_TRUE(ParseBoards("3").has_value());
  EXPECT_EQ(ParseBoards("3")->first, 3);
  EXPECT_EQ(ParseBoards("2-5")->last, 5);
  EXPECT_FALSE(ParseBoards("0").has_value());
  EXPECT_FALSE(ParseBoards("5-2").has_value());
  EXPECT_FALSE(ParseBoards("x").has_value());
  EXPECT_FALSE(ParseBoards("1-").has_value());
}

}  // namespace
}  // namespace referee::generator
