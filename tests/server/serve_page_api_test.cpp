// What the table API gives the pages (server/page_api.h, docs/serve.md "For the pages"): the score
// sheet, the scorer's token and what it sees, and an event posted with its number applied once
// however often it is posted, before and after a restart, and while its sync is under way.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <thread>

#include "server/bot_client.h"
#include "tests/server/serve_disks.h"
#include "tests/server/serve_test_util.h"

namespace referee::testing {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> Words(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream stream(text);
  for (std::string word; stream >> word;) words.push_back(word);
  return words;
}

class ServePageApiTest : public ::testing::Test {
 protected:
  ServePageApiTest() : data_(ServeScratch("page-api")) { Start(); }

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
  std::string Code(const server::ClientResponse& response) { return Text(response.json, "code"); }
  int Events(const std::string& id) {
    return std::stoi(Text(Call("GET", "/tables/" + id).json, "events"));
  }

  // The seat to play and the first event its legal list holds.
  std::pair<size_t, std::string> FirstLegal(const CreatedTable& table) {
    server::ClientResponse info = Call("GET", "/tables/" + table.id);
    size_t seat = std::string("NESW").find(Text(Member(info.json, "next"), "seat"));
    EXPECT_NE(seat, std::string::npos) << info.body;
    if (seat == std::string::npos) return {0, ""};
    server::ClientResponse legal =
        Call("GET", "/tables/" + table.id + "/legal", table.tokens[seat]);
    return {seat, Json(Member(legal.json, "legal").items().at(0))};
  }

  std::string Scorer(const CreatedTable& table) {
    server::ClientResponse reply =
        Call("POST", "/tables/" + table.id + "/tokens", kOrganiser, R"({"scorer":true})");
    EXPECT_EQ(reply.status, 200) << reply.body;
    return Text(reply.json, "scorer");
  }

  TestDisk disk_;
  fs::path data_;
  std::unique_ptr<TestServer> server_;
  std::unique_ptr<server::HttpClient> client_;
};

// The sheet names the game's scoring units before any deal is scored, gains each deal as it is
// scored, and its totals are the sum of its deals; once the match is over it says the result.
TEST_F(ServePageApiTest, TheSheetHoldsEveryDealScoredAndTheResultAtTheEnd) {
  CreatedTable table = CreateTable(*client_, SmallHeader("collusion", "sheet"));
  std::string base = "/tables/" + table.id;
  server::ClientResponse before = Call("GET", base + "/sheet");
  ASSERT_EQ(before.status, 200) << before.body;
  EXPECT_EQ(Json(Member(before.json, "units")), R"(["N","E","S","W"])");
  EXPECT_TRUE(Member(before.json, "deals").items().empty());
  EXPECT_EQ(before.json.Find("result"), nullptr);
  std::vector<std::unique_ptr<Bot>> bots;
  for (int i = 0; i < 4; ++i) bots.push_back(std::make_unique<RandomBot>());
  auto played = server::DriveTable(server_->port(), table.id, table.tokens, bots, 7);
  ASSERT_TRUE(played.has_value()) << played.error();
  server::ClientResponse after = Call("GET", base + "/sheet");
  const record::Node& deals = Member(after.json, "deals");
  ASSERT_FALSE(deals.items().empty()) << after.body;
  std::map<std::string, int> sums;
  for (const record::Node& deal : deals.items()) {
    EXPECT_FALSE(Text(deal, "label").empty()) << after.body;
    EXPECT_EQ(Text(deal, "void"), "false");
    for (const auto& member : Member(deal, "points").members()) {
      sums[member.key] += std::stoi(member.value.text());
    }
  }
  for (const auto& member : Member(after.json, "totals").members()) {
    EXPECT_EQ(sums[member.key], std::stoi(member.value.text())) << member.key << after.body;
  }
  EXPECT_NE(Text(after.json, "result").find("win"), std::string::npos) << after.body;
  EXPECT_EQ(Text(after.json, "events"), std::to_string(Events(table.id)));
}

// The scorer plays for the seat whose turn it is, or for the seat it names (the rules then decide),
// and sees what every seat sees: the trick, the cards played and the pack, never a hand or a card
// a seat may play.
TEST_F(ServePageApiTest, TheScorerActsForEverySeatAndSeesNoHand) {
  CreatedTable table = CreateTable(*client_, SmallHeader("collusion", "scorer"));
  std::string base = "/tables/" + table.id;
  std::string scorer = Scorer(table);
  ASSERT_EQ(scorer.size(), 64u);
  server::ClientResponse state = Call("GET", base + "/wait", scorer);
  ASSERT_EQ(state.status, 200) << state.body;
  EXPECT_EQ(state.body.find("\"hand\""), std::string::npos) << state.body;
  EXPECT_EQ(Words(Text(Member(state.json, "view"), "pack")).size(), 52u) << state.body;
  EXPECT_TRUE(Member(state.json, "legal").items().empty()) << state.body;
  for (int move = 0; move < 6; ++move) {
    auto [seat, line] = FirstLegal(table);
    record::Node event = *formats::ParseJson(line);
    std::string card = Text(event, "card");
    server::ClientResponse played =
        Call("POST", base + "/events", scorer, R"({"event":"play","card":")" + card + "\"}");
    ASSERT_EQ(played.status, 200) << played.body;
    EXPECT_EQ(Text(Member(played.json, "event"), "seat"), std::string(1, "NESW"[seat]));
  }
  server::ClientResponse now = Call("GET", base + "/wait", scorer);
  EXPECT_EQ(Words(Text(Member(now.json, "view"), "played")).size(), 6u) << now.body;
  EXPECT_EQ(now.body.find("\"hand\""), std::string::npos) << now.body;
  // Naming a seat whose turn it is not: the rules refuse it, as they would the seat itself.
  std::string to_play = Text(Member(now.json, "next"), "seat");
  std::string other = to_play == "N" ? "E" : "N";
  server::ClientResponse early = Call("POST", base + "/events", scorer,
                                      R"({"event":"play","seat":")" + other + R"(","card":"2C"})");
  EXPECT_EQ(early.status, 422) << early.body;
  EXPECT_EQ(Code(early), "out-of-turn");
  EXPECT_EQ(
      Code(Call("POST", base + "/events", scorer, R"({"event":"play","seat":"X","card":"2C"})")),
      "unknown-seat");
  EXPECT_EQ(Code(Call("POST", base + "/events", scorer, R"({"event":"deal"})")), "not-the-dealer");
  EXPECT_EQ(Code(Call("GET", base + "/view", scorer)), "no-seat");
  EXPECT_EQ(Code(Call("POST", base + "/cancel", scorer)), "organiser-only");
  EXPECT_EQ(Code(Call("POST", base + "/tokens", scorer, R"({"scorer":true})")), "organiser-only");
  EXPECT_EQ(Events(table.id), 7);  // the deal and six cards
}

// A game with a call: the scorer's legal events are the calls (they name no card), for the seat
// that calls.
TEST_F(ServePageApiTest, TheScorerIsOfferedTheCallsButNoCard) {
  CreatedTable table = CreateTable(*client_, SmallHeader("conspiracy", "scorer-call"));
  std::string base = "/tables/" + table.id;
  std::string scorer = Scorer(table);
  server::ClientResponse state = Call("GET", base + "/wait", scorer);
  const record::Node& legal = Member(state.json, "legal");
  ASSERT_FALSE(legal.items().empty()) << state.body;
  for (const record::Node& event : legal.items()) {
    EXPECT_EQ(Text(event, "event"), "call");
    EXPECT_EQ(event.Find("card"), nullptr);
  }
  EXPECT_EQ(state.body.find("known_hands"), std::string::npos) << state.body;
  server::ClientResponse called = Call("POST", base + "/events", scorer, Json(legal.items()[0]));
  EXPECT_EQ(called.status, 200) << called.body;
  EXPECT_TRUE(Member(Call("GET", base + "/wait?after=1", scorer).json, "legal").items().empty());
}

// The scorer's token is journaled: it works after a restart, a re-issue of the seats' tokens keeps
// it, and a new one replaces it.
TEST_F(ServePageApiTest, TheScorersTokenIsKeptAcrossARestartAndReplacedByANewOne) {
  CreatedTable table = CreateTable(*client_, SmallHeader("plonk", "scorer-token"));
  std::string base = "/tables/" + table.id;
  EXPECT_EQ(Code(Call("GET", base + "/wait", "0123456789abcdef")), "wrong-token");
  EXPECT_EQ(Code(Call("POST", base + "/tokens", kOrganiser, R"({"scorer":false})")), "bad-type");
  EXPECT_EQ(Code(Call("POST", base + "/tokens", kOrganiser, R"({"scorer":true,"seats":["E"]})")),
            "bad-type");
  EXPECT_EQ(Code(Call("POST", base + "/tokens", table.tokens[0], R"({"scorer":true})")),
            "organiser-only");
  std::string scorer = Scorer(table);
  Start();
  EXPECT_EQ(Call("GET", base + "/wait", scorer).status, 200);
  ASSERT_EQ(Call("POST", base + "/tokens", kOrganiser, R"({"seats":["E"]})").status, 200);
  Start();
  EXPECT_EQ(Call("GET", base + "/wait", scorer).status, 200);
  EXPECT_EQ(Call("GET", base + "/wait", table.tokens[0]).status, 200);
  std::string fresh = Scorer(table);
  EXPECT_NE(fresh, scorer);
  EXPECT_EQ(Code(Call("GET", base + "/wait", scorer)), "wrong-token");
  Start();
  EXPECT_EQ(Code(Call("GET", base + "/wait", scorer)), "wrong-token");
  EXPECT_EQ(Call("GET", base + "/wait", fresh).status, 200);
}

// A POST that names its event number, sent again, gets the first reply and moves nothing; the same
// number from another seat, or one ahead of the table, is refused with where the table stands.
TEST_F(ServePageApiTest, AnEventPostedTwiceWithItsNumberIsAppliedOnce) {
  CreatedTable table = CreateTable(*client_, SmallHeader("collusion", "retry"));
  std::string base = "/tables/" + table.id;
  int events = Events(table.id);
  auto [seat, line] = FirstLegal(table);
  std::string target = base + "/events?event=" + std::to_string(events + 1);
  server::ClientResponse first = Call("POST", target, table.tokens[seat], line);
  ASSERT_EQ(first.status, 200) << first.body;
  server::ClientResponse again = Call("POST", target, table.tokens[seat], line);
  EXPECT_EQ(again.status, 200);
  EXPECT_EQ(again.body, first.body);
  EXPECT_EQ(Events(table.id), events + 1);
  // Another body with that number is another event, come after the table moved on: refused, not
  // taken for the first one (a page that posts with a stale count learns where the table stands).
  server::ClientResponse other_card =
      Call("POST", target, table.tokens[seat], R"({"event":"play","card":"AS"})");
  EXPECT_EQ(other_card.status, 409) << other_card.body;
  EXPECT_EQ(Code(other_card), "event-taken");
  server::ClientResponse taken = Call("POST", target, table.tokens[(seat + 1) % 4], line);
  EXPECT_EQ(taken.status, 409) << taken.body;
  EXPECT_EQ(Code(taken), "event-taken");
  EXPECT_EQ(Text(taken.json, "events"), std::to_string(events + 1));
  EXPECT_NE(taken.json.Find("next"), nullptr);
  server::ClientResponse ahead =
      Call("POST", base + "/events?event=" + std::to_string(events + 5), table.tokens[0], line);
  EXPECT_EQ(Code(ahead), "event-number");
  EXPECT_EQ(Code(Call("POST", base + "/events?event=x", table.tokens[0], line)), "bad-query");
  // A refused event is ruled again when it comes again: nothing was applied.
  auto [next_seat, next_line] = FirstLegal(table);
  std::string next_target = base + "/events?event=" + std::to_string(events + 2);
  std::string bad = R"({"event":"play","card":"1X"})";
  EXPECT_EQ(Call("POST", next_target, table.tokens[next_seat], bad).status, 422);
  EXPECT_EQ(Call("POST", next_target, table.tokens[next_seat], bad).status, 422);
  EXPECT_EQ(Events(table.id), events + 1);
  // After a restart the last event of each seat is known from the journal: its retry is answered
  // with the event and where the table stands, not applied again.
  server::ClientResponse second = Call("POST", next_target, table.tokens[next_seat], next_line);
  ASSERT_EQ(second.status, 200) << second.body;
  Start();
  server::ClientResponse resumed = Call("POST", next_target, table.tokens[next_seat], next_line);
  EXPECT_EQ(resumed.status, 200) << resumed.body;
  EXPECT_EQ(Json(Member(resumed.json, "event")), Json(Member(second.json, "event")));
  EXPECT_EQ(Json(Member(resumed.json, "next")), Json(Member(Call("GET", base).json, "next")));
  EXPECT_EQ(
      Code(Call("POST", next_target, table.tokens[next_seat], R"({"event":"play","card":"AS"})")),
      "event-taken");
  EXPECT_EQ(Code(Call("POST", next_target, table.tokens[seat], line)), "event-taken");
  EXPECT_EQ(Events(table.id), events + 2);
}

// A retry that arrives while its event's sync is under way waits for the sync, as the first
// request does: nothing is acknowledged before it is durable, and a failed sync fails both.
TEST_F(ServePageApiTest, ARetryDuringItsEventsSyncWaitsForIt) {
  CreatedTable table = CreateTable(*client_, SmallHeader("collusion", "retry-sync"));
  // The event is posted, its sync held at the gate, then posted again; the gate opens (or the
  // disk fails) once the retry has had the time to be answered too early.
  auto post_twice = [&](bool fail) {
    int events = Events(table.id);
    auto [seat, line] = FirstLegal(table);
    std::string target = "/tables/" + table.id + "/events?event=" + std::to_string(events + 1);
    std::vector<server::ClientResponse> got(2);
    auto post = [&, seat = seat, line = line](size_t which) {
      server::HttpClient own("127.0.0.1", server_->port());
      if (auto reply = own.Request("POST", target, table.tokens[seat], line)) got[which] = *reply;
    };
    disk_.Shut();
    std::thread first(post, 0);
    EXPECT_TRUE(disk_.WaitForHeldSync());
    std::thread second(post, 1);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_EQ(got[1].status, 0) << "the retry was answered before its event was durable";
    if (fail) disk_.FailSyncs();
    disk_.Open();
    first.join();
    second.join();
    return got;
  };
  int events = Events(table.id);
  std::vector<server::ClientResponse> durable = post_twice(false);
  EXPECT_EQ(durable[0].status, 200) << durable[0].body;
  EXPECT_EQ(durable[1].body, durable[0].body);
  EXPECT_EQ(Events(table.id), events + 1);
  std::vector<server::ClientResponse> failed = post_twice(true);
  EXPECT_EQ(failed[0].status, 500) << failed[0].body;
  EXPECT_EQ(failed[1].status, 500) << failed[1].body;
}

}  // namespace
}  // namespace referee::testing
