// Out of file descriptors (docs/serve.md, "Who may do what"): the real `referee serve` under an
// open-file limit of 48 is sent more connections than it can accept. It must neither spin a core
// retrying accept(2) nor stop serving: once the connections close, it answers again.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "server/http_client.h"
#include "tests/server/serve_process.h"
#include "tests/server/serve_test_util.h"
#include "tests/support/sanitized.h"

namespace referee::testing {
namespace {

// User and system CPU time of a process so far, in clock ticks (/proc/PID/stat fields 14 and 15).
long CpuTicks(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  std::istringstream fields(text.substr(text.rfind(')') + 2));  // after "PID (name) "
  std::string field;
  long ticks = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i >= 14) ticks += std::stol(field);
  }
  return ticks;
}

int Connect(uint16_t port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

TEST(ServeLimits, OutOfFileDescriptorsTheServerWaitsAndRecovers) {
  if (kSanitized) {
    // The sanitizers' own checks need descriptors (UBSan's vptr check probes memory through a
    // pipe): starved of them, it reports a false "invalid vptr" and stops the server. The test
    // runs in the normal build.
    GTEST_SKIP() << "the sanitizer runtime cannot run out of file descriptors";
  }
  fs::path data = ServeScratch("fd-limit");
  fs::path token_file = data / "organiser.secret";
  std::ofstream(token_file) << kOrganiser;
  ServeProcess serve(data, token_file, 48);
  // Idle connections hold a descriptor each until the request deadline; the kernel completes
  // connections beyond what the server can accept, so they wait in its backlog.
  std::vector<int> connections;
  for (int i = 0; i < 80; ++i) {
    int fd = Connect(serve.port());
    if (fd >= 0) connections.push_back(fd);
  }
  ASSERT_GT(connections.size(), 48u);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  long before = CpuTicks(serve.pid());
  std::this_thread::sleep_for(std::chrono::seconds(1));
  long spent = CpuTicks(serve.pid()) - before;
  // A spinning accept loop burns the whole second (100 ticks); waiting costs next to nothing.
  EXPECT_LT(spent, 30) << "CPU ticks in one second while out of descriptors";
  for (int fd : connections) ::close(fd);

  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  server::HttpClient client("127.0.0.1", serve.port());
  auto tables = client.Request("GET", "/tables");
  ASSERT_TRUE(tables.has_value()) << tables.error();
  EXPECT_EQ(tables->status, 200);
  std::ifstream log(data / "serve.err");
  std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("cannot accept a connection"), std::string::npos)
      << "the limit was never reached: " << text;
}

}  // namespace
}  // namespace referee::testing
