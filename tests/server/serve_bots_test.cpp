// Bots play whole matches of every game through `referee serve` over real HTTP on loopback
// (docs/serve.md, "Bot clients"): each seat sees only what its token fetches, the record the
// server writes is what `referee verify` reads, and it is valid.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

#include "live/journal.h"
#include "referee/games/registry.h"
#include "server/bot_client.h"
#include "tests/server/serve_test_util.h"
#include "tests/shared/game_param.h"
#include "verifier/verifier.h"

namespace referee::testing {
namespace {

namespace fs = std::filesystem;

class ServeBotsTest : public ::testing::TestWithParam<const games::GameDescriptor*> {};

std::vector<std::unique_ptr<Bot>> MixedBots(const games::GameDescriptor& game, size_t seats) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (size_t i = 0; i < seats; ++i) {
    if (i % 2 == 0) {
      bots.push_back(game.heuristic_bot());
    } else {
      bots.push_back(std::make_unique<RandomBot>());
    }
  }
  return bots;
}

// Plays one table to its end and checks the record the server serves and files.
void PlayAndVerify(TestServer& server, const fs::path& data, const games::GameDescriptor& game,
                   const std::string& header, uint64_t seed) {
  server::HttpClient organiser("127.0.0.1", server.port());
  CreatedTable table = CreateTable(organiser, header);
  ASSERT_FALSE(table.id.empty());
  std::vector<std::unique_ptr<Bot>> bots = MixedBots(game, table.tokens.size());
  auto stats = server::DriveTable(server.port(), table.id, table.tokens, bots, seed);
  ASSERT_TRUE(stats.has_value()) << stats.error();
  EXPECT_GT(stats->moves, 2);
  auto record = organiser.Request("GET", "/tables/" + table.id + "/record");
  ASSERT_TRUE(record.has_value());
  ASSERT_EQ(record->status, 200) << record->body;
  verifier::Verdict verdict = verifier::VerifyNode(record->json, table.id);
  EXPECT_EQ(verdict.status, verifier::Status::kValid) << record->body;
  EXPECT_TRUE(fs::exists(data / "records" / (table.id + ".json")));
  // The record is the session's; it must be the one the journal replays to, which `referee verify`
  // and `referee convert` make of the journal.
  std::ifstream journal(data / "tables" / (table.id + ".journal"));
  std::string text((std::istreambuf_iterator<char>(journal)), std::istreambuf_iterator<char>());
  auto replayed = live::JournalRecord(text);
  ASSERT_TRUE(replayed.has_value()) << replayed.error().message;
  EXPECT_EQ(record->body, formats::WriteJson(*replayed, true) + "\n");
  auto listed = organiser.Request("GET", "/tables");
  ASSERT_TRUE(listed.has_value());
  EXPECT_NE(listed->body.find("\"status\":\"over\""), std::string::npos);
  EXPECT_EQ(listed->body.find(table.tokens[0]), std::string::npos);  // no secrets
}

TEST_P(ServeBotsTest, BotsFinishAValidMatch) {
  const games::GameDescriptor& game = *GetParam();
  fs::path data = ServeScratch("bots-" + game.name);
  TestServer server(data);
  PlayAndVerify(server, data, game, SmallHeader(game.name, "serve-" + game.name), 7);
}

// `--write-threads 0`: writes ruled on the I/O threads, as reads are, give the same matches.
TEST_P(ServeBotsTest, BotsFinishAValidMatchWithWritesOnTheIoThreads) {
  const games::GameDescriptor& game = *GetParam();
  fs::path data = ServeScratch("bots-io-" + game.name);
  TestServer server(data,
                    [](server::ServerOptions& options) { options.service.write_threads = 0; });
  PlayAndVerify(server, data, game, SmallHeader(game.name, "serve-io-" + game.name), 7);
}

INSTANTIATE_TEST_SUITE_P(EveryGame, ServeBotsTest, ::testing::ValuesIn(games::BuiltInGames()),
                         [](const auto& info) { return info.param->name; });

// Speed Cahoots has no turn order: the server stamps every turn's time (`at`), so the record's
// Speed timer can be checked.
TEST(ServeBots, SpeedCahootsTurnsAreStampedByTheServer) {
  fs::path data = ServeScratch("bots-speed");
  TestServer server(data);
  const games::GameDescriptor& game = *games::FindGame("cahoots");
  PlayAndVerify(server, data, game, SmallHeader("cahoots", "speedy", "speed"), 11);
  server::HttpClient client("127.0.0.1", server.port());
  auto listed = client.Request("GET", "/tables");
  ASSERT_TRUE(listed.has_value());
  std::string id = Text(listed->json.Find("tables")->items().at(0), "id");
  auto record = client.Request("GET", "/tables/" + id + "/record");
  ASSERT_TRUE(record.has_value());
  const record::Node* turns = record->json.Find("turns");
  ASSERT_NE(turns, nullptr);
  ASSERT_FALSE(turns->items().empty());
  EXPECT_NE(formats::WriteJson(turns->items()[0], false).find("\"at\""), std::string::npos)
      << formats::WriteJson(turns->items()[0], false);
}

// Several tables at once, each driven by its own thread: the tables do not disturb each other.
TEST(ServeBots, TablesPlayConcurrently) {
  fs::path data = ServeScratch("bots-concurrent");
  TestServer server(data);
  std::vector<std::thread> threads;
  std::vector<std::string> errors(4);
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&, i] {
      server::HttpClient organiser("127.0.0.1", server.port());
      CreatedTable table =
          CreateTable(organiser, SmallHeader("collusion", "concurrent-" + std::to_string(i)));
      std::vector<std::unique_ptr<Bot>> bots;
      for (int seat = 0; seat < 4; ++seat) bots.push_back(std::make_unique<RandomBot>());
      auto stats = server::DriveTable(server.port(), table.id, table.tokens, bots, i);
      if (!stats.has_value()) errors[i] = stats.error().message;
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (const std::string& error : errors) EXPECT_EQ(error, "");
  EXPECT_EQ(std::distance(fs::directory_iterator(data / "records"), fs::directory_iterator()), 4);
}

}  // namespace
}  // namespace referee::testing
