// More than one server (docs/serve.md, "More than one server"): Debian's HAProxy runs the example
// configuration, docs/examples/haproxy.cfg, as it is, on loopback in front of two real `referee
// serve`. Every table goes to the server its id names, creation included; a server that dies makes
// its tables answer 503 (and only its tables), and once it is started again on its folder they
// carry on where their journals stand.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <thread>

#include "server/bot_client.h"
#include "server/http_client.h"
#include "tests/server/serve_process.h"
#include "tests/server/serve_test_util.h"
#include "tests/support/shell.h"

namespace referee::testing {
namespace {

std::optional<std::string> HaproxyBinary() {
  ShellResult found = RunShell("command -v haproxy || ls /usr/sbin/haproxy 2>/dev/null");
  std::string path = found.output.substr(0, found.output.find('\n'));
  if (found.exit_code != 0 || path.empty()) return std::nullopt;
  return path;
}

// A port nobody listens on now.
uint16_t FreePort() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address));
  socklen_t size = sizeof(address);
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size);
  ::close(fd);
  return ntohs(address.sin_port);
}

bool Listening(uint16_t port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bool connected = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0;
  ::close(fd);
  return connected;
}

// `haproxy -f docs/examples/haproxy.cfg` in the foreground, with its environment.
class Haproxy {
 public:
  Haproxy(const std::string& binary, uint16_t listen, uint16_t first, uint16_t second,
          const fs::path& log) {
    pid_ = ::fork();
    if (pid_ == 0) {
      ::setenv("REFEREE_LISTEN", ("127.0.0.1:" + std::to_string(listen)).c_str(), 1);
      ::setenv("REFEREE_S1", ("127.0.0.1:" + std::to_string(first)).c_str(), 1);
      ::setenv("REFEREE_S2", ("127.0.0.1:" + std::to_string(second)).c_str(), 1);
      int err = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
      ::dup2(err, 1);
      ::dup2(err, 2);
      std::string config = std::string(REFEREE_SOURCE_DIR) + "/docs/examples/haproxy.cfg";
      ::execl(binary.c_str(), "haproxy", "-db", "-f", config.c_str(), nullptr);
      ::_exit(127);
    }
    for (int i = 0; i < 1000 && !Listening(listen); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  ~Haproxy() {
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }

 private:
  pid_t pid_ = -1;
};

CreatedTable PutTable(server::HttpClient& client, const std::string& id) {
  auto response = client.Request("PUT", "/tables/" + id, kOrganiser,
                                 R"({"header":)" + SmallHeader("collusion", id) + "}");
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

std::optional<std::string> Play(uint16_t port, const CreatedTable& table, int max_moves) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (size_t seat = 0; seat < table.tokens.size(); ++seat) {
    bots.push_back(std::make_unique<RandomBot>());
  }
  auto played = server::DriveTable(port, table.id, table.tokens, bots, 5, max_moves);
  if (!played.has_value()) return played.error().message;
  return std::nullopt;
}

TEST(ServeProxy, HaproxyRoutesEachTableToTheServerItsIdNames) {
  std::optional<std::string> binary = HaproxyBinary();
  if (!binary) GTEST_SKIP() << "haproxy is not installed (scripts/setup.sh --tests installs it)";
  fs::path scratch = ServeScratch("proxy");
  fs::path token_file = scratch / "organiser.secret";
  std::ofstream(token_file) << kOrganiser;
  fs::path first_data = scratch / "s1";
  fs::path second_data = scratch / "s2";
  std::vector<std::string> options = {"--max-connections-per-client", "8192"};
  uint16_t first_port = FreePort();
  uint16_t second_port = FreePort();
  uint16_t listen = FreePort();
  auto first = std::make_unique<ServeProcess>(first_data, token_file, 0, options, first_port);
  ServeProcess second(second_data, token_file, 0, options, second_port);
  Haproxy proxy(*binary, listen, first_port, second_port, scratch / "haproxy.log");
  server::HttpClient client("127.0.0.1", listen);

  CreatedTable one = PutTable(client, "s1-round1");
  CreatedTable two = PutTable(client, "s2-round1");
  // Each server holds the table its id names, and only that one. Asked of the servers themselves,
  // not of their files: a journal is written by the commit log's files thread just after the 201
  // (docs/serve.md, "Group commit"), and looking for it at once failed one run in five.
  server::HttpClient s1("127.0.0.1", first_port);
  server::HttpClient s2("127.0.0.1", second_port);
  EXPECT_EQ(s1.Request("GET", "/tables/" + one.id)->status, 200);
  EXPECT_EQ(s2.Request("GET", "/tables/" + one.id)->status, 404);
  EXPECT_EQ(s2.Request("GET", "/tables/" + two.id)->status, 200);
  EXPECT_EQ(s1.Request("GET", "/tables/" + two.id)->status, 404);
  EXPECT_EQ(Play(listen, one, 6), std::nullopt);
  EXPECT_EQ(Play(listen, two, -1), std::nullopt);
  auto listed = client.Request("GET", "/tables?server=s2");
  ASSERT_TRUE(listed.has_value());
  EXPECT_EQ(listed->json.Find("tables")->items().size(), 1u) << listed->body;

  first->Kill();  // the tables of s1 are refused, those of s2 still served
  auto down = client.Request("GET", "/tables/" + one.id);
  ASSERT_TRUE(down.has_value());
  EXPECT_EQ(down->status, 503) << down->body;
  EXPECT_EQ(Text(down->json, "code"), "server-down");
  EXPECT_EQ(client.Request("GET", "/tables/" + two.id)->status, 200);

  first = std::make_unique<ServeProcess>(first_data, token_file, 0, options, first_port);
  auto back = client.Request("GET", "/tables/" + one.id);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->status, 200) << back->body;
  EXPECT_EQ(Play(listen, one, -1), std::nullopt);
  ShellResult verified =
      RunShell(RefereeCommand() + " verify --quiet " + (first_data / "records").string() + " " +
               (second_data / "records").string() + " 2>&1");
  EXPECT_EQ(verified.exit_code, 0) << verified.output;
  EXPECT_TRUE(fs::exists(first_data / "records" / (one.id + ".json")));
  EXPECT_TRUE(fs::exists(second_data / "records" / (two.id + ".json")));
}

}  // namespace
}  // namespace referee::testing
