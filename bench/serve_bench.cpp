// serve_bench: how fast `referee serve` answers (docs/serve.md, "Benchmark"). Starts the server in
// this process on a free loopback port with its data folder in DIR (default: a new folder under
// the system's temporary folder), and plays random-bot matches of every game on 1, 8 and 64
// tables at once, one client thread per table, each seat asking only for its own view and legal
// events over HTTP. Prints moves per second and the 50th and 99th percentile of the time of one
// request (wait, POST event, ...) as the client sees it.
//
//   build/bench/serve_bench [MATCHES_PER_TABLE] [DIR]
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/bot_client.h"
#include "server/clock.h"
#include "server/http_client.h"
#include "server/http_server.h"
#include "server/tokens.h"

namespace {

using namespace referee;  // NOLINT: a small program
namespace fs = std::filesystem;

constexpr char kOrganiser[] = "serve-bench-organiser";
const char* const kGames[] = {"collusion", "plonk", "conspiracy", "cahoots"};

std::string Header(const std::string& game, const std::string& seed) {
  std::string players =
      game == "cahoots" ? R"(["ann","bob","cy"])" : R"({"N":"ann","E":"bob","S":"cy","W":"dee"})";
  std::string rules = game == "collusion"    ? R"({"target":20})"
                      : game == "conspiracy" ? R"({"deals":2})"
                      : game == "cahoots"    ? R"({"goal_count":6})"
                                             : "{}";
  std::string goals = game != "cahoots"
                          ? ""
                          : R"(,"goals":[{"kind":"run-any-order"},)"
                            R"({"kind":"sum-colour","colour":"green","total":7},)"
                            R"({"kind":"sum-all","total":16},{"kind":"sum-all","total":20},)"
                            R"({"kind":"sum-colour","colour":"pink","total":9},)"
                            R"({"kind":"sum-colour","colour":"orange","total":8}])";
  return R"({"header":{"format":"referee/1","game":")" + game + R"(","rules":)" + rules +
         R"(,"players":)" + players + R"(,"seed":")" + seed + "\"" + goals + "}}";
}

struct Totals {
  std::mutex mutex;
  std::vector<double> micros;
  long moves = 0;
  int failures = 0;
};

// One table's client: creates `matches` tables in turn and plays each to its end.
void PlayTables(uint16_t port, int table, int matches, Totals& totals) {
  server::HttpClient organiser("127.0.0.1", port);
  for (int m = 0; m < matches; ++m) {
    std::string game = kGames[(table + m) % 4];
    std::string seed = "bench-" + std::to_string(table) + "-" + std::to_string(m);
    auto created = organiser.Request("POST", "/tables", kOrganiser, Header(game, seed));
    if (!created.has_value() || created->status != 201) {
      std::lock_guard lock(totals.mutex);
      ++totals.failures;
      continue;
    }
    std::string id = created->json.Find("id")->text();
    std::vector<std::string> tokens;
    for (const auto& member : created->json.Find("tokens")->members()) {
      tokens.push_back(member.value.text());
    }
    std::vector<std::unique_ptr<Bot>> bots;
    for (size_t i = 0; i < tokens.size(); ++i) bots.push_back(std::make_unique<RandomBot>());
    auto stats = server::DriveTable(port, id, tokens, bots, table * 1000 + m);
    std::lock_guard lock(totals.mutex);
    if (!stats.has_value()) {
      ++totals.failures;
      std::fprintf(stderr, "serve_bench: %s\n", stats.error().c_str());
      continue;
    }
    totals.moves += stats->moves;
    totals.micros.insert(totals.micros.end(), stats->micros.begin(), stats->micros.end());
  }
}

void Run(uint16_t port, int tables, int matches) {
  Totals totals;
  auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (int t = 0; t < tables; ++t) {
    threads.emplace_back([&, t] { PlayTables(port, t, matches, totals); });
  }
  for (std::thread& thread : threads) thread.join();
  std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  std::sort(totals.micros.begin(), totals.micros.end());
  auto percentile = [&](double p) {
    if (totals.micros.empty()) return 0.0;
    return totals.micros[static_cast<size_t>(p * static_cast<double>(totals.micros.size() - 1))];
  };
  std::printf(
      "%3d tables %4d matches %7ld moves %8zu requests %8.0f moves/s   p50 %7.0f us   p99 %7.0f "
      "us%s\n",
      tables, tables * matches, totals.moves, totals.micros.size(),
      static_cast<double>(totals.moves) / took.count(), percentile(0.50), percentile(0.99),
      totals.failures > 0 ? "  (FAILURES)" : "");
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  int matches = argc > 1 ? std::stoi(argv[1]) : 4;
  fs::path data = argc > 2
                      ? fs::path(argv[2])
                      : fs::temp_directory_path() / ("serve_bench-" + std::to_string(::getpid()));
  fs::remove_all(data / "tables");
  fs::remove_all(data / "records");
  spdlog::set_level(spdlog::level::warn);
  server::SystemClock clock;
  server::ServerOptions options;
  options.port = 0;
  options.threads = 2;
  options.max_connections = 1024;  // 64 tables: 4 seats and the organiser each
  options.service =
      server::ServiceOptions{data.string(), server::TokenHash(kOrganiser), &clock, 25'000, 65536};
  server::Server server(options);
  if (std::optional<std::string> error = server.Start()) {
    std::fprintf(stderr, "serve_bench: %s\n", error->c_str());
    return 4;
  }
  std::printf("serve_bench: data in %s, %d server threads, %u cores\n", data.c_str(),
              options.threads, std::thread::hardware_concurrency());
  for (int tables : {1, 8, 64}) Run(server.port(), tables, tables == 1 ? matches * 8 : matches);
  server.Stop();
  if (argc <= 2) fs::remove_all(data);
  return 0;
}
