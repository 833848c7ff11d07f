// The life of a table beyond its moves (docs/serve.md, "Endpoints"): the reply to the card that
// ends a seeded deal, the organiser's re-issue of a table's tokens and its cancellation.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "live/journal.h"
#include "server/bot_client.h"
#include "tests/server/serve_test_util.h"
#include "tests/support/shell.h"

namespace referee::testing {
namespace {

namespace fs = std::filesystem;

std::string ReadFile(const fs::path& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// The tokens of a reply, by seat or player.
std::map<std::string, std::string> Tokens(const server::ClientResponse& response) {
  std::map<std::string, std::string> tokens;
  if (const record::Node* map = response.json.Find("tokens")) {
    for (const auto& member : map->members()) tokens[member.key] = member.value.text();
  }
  return tokens;
}

std::vector<std::unique_ptr<Bot>> RandomBots(size_t count) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (size_t i = 0; i < count; ++i) bots.push_back(std::make_unique<RandomBot>());
  return bots;
}

class ServeTablesTest : public ::testing::Test {
 protected:
  ServeTablesTest() : data_(ServeScratch("tables")) { Start(); }

  // Starts the server (again) on the same folder.
  void Start() {
    client_.reset();
    server_.reset();
    server_ = std::make_unique<TestServer>(data_);
    client_ = std::make_unique<server::HttpClient>("127.0.0.1", server_->port());
  }

  server::ClientResponse Call(const std::string& method, const std::string& target,
                              const std::string& token = "", const std::string& body = "") {
    auto response = client_->Request(method, target, token, body);
    EXPECT_TRUE(response.has_value()) << response.error();
    return response.has_value() ? *response : server::ClientResponse{};
  }
  // The seat whose move it is plays its first legal event; returns the reply.
  server::ClientResponse PlayFirstLegal(const CreatedTable& table) {
    server::ClientResponse info = Call("GET", "/tables/" + table.id);
    size_t seat = std::string("NESW").find(Text(Member(info.json, "next"), "seat"));
    EXPECT_NE(seat, std::string::npos) << info.body;
    if (seat == std::string::npos) return info;
    server::ClientResponse legal =
        Call("GET", "/tables/" + table.id + "/legal", table.tokens.at(seat));
    std::string line = formats::WriteJson(Member(legal.json, "legal").items().at(0), false);
    return Call("POST", "/tables/" + table.id + "/events", table.tokens[seat], line);
  }

  int Status(const std::string& method, const std::string& target, const std::string& token,
             const std::string& body = "") {
    return Call(method, target, token, body).status;
  }
  std::string Code(const std::string& method, const std::string& target, const std::string& token,
                   const std::string& body = "") {
    return Text(Call(method, target, token, body).json, "code");
  }
  fs::path Journal(const std::string& id) { return data_ / "tables" / (id + ".journal"); }

  fs::path data_;
  std::unique_ptr<TestServer> server_;
  std::unique_ptr<server::HttpClient> client_;
};

// The referee deals a seeded deal as soon as it is due, so the reply to the last card of a deal
// must say what is next after that deal: a call of deal 2, not "deal" (which the referee has done
// already).
TEST_F(ServeTablesTest, TheReplyToTheLastCardOfASeededDealSaysWhatFollowsTheDeal) {
  CreatedTable table = CreateTable(*client_, SmallHeader("conspiracy", "next"));
  for (int move = 0; move < 100; ++move) {
    server::ClientResponse reply = PlayFirstLegal(table);
    ASSERT_EQ(reply.status, 200) << reply.body;
    const record::Node& next = Member(reply.json, "next");
    if (Text(next, "deal") == "1") continue;
    EXPECT_EQ(Text(next, "deal"), "2") << reply.body;
    EXPECT_EQ(Text(next, "phase"), "call") << reply.body;
    server::ClientResponse info = Call("GET", "/tables/" + table.id);
    EXPECT_EQ(formats::WriteJson(Member(info.json, "next"), false),
              formats::WriteJson(next, false));
    return;
  }
  FAIL() << "the first deal never ended";
}

// When the reply to POST /tables is lost the tokens are lost with it: the organiser re-issues
// them. The old ones stop working at once and after a restart; the new ones act for their seats.
TEST_F(ServeTablesTest, ReissuedTokensReplaceTheOldOnesAlsoAfterARestart) {
  CreatedTable table = CreateTable(*client_, SmallHeader("collusion", "reissue"));
  std::string base = "/tables/" + table.id;
  EXPECT_EQ(Code("POST", base + "/tokens", table.tokens[0]), "organiser-only");
  EXPECT_EQ(Status("POST", base + "/tokens", table.tokens[0]), 403);
  EXPECT_EQ(Code("POST", base + "/tokens", ""), "missing-token");
  EXPECT_EQ(Code("POST", base + "/tokens", "not-a-token"), "wrong-token");
  EXPECT_EQ(Code("POST", base + "/tokens", kOrganiser, R"({"seats":["X"]})"), "unknown-seat");
  server::ClientResponse waited;  // a wait held with an old token is let go
  std::thread waiter([&] {
    server::HttpClient own("127.0.0.1", server_->port());
    auto response = own.Request("GET", base + "/wait?after=1000", table.tokens[2]);
    if (response.has_value()) waited = *response;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the wait is most likely held
  server::ClientResponse reissued = Call("POST", base + "/tokens", kOrganiser);
  waiter.join();
  EXPECT_EQ(waited.status, 401) << waited.body;
  ASSERT_EQ(reissued.status, 200) << reissued.body;
  std::map<std::string, std::string> fresh = Tokens(reissued);
  ASSERT_EQ(fresh.size(), 4u);
  for (size_t seat = 0; seat < 4; ++seat) {
    EXPECT_EQ(Code("GET", base + "/view", table.tokens[seat]), "wrong-token");
    std::string name(1, "NESW"[seat]);
    server::ClientResponse view = Call("GET", base + "/view", fresh[name]);
    EXPECT_EQ(Text(Member(view.json, "view"), "seat"), name) << view.body;
  }
  // Only East's again: the others keep theirs.
  server::ClientResponse east = Call("POST", base + "/tokens", kOrganiser, R"({"seats":["E"]})");
  ASSERT_EQ(Tokens(east).size(), 1u) << east.body;
  Start();
  EXPECT_EQ(Code("GET", base + "/view", table.tokens[1]), "wrong-token");
  EXPECT_EQ(Code("GET", base + "/view", fresh["E"]), "wrong-token");
  EXPECT_EQ(Status("GET", base + "/view", fresh["N"]), 200);
  std::vector<std::string> tokens = {fresh["N"], Tokens(east)["E"], fresh["S"], fresh["W"]};
  std::vector<std::unique_ptr<Bot>> bots = RandomBots(4);
  auto played = server::DriveTable(server_->port(), table.id, tokens, bots, 14);
  ASSERT_TRUE(played.has_value()) << played.error();
  // Only the new tokens' hashes were written: no file holds a token.
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(data_)) {
    if (!entry.is_regular_file()) continue;
    std::string text = ReadFile(entry.path());
    for (const auto& [seat, token] : fresh) {
      EXPECT_EQ(text.find(token), std::string::npos) << entry.path();
    }
  }
  // The journal holds the re-issues and is still the match's record: valid, and a record again.
  EXPECT_EQ(live::SplitJournal(ReadFile(Journal(table.id))).lines.size(),
            static_cast<size_t>(std::stoi(Text(Call("GET", base).json, "events")) + 3));
  ShellResult verified =
      RunShell(RefereeCommand() + " verify --quiet " + Journal(table.id).string() + " " +
               (data_ / "records").string() + " 2>&1");
  EXPECT_EQ(verified.exit_code, 0) << verified.output;
}

// Organiser lines in a journal (re-issues, a cancellation) leave its record as it was: `referee
// convert` writes the same record with them and without them.
TEST_F(ServeTablesTest, OrganiserLinesLeaveTheJournalsRecordAsItWas) {
  CreatedTable table = CreateTable(*client_, SmallHeader("cahoots", "lines"));
  std::string base = "/tables/" + table.id;
  ASSERT_EQ(Status("POST", base + "/tokens", kOrganiser, R"({"players":["bob"]})"), 200);
  ASSERT_EQ(Status("POST", base + "/cancel", kOrganiser, R"({"reason":"a fire drill"})"), 200);
  std::string journal = ReadFile(Journal(table.id));
  std::string events_only;
  int organiser_lines = 0;
  for (std::string_view line : live::SplitJournal(journal).lines) {
    auto node = formats::ParseJson(line);
    ASSERT_TRUE(node.has_value());
    if (live::IsOrganiserLine(*node)) {
      ++organiser_lines;
    } else {
      events_only += std::string(line) + "\n";
    }
  }
  EXPECT_EQ(organiser_lines, 2);
  fs::path stripped = data_ / "stripped.journal";
  std::ofstream(stripped) << events_only;
  std::string convert = RefereeCommand() + " convert --to json ";
  ShellResult with = RunShell(convert + Journal(table.id).string() + " 2>&1");
  ShellResult without = RunShell(convert + stripped.string() + " 2>&1");
  EXPECT_EQ(with.exit_code, 0) << with.output;
  EXPECT_EQ(with.output, without.output);
  ShellResult verified = RunShell(RefereeCommand() + " verify " + Journal(table.id).string());
  EXPECT_EQ(verified.exit_code, 1) << verified.output;  // legal and unfinished: incomplete
  EXPECT_NE(verified.output.find("incomplete"), std::string::npos) << verified.output;
  // A journal is still told from a record by its content when an organiser line comes second.
  EXPECT_TRUE(live::LooksLikeJournal(SmallHeader("plonk", "x") + "\n" +
                                     R"({"organiser":"cancel","at":"0.000"})" + "\n"));
}

// The organiser cancels a table: its seats are refused with 409 table-cancelled (a pending wait
// too), the table says `cancelled`, the move clock stops, and no record is ever written for it,
// also after a restart.
TEST_F(ServeTablesTest, ACancelledTableRefusesItsSeatsAndNeverBecomesARecord) {
  CreatedTable table =
      CreateTable(*client_, SmallHeader("collusion", "cancel"), R"(,"move_seconds":0.3)");
  std::string base = "/tables/" + table.id;
  ASSERT_EQ(PlayFirstLegal(table).status, 200);
  server::ClientResponse waited;
  std::thread waiter([&] {
    server::HttpClient own("127.0.0.1", server_->port());
    auto response = own.Request("GET", base + "/wait?after=1000", table.tokens[0]);
    if (response.has_value()) waited = *response;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the wait is most likely held
  EXPECT_EQ(Code("POST", base + "/cancel", table.tokens[0]), "organiser-only");
  EXPECT_EQ(Code("POST", base + "/cancel", kOrganiser, R"({"reason":12})"), "bad-type");
  server::ClientResponse cancelled =
      Call("POST", base + "/cancel", kOrganiser, R"({"reason":"the players left"})");
  EXPECT_EQ(cancelled.status, 200) << cancelled.body;
  EXPECT_EQ(Text(cancelled.json, "status"), "cancelled");
  waiter.join();
  EXPECT_EQ(waited.status, 409) << waited.body;
  EXPECT_EQ(Text(waited.json, "code"), "table-cancelled");
  std::string events = Text(Call("GET", base).json, "events");
  for (int round = 0; round < 2; ++round) {
    SCOPED_TRACE(round == 0 ? "cancelled" : "after a restart");
    EXPECT_EQ(Status("POST", base + "/events", table.tokens[1], R"({"event":"play","card":"2C"})"),
              409);
    EXPECT_EQ(Code("GET", base + "/view", table.tokens[1]), "table-cancelled");
    EXPECT_EQ(Code("GET", base + "/legal", table.tokens[1]), "table-cancelled");
    EXPECT_EQ(Code("GET", base + "/wait", table.tokens[1]), "table-cancelled");
    EXPECT_EQ(Code("GET", base + "/record", ""), "table-cancelled");
    EXPECT_EQ(Code("POST", base + "/cancel", kOrganiser), "table-cancelled");
    EXPECT_EQ(Code("POST", base + "/tokens", kOrganiser), "table-cancelled");
    server::ClientResponse info = Call("GET", base);
    EXPECT_EQ(Text(info.json, "status"), "cancelled");
    EXPECT_EQ(Text(Member(info.json, "cancelled"), "reason"), "the players left") << info.body;
    EXPECT_EQ(Text(info.json, "events"), events);  // the move clock played nothing more
    server::ClientResponse tables = Call("GET", "/tables");
    const record::Node& list = Member(tables.json, "tables");
    ASSERT_EQ(list.items().size(), 1u);
    EXPECT_EQ(Text(list.items()[0], "status"), "cancelled");
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    Start();
  }
  EXPECT_EQ(Text(Call("GET", base).json, "events"), events);
  EXPECT_TRUE(fs::is_empty(data_ / "records"));
}

// A finished table's record stands: it cannot be cancelled.
TEST_F(ServeTablesTest, AFinishedTableCannotBeCancelled) {
  CreatedTable table = CreateTable(*client_, SmallHeader("collusion", "finished"));
  std::vector<std::unique_ptr<Bot>> bots = RandomBots(4);
  auto played = server::DriveTable(server_->port(), table.id, table.tokens, bots, 14);
  ASSERT_TRUE(played.has_value()) << played.error();
  EXPECT_EQ(Code("POST", "/tables/" + table.id + "/cancel", kOrganiser), "table-over");
  EXPECT_EQ(Status("GET", "/tables/" + table.id + "/record", ""), 200);
}

}  // namespace
}  // namespace referee::testing
