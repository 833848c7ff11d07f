// A table played with real cards whose hands nobody entered ("hands": "unknown", docs/serve.md):
// its scorer enters every card, the referee checks each against hands that agree with the cards
// played so far, a revoke is caught when a later card proves it, and once a deal is played out its
// hands are exact and the record is an ordinary one, the same as if the hands had been known.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <sstream>

#include "live/session.h"
#include "tests/server/serve_disks.h"
#include "tests/server/serve_test_util.h"

namespace referee::testing {
namespace {

namespace fs = std::filesystem;

// Collusion to 10, without a seed: the cards are shuffled at the table.
std::string UnseededHeader(const std::string& game) {
  std::string rules = game == "collusion" ? R"({"target":10})" : R"({"deals":2})";
  return R"({"format":"referee/1","game":")" + game + R"(","rules":)" + rules + R"(,"players":)" +
         Players(game) + "}";
}

record::Node ParsedJson(const std::string& text) {
  auto node = formats::ParseJson(text);
  EXPECT_TRUE(node.has_value()) << text;
  return node.has_value() ? *node : record::Node::Map({});
}

class ServeUnknownHandsTest : public ::testing::Test {
 public:
  ServeUnknownHandsTest() : data_(ServeScratch("unknown-hands")) { Start(); }

  void Start() {
    client_.reset();
    server_.reset();
    server_ = std::make_unique<TestServer>(
        data_, [this](server::ServerOptions& options) { options.service.disk = &disk_; });
    client_ = std::make_unique<server::HttpClient>("127.0.0.1", server_->port());
  }

  server::ClientResponse Call(const std::string& method, const std::string& target,
                              const std::string& token = "", const std::string& body = "") {
    auto response = client_->Request(method, target, token, body);
    EXPECT_TRUE(response.has_value()) << response.error();
    return response.has_value() ? *response : server::ClientResponse{};
  }

  // A table with hands unknown and its scorer's token.
  std::pair<CreatedTable, std::string> Open(const std::string& game) {
    CreatedTable table = CreateTable(*client_, UnseededHeader(game), R"(,"hands":"unknown")");
    server::ClientResponse reply =
        Call("POST", "/tables/" + table.id + "/tokens", kOrganiser, R"({"scorer":true})");
    EXPECT_EQ(reply.status, 200) << reply.body;
    return {table, Text(reply.json, "scorer")};
  }

  server::ClientResponse Enter(const CreatedTable& table, const std::string& scorer,
                               const record::Node& line) {
    return Call("POST", "/tables/" + table.id + "/events", scorer, Json(line));
  }
  server::ClientResponse Play(const CreatedTable& table, const std::string& scorer,
                              const std::string& card) {
    return Call("POST", "/tables/" + table.id + "/events", scorer,
                R"({"event":"play","card":")" + card + "\"}");
  }

  TestDisk disk_;
  fs::path data_;
  std::unique_ptr<TestServer> server_;
  std::unique_ptr<server::HttpClient> client_;
};

// A hand as a sorted list of its cards, whether written as a list or as one string.
std::vector<std::string> Cards(const record::Node& hand) {
  std::vector<std::string> cards;
  if (hand.IsList()) {
    for (const record::Node& card : hand.items()) cards.push_back(card.text());
  } else {
    std::istringstream words(hand.text());
    for (std::string card; words >> card;) cards.push_back(card);
  }
  std::sort(cards.begin(), cards.end());
  return cards;
}

// The real hands: a session that knows them (dealt from a seed) plays a legal event at random for
// the one to move, and the scorer enters the same event. Every one is accepted, the scorer's state
// never holds a hand, a restart mid-deal shows the same state, and the finished record has every
// deal with the hands that were really dealt, and is valid.
void EntersAWholeMatch(ServeUnknownHandsTest& test, const std::string& game) {
  auto [table, scorer] = test.Open(game);
  ASSERT_EQ(scorer.size(), 64u);
  EXPECT_TRUE(table.tokens.empty()) << "the seats play on the table, not from a link";
  std::string header = UnseededHeader(game);
  header.insert(header.size() - 1, R"(,"seed":"the-real-cards")");
  auto oracle = live::Session::Start(ParsedJson(header));
  ASSERT_TRUE(oracle.has_value());
  std::mt19937 random(7);
  std::vector<std::map<std::string, std::vector<std::string>>> dealt;  // each deal's real hands
  int entered = 0;
  while (!oracle->IsOver()) {
    if (oracle->match().Next().phase == Phase::kDeal) {
      ASSERT_TRUE(oracle->Handle(ParsedJson(R"({"event":"deal"})")).accepted);
      dealt.emplace_back();
      for (int seat = 0; seat < 4; ++seat) {
        record::Node state = oracle->StateFor(seat);
        dealt.back()[std::string(1, "NESW"[seat])] = Cards(Member(Member(state, "view"), "hand"));
      }
      continue;
    }
    std::vector<Event> legal = oracle->match().LegalEvents();
    ASSERT_FALSE(legal.empty());
    const Event& chosen = legal[random() % legal.size()];
    record::Node line = oracle->record().game->live.write_event(chosen, oracle->record());
    server::ClientResponse reply = test.Enter(table, scorer, line);
    ASSERT_EQ(reply.status, 200) << Json(line) << " " << reply.body;
    ASSERT_TRUE(oracle->Handle(line).accepted);
    // The scorer sees the trick and the cards played, never a hand: until a deal is played out,
    // the referee's hands are only hands that agree with what was played.
    server::ClientResponse state = test.Call("GET", "/tables/" + table.id + "/wait", scorer);
    EXPECT_EQ(state.body.find("\"hand\""), std::string::npos) << state.body;
    if (++entered == 10) {
      std::string before = test.Call("GET", "/tables/" + table.id).body;
      test.Start();
      EXPECT_EQ(test.Call("GET", "/tables/" + table.id).body, before);
    }
  }
  server::ClientResponse info = test.Call("GET", "/tables/" + table.id);
  EXPECT_EQ(Text(info.json, "status"), "over") << info.body;
  EXPECT_EQ(Text(Member(info.json, "result"), "status"), "valid") << info.body;
  server::ClientResponse record = test.Call("GET", "/tables/" + table.id + "/record");
  ASSERT_EQ(record.status, 200) << record.body;
  const record::Node& deals = Member(record.json, "deals");
  ASSERT_EQ(deals.items().size(), dealt.size()) << record.body;
  for (size_t i = 0; i < dealt.size(); ++i) {
    for (const auto& [seat, cards] : dealt[i]) {
      EXPECT_EQ(Cards(Member(Member(deals.items()[i], "hands"), seat.c_str())), cards)
          << "deal " << i + 1 << ", " << seat;
    }
  }
}

TEST_F(ServeUnknownHandsTest, AWholeCollusionMatchEnteredCardByCardEndsWithTheRealHands) {
  EntersAWholeMatch(*this, "collusion");
}

// Conspiracy's call is entered too, before the deal's hands are known.
TEST_F(ServeUnknownHandsTest, AWholeConspiracyMatchWithItsCallsEndsWithTheRealHands) {
  EntersAWholeMatch(*this, "conspiracy");
}

// Trick 1: East leads the 2H, South shows out with the 3C, West and North follow; North's 5H
// wins and leads the 6H; East follows; South's 8H proves the revoke of trick 1, and is refused.
TEST_F(ServeUnknownHandsTest, ARevokeIsCaughtWhenALaterCardOfTheSeatProvesIt) {
  auto [table, scorer] = Open("collusion");
  for (const char* card : {"2H", "3C", "4H", "5H", "6H", "7H"}) {
    server::ClientResponse reply = Play(table, scorer, card);
    ASSERT_EQ(reply.status, 200) << card << " " << reply.body;
  }
  int events = std::stoi(Text(Call("GET", "/tables/" + table.id).json, "events"));
  server::ClientResponse revoke = Play(table, scorer, "8H");
  EXPECT_EQ(revoke.status, 422) << revoke.body;
  EXPECT_EQ(Text(revoke.json, "code"), "revoke");
  std::string message = Text(revoke.json, "message");
  EXPECT_NE(message.find("S revoked at trick 1"), std::string::npos) << message;
  EXPECT_EQ(std::stoi(Text(Call("GET", "/tables/" + table.id).json, "events")), events);
  // South holds no heart, as far as anyone can tell: any other card goes on.
  EXPECT_EQ(Play(table, scorer, "8D").status, 200);
}

// A card already played, a seed, a game whose hands cannot be learnt, a seat's token: refused.
TEST_F(ServeUnknownHandsTest, WhatATableWithHandsUnknownRefuses) {
  auto [table, scorer] = Open("collusion");
  ASSERT_EQ(Play(table, scorer, "2H").status, 200);
  server::ClientResponse twice = Play(table, scorer, "2H");
  EXPECT_EQ(Text(twice.json, "code"), "card-not-in-hand") << twice.body;
  EXPECT_NE(Text(twice.json, "message").find("E played to trick 1"), std::string::npos)
      << twice.body;
  // A card that cannot be read is refused as at any table.
  EXPECT_EQ(Text(Play(table, scorer, "ZZ").json, "code"), "bad-card");
  auto [thirty_two, its_scorer] = Open("conspiracy");
  EXPECT_EQ(Text(Play(thirty_two, its_scorer, "6S").json, "code"), "card-not-in-pack")
      << "not in Conspiracy's pack";
  auto seeded = Call("POST", "/tables", kOrganiser,
                     R"({"header":)" + SmallHeader("plonk", "s") + R"(,"hands":"unknown"})");
  EXPECT_EQ(seeded.status, 400) << seeded.body;
  auto cahoots = Call("POST", "/tables", kOrganiser,
                      R"({"header":)" + SmallHeader("cahoots", "s") + R"(,"hands":"unknown"})");
  EXPECT_EQ(cahoots.status, 400) << cahoots.body;
  auto wrong = Call("POST", "/tables", kOrganiser,
                    R"({"header":)" + UnseededHeader("plonk") + R"(,"hands":"maybe"})");
  EXPECT_EQ(Text(wrong.json, "code"), "bad-option") << wrong.body;
  auto clocked =
      Call("POST", "/tables", kOrganiser,
           R"({"header":)" + UnseededHeader("plonk") + R"(,"hands":"unknown","move_seconds":30})");
  EXPECT_EQ(Text(clocked.json, "code"), "bad-option") << clocked.body;
  server::ClientResponse seats =
      Call("POST", "/tables/" + table.id + "/tokens", kOrganiser, R"({"seats":["E"]})");
  EXPECT_EQ(Text(seats.json, "code"), "hands-unknown") << seats.body;
}

}  // namespace
}  // namespace referee::testing
