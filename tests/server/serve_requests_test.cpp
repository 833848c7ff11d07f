// Bad requests get a clear status and message and cost the server nothing lasting (docs/serve.md,
// "Statuses"): malformed JSON, unknown tables and paths, missing and wrong tokens, a seat acting
// for another, oversized bodies, a client that sends half a request and stalls.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "tests/server/serve_sockets.h"
#include "tests/server/serve_test_util.h"

namespace referee::testing {
namespace {

namespace fs = std::filesystem;

class ServeRequestsTest : public ::testing::Test {
 protected:
  ServeRequestsTest()
      : data_(ServeScratch("requests")), server_(data_, 500), client_("127.0.0.1", server_.port()) {
    table_ = CreateTable(client_, SmallHeader("collusion", "requests"));
  }
  server::ClientResponse Call(const std::string& method, const std::string& target,
                              const std::string& token = "", const std::string& body = "") {
    auto response = client_.Request(method, target, token, body);
    EXPECT_TRUE(response.has_value()) << response.error();
    return response.has_value() ? *response : server::ClientResponse{};
  }
  std::string Events() { return "/tables/" + table_.id + "/events"; }
  int EventCount() { return std::stoi(Text(Call("GET", "/tables/" + table_.id).json, "events")); }

  fs::path data_;
  TestServer server_;
  server::HttpClient client_;
  CreatedTable table_;
};

TEST_F(ServeRequestsTest, MalformedJsonIs400WithTheFinding) {
  server::ClientResponse response = Call("POST", "/tables", kOrganiser, R"({"header": {)");
  EXPECT_EQ(response.status, 400);
  EXPECT_EQ(Text(response.json, "code"), "json-syntax");
  EXPECT_EQ(Text(response.json, "at"), "1:13");
  response = Call("POST", Events(), table_.tokens[1], R"({"event":"play","event":"play"})");
  EXPECT_EQ(response.status, 400);
  EXPECT_EQ(Text(response.json, "code"), "duplicate-key");
}

TEST_F(ServeRequestsTest, ABadHeaderIs400AtItsPlace) {
  server::ClientResponse response =
      Call("POST", "/tables", kOrganiser, R"({"header":{"format":"referee/1","game":"colusion"}})");
  EXPECT_EQ(response.status, 400) << response.body;
  EXPECT_EQ(Text(response.json, "at").rfind("/header", 0), 0u) << response.body;
  response = Call("POST", "/tables", kOrganiser, R"({"header":{},"move_seconds":-1})");
  EXPECT_EQ(response.status, 400);
  EXPECT_EQ(Text(response.json, "code"), "bad-option");
}

// `"id": null`, `true` or `12` made tables named null, true and 12: an id must be a JSON string.
TEST_F(ServeRequestsTest, AnIdThatIsNotAStringIs400BadType) {
  const std::vector<std::pair<std::string, std::string>> ids = {
      {"null", "null"}, {"true", "a boolean"}, {"12", "an integer"}, {"[\"t\"]", "a list"}};
  for (const auto& [id, kind] : ids) {
    server::ClientResponse response =
        Call("POST", "/tables", kOrganiser,
             R"({"id":)" + id + R"(,"header":)" + SmallHeader("plonk", "typed") + "}");
    EXPECT_EQ(response.status, 400) << id << ": " << response.body;
    EXPECT_EQ(Text(response.json, "code"), "bad-type") << id;
    EXPECT_EQ(Text(response.json, "message"), "expected id to be a string, found " + kind);
  }
  EXPECT_EQ(Call("GET", "/tables/null").status, 404);
  EXPECT_EQ(Call("GET", "/tables/true").status, 404);
  EXPECT_EQ(Call("GET", "/tables/12").status, 404);
  // A string of digits is a good id.
  EXPECT_EQ(Call("POST", "/tables", kOrganiser,
                 R"({"id":"12","header":)" + SmallHeader("plonk", "typed") + "}")
                .status,
            201);
}

TEST_F(ServeRequestsTest, UnknownTablePathAndMethod) {
  EXPECT_EQ(Call("GET", "/tables/nope/view", table_.tokens[0]).status, 404);
  EXPECT_EQ(Text(Call("GET", "/tables/nope").json, "code"), "unknown-table");
  EXPECT_EQ(Call("GET", "/elsewhere").status, 404);
  EXPECT_EQ(Call("GET", "/tables/" + table_.id + "/nothing").status, 404);
  EXPECT_EQ(Call("DELETE", "/tables").status, 405);
  EXPECT_EQ(Call("GET", Events(), table_.tokens[0]).status, 405);
  EXPECT_EQ(Call("POST", "/tables/" + table_.id + "/view", table_.tokens[0]).status, 405);
}

TEST_F(ServeRequestsTest, MissingOrWrongTokenIs401) {
  std::string header = R"({"header":)" + SmallHeader("plonk", "x") + "}";
  EXPECT_EQ(Text(Call("POST", "/tables", "", header).json, "code"), "missing-token");
  EXPECT_EQ(Call("POST", "/tables", table_.tokens[0], header).status, 401);  // a seat's token
  EXPECT_EQ(Call("GET", "/tables/" + table_.id + "/view").status, 401);
  EXPECT_EQ(Call("GET", "/tables/" + table_.id + "/view", "not-a-token").status, 401);
  std::string almost = table_.tokens[1];
  almost.back() = almost.back() == '0' ? '1' : '0';
  EXPECT_EQ(Call("POST", Events(), almost, R"({"event":"play","card":"2C"})").status, 401);
}

TEST_F(ServeRequestsTest, ASeatCannotActOrLookForAnother) {
  int before = EventCount();
  // E leads; N's token names E: refused, nothing journaled.
  server::ClientResponse legal = Call("GET", "/tables/" + table_.id + "/legal", table_.tokens[1]);
  std::string card = Text(legal.json.Find("legal")->items().at(0), "card");
  server::ClientResponse response = Call("POST", Events(), table_.tokens[0],
                                         R"({"event":"play","seat":"E","card":")" + card + "\"}");
  EXPECT_EQ(response.status, 403);
  EXPECT_EQ(Text(response.json, "code"), "wrong-seat");
  // Without a seat, N's token plays for N, out of turn: the live protocol's rejection.
  response = Call("POST", Events(), table_.tokens[0], R"({"event":"play","card":")" + card + "\"}");
  EXPECT_EQ(response.status, 422);
  EXPECT_EQ(Text(response.json, "ok"), "false");
  EXPECT_EQ(EventCount(), before);
  // A view is only ever the token's own seat's.
  server::ClientResponse view = Call("GET", "/tables/" + table_.id + "/view", table_.tokens[2]);
  EXPECT_EQ(Text(*view.json.Find("view"), "seat"), "S");
  EXPECT_EQ(Call("POST", Events(), table_.tokens[2], R"({"event":"view","seat":"E"})").status, 400);
  EXPECT_EQ(Call("GET", "/tables/" + table_.id + "/view", kOrganiser).status, 403);
  EXPECT_EQ(Call("POST", Events(), table_.tokens[2], R"({"event":"deal"})").status, 403);
  // The right seat is accepted.
  response = Call("POST", Events(), table_.tokens[1], R"({"event":"play","card":")" + card + "\"}");
  EXPECT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(EventCount(), before + 1);
  EXPECT_EQ(Call("GET", "/tables/" + table_.id + "/record").status, 409);
}

// The head of every reply is written by the server itself (not by Beast's serializer): a status
// line with its reason, the JSON type, the body's length, `Allow` for a 405, and `Connection:
// close` only when the connection closes. A body that arrives with its header, one that follows
// later and a chunked one are all read on a connection kept alive.
TEST_F(ServeRequestsTest, RepliesAreWholeHttpOnAKeptAliveConnection) {
  RawSocket socket(server_.port());
  socket.Send("GET /tables/" + table_.id + " HTTP/1.1\r\nHost: x\r\n\r\n");
  std::string head = socket.ReadUntil("\r\n\r\n");
  EXPECT_EQ(head.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << head;
  EXPECT_NE(head.find("\r\nContent-Type: application/json\r\n"), std::string::npos) << head;
  EXPECT_EQ(head.find("Connection:"), std::string::npos) << head;
  size_t at = head.find("Content-Length: ");
  ASSERT_NE(at, std::string::npos) << head;
  size_t length = std::stoul(head.substr(at + 16));
  std::string body = socket.ReadUntil("}\n");
  EXPECT_EQ(body.size(), length);
  EXPECT_EQ(body.rfind("{\"ok\":true", 0), 0u) << body;
  EXPECT_EQ(socket.Get("/tables"), 200);

  socket.Send("DELETE /tables HTTP/1.1\r\nHost: x\r\n\r\n");
  head = socket.ReadUntil("\r\n\r\n");
  EXPECT_EQ(head.rfind("HTTP/1.1 405 Method Not Allowed\r\n", 0), 0u) << head;
  EXPECT_NE(head.find("\r\nAllow: GET, POST\r\n"), std::string::npos) << head;
  socket.ReadUntil("}\n");

  std::string token = "Authorization: Bearer " + table_.tokens[0] + "\r\n";
  std::string event = R"({"event":"view"})";  // refused (400 use-get): the body was read
  auto post = [&](const std::string& rest) {
    return "POST " + Events() + " HTTP/1.1\r\nHost: x\r\n" + token + rest;
  };
  socket.Send(post("Content-Length: " + std::to_string(event.size()) + "\r\n\r\n" + event));
  EXPECT_EQ(socket.ReadUntil("}\n").rfind("HTTP/1.1 400 Bad Request\r\n", 0), 0u);
  socket.Send(post("Content-Length: " + std::to_string(event.size()) + "\r\n\r\n"));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the body in a later packet
  socket.Send(event);
  std::string answer = socket.ReadUntil("}\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 400", 0), 0u) << answer;
  EXPECT_NE(answer.find("use-get"), std::string::npos) << answer;
  socket.Send(
      post("Transfer-Encoding: chunked\r\n\r\n5\r\n{\"eve\r\nb\r\nnt\":\"view\"}\r\n0\r\n\r\n"));
  answer = socket.ReadUntil("}\n");
  EXPECT_NE(answer.find("use-get"), std::string::npos) << answer;

  socket.Send("GET /tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  answer = socket.ReadToEnd();
  EXPECT_NE(answer.find("\r\nConnection: close\r\n"), std::string::npos) << answer;
}

// GET /tables/ID is written once per change of the table and kept: it must follow every change,
// an event, a seeded deal, a cancellation.
TEST_F(ServeRequestsTest, ThePublicTableFollowsEveryChange) {
  std::string path = "/tables/" + table_.id;
  std::string first = Call("GET", path).body;
  EXPECT_EQ(Call("GET", path).body, first);
  server::ClientResponse legal = Call("GET", path + "/legal", table_.tokens[1]);
  std::string card = Text(legal.json.Find("legal")->items().at(0), "card");
  int before = EventCount();
  EXPECT_EQ(
      Call("POST", Events(), table_.tokens[1], R"({"event":"play","card":")" + card + "\"}").status,
      200);
  server::ClientResponse after = Call("GET", path);
  EXPECT_EQ(std::stoi(Text(after.json, "events")), before + 1);
  EXPECT_NE(after.body, first);
  EXPECT_EQ(Text(*after.json.Find("next"), "seat"), "S") << after.body;
  EXPECT_EQ(Call("POST", path + "/cancel", kOrganiser, R"({"reason":"rain"})").status, 200);
  server::ClientResponse cancelled = Call("GET", path);
  EXPECT_EQ(Text(cancelled.json, "status"), "cancelled") << cancelled.body;
  EXPECT_EQ(Text(*cancelled.json.Find("cancelled"), "reason"), "rain") << cancelled.body;
  EXPECT_EQ(std::stoi(Text(cancelled.json, "events")), before + 1);
}

TEST_F(ServeRequestsTest, OversizedBodyIs413) {
  std::string body = R"({"event":"play","card":")" + std::string(70000, 'x') + "\"}";
  EXPECT_EQ(Call("POST", Events(), table_.tokens[1], body).status, 413);
  EXPECT_EQ(Call("GET", "/tables").status, 200);  // and the server goes on
}

TEST_F(ServeRequestsTest, ASlowClientIsCutOffAndOthersAreServed) {
  RawSocket slow(server_.port());
  slow.Send("POST /tables HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"hea");
  auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(Call("GET", "/tables").status, 200);  // served while the slow one stalls
  std::string answer = slow.ReadToEnd();
  std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(answer.rfind("HTTP/1.1 408", 0), 0u) << answer;
  EXPECT_LT(took.count(), 3.0);
  RawSocket garbage(server_.port());
  garbage.Send("HELLO THERE\r\n\r\n");
  EXPECT_EQ(garbage.ReadToEnd().rfind("HTTP/1.1 400", 0), 0u);
}

TEST_F(ServeRequestsTest, TokensAreNeverWrittenToDisk) {
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(data_)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream file(entry.path());
    std::stringstream text;
    text << file.rdbuf();
    for (const std::string& token : table_.tokens) {
      EXPECT_EQ(text.str().find(token), std::string::npos) << entry.path();
    }
    EXPECT_EQ(text.str().find(kOrganiser), std::string::npos) << entry.path();
  }
}

// A client that sends `Expect: 100-continue` holds its body back until the server says
// `100 Continue` (curl does so for bodies over 1 KiB, and waits a second for it): the server says
// it once the header is read, and refuses a body over the limit at once instead.
TEST_F(ServeRequestsTest, Expect100ContinueIsAnsweredBeforeTheBody) {
  std::string body = R"({"header":)" + SmallHeader("plonk", "continue") + "}";
  RawSocket socket(server_.port());
  socket.Send("POST /tables HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " +
              std::string(kOrganiser) + "\r\nContent-Length: " + std::to_string(body.size()) +
              "\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n");
  std::string interim = socket.ReadUntil("\r\n\r\n");
  EXPECT_EQ(interim.rfind("HTTP/1.1 100 Continue\r\n", 0), 0u) << interim;
  socket.Send(body);
  std::string answer = socket.ReadToEnd();
  EXPECT_EQ(answer.rfind("HTTP/1.1 201", 0), 0u) << answer;

  RawSocket too_large(server_.port());
  too_large.Send("POST /tables HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n" +
                 std::string("Expect: 100-continue\r\n\r\n"));
  answer = too_large.ReadToEnd();
  EXPECT_EQ(answer.rfind("HTTP/1.1 413", 0), 0u) << answer;
}

// Past the cap a connection gets a real reply, 503 with Retry-After, even when it has sent its
// request already (closing on unread bytes would reset the connection and lose the reply).
TEST(ServeRequests, ConnectionsOverTheLimitAreRefused) {
  TestServer server(ServeScratch("connections"), 2000, 3000, 2);
  RawSocket first(server.port());
  RawSocket second(server.port());
  EXPECT_EQ(first.Get("/tables"), 200);  // both surely accepted
  EXPECT_EQ(second.Get("/tables"), 200);
  RawSocket third(server.port());
  third.Send("POST /tables HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}");
  std::string answer = third.ReadToEnd();
  EXPECT_EQ(answer.rfind("HTTP/1.1 503", 0), 0u) << answer;
  EXPECT_NE(answer.find("Retry-After: 1\r\n"), std::string::npos) << answer;
  EXPECT_NE(answer.find("\"code\":\"busy\""), std::string::npos) << answer;
}

// One client address may hold only so many connections: the next from it is refused, and another
// client is still served; a connection closed gives its place back.
TEST(ServeRequests, OneClientCannotTakeEveryConnection) {
  TestServer server(ServeScratch("per-client"), [](server::ServerOptions& options) {
    options.max_connections = 64;
    options.max_connections_per_client = 3;
  });
  std::vector<std::unique_ptr<RawSocket>> mine;
  for (int i = 0; i < 3; ++i) {
    mine.push_back(std::make_unique<RawSocket>(server.port()));
    EXPECT_EQ(mine.back()->Get("/tables"), 200);
  }
  RawSocket fourth(server.port());
  std::string answer = fourth.ReadToEnd();
  EXPECT_EQ(answer.rfind("HTTP/1.1 503", 0), 0u) << answer;
  EXPECT_NE(answer.find("Retry-After: 1\r\n"), std::string::npos) << answer;
  EXPECT_NE(answer.find("\"code\":\"busy-client\""), std::string::npos) << answer;
  RawSocket other(server.port(), "127.0.0.2");
  EXPECT_EQ(other.Get("/tables"), 200);
  mine.pop_back();  // the server sees it close, and counts it out
  int status = 0;
  for (int attempt = 0; attempt < 500 && status != 200; ++attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    RawSocket again(server.port());
    status = again.Get("/tables");
  }
  EXPECT_EQ(status, 200);
}

// A kept-alive connection left idle past the request deadline is closed without a stray 408, and
// the client's next request goes through on a new connection.
TEST(ServeRequests, AnIdleConnectionIsClosedQuietly) {
  TestServer server(ServeScratch("idle"), 300);
  server::HttpClient client("127.0.0.1", server.port());
  ASSERT_TRUE(client.Request("GET", "/tables").has_value());
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  auto again = client.Request("GET", "/tables");
  ASSERT_TRUE(again.has_value()) << again.error();
  EXPECT_EQ(again->status, 200);
}

}  // namespace
}  // namespace referee::testing
