// Time at the server (docs/serve.md, "Time"): the move clock and its policy (the referee plays the
// first legal event), the conference timed by the server's clock, long polls, and the move clock
// started again after a restart.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tests/server/serve_test_util.h"

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
