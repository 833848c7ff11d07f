// Events on `referee serve` (docs/serve.md, "A club night"): an event made from a league file and
// a schedule, its tables and seat links, rounds that wait for every table, the director's acts,
// calls, live standings equal to the export's, a restart, an edited journal, retries applied once
// and what a seat may learn of an event.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cctype>
#include <chrono>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "referee/record/record_writer.h"
#include "server/bot_client.h"
#include "tests/server/serve_disks.h"
#include "tests/server/serve_process.h"
#include "tests/server/serve_test_util.h"
#include "tests/support/shell.h"

namespace referee::testing {
namespace {

namespace fs = std::filesystem;
using record::Node;

// A league of `count` players of Collusion, or of `count` partnerships of Plonk.
std::string League(const std::string& game, int count) {
  std::string entrants;
  std::string groups;
  for (int i = 1; i <= count; ++i) {
    std::string id = "p" + std::to_string(i);
    if (game == "collusion") {
      entrants += (entrants.empty() ? "" : ",") + std::string(R"({"id":")") + id + "\"}";
      continue;
    }
    entrants += (entrants.empty() ? "" : ",") + std::string(R"({"id":")") + id + R"(a"},{"id":")" +
                id + "b\"}";
    groups += (groups.empty() ? "" : ",") + std::string(R"({"id":")") + id + R"(","players":[")" +
              id + R"(a",")" + id + "b\"]}";
  }
  std::string league = R"({"format":"referee-league/1","name":"night","game":")" + game +
                       R"(","entrants":[)" + entrants + "]";
  if (!groups.empty()) league += R"(,"partnerships":[)" + groups + "]";
  return league + "}";
}

std::string EventBody(const std::string& id, const std::string& game, int count,
                      const std::string& method, int rounds, const std::string& seed = "s") {
  std::string rules = game == "collusion"    ? R"({"target":10})"
                      : game == "conspiracy" ? R"({"deals":4})"
                                             : R"({"target":60})";
  return R"({"id":")" + id + R"(","league":)" + League(game, count) + R"(,"schedule":{"method":")" +
         method + R"(","seed":")" + seed + R"(","planned_rounds":)" + std::to_string(rounds) +
         R"(},"table_header":{"rules":)" + rules + "}}";
}

struct MadeEvent {
  std::string id;
  std::string director;
  std::map<std::string, std::string> players;  // player -> token
  Node reply;
};

class ServeEventsTest : public ::testing::Test {
 protected:
  ServeEventsTest() : data_(ServeScratch("events")) { Start(); }

  void Start() {
    client_.reset();
    server_.reset();
    server_ = std::make_unique<TestServer>(data_, [this](server::ServerOptions& options) {
      options.service.referee = ProgramVersion();
      options.service.disk = &disk_;
    });
    client_ = std::make_unique<server::HttpClient>("127.0.0.1", server_->port());
  }

  // "referee 0.1.0", as `referee standings` names itself in the provenance.
  static std::string ProgramVersion() {
    std::string version = RunShell(RefereeCommand() + " --version").output;
    return version.substr(0, version.find(' ', version.find(' ') + 1));
  }

  server::ClientResponse Request(const std::string& method, const std::string& path,
                                 const std::string& token = "", const std::string& body = "") {
    auto response = client_->Request(method, path, token, body);
    EXPECT_TRUE(response.has_value());
    return response ? *response : server::ClientResponse{};
  }

  MadeEvent Make(const std::string& body) {
    server::ClientResponse created = Request("POST", "/events", kOrganiser, body);
    EXPECT_EQ(created.status, 201) << created.body;
    MadeEvent event{Text(created.json, "id"), "", {}, created.json};
    if (const Node* director = created.json.Find("director"))
      event.director = Text(*director, "token");
    if (const Node* players = created.json.Find("players")) {
      for (const auto& member : players->members()) {
        event.players[member.key] = Text(member.value, "token");
      }
    }
    return event;
  }

  // Plays every table of the event's current round to its end with random bots.
  void PlayRound(const MadeEvent& event) {
    server::ClientResponse state = Request("GET", "/events/" + event.id);
    const Node& round = state.json.Find("rounds")->items().back();
    uint64_t seed = 1;
    for (const Node& table : round.Find("tables")->items()) {
      if (Text(table, "status") != "in-play") continue;
      std::vector<std::string> tokens;
      std::vector<std::unique_ptr<Bot>> bots;
      for (const auto& member : table.Find("players")->members()) {
        tokens.push_back(event.players.at(member.value.text()));
        bots.push_back(std::make_unique<RandomBot>());
      }
      auto played = server::DriveTable(server_->port(), Text(table, "id"), tokens, bots, seed++);
      EXPECT_TRUE(played.has_value()) << (played ? "" : played.error().message);
    }
  }

  std::vector<std::string> TableIds(const std::string& event, int round) {
    server::ClientResponse state = Request("GET", "/events/" + event);
    std::vector<std::string> ids;
    for (const Node& table :
         state.json.Find("rounds")->items().at(round - 1).Find("tables")->items()) {
      ids.push_back(Text(table, "id"));
    }
    return ids;
  }

  TestDisk disk_;  // the server's disk: its syncs may be held at a gate
  fs::path data_;
  std::unique_ptr<TestServer> server_;
  std::unique_ptr<server::HttpClient> client_;
};

TEST_F(ServeEventsTest, MakesTheFirstRoundsTablesAndALinkPerPlayer) {
  MadeEvent event = Make(EventBody("night", "collusion", 9, "swiss", 2));
  EXPECT_EQ(event.players.size(), 9u);
  EXPECT_EQ(Text(event.reply.Find("players")->members()[0].value, "link"),
            "/seat/" + Text(event.reply.Find("players")->members()[0].value, "table") + "#" +
                event.players["p1"]);
  std::vector<std::string> tables = TableIds("night", 1);
  ASSERT_EQ(tables.size(), 2u);  // 8 seated, one sits out
  server::ClientResponse table = Request("GET", "/tables/" + tables[0]);
  EXPECT_EQ(Text(table.json, "event"), "night");
  EXPECT_EQ(Text(*table.json.Find("header"), "round"), "1");
  EXPECT_EQ(table.json.Find("header")->Find("seed"), nullptr);
  // A player's link works at its own seat only: its seat's view, and nothing at another table.
  server::ClientResponse state = Request("GET", "/events/night");
  const Node& first = state.json.Find("rounds")->items()[0].Find("tables")->items()[0];
  std::string north = Text(*first.Find("players"), "N");
  std::string east = Text(*first.Find("players"), "E");
  EXPECT_EQ(Request("GET", "/tables/" + tables[0] + "/view", event.players[north]).status, 200);
  EXPECT_EQ(Request("GET", "/tables/" + tables[1] + "/view", event.players[north]).status, 401);
  server::ClientResponse wrong =
      Request("POST", "/tables/" + tables[0] + "/events", event.players[east],
              R"({"event":"play","seat":"N","card":"2C"})");
  EXPECT_EQ(wrong.status, 403) << wrong.body;
  // The seat link tells its player where to sit.
  server::ClientResponse seat = Request("GET", "/events/night/seat", event.players[north]);
  EXPECT_EQ(Text(seat.json, "table"), tables[0]);
  EXPECT_EQ(Text(seat.json, "seat"), "N");
  // The director's link is for the director's acts of this event only.
  EXPECT_EQ(Request("POST", "/events/night/rounds", event.players[north]).status, 403);
  MadeEvent other = Make(EventBody("other", "collusion", 8, "individual", 1));
  EXPECT_EQ(Request("POST", "/events/night/acts", other.director,
                    R"({"act":"penalty","entrant":"p1","points":1,"why":"x"})")
                .status,
            403);
  EXPECT_EQ(Request("GET", "/tables/" + tables[0] + "/view", event.director).status, 401);
}

TEST_F(ServeEventsTest, BadEventsAreRefusedWithTheRuleInWords) {
  server::ClientResponse unfit =
      Request("POST", "/events", kOrganiser, EventBody("x", "collusion", 8, "mitchell", 2));
  EXPECT_EQ(unfit.status, 400);
  EXPECT_EQ(Text(unfit.json, "code"), "method-unfit");
  EXPECT_EQ(Text(unfit.json, "at"), "/schedule/method");
  server::ClientResponse few =
      Request("POST", "/events", kOrganiser, EventBody("x", "collusion", 3, "swiss", 2));
  EXPECT_EQ(few.status, 422);
  EXPECT_EQ(Text(few.json, "message"), "round 1 has 3 entrants present; swiss needs 4");
  server::ClientResponse seat = Request(
      "POST", "/events", kOrganiser,
      R"({"league":)" + League("collusion", 4) +
          R"(,"schedule":{"method":"swiss","planned_rounds":1},"table_header":{"seed":"x"}})");
  EXPECT_EQ(Text(seat.json, "code"), "reserved-key");
  EXPECT_EQ(Request("POST", "/events", "", EventBody("x", "collusion", 8, "swiss", 2)).status, 401);
  EXPECT_EQ(Request("POST", "/events", kOrganiser, "{\"league\":").status, 400);
}

// The next round waits for every table; the director's acts go into the league file; the live
// standings are, byte for byte, what `referee standings` computes from the export.
TEST_F(ServeEventsTest, RoundsActsStandingsAndExportAgree) {
  MadeEvent event = Make(EventBody("night", "collusion", 8, "swiss", 2));
  server::ClientResponse early = Request("POST", "/events/night/rounds", event.director);
  EXPECT_EQ(early.status, 409);
  EXPECT_EQ(Text(early.json, "code"), "round-in-play");
  EXPECT_EQ(Text(early.json, "message").substr(0, 30), "2 tables playing in round 1 (n");
  server::ClientResponse provisional = Request("GET", "/events/night/standings");
  EXPECT_EQ(Text(provisional.json, "provisional"), "true");
  EXPECT_EQ(Text(provisional.json, "playing"), "2 tables playing in round 1");
  PlayRound(event);
  server::ClientResponse act = Request(
      "POST", "/events/night/acts", event.director,
      R"({"act":"adjust","entrant":"p2","points":-2,"why":"a revoke the referee could not see"})");
  EXPECT_EQ(act.status, 200) << act.body;
  EXPECT_EQ(Request("POST", "/events/night/acts", event.director,
                    R"({"act":"adjust","entrant":"zed","points":1,"why":"x"})")
                .status,
            422);
  EXPECT_EQ(Request("POST", "/events/night/rounds", event.director).status, 200);
  // One table of round 2 is settled by the director; the other is played.
  std::vector<std::string> tables = TableIds("night", 2);
  server::ClientResponse settle =
      Request("POST", "/events/night/acts", event.director,
              R"({"act":"settle","table":")" + tables[0] + R"(","why":"a player fell ill"})");
  EXPECT_EQ(settle.status, 200) << settle.body;
  EXPECT_EQ(Text(Request("GET", "/tables/" + tables[0]).json, "status"), "cancelled");
  PlayRound(event);
  server::ClientResponse state = Request("GET", "/events/night");
  EXPECT_EQ(Text(state.json, "status"), "over");
  EXPECT_EQ(Text(state.json, "seed"), "s");
  server::ClientResponse live = Request("GET", "/events/night/standings?format=json");
  ASSERT_EQ(live.status, 200);
  fs::path folder = data_ / "export";
  ShellResult exported = RunShell(RefereeCommand() + " event export --data " + data_.string() +
                                  " night " + folder.string());
  ASSERT_EQ(exported.exit_code, 0) << exported.output;
  ShellResult standings = RunShell("cd " + folder.string() + " && " + RefereeCommand() +
                                   " standings league.yaml --format json");
  EXPECT_EQ(standings.output, live.body);
  std::ifstream league(folder / "league.yaml");
  std::stringstream text;
  text << league.rdbuf();
  EXPECT_NE(text.str().find("reason: \"director: a revoke the referee could not see\""),
            std::string::npos)
      << text.str();
  EXPECT_NE(text.str().find("director: a player fell ill"), std::string::npos);
  EXPECT_TRUE(fs::exists(folder / "settled" / (tables[0] + ".journal")));
  ShellResult verified =
      RunShell(RefereeCommand() + " verify --quiet " + (folder / "records").string());
  EXPECT_EQ(verified.exit_code, 0) << verified.output;
  // Once over, the tables' records are served (before, they were kept back).
  EXPECT_EQ(Request("GET", "/tables/" + tables[1] + "/record").status, 200);
}

// A table's last card is applied before its end is durable, and the event is over only once it
// is. The end made durable adds no event, yet the event's state number grows with it, so that a
// room's screen waiting on the event sees the final standings; and the standings called final
// hold the table's record. (Before, the state number did not move: a screen that had read the
// standings just before the end was durable waited on, showing standings that were not final.)
TEST_F(ServeEventsTest, TheStateNumberGrowsWhenATablesEndIsDurable) {
  MadeEvent event = Make(EventBody("night", "collusion", 4, "swiss", 1));
  std::string table = TableIds("night", 1).at(0);
  server::ClientResponse seats = Request("GET", "/tables/" + table);
  std::map<std::string, std::string> tokens;  // seat -> token
  for (const auto& member : seats.json.Find("header")->Find("players")->members()) {
    tokens[member.key] = event.players.at(member.value.text());
  }
  for (int move = 0; move < 5000; ++move) {
    server::ClientResponse info = Request("GET", "/tables/" + table);
    std::string seat = Text(*info.json.Find("next"), "seat");
    server::ClientResponse legal = Request("GET", "/tables/" + table + "/legal", tokens.at(seat));
    std::string line = Json(legal.json.Find("legal")->items().at(0));
    disk_.Shut();
    std::thread post([&] {
      server::HttpClient own("127.0.0.1", server_->port());
      auto played = own.Request("POST", "/tables/" + table + "/events", tokens.at(seat), line);
      EXPECT_TRUE(played.has_value() && played->status == 200) << (played ? played->body : "");
    });
    ASSERT_TRUE(disk_.WaitForHeldSync());
    bool last = Text(Request("GET", "/tables/" + table).json, "status") == "over";
    server::ClientResponse before = Request("GET", "/events/night");
    server::ClientResponse standings = Request("GET", "/events/night/standings");
    disk_.Open();
    post.join();
    if (!last) continue;
    // Its last card is applied, its end not yet durable: the event plays on.
    EXPECT_EQ(Text(before.json, "status"), "in-play");
    EXPECT_EQ(Text(standings.json, "provisional"), "true");
    std::string after = Text(before.json, "state");
    server::ClientResponse waited = Request("GET", "/events/night/wait?after=" + after);
    EXPECT_EQ(Text(waited.json, "status"), "over") << waited.body;
    EXPECT_GT(std::stoll(Text(waited.json, "state")), std::stoll(after));
    server::ClientResponse final = Request("GET", "/events/night/standings");
    EXPECT_EQ(Text(final.json, "provisional"), "false");
    EXPECT_EQ(std::stoll(Text(final.json, "state")), std::stoll(Text(waited.json, "state")));
    EXPECT_NE(final.body.find(table), std::string::npos) << "the table's record is counted";
    return;
  }
  FAIL() << "the table never ended";
}

// A deal the director voids is played out first; the table's record stands as played, the
// league file gains a `voids:` entry, and the live standings and the export agree.
// The void is journaled and listed; the record is rescored without the deal. Collusion plays to
// a target, so this match, short of its winner's points, has no result left to count: the
// standings say so (director-void-conflict), live and exported alike, and the record alone stays
// valid.
TEST_F(ServeEventsTest, ADealVoidedByTheDirectorIsLeftOutOfTheStandings) {
  MadeEvent event = Make(EventBody("night", "collusion", 4, "swiss", 1));
  std::string table = TableIds("night", 1).at(0);
  auto void_deal = [&](const std::string& deal) {
    return Request("POST", "/events/night/acts", event.director,
                   R"({"act":"void","table":")" + table + R"(","deal":)" + deal +
                       R"(,"why":"a fouled board"})");
  };
  server::ClientResponse early = void_deal("1");
  EXPECT_EQ(early.status, 409) << early.body;
  EXPECT_EQ(Text(early.json, "code"), "deal-not-played");
  PlayRound(event);
  EXPECT_EQ(void_deal("1").status, 200);
  EXPECT_EQ(Text(void_deal("1").json, "code"), "voided-already");
  EXPECT_EQ(Text(void_deal("999").json, "code"), "deal-not-played");
  EXPECT_EQ(Text(void_deal("0").json, "code"), "bad-deal");
  server::ClientResponse live = Request("GET", "/events/night/standings?format=json");
  ASSERT_EQ(live.status, 200);
  EXPECT_NE(live.body.find("void: deal 1 of " + table + " not scored (director: a fouled board)"),
            std::string::npos)
      << live.body;
  EXPECT_NE(live.body.find("\"reason\": \"director-void-conflict at /deals/0 (line "),
            std::string::npos)
      << live.body;
  fs::path folder = data_ / "export";
  ShellResult exported = RunShell(RefereeCommand() + " event export --data " + data_.string() +
                                  " night " + folder.string());
  ASSERT_EQ(exported.exit_code, 0) << exported.output;
  ShellResult standings = RunShell("cd " + folder.string() + " && " + RefereeCommand() +
                                   " standings league.yaml --format json");
  EXPECT_EQ(standings.output, live.body);
  ShellResult verified =
      RunShell(RefereeCommand() + " verify --quiet " + (folder / "records").string());
  EXPECT_EQ(verified.exit_code, 0) << verified.output;
}

TEST_F(ServeEventsTest, RecordsAndTheSeedStayBackWhileTheEventPlays) {
  MadeEvent event = Make(EventBody("night", "collusion", 8, "individual", 2));
  PlayRound(event);
  std::vector<std::string> tables = TableIds("night", 1);
  server::ClientResponse record = Request("GET", "/tables/" + tables[0] + "/record");
  EXPECT_EQ(record.status, 409);
  EXPECT_EQ(Text(record.json, "code"), "event-in-play");
  server::ClientResponse state = Request("GET", "/events/night");
  EXPECT_EQ(state.json.Find("seed"), nullptr);
  EXPECT_EQ(Text(state.json, "seed_sha256").size(), 64u);
  EXPECT_EQ(state.body.find("\"s\""), std::string::npos);
  EXPECT_EQ(Request("GET", "/events/night/export").status, 403);
  EXPECT_EQ(Request("GET", "/events/night/export", event.director).status, 200);
  // A finished table's GET shows its result.
  EXPECT_NE(Request("GET", "/tables/" + tables[0]).json.Find("result"), nullptr);
}

TEST_F(ServeEventsTest, CallsAreQueuedAndAnswered) {
  MadeEvent event = Make(EventBody("night", "collusion", 8, "individual", 1));
  server::ClientResponse call =
      Request("POST", "/events/night/calls", event.players["p3"], R"({"message":"a revoke?"})");
  ASSERT_EQ(call.status, 200) << call.body;
  std::string number = Text(call.json, "call");
  server::ClientResponse queued = Request("GET", "/events/night/calls", event.director);
  ASSERT_EQ(queued.json.Find("open")->items().size(), 1u);
  EXPECT_EQ(Text(queued.json.Find("open")->items()[0], "player"), "p3");
  EXPECT_EQ(Request("GET", "/events/night/calls", event.players["p3"]).status, 403);
  EXPECT_EQ(Request("POST", "/events/night/calls/" + number + "/answer", event.director,
                    R"({"answer":"play on; I am coming"})")
                .status,
            200);
  server::ClientResponse seat = Request("GET", "/events/night/seat", event.players["p3"]);
  EXPECT_EQ(Text(seat.json.Find("calls")->items()[0], "answer"), "play on; I am coming");
  EXPECT_EQ(Request("POST", "/events/night/calls/" + number + "/answer", event.director,
                    R"({"answer":"again"})")
                .status,
            409);
}

TEST_F(ServeEventsTest, AReplacedPlayersSeatTakesTheSubstitutesLink) {
  MadeEvent event = Make(EventBody("night", "collusion", 8, "individual", 1));
  std::string table = TableIds("night", 1)[0];
  server::ClientResponse state = Request("GET", "/tables/" + table);
  std::string east = Text(*state.json.Find("header")->Find("players"), "E");
  server::ClientResponse replaced = Request(
      "POST", "/events/night/acts", event.director,
      R"({"act":"replace","table":")" + table + R"(","seat":"E","player":"sub","why":"late"})");
  ASSERT_EQ(replaced.status, 200) << replaced.body;
  std::string token = Text(replaced.json, "token");
  EXPECT_EQ(Request("GET", "/tables/" + table + "/view", token).status, 200);
  EXPECT_EQ(Request("GET", "/tables/" + table + "/view", event.players[east]).status, 401);
}

// A restart resumes the event where its journal stands; a journal edited afterwards is refused at
// start and by `referee event verify`.
TEST_F(ServeEventsTest, RestartResumesAndAnEditedJournalIsFound) {
  MadeEvent event = Make(EventBody("night", "collusion", 8, "swiss", 2));
  PlayRound(event);
  ASSERT_EQ(Request("POST", "/events/night/acts", event.director,
                    R"({"act":"penalty","entrant":"p1","points":1,"why":"late"})")
                .status,
            200);
  ASSERT_EQ(Request("POST", "/events/night/rounds", event.director).status, 200);
  Start();
  server::ClientResponse state = Request("GET", "/events/night");
  EXPECT_EQ(state.json.Find("rounds")->items().size(), 2u);
  EXPECT_EQ(state.json.Find("acts")->items().size(), 1u);
  PlayRound(event);  // the seat links work after the restart
  EXPECT_EQ(Text(Request("GET", "/events/night").json, "status"), "over");
  client_.reset();
  server_.reset();
  fs::path journal = data_ / "events" / "night.journal";
  std::stringstream text;
  text << std::ifstream(journal).rdbuf();
  std::string edited = text.str();
  size_t points = edited.find("\"points\":1");
  ASSERT_NE(points, std::string::npos);
  edited[points + 9] = '0';
  std::ofstream(journal, std::ios::trunc) << edited;
  ShellResult verified = RunShell(RefereeCommand() + " event verify " + journal.string() + " 2>&1");
  EXPECT_EQ(verified.exit_code, 1);
  EXPECT_NE(verified.output.find(":3: chain broken"), std::string::npos) << verified.output;
  Start();
  EXPECT_EQ(Request("GET", "/events/night").status, 404);
}

// The real binary killed with SIGKILL right after each acknowledged act of the director and after
// the event's creation, and while it makes a round: started again on the folder, every act
// acknowledged is there and every table of every round made exists, with its seat links working.
TEST(ServeEventsCrash, KilledAfterEachActNothingAcknowledgedIsLost) {
  fs::path data = ServeScratch("events-crash");
  fs::path token_file = data / "organiser-token";
  std::ofstream(token_file) << kOrganiser << "\n";
  std::string director;
  std::map<std::string, std::string> players;
  int acknowledged = 0;       // lines of the event's journal acknowledged
  std::random_device random;  // the moment of the kill while a round is made
  std::vector<std::string> acts = {
      R"({"act":"penalty","entrant":"p1","points":1,"why":"late"})",
      R"({"act":"average","entrant":"p2","round":1,"why":"a board fouled"})",
      "round",
      R"({"act":"void","table":"night-r1-t1","deal":1,"why":"cards exposed"})",
      R"({"act":"withdraw","entrant":"p3","why":"went home"})",
  };
  for (size_t step = 0; step <= acts.size(); ++step) {
    ServeProcess serve(data, token_file);
    server::HttpClient client("127.0.0.1", serve.port());
    if (step == 0) {
      auto made = client.Request("POST", "/events", kOrganiser,
                                 EventBody("night", "collusion", 9, "swiss", 3));
      ASSERT_TRUE(made.has_value() && made->status == 201) << (made ? made->body : "");
      director = Text(*made->json.Find("director"), "token");
      for (const auto& member : made->json.Find("players")->members()) {
        players[member.key] = Text(member.value, "token");
      }
      acknowledged = 2;
    } else {
      auto state = client.Request("GET", "/events/night");
      ASSERT_TRUE(state.has_value() && state->status == 200) << (state ? state->body : "");
      EXPECT_GE(std::stoi(Text(state->json, "journal_lines")), acknowledged);
      // Every table of every round made is there, and a seat link works at its table.
      for (const Node& round : state->json.Find("rounds")->items()) {
        for (const Node& table : round.Find("tables")->items()) {
          EXPECT_NE(Text(table, "status"), "missing") << Text(table, "id");
          std::string north = Text(*table.Find("players"), "N");
          auto view =
              client.Request("GET", "/tables/" + Text(table, "id") + "/view", players[north]);
          EXPECT_TRUE(view.has_value() && view->status == 200) << Text(table, "id");
        }
      }
      const std::string& act = acts[step - 1];
      if (act == "round") {
        // The round's tables are played first: the next round waits for them.
        auto current = client.Request("GET", "/events/night");
        const Node& round = current->json.Find("rounds")->items().back();
        uint64_t seed = 1;
        for (const Node& table : round.Find("tables")->items()) {
          std::vector<std::string> tokens;
          std::vector<std::unique_ptr<Bot>> bots;
          for (const auto& member : table.Find("players")->members()) {
            tokens.push_back(players[member.value.text()]);
            bots.push_back(std::make_unique<RandomBot>());
          }
          ASSERT_TRUE(server::DriveTable(serve.port(), Text(table, "id"), tokens, bots, seed++));
        }
        // The round is asked for and the server killed while it makes it (the reply unread):
        // started again, the round is there whole or not at all, and asking again with the line
        // it expects makes it once.
        std::thread asking([&] {
          server::HttpClient other("127.0.0.1", serve.port());
          (void)other.Request("POST", "/events/night/rounds", director, R"({"expect":5})");
        });
        std::this_thread::sleep_for(
            std::chrono::microseconds(std::uniform_int_distribution<int>(0, 3000)(random)));
        serve.Kill();
        asking.join();
        ServeProcess again(data, token_file);
        server::HttpClient after("127.0.0.1", again.port());
        auto state = after.Request("GET", "/events/night");
        ASSERT_TRUE(state.has_value());
        for (const Node& round : state->json.Find("rounds")->items()) {
          for (const Node& table : round.Find("tables")->items()) {
            EXPECT_NE(Text(table, "status"), "missing") << Text(table, "id");
          }
        }
        auto made = after.Request("POST", "/events/night/rounds", director, R"({"expect":5})");
        ASSERT_TRUE(made.has_value() && made->status == 200) << (made ? made->body : "");
        ++acknowledged;
        again.Kill();
        continue;
      } else {
        auto done = client.Request("POST", "/events/night/acts", director, act);
        ASSERT_TRUE(done.has_value() && done->status == 200) << (done ? done->body : "");
      }
      ++acknowledged;
    }
    serve.Kill();
  }
  {
    // The last act is in the commit log, perhaps not yet in the journal's file: a start writes
    // the log into the files.
    ServeProcess serve(data, token_file);
    server::HttpClient client("127.0.0.1", serve.port());
    auto state = client.Request("GET", "/events/night");
    ASSERT_TRUE(state.has_value());
    EXPECT_EQ(Text(state->json, "journal_lines"), std::to_string(acknowledged));
  }
  ShellResult verified =
      RunShell(RefereeCommand() + " event verify " + (data / "events" / "night.journal").string());
  EXPECT_EQ(verified.exit_code, 0) << verified.output;
  EXPECT_NE(verified.output.find("7 lines"), std::string::npos) << verified.output;
}

// Every act posted twice with the line it expects is applied once, and the second post gets the
// first one's reply; the same for the events of a table.
RC_GTEST_PROP(ServeEventsRetry, EveryActPostedTwiceIsAppliedOnce, ()) {
  fs::path data = ServeScratch("retry");
  TestServer server(data);
  server::HttpClient client("127.0.0.1", server.port());
  auto made = client.Request("POST", "/events", kOrganiser,
                             EventBody("night", "collusion", 8, "individual", 1));
  RC_ASSERT(made.has_value() && made->status == 201);
  std::string director = Text(*made->json.Find("director"), "token");
  std::string player = Text(made->json.Find("players")->members()[0].value, "token");
  int lines = 2;
  int acts = *rc::gen::inRange(1, 6);
  for (int i = 0; i < acts; ++i) {
    bool call = *rc::gen::arbitrary<bool>();
    int times = *rc::gen::inRange(1, 4);
    std::string body = call ? R"({"message":"call )" + std::to_string(i) + R"(","expect":)" +
                                  std::to_string(lines + 1) + "}"
                            : R"({"act":"adjust","entrant":"p2","points":)" +
                                  std::to_string(*rc::gen::inRange(1, 9)) +
                                  R"(,"why":"w","expect":)" + std::to_string(lines + 1) + "}";
    std::string first;
    for (int t = 0; t < times; ++t) {
      auto reply = client.Request("POST", call ? "/events/night/calls" : "/events/night/acts",
                                  call ? player : director, body);
      RC_ASSERT(reply.has_value() && reply->status == 200);
      if (t == 0) first = reply->body;
      RC_ASSERT(reply->body == first);
    }
    ++lines;
  }
  auto state = client.Request("GET", "/events/night");
  RC_ASSERT(Text(state->json, "journal_lines") == std::to_string(lines));
  // A table's events: each posted up to three times, with its event number (?event=N).
  std::string table = "night-r1-t1";
  auto header = client.Request("GET", "/tables/" + table);
  std::map<std::string, std::string> seat_tokens;
  for (const auto& member : made->json.Find("players")->members()) {
    for (const auto& seat : header->json.Find("header")->Find("players")->members()) {
      if (seat.value.text() == member.key) seat_tokens[seat.key] = Text(member.value, "token");
    }
  }
  auto record = server::ClientRecord(*header->json.Find("header"));
  RC_ASSERT(record.has_value());
  RandomBot bot;
  std::mt19937_64 rng(7);
  int moves = *rc::gen::inRange(1, 30);
  for (int move = 0; move < moves; ++move) {
    auto table_state = client.Request("GET", "/tables/" + table);
    std::string actor = Text(*table_state->json.Find("next"), "seat");
    if (actor.empty()) break;
    auto wait = client.Request("GET", "/tables/" + table + "/wait", seat_tokens[actor]);
    auto line = server::ChooseLine(wait->json, *record, bot, rng);
    RC_ASSERT(line.has_value() && line->has_value());
    int events = std::stoi(Text(table_state->json, "events"));
    std::string body = formats::WriteJson(**line, false);
    std::string target = "/tables/" + table + "/events?event=" + std::to_string(events + 1);
    std::string first;
    int times = *rc::gen::inRange(1, 4);
    for (int t = 0; t < times; ++t) {
      auto reply = client.Request("POST", target, seat_tokens[actor], body);
      RC_ASSERT(reply.has_value() && reply->status == 200);
      if (t == 0) first = reply->body;
      RC_ASSERT(reply->body == first);
    }
    auto after = client.Request("GET", "/tables/" + table);
    RC_ASSERT(std::stoi(Text(after->json, "events")) > events);
  }
}

// `text` with what differs between two events of the same league by right only: their ids, the
// digests that commit to their seeds, and the cards of `hand` (those the seat may see, a word
// each).
std::string Masked(std::string text, const std::string& id, const std::string& hand) {
  // Every digest ("seed_sha256", "journal_sha256", the standings' provenance): each commits to
  // the seed, which is published when the event ends, and reveals nothing of it before.
  const std::string key = "sha256\":\"";
  for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + 1)) {
    text.erase(at + key.size(), 64);
  }
  for (size_t at; (at = text.find(id)) != std::string::npos;) text.replace(at, id.size(), "ID");
  std::istringstream cards(hand);
  auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  for (std::string card; cards >> card;) {
    for (size_t at = text.find(card); at != std::string::npos; at = text.find(card, at + 1)) {
      bool starts = at == 0 || !is_word(text[at - 1]);
      bool ends = at + card.size() == text.size() || !is_word(text[at + card.size()]);
      if (starts && ends) text.replace(at, card.size(), "??");
    }
  }
  return text;
}

std::vector<std::string> PlayersOf(const std::map<std::string, std::string>& tokens) {
  std::vector<std::string> players;
  for (const auto& [player, token] : tokens) players.push_back(player);
  return players;
}

// Everything a player's seat token can ask of an event while its first round plays: the event's
// public state and standings, the player's own page, and its table's state, view, legal events
// and wait. Each reply masked (Masked) of the event's id and of the cards the player may see.
std::vector<std::string> WhatASeatReceives(server::HttpClient& client, const std::string& event,
                                           const std::string& player, const std::string& token) {
  auto get = [&](const std::string& path, const std::string& with) {
    auto reply = client.Request("GET", path, with, "");
    RC_ASSERT(reply.has_value());
    return std::to_string(reply->status) + " " + reply->body;
  };
  auto state = client.Request("GET", "/events/" + event, "", "");
  RC_ASSERT(state.has_value() && state->status == 200);
  std::string table;
  for (const Node& at : state->json.Find("rounds")->items().at(0).Find("tables")->items()) {
    for (const auto& seat : at.Find("players")->members()) {
      if (seat.value.text() == player) table = Text(at, "id");
    }
  }
  std::vector<std::string> replies = {get("/events/" + event, ""),
                                      get("/events/" + event + "/standings", token),
                                      get("/events/" + event + "/seat", token)};
  if (table.empty()) {  // sitting out: no table, no cards
    for (std::string& reply : replies) reply = Masked(reply, event, "");
    return replies;
  }
  auto view = client.Request("GET", "/tables/" + table + "/view", token, "");
  RC_ASSERT(view.has_value() && view->status == 200);
  const Node* seen = view->json.Find("view");
  // The cards the seat may see: its hand, and the hands its rules show it (Conspiracy's partner).
  std::string hand = seen != nullptr ? Text(*seen, "hand") : "";
  const Node* known = seen != nullptr ? seen->Find("known_hands") : nullptr;
  for (const auto& shown : known != nullptr ? known->members() : std::vector<Node::Member>{}) {
    hand += " " + shown.value.text();
  }
  auto public_table = client.Request("GET", "/tables/" + table, "", "");
  RC_ASSERT(public_table.has_value() && public_table->status == 200);
  int events = std::stoi(Text(public_table->json, "events"));
  RC_ASSERT(events > 0);  // the first deal is dealt when the table is made: wait answers at once
  replies.push_back(public_table->body);
  replies.push_back(view->body);
  replies.push_back(get("/tables/" + table + "/legal", token));
  replies.push_back(get("/tables/" + table + "/wait?after=" + std::to_string(events - 1), token));
  for (std::string& reply : replies) reply = Masked(reply, event, hand);
  return replies;
}

// Seat secrecy for events: for a random partnership event (game, movement, size and seeds drawn;
// Mitchell and Howell seat by the movement, not by the seed), every player's seat token receives
// the same from every endpoint it can call in two events that differ only in their seeds, so in
// every card but its own: whatever it cannot see does not reach it. The seeds themselves appear
// nowhere while the event plays.
RC_GTEST_PROP(ServeEventsSecrecy, WhatASeatReceivesIsTheSameWhateverTheCardsItCannotSee, ()) {
  std::string game = *rc::gen::element<std::string>("plonk", "conspiracy");
  std::string method = *rc::gen::element<std::string>("mitchell", "howell");
  int pairs = *rc::gen::inRange(5, 8);  // Mitchell seats 5 pairs or more
  std::string first = "a" + std::to_string(*rc::gen::inRange(0, 1000000));
  std::string second = "b" + std::to_string(*rc::gen::inRange(0, 1000000));
  fs::path data = ServeScratch("secrecy");
  TestServer server(data);
  server::HttpClient client("127.0.0.1", server.port());
  std::map<std::string, std::string> tokens[2];
  const std::string ids[2] = {"evening-a", "evening-b"};
  const std::string seeds[2] = {first, second};
  for (int e = 0; e < 2; ++e) {
    auto made = client.Request("POST", "/events", kOrganiser,
                               EventBody(ids[e], game, pairs, method, 2, seeds[e]));
    RC_ASSERT(made.has_value());
    RC_ASSERT(made->status == 201);
    for (const auto& member : made->json.Find("players")->members()) {
      tokens[e][member.key] = Text(member.value, "token");
    }
  }
  RC_ASSERT(tokens[0].size() == static_cast<size_t>(2 * pairs));
  // One player a case (the cases cover the seats), so that each case stays a few requests.
  std::string player = *rc::gen::elementOf(PlayersOf(tokens[0]));
  std::vector<std::string> one = WhatASeatReceives(client, ids[0], player, tokens[0].at(player));
  std::vector<std::string> two = WhatASeatReceives(client, ids[1], player, tokens[1].at(player));
  for (size_t i = 0; i < one.size(); ++i) {
    RC_ASSERT(one[i] == two[i]);
    RC_ASSERT(one[i].find(first) == std::string::npos);
  }
}

}  // namespace
}  // namespace referee::testing
