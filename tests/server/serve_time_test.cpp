// Time at the server (docs/serve.md, "Time"): the move clock and its policy (the referee plays the
// first legal event), the conference timed by the server's clock, the Speed Cahoots timer, long
// polls, and the move clock started again after a restart.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tests/server/serve_test_util.h"
#include "verifier/verifier.h"

namespace referee::testing {
namespace {

namespace fs = std::filesystem;
using Seconds = std::chrono::duration<double>;

server::ClientResponse Get(server::HttpClient& client, const std::string& target,
                           const std::string& token) {
  auto response = client.Request("GET", target, token);
  EXPECT_TRUE(response.has_value());
  return response.has_value() ? *response : server::ClientResponse{};
}

TEST(ServeTime, WhenTheMoveClockRunsOutTheRefereePlaysTheFirstLegalEvent) {
  TestServer server(ServeScratch("clock"));
  server::HttpClient client("127.0.0.1", server.port());
  CreatedTable table =
      CreateTable(client, SmallHeader("collusion", "clock"), R"(,"move_seconds":0.2)");
  std::string base = "/tables/" + table.id;
  server::ClientResponse legal = Get(client, base + "/legal", table.tokens[1]);  // E leads
  const record::Node first = legal.json.Find("legal")->items().at(0);
  auto start = std::chrono::steady_clock::now();
  server::ClientResponse waited = Get(client, base + "/wait?after=1", table.tokens[0]);
  Seconds took = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(Text(waited.json, "events"), "2");
  EXPECT_LT(took.count(), 2.0);
  const record::Node* moves = waited.json.Find("referee_moves");
  ASSERT_NE(moves, nullptr) << waited.body;
  EXPECT_EQ(Text(moves->items().at(0), "seat"), "E");
  EXPECT_EQ(*moves->items().at(0).Find("event"), first);
  // The clock runs on: nobody plays, the referee plays every seat in turn.
  waited = Get(client, base + "/wait?after=4", table.tokens[0]);
  EXPECT_EQ(Text(waited.json, "events"), "5");
}

TEST(ServeTime, TheConferenceIsTimedByTheServer) {
  TestServer server(ServeScratch("conference"));
  server::HttpClient client("127.0.0.1", server.port());
  CreatedTable table = CreateTable(client, SmallHeader("conspiracy", "conference"));
  std::string events = "/tables/" + table.id + "/events";
  // North deals; East calls; E and W confer. Whatever times a client sends are not used.
  auto refused = client.Request("POST", events, table.tokens[0], R"({"event":"conference"})");
  ASSERT_TRUE(refused.has_value());
  EXPECT_EQ(refused->status, 403);
  server.clock.offset_ms = 12'345;
  auto conferred = client.Request("POST", events, table.tokens[3],
                                  R"({"event":"conference","start":0,"end":1})");
  ASSERT_TRUE(conferred.has_value());
  ASSERT_EQ(conferred->status, 200) << conferred->body;
  const record::Node* event = conferred->json.Find("event");
  double start = std::stod(Text(*event, "start"));
  double end = std::stod(Text(*event, "end"));
  EXPECT_GE(end - start, 12.3);
  EXPECT_LT(end - start, 14.0);
}

// Posts the first legal turn of the first player who has one; the reply, or none.
std::optional<server::ClientResponse> PlayAnyTurn(server::HttpClient& client,
                                                  const CreatedTable& table) {
  std::string base = "/tables/" + table.id;
  for (const std::string& token : table.tokens) {
    server::ClientResponse legal = Get(client, base + "/legal", token);
    const record::Node* turns = legal.json.Find("legal");
    if (turns == nullptr || turns->items().empty()) continue;
    auto posted = client.Request("POST", base + "/events", token,
                                 formats::WriteJson(turns->items().front(), false));
    EXPECT_TRUE(posted.has_value());
    if (!posted.has_value()) return std::nullopt;
    return *posted;
  }
  return std::nullopt;
}

// The server stamps Speed Cahoots turns with its clock; a turn after the timer rang is accepted
// and shows the loss on time, the table is over and its record filed, and play may still go on.
// Regression: such a turn completing a goal was refused (`speed-timeout`), and a table whose
// players stopped after the timer stayed in play with no record.
TEST(ServeTime, ASpeedCahootsTurnAfterTheTimerShowsTheLossOnTime) {
  fs::path data = ServeScratch("speed-timer");
  TestServer server(data);
  server::HttpClient client("127.0.0.1", server.port());
  CreatedTable table = CreateTable(client, SmallHeader("cahoots", "speed-timer", "speed"));
  std::string base = "/tables/" + table.id;
  auto first = PlayAnyTurn(client, table);
  ASSERT_TRUE(first.has_value());
  ASSERT_EQ(first->status, 200) << first->body;
  EXPECT_EQ(first->json.Find("verdict"), nullptr) << first->body;
  ASSERT_EQ(Text(Get(client, base, "").json, "status"), "in-play");
  server.clock.offset_ms = 241'000;  // the 240 s timer has rung
  auto late = PlayAnyTurn(client, table);
  ASSERT_TRUE(late.has_value());
  ASSERT_EQ(late->status, 200) << late->body;
  const record::Node* verdict = late->json.Find("verdict");
  ASSERT_NE(verdict, nullptr) << late->body;
  EXPECT_EQ(Text(*verdict, "status"), "valid");
  EXPECT_EQ(Text(*verdict->Find("outcome")->Find("facts"), "reason"), "time") << late->body;
  EXPECT_EQ(Text(Get(client, base, "").json, "status"), "over");
  server::ClientResponse filed = Get(client, base + "/record", "");
  ASSERT_EQ(filed.status, 200) << filed.body;
  EXPECT_EQ(verifier::VerifyNode(filed.json, table.id).status, verifier::Status::kValid);
  EXPECT_TRUE(fs::exists(data / "records" / (table.id + ".json")));
  // Play goes on after the timer: another legal turn is accepted and filed too.
  if (Text(*late->json.Find("next"), "phase") == "turn") {
    auto more = PlayAnyTurn(client, table);
    ASSERT_TRUE(more.has_value());
    EXPECT_EQ(more->status, 200) << more->body;
    server::ClientResponse refiled = Get(client, base + "/record", "");
    EXPECT_EQ(refiled.json.Find("turns")->items().size(), 3u) << refiled.body;
  }
}

TEST(ServeTime, AWaitReturnsOnTheNextEventOrAfterThePollTime) {
  TestServer server(ServeScratch("wait"), 2000, 400);
  server::HttpClient client("127.0.0.1", server.port());
  CreatedTable table = CreateTable(client, SmallHeader("plonk", "wait"));
  std::string base = "/tables/" + table.id;
  std::string events = Text(Get(client, base, "").json, "events");
  auto start = std::chrono::steady_clock::now();
  server::ClientResponse idle = Get(client, base + "/wait?after=" + events, table.tokens[0]);
  Seconds took = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(Text(idle.json, "events"), events);
  EXPECT_GE(took.count(), 0.35);
  // The seat to play moves 200 ms into another seat's wait.
  std::string actor = Text(*idle.json.Find("next"), "seat");
  int index = std::string("NESW").find(actor);
  std::thread mover([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    server::HttpClient other("127.0.0.1", server.port());
    std::string legal = formats::WriteJson(
        Get(other, base + "/legal", table.tokens[index]).json.Find("legal")->items().at(0), false);
    auto posted = other.Request("POST", base + "/events", table.tokens[index], legal);
    EXPECT_TRUE(posted.has_value() && posted->status == 200);
  });
  server::HttpClient waiter("127.0.0.1", server.port());
  server::ClientResponse woken =
      Get(waiter, base + "/wait?after=" + events, table.tokens[(index + 1) % 4]);
  mover.join();
  EXPECT_EQ(std::stoi(Text(woken.json, "events")), std::stoi(events) + 1);
  EXPECT_NE(woken.json.Find("view"), nullptr);
}

TEST(ServeTime, ARestartStartsTheRunningMoveClockAgain) {
  fs::path data = ServeScratch("restart-clock");
  CreatedTable table;
  {
    TestServer first(data);
    server::HttpClient client("127.0.0.1", first.port());
    table = CreateTable(client, SmallHeader("collusion", "restart"), R"(,"move_seconds":2)");
  }  // stopped before the clock ran out
  TestServer second(data);
  server::HttpClient client("127.0.0.1", second.port());
  EXPECT_EQ(Text(Get(client, "/tables/" + table.id, "").json, "events"), "1");
  server::ClientResponse waited =
      Get(client, "/tables/" + table.id + "/wait?after=1", table.tokens[0]);
  EXPECT_EQ(Text(waited.json, "events"), "2") << waited.body;
}

}  // namespace
}  // namespace referee::testing
