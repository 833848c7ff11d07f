// A deal whose hands nobody entered (games::LiveHooks::deal_from_play, referee/games/trick/
// trick_unseen.h): hands that agree with every card played so far, a revoke found as soon as the
// cards prove it, and at the end of the deal the hands that were really dealt.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <sstream>

#include "formats/json_reader.h"
#include "live/session.h"
#include "referee/games/registry.h"

namespace referee {
namespace {

using record::Node;

Node Json(const std::string& text) { return *formats::ParseJson(text); }

Node PlayLine(const std::string& seat, const std::string& card) {
  return Json(R"({"event":"play","seat":")" + seat + R"(","card":")" + card + "\"}");
}

// The plays of a script "E:2H S:3C ...".
std::vector<Node> Plays(const std::string& script) {
  std::vector<Node> lines;
  std::istringstream words(script);
  for (std::string word; words >> word;)
    lines.push_back(PlayLine(word.substr(0, 1), word.substr(2)));
  return lines;
}

Result<Node> DealFor(const std::string& game, const std::vector<Node>& lines, int deal = 1) {
  const games::GameDescriptor* descriptor = games::FindGame(game);
  record::Record header;
  header.game = descriptor;
  return descriptor->live.deal_from_play(header, deal, lines);
}

std::vector<std::string> Words(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream stream(text);
  for (std::string word; stream >> word;) words.push_back(word);
  return words;
}

std::map<std::string, std::vector<std::string>> Hands(const Node& deal) {
  std::map<std::string, std::vector<std::string>> hands;
  for (const auto& member : deal.Find("hands")->members()) {
    hands[member.key] = Words(member.value.text());
    std::sort(hands[member.key].begin(), hands[member.key].end());
  }
  return hands;
}

bool Holds(const std::vector<std::string>& hand, const std::string& card) {
  return std::find(hand.begin(), hand.end(), card) != hand.end();
}

TEST(TrickUnseen, BeforeAnyCardEachSeatHoldsAQuarterOfThePackAndNorthDealsTheFirstDeal) {
  for (auto [game, size] : {std::pair{"collusion", 13}, {"plonk", 13}, {"conspiracy", 8}}) {
    auto deal = DealFor(game, {});
    ASSERT_TRUE(deal.has_value()) << game;
    EXPECT_EQ(deal->Find("dealer")->text(), "N");
    std::vector<std::string> all;
    for (const auto& [seat, hand] : Hands(*deal)) {
      EXPECT_EQ(hand.size(), static_cast<size_t>(size)) << game << " " << seat;
      all.insert(all.end(), hand.begin(), hand.end());
    }
    std::sort(all.begin(), all.end());
    EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end()) << game;
    EXPECT_EQ(all.size(), static_cast<size_t>(4 * size)) << game;
  }
  auto second = DealFor("collusion", {}, 2);
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(second->Find("dealer"), nullptr) << "the rules name every dealer after the first";
}

// Collusion: "You must follow suit if you can" (rules.md). South did not follow hearts: it is
// given no heart; each seat holds the cards it played.
TEST(TrickUnseen, ASeatThatDidNotFollowASuitIsGivenNoCardOfIt) {
  auto deal = DealFor("collusion", Plays("E:2H S:3C W:4H N:5H"));
  ASSERT_TRUE(deal.has_value()) << deal.error().message;
  auto hands = Hands(*deal);
  for (const std::string& card : Words("2C 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")) {
    if (card != "2C") {
      EXPECT_FALSE(Holds(hands["S"], card)) << card;
    }
  }
  EXPECT_TRUE(Holds(hands["E"], "2H"));
  EXPECT_TRUE(Holds(hands["S"], "3C"));
  EXPECT_TRUE(Holds(hands["W"], "4H"));
  EXPECT_TRUE(Holds(hands["N"], "5H"));
}

// Plonk: "There is never any need to follow suit" (rules.md): no card shows a seat lacks a suit.
TEST(TrickUnseen, InPlonkNoCardIsARevoke) {
  EXPECT_TRUE(DealFor("plonk", Plays("E:2H S:3C W:4H N:5H N:6H E:7H S:8H")).has_value());
}

TEST(TrickUnseen, ASeatPlayingASuitItDidNotFollowRevoked) {
  auto deal = DealFor("collusion", Plays("E:2H S:3C W:4H N:5H N:6H E:7H S:8H"));
  ASSERT_FALSE(deal.has_value());
  EXPECT_EQ(deal.error().code, "revoke");
  EXPECT_EQ(deal.error().place.game.step.number, 2);
  EXPECT_EQ(deal.error().place.game.actor, "S");
  EXPECT_EQ(deal.error().place.game.card, "8H");
  EXPECT_NE(deal.error().message.find("did not follow hearts to trick 1 (it played 3C)"),
            std::string::npos)
      << deal.error().message;
  EXPECT_NE(deal.error().message.find("S revoked at trick 1"), std::string::npos);
}

// South, West and North show out of hearts at trick 1: the other twelve hearts are East's. East
// then leads a spade: twelve hearts, and room for eleven in the only hand that may hold them.
TEST(TrickUnseen, CardsThatOnlySeatsThatShowedOutCouldHoldMakeARevokeCertain) {
  EXPECT_TRUE(DealFor("collusion", Plays("E:2H S:3C W:4C N:5C")).has_value());
  auto deal = DealFor("collusion", Plays("E:2H S:3C W:4C N:5C E:2S"));
  ASSERT_FALSE(deal.has_value());
  EXPECT_EQ(deal.error().code, "revoke");
  EXPECT_EQ(deal.error().place.game.actor, "E");
  const std::string& message = deal.error().message;
  EXPECT_NE(message.find("12 cards of hearts"), std::string::npos) << message;
  EXPECT_NE(message.find("(E, room for 11)"), std::string::npos) << message;
  EXPECT_NE(message.find("N did not follow hearts to trick 1; S did not follow hearts to trick "
                         "1; W did not follow hearts to trick 1"),
            std::string::npos)
      << message;
}

TEST(TrickUnseen, ACardPlayedTwiceOrNotInThePackIsRefused) {
  auto twice = DealFor("collusion", Plays("E:2H S:2H"));
  ASSERT_FALSE(twice.has_value());
  EXPECT_EQ(twice.error().code, "card-not-in-hand");
  EXPECT_NE(twice.error().message.find("which E played to trick 1"), std::string::npos);
  auto six = DealFor("conspiracy", Plays("E:6S"));
  ASSERT_FALSE(six.has_value());
  EXPECT_EQ(six.error().code, "card-not-in-pack");
}

// The property: whatever the real hands, a deal played out legally is never refused card by card,
// the hands given always hold each seat's cards played, and once the last card is played they are
// the real hands. Every trick game, its calls included.
RC_GTEST_PROP(TrickUnseen, ALegalDealIsNeverRefusedAndEndsWithTheRealHands, ()) {
  const std::string game = *rc::gen::element<std::string>("collusion", "plonk", "conspiracy");
  const uint32_t seed = *rc::gen::arbitrary<uint32_t>();
  auto session = live::Session::Start(Json(
      R"({"format":"referee/1","game":")" + game +
      R"(","players":{"N":"a","E":"b","S":"c","W":"d"},"seed":"s)" + std::to_string(seed) + "\"}"));
  RC_ASSERT(session.has_value());
  RC_ASSERT(session->Handle(Json(R"({"event":"deal"})")).accepted.has_value());
  std::map<std::string, std::vector<std::string>> real;
  for (int seat = 0; seat < 4; ++seat) {
    Node state = session->StateFor(seat);
    std::vector<std::string> hand = Words(state.Find("view")->Find("hand")->text());
    std::sort(hand.begin(), hand.end());
    real[std::string(1, "NESW"[seat])] = hand;
  }
  std::mt19937 random(seed);
  std::vector<Node> lines;
  std::map<std::string, std::vector<std::string>> played;
  while (session->match().Next().phase != Phase::kDeal && !session->IsOver()) {
    std::vector<Event> legal = session->match().LegalEvents();
    RC_ASSERT(!legal.empty());
    Node line =
        session->record().game->live.write_event(legal[random() % legal.size()], session->record());
    RC_ASSERT(session->Handle(line).accepted.has_value());
    lines.push_back(line);
    if (const Node* card = line.Find("card"))
      played[line.Find("seat")->text()].push_back(card->text());
    auto deal = DealFor(game, lines);
    RC_ASSERT(deal.has_value());
    auto hands = Hands(*deal);
    for (const auto& [seat, cards] : played) {
      for (const std::string& card : cards) RC_ASSERT(Holds(hands[seat], card));
    }
  }
  RC_ASSERT(Hands(*DealFor(game, lines)) == real);
}

}  // namespace
}  // namespace referee
