// Durability (docs/serve.md, "Durability"): the real `referee serve` binary is killed with SIGKILL
// in the middle of two matches, one of them with a move in flight, and started again on the same
// folder three times. It resumes every table where its journal stands: no acknowledged event is
// lost, the matches finish, and `referee verify` finds the records valid.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "live/journal.h"
#include "referee/games/registry.h"
#include "server/bot_client.h"
#include "tests/server/serve_process.h"
#include "tests/server/serve_test_util.h"
#include "tests/support/shell.h"

namespace referee::testing {
namespace {

namespace fs = std::filesystem;

std::vector<record::Node> JournalEvents(const fs::path& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  std::string content = text.str();
  std::vector<record::Node> events;
  live::JournalText journal = live::SplitJournal(content);
  for (size_t i = 1; i < journal.lines.size(); ++i) {
    auto node = formats::ParseJson(journal.lines[i]);
    if (node.has_value()) events.push_back(*node);
  }
  return events;
}

// Whether every acknowledged event is in the journal, in order.
bool InJournalInOrder(const std::vector<record::Node>& acknowledged,
                      const std::vector<record::Node>& journal) {
  size_t at = 0;
  for (const record::Node& event : acknowledged) {
    while (at < journal.size() && !(journal[at] == event)) ++at;
    if (at == journal.size()) return false;
    ++at;
  }
  return true;
}

// A move in flight when the server dies: sent, its reply never read. It was never acknowledged,
// so it may or may not be in the journal; the client learns which from the server.
void SendWithoutWaiting(uint16_t port, const CreatedTable& table) {
  server::HttpClient client("127.0.0.1", port);
  auto info = client.Request("GET", "/tables/" + table.id);
  ASSERT_TRUE(info.has_value());
  int seat = static_cast<int>(std::string("NESW").find(Text(*info->json.Find("next"), "seat")));
  auto state = client.Request("GET", "/tables/" + table.id + "/wait", table.tokens.at(seat));
  ASSERT_TRUE(state.has_value());
  std::string body = formats::WriteJson(state->json.Find("legal")->items().at(0), false);
  std::string request = "POST /tables/" + table.id + "/events HTTP/1.1\r\nHost: x\r\n" +
                        "Authorization: Bearer " + table.tokens[seat] +
                        "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)), 0);
  EXPECT_EQ(::send(fd, request.data(), request.size(), MSG_NOSIGNAL),
            static_cast<ssize_t>(request.size()));
  ::close(fd);
}

std::vector<std::unique_ptr<Bot>> RandomBots(size_t count) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (size_t i = 0; i < count; ++i) bots.push_back(std::make_unique<RandomBot>());
  return bots;
}

TEST(ServeCrash, KilledAndRestartedTheServerLosesNoAcknowledgedEvent) {
  fs::path data = ServeScratch("crash");
  fs::path token_file = data / "organiser-token";
  std::ofstream(token_file) << kOrganiser << "\n";
  std::vector<CreatedTable> tables;
  std::vector<std::vector<record::Node>> acknowledged(2);
  for (int round = 0; round < 4; ++round) {
    ServeProcess serve(data, token_file);
    server::HttpClient client("127.0.0.1", serve.port());
    if (round == 0) {
      tables.push_back(CreateTable(client, SmallHeader("collusion", "crash")));
      tables.push_back(CreateTable(client, SmallHeader("cahoots", "crash")));
    }
    for (size_t t = 0; t < tables.size(); ++t) {
      // Resumed where the journal stands: at least every acknowledged event.
      auto info = client.Request("GET", "/tables/" + tables[t].id);
      ASSERT_TRUE(info.has_value());
      EXPECT_EQ(Text(info->json, "status"), round < 3 ? "in-play" : "over");
      std::vector<record::Node> journal =
          JournalEvents(data / "tables" / (tables[t].id + ".journal"));
      EXPECT_TRUE(InJournalInOrder(acknowledged[t], journal)) << "table " << tables[t].id;
      std::vector<std::unique_ptr<Bot>> bots = RandomBots(tables[t].tokens.size());
      auto stats = server::DriveTable(serve.port(), tables[t].id, tables[t].tokens, bots,
                                      round * 10 + t, round < 2 ? 7 : -1);
      ASSERT_TRUE(stats.has_value()) << stats.error();
      for (record::Node& event : stats->acknowledged) acknowledged[t].push_back(std::move(event));
    }
    if (round == 1) SendWithoutWaiting(serve.port(), tables[0]);
    serve.Kill();
  }
  for (const CreatedTable& table : tables) {
    fs::path journal = data / "tables" / (table.id + ".journal");
    ShellResult verified = RunShell(RefereeCommand() + " verify --quiet " + journal.string() + " " +
                                    (data / "records").string() + " 2>&1");
    EXPECT_EQ(verified.exit_code, 0) << verified.output;
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(data / "records"), fs::directory_iterator()), 2);
}

// Plays every table until the server dies (or the matches end), one thread per table, keeping
// what each had acknowledged.
void PlayUntilKilled(ServeProcess& serve, const std::vector<CreatedTable>& tables, int round,
                     std::optional<int> kill_after_units,
                     std::vector<std::vector<record::Node>>* acknowledged) {
  std::vector<server::DriveStats> stats(tables.size());
  std::vector<std::thread> players;
  std::atomic<size_t> finished{0};
  for (size_t t = 0; t < tables.size(); ++t) {
    players.emplace_back([&, t] {
      std::vector<std::unique_ptr<Bot>> bots = RandomBots(tables[t].tokens.size());
      Result<void, referee::Error> played = server::PlayTable(
          serve.port(), tables[t].id, tables[t].tokens, bots, round * 100 + t, -1, &stats[t]);
      if (!kill_after_units) {
        EXPECT_TRUE(played.has_value()) << tables[t].id << ": " << played.error();
      }
      ++finished;
    });
  }
  if (kill_after_units) {
    // Killed once the log has made that many more units durable: in the middle of the play
    // however fast or slow the machine.
    server::HttpClient health("127.0.0.1", serve.port());
    auto Units = [&health]() -> int {
      auto answer = health.Request("GET", "/health");
      if (!answer.has_value() || answer->json.Find("commits") == nullptr) return -1;
      return std::stoi(Text(*answer->json.Find("commits"), "units"));
    };
    int start = Units();
    for (int units = start;
         units >= 0 && units < start + *kill_after_units && finished < tables.size();
         units = Units()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    serve.Kill();
  }
  for (std::thread& player : players) player.join();
  for (size_t t = 0; t < tables.size(); ++t) {
    for (record::Node& event : stats[t].acknowledged)
      (*acknowledged)[t].push_back(std::move(event));
  }
}

// Group commit under fire: two dozen tables of three games play at once on the real binary, which
// is killed with SIGKILL at a random moment three times. After each restart every event any table
// had acknowledged is in its journal, in order; then every match is played to its end, and every
// journal and record verifies valid.
TEST(ServeCrash, KilledWhileManyTablesPlayNoAcknowledgedEventIsLost) {
  fs::path data = ServeScratch("crash-many");
  fs::path token_file = data / "organiser-token";
  std::ofstream(token_file) << kOrganiser << "\n";
  // Matches of a few hundred events: Collusion to 60, Conspiracy of 6 deals, Cahoots of 3 goals.
  auto header = [](int t) {
    std::string seed = "many-" + std::to_string(t);
    if (t % 3 == 2) return SmallHeader("cahoots", seed);
    std::string rules = t % 3 == 0 ? R"({"target":60})" : R"({"deals":6})";
    return std::string(R"({"format":"referee/1","game":")") +
           (t % 3 == 0 ? "collusion" : "conspiracy") + R"(","rules":)" + rules + R"(,"players":)" +
           Players("collusion") + R"(,"seed":")" + seed + "\"}";
  };
  std::vector<CreatedTable> tables;
  std::vector<std::vector<record::Node>> acknowledged(24);
  std::mt19937 rng(16);
  int laid_down = 0;  // kills that left a segment written over zeros, or a spare
  for (int round = 0; round < 4; ++round) {
    std::error_code none;
    for (const fs::directory_entry& entry : fs::directory_iterator(data / "log", none)) {
      if (entry.path().filename() == "spare" || entry.file_size() == 16 << 10) ++laid_down;
    }
    // Segments of 16 KiB: the log turns over, checkpoints and lays down its next segment ahead
    // (zeros that records are written over) every hundred units or so, between the kills.
    ServeProcess serve(data, token_file, 0, {"--log-segment-kib", "16"});
    server::HttpClient client("127.0.0.1", serve.port());
    for (size_t t = tables.size(); t < acknowledged.size(); ++t) {
      tables.push_back(CreateTable(client, header(static_cast<int>(t))));
    }
    for (size_t t = 0; t < tables.size(); ++t) {
      std::vector<record::Node> journal =
          JournalEvents(data / "tables" / (tables[t].id + ".journal"));
      EXPECT_TRUE(InJournalInOrder(acknowledged[t], journal))
          << "round " << round << ", table " << tables[t].id;
    }
    std::optional<int> kill_after;
    if (round < 3) kill_after = 150 + static_cast<int>(rng() % 350);
    PlayUntilKilled(serve, tables, round, kill_after, &acknowledged);
  }
  std::string journals;
  for (const CreatedTable& table : tables) {
    journals += " " + (data / "tables" / (table.id + ".journal")).string();
  }
  ShellResult verified = RunShell(RefereeCommand() + " verify --quiet" + journals + " " +
                                  (data / "records").string() + " 2>&1");
  EXPECT_EQ(verified.exit_code, 0) << verified.output;
  EXPECT_EQ(std::distance(fs::directory_iterator(data / "records"), fs::directory_iterator()), 24);
  EXPECT_GT(laid_down, 0);
}

std::vector<std::string> TemporaryFiles(const fs::path& data) {
  std::vector<std::string> found;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(data)) {
    if (entry.path().extension() == ".tmp") found.push_back(entry.path().string());
  }
  return found;
}

// What a kill between the journal and the metadata left before creation was atomic: a journal
// holding only its header, a temporary metadata file, a temporary record. The id was 404 on GET
// and 409 on POST for ever; now the leftovers are removed at start and the id is free.
TEST(ServeCrash, WhatAKillDuringACreationLeftIsRemovedAndTheIdIsFree) {
  fs::path data = ServeScratch("leftovers");
  fs::path token_file = data / "organiser-token";
  std::ofstream(token_file) << kOrganiser << "\n";
  fs::create_directories(data / "tables");
  fs::create_directories(data / "records");
  std::ofstream(data / "tables" / "left.journal") << SmallHeader("plonk", "left") << "\n";
  std::ofstream(data / "tables" / "left.meta.json.tmp") << R"({"id":"left","ga)";
  std::ofstream(data / "records" / "other.json.tmp") << "{";
  ServeProcess serve(data, token_file);
  server::HttpClient client("127.0.0.1", serve.port());
  EXPECT_EQ(client.Request("GET", "/tables/left")->status, 404);
  CreatedTable table = CreateTable(client, SmallHeader("plonk", "again"), R"(,"id":"left")");
  EXPECT_EQ(table.id, "left");
  EXPECT_EQ(TemporaryFiles(data), std::vector<std::string>{});
}

// One client creates tables as fast as it can while the real server is killed at a random moment,
// five times: after each restart every id asked for is a whole table or free, and no temporary
// file is left.
TEST(ServeCrash, KilledWhileCreatingTablesEveryIdIsWholeOrFree) {
  fs::path data = ServeScratch("kill-creating");
  fs::path token_file = data / "organiser-token";
  std::ofstream(token_file) << kOrganiser << "\n";
  std::mt19937 rng(14);
  for (int round = 0; round < 5; ++round) {
    std::vector<std::string> asked;
    {
      ServeProcess serve(data, token_file);
      std::thread creator([&asked, &serve, round] {
        server::HttpClient client("127.0.0.1", serve.port());
        for (int i = 0;; ++i) {
          asked.push_back("r" + std::to_string(round) + "-" + std::to_string(i));
          std::string body = R"({"id":")" + asked.back() + R"(","header":)" +
                             SmallHeader("collusion", asked.back()) + "}";
          auto created = client.Request("POST", "/tables", kOrganiser, body);
          if (!created.has_value() || created->status != 201) return;
        }
      });
      std::this_thread::sleep_for(std::chrono::milliseconds(20 + rng() % 100));
      serve.Kill();
      creator.join();
    }
    ServeProcess serve(data, token_file);
    server::HttpClient client("127.0.0.1", serve.port());
    EXPECT_EQ(TemporaryFiles(data), std::vector<std::string>{});
    for (const std::string& id : asked) {
      auto table = client.Request("GET", "/tables/" + id);
      ASSERT_TRUE(table.has_value());
      if (table->status == 200) {
        EXPECT_EQ(Text(table->json, "status"), "in-play") << id << ": " << table->body;
      } else {
        EXPECT_EQ(table->status, 404) << id << ": " << table->body;
        EXPECT_EQ(CreateTable(client, SmallHeader("plonk", id), R"(,"id":")" + id + "\"").id, id);
      }
    }
  }
}

// Without --organiser-token-file the first start draws the organiser's token, saves it with mode
// 0600 and prints it once; later starts read it and print nothing of it. SIGINT stops with exit 0.
TEST(ServeCrash, TheOrganiserTokenIsMadeOnceAndKeptPrivate) {
  fs::path data = ServeScratch("token");
  std::string command = "timeout --preserve-status -s INT 1.5 " + RefereeCommand() +
                        " serve --port 0 --data " + data.string() + " 2>&1; echo exit=$?";
  ShellResult first = RunShell(command);
  EXPECT_NE(first.output.find("exit=0"), std::string::npos) << first.output;
  fs::path token_file = data / "organiser.token";
  ASSERT_TRUE(fs::exists(token_file));
  EXPECT_EQ(fs::status(token_file).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
  std::ifstream file(token_file);
  std::string token;
  file >> token;
  EXPECT_EQ(token.size(), 64u);
  EXPECT_NE(first.output.find(token), std::string::npos);
  ShellResult second = RunShell(command);
  EXPECT_NE(second.output.find("serving 0 tables"), std::string::npos) << second.output;
  EXPECT_EQ(second.output.find(token), std::string::npos) << second.output;
}

// A data folder the server makes is private to its user (0700), whatever the umask (000 here),
// also when it is named with a trailing slash.
TEST(ServeCrash, TheDataFolderItMakesIsPrivateWhateverTheUmask) {
  fs::path data = ServeScratch("umask") / "club";
  ShellResult run =
      RunShell("umask 000 && timeout --preserve-status -s INT 1.5 " + RefereeCommand() +
               " serve --port 0 --data " + data.string() + "/ 2>&1; echo exit=$?");
  EXPECT_NE(run.output.find("exit=0"), std::string::npos) << run.output;
  EXPECT_EQ(fs::status(data).permissions() & fs::perms::all, fs::perms::owner_all);
  EXPECT_EQ(fs::status(data / "tables").permissions() & fs::perms::all, fs::perms::owner_all);
  EXPECT_EQ(fs::status(data / "organiser.token").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
}

}  // namespace
}  // namespace referee::testing
