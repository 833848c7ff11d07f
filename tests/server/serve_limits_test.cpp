// Limits the server keeps however a client behaves (docs/serve.md, "Who may do what"): out of file
// descriptors, the real `referee serve` under an open-file limit of 48 is sent more connections
// than it can accept, and must neither spin a core retrying accept(2) nor stop serving; a chunked
// body far over the body limit is refused while the client is still sending it.
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
#include "tests/server/serve_sockets.h"
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

// What a client sending a chunked body saw: the bytes it got onto the wire before the server
// closed, and the answer.
struct ChunkedUpload {
  size_t sent = 0;
  std::string answer;
};

// Sends a chunked POST of `total` bytes in chunks of 64 KiB without looking for an answer until it
// is done or cannot send more (a client that reads the answer only after its request), then reads
// the answer.
ChunkedUpload SendChunked(uint16_t port, size_t total) {
  RawSocket socket(port);
  timeval timeout{5, 0};
  ::setsockopt(socket.fd(), SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof(timeout));
  socket.Send("POST /tables HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
  const std::string chunk = "10000\r\n" + std::string(0x10000, 'x') + "\r\n";
  ChunkedUpload upload;
  while (upload.sent < total) {
    ssize_t wrote = ::send(socket.fd(), chunk.data(), chunk.size(), MSG_NOSIGNAL);
    if (wrote <= 0) break;
    upload.sent += static_cast<size_t>(wrote);
  }
  upload.answer = socket.ReadToEnd();
  return upload;
}

// A chunked body was read to its end (a gigabyte, if that is what came) before the connection
// closed: after its 413 the server read and dropped what the client still sent, for a second,
// however much that was. It must close once a body's worth more has come, while the client is
// still sending, and the client must still get the 413.
TEST(ServeLimits, AChunkedBodyOverTheLimitIsRefusedWhileItIsSent) {
  TestServer server(ServeScratch("chunked-limit"));  // a body limit of 64 KiB
  constexpr size_t kGigabyte = size_t{1} << 30;
  ChunkedUpload upload = SendChunked(server.port(), kGigabyte);
  EXPECT_EQ(upload.answer.rfind("HTTP/1.1 413", 0), 0u) << upload.answer;
  EXPECT_NE(upload.answer.find("\"code\":\"too-large\""), std::string::npos) << upload.answer;
  // The socket buffers of both ends hold a few megabytes; the rest is never sent.
  EXPECT_LT(upload.sent, size_t{16} << 20) << "bytes sent before the server closed";
  server::HttpClient client("127.0.0.1", server.port());
  auto tables = client.Request("GET", "/tables");
  ASSERT_TRUE(tables.has_value()) << tables.error();
  EXPECT_EQ(tables->status, 200);  // and the server goes on
}

}  // namespace
}  // namespace referee::testing
