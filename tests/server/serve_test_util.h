// Helpers of the server's tests: a Server in this process on a free loopback port with a scratch
// data folder, a settable clock, and table headers small enough to play whole matches quickly.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "server/clock.h"
#include "server/http_client.h"
#include "server/http_server.h"
#include "server/tokens.h"

namespace referee::testing {

inline constexpr char kOrganiser[] = "organiser-secret-for-tests";

// The scratch folders of this process, removed when it ends.
struct ScratchFolders {
  ~ScratchFolders() {
    std::error_code ignored;
    for (const std::filesystem::path& folder : folders)
      std::filesystem::remove_all(folder, ignored);
  }
  std::vector<std::filesystem::path> folders;
};

// A tmpfs when there is one, so fdatasync stays cheap; the disk otherwise.
inline std::filesystem::path ServeScratch(const std::string& name) {
  namespace fs = std::filesystem;
  static ScratchFolders scratch;
  fs::path base = fs::exists("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
  fs::path folder = base / ("referee-serve-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(folder);
  fs::create_directories(folder);
  scratch.folders.push_back(folder);
  return folder;
}

// Real time, moved forward by tests that check the server's stamps.
class TestClock : public server::Clock {
 public:
  int64_t NowMs() const override { return real_.NowMs() + offset_ms; }
  std::atomic<int64_t> offset_ms{0};

 private:
  server::SystemClock real_;
};

class TestServer {
 public:
  // `disk`: none for the real one.
  explicit TestServer(const std::filesystem::path& data, int64_t request_ms = 2000,
                      int64_t poll_ms = 3000, size_t max_connections = 256,
                      server::StoreDisk* disk = nullptr)
      : TestServer(data, [&](server::ServerOptions& options) {
          options.request_ms = request_ms;
          options.service.poll_ms = poll_ms;
          options.max_connections = max_connections;
          options.service.disk = disk;
        }) {}
  // The options of the constructor above, changed by `change`.
  TestServer(const std::filesystem::path& data,
             const std::function<void(server::ServerOptions&)>& change) {
    server::ServerOptions options;
    options.max_connections = 256;
    options.port = 0;
    options.threads = 2;
    options.request_ms = 2000;
    options.service =
        server::ServiceOptions{data.string(), server::TokenHash(kOrganiser), &clock, 3000, 65536};
    change(options);
    server_ = std::make_unique<server::Server>(options);
    Result<void, referee::Error> started = server_->Start();
    EXPECT_TRUE(started.has_value()) << started.error().message;
  }
  uint16_t port() const { return server_->port(); }
  server::Server& server() { return *server_; }
  TestClock clock;

 private:
  std::unique_ptr<server::Server> server_;
};

// A node as one line of JSON, as a client posts it.
inline std::string Json(const record::Node& node) { return formats::WriteJson(node, false); }

// A member of a reply's map; an empty map when there is none, so that a test reads on.
inline const record::Node& Member(const record::Node& map, const char* key) {
  static const record::Node kNone = record::Node::Map({});
  const record::Node* found = map.IsMap() ? map.Find(key) : nullptr;
  return found != nullptr ? *found : kNone;
}

inline std::string Text(const record::Node& map, const char* key) {
  const record::Node* node = map.IsMap() ? map.Find(key) : nullptr;
  return node != nullptr ? node->text() : "";
}

inline std::string Players(const std::string& game) {
  if (game == "cahoots") return R"(["ann","bob","cy"])";
  return R"({"N":"ann","E":"bob","S":"cy","W":"dee"})";
}

// A seeded header whose match is short: Collusion to 10, Conspiracy of 2 deals, Cahoots with 3
// goals (Plonk has no option for its length).
inline std::string SmallHeader(const std::string& game, const std::string& seed,
                               const std::string& variant = "standard") {
  std::string rules = "{}";
  std::string extra;
  if (game == "collusion") rules = R"({"target":10})";
  if (game == "conspiracy") rules = R"({"deals":2})";
  if (game == "cahoots") {
    rules = R"({"goal_count":3,"variant":")" + variant + R"("})";
    extra =
        R"(,"goals":[{"kind":"run-any-order"},{"kind":"sum-colour","colour":"green","total":7},)"
        R"({"kind":"sum-all","total":16}])";
  }
  return R"({"format":"referee/1","game":")" + game + R"(","rules":)" + rules + R"(,"players":)" +
         Players(game) + R"(,"seed":")" + seed + "\"" + extra + "}";
}

struct CreatedTable {
  std::string id;
  std::vector<std::string> tokens;  // seat or turn order
};

// POST /tables as the organiser; `options` is added to the body (e.g. ,"move_seconds":1).
inline CreatedTable CreateTable(server::HttpClient& client, const std::string& header,
                                const std::string& options = "") {
  auto response =
      client.Request("POST", "/tables", kOrganiser, R"({"header":)" + header + options + "}");
  CreatedTable table;
  EXPECT_TRUE(response.has_value());
  if (!response.has_value()) return table;
  EXPECT_EQ(response->status, 201) << response->body;
  table.id = Text(response->json, "id");
  if (const record::Node* tokens = response->json.Find("tokens")) {
    for (const auto& member : tokens->members()) table.tokens.push_back(member.value.text());
  }
  return table;
}

}  // namespace referee::testing
