// Resources bounded by design (docs/serve.md, "Limits"): the real `referee serve` holds a
// descriptor per table in play, not per table ever made, so under a small open-file limit it
// creates and finishes tables without end, also after a restart; and with its default limits one
// client holding connections by the thousand leaves room for the others.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <chrono>
#include <fstream>
#include <memory>
#include <thread>
#include <vector>

#include "server/bot_client.h"
#include "server/http_client.h"
#include "tests/server/serve_process.h"
#include "tests/server/serve_sockets.h"
#include "tests/server/serve_test_util.h"
#include "tests/support/sanitized.h"

namespace referee::testing {
namespace {

// Polls for up to ten seconds until the process holds at most `baseline` descriptors (it closes
// a connection's socket when it sees the client close it).
int DescriptorsSettle(const ServeProcess& serve, int baseline) {
  int now = serve.OpenDescriptors();
  for (int i = 0; i < 1000 && now > baseline; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    now = serve.OpenDescriptors();
  }
  return now;
}

// Before, each table kept its journal open for ever: under this limit the 50th table or so could
// not be created (500), even after a restart, which opened every journal again.
TEST(ServeResources, FinishedTablesGiveTheirDescriptorsBack) {
  if (kSanitized) GTEST_SKIP() << "the sanitizer runtime cannot run out of file descriptors";
  fs::path data = ServeScratch("descriptors");
  fs::path token_file = data / "organiser.secret";
  std::ofstream(token_file) << kOrganiser;
  constexpr int kTables = 120;
  int baseline = 0;
  {
    ServeProcess serve(data, token_file, 64);
    baseline = serve.OpenDescriptors();
    server::HttpClient client("127.0.0.1", serve.port());
    for (int i = 0; i < kTables; ++i) {
      CreatedTable table = CreateTable(client, SmallHeader("collusion", std::to_string(i)));
      ASSERT_EQ(table.tokens.size(), 4u) << "table " << i;
      if (i % 12 == 0) {  // played to its end
        std::vector<std::unique_ptr<Bot>> bots;
        for (int seat = 0; seat < 4; ++seat) bots.push_back(std::make_unique<RandomBot>());
        auto played = server::DriveTable(serve.port(), table.id, table.tokens, bots, i);
        ASSERT_TRUE(played.has_value()) << played.error();
      } else {
        ASSERT_EQ(client.Request("POST", "/tables/" + table.id + "/cancel", kOrganiser)->status,
                  200);
      }
    }
    auto health = client.Request("GET", "/health");
    EXPECT_EQ(Text(health->json, "in_play"), "0") << health->body;
    EXPECT_EQ(Text(health->json, "open_journals"), "0") << health->body;
  }
  ServeProcess serve(data, token_file, 64);
  {
    server::HttpClient client("127.0.0.1", serve.port());
    EXPECT_EQ(CreateTable(client, SmallHeader("collusion", "after")).tokens.size(), 4u);
    auto listed = client.Request("GET", "/tables");
    EXPECT_EQ(listed->json.Find("tables")->items().size(), static_cast<size_t>(kTables + 1));
  }
  // Resumed, the finished tables hold nothing; the new one holds its journal.
  EXPECT_LE(DescriptorsSettle(serve, baseline + 1), baseline + 1);
}

// Before, 300 idle sockets from one client took every connection (256) and nobody else was
// answered. With the defaults, one address may hold 2048; the next is told 503, others are served.
TEST(ServeResources, OneClientHoldingThousandsOfConnectionsLeavesRoomForOthers) {
  if (kSanitized) GTEST_SKIP() << "thousands of descriptors under the sanitizers";
  rlimit limit{};
  ::getrlimit(RLIMIT_NOFILE, &limit);
  if (limit.rlim_max < 2200) GTEST_SKIP() << "the open-file limit is below 2200";
  limit.rlim_cur = limit.rlim_max;
  ::setrlimit(RLIMIT_NOFILE, &limit);
  fs::path data = ServeScratch("crowd");
  fs::path token_file = data / "organiser.secret";
  std::ofstream(token_file) << kOrganiser;
  ServeProcess serve(data, token_file, 0, {"--request-seconds", "120"});
  std::vector<std::unique_ptr<RawSocket>> crowd;
  for (int i = 0; i < 2048; ++i) crowd.push_back(std::make_unique<RawSocket>(serve.port()));
  EXPECT_EQ(crowd.front()->Get("/tables"), 200);
  EXPECT_EQ(crowd.back()->Get("/tables"), 200);  // all 2048 admitted
  RawSocket one_more(serve.port());
  std::string answer = one_more.ReadToEnd();
  EXPECT_EQ(answer.rfind("HTTP/1.1 503", 0), 0u) << answer;
  EXPECT_NE(answer.find("Retry-After: 1\r\n"), std::string::npos) << answer;
  for (const char* other : {"127.0.0.2", "127.0.0.3"}) {
    RawSocket probe(serve.port(), other);
    EXPECT_EQ(probe.Get("/tables"), 200) << other;
  }
}

}  // namespace
}  // namespace referee::testing
