// Server: the HTTP transport of `referee serve` on Boost.Beast (docs/serve.md, "Why Boost.Beast").
// Asynchronous I/O on a small pool of threads: a connection costs a socket and a buffer, not a
// thread, so slow clients and long polls occupy nothing while they wait. Every connection has a
// deadline for its request (header and body), a body limit and a header limit; the number of
// connections is capped, in all and per client address, and kept within the open-file limit with
// room for the journals: past a cap a connection is answered 503 with Retry-After and closed.
// What a request means is the Service's business.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/service.h"

namespace referee::server {

struct ServerOptions {
  std::string address = "127.0.0.1";
  uint16_t port = 8080;  // 0: any free port (port() says which)
  int threads = 2;
  int64_t request_ms = 10'000;  // a request must arrive whole within this, else 408 and close
  size_t max_header_bytes = 8192;
  // One long poll per seat of hundreds of tables, and their posts; more are answered 503.
  size_t max_connections = 8192;
  // From one remote address, so that one client (or one NAT) cannot take them all.
  size_t max_connections_per_client = 2048;
  ServiceOptions service;  // service.max_body_bytes is also the transport's body limit
};

class Server {
 public:
  explicit Server(ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Resumes the tables, binds, listens and starts the threads. Returns what went wrong.
  Result<void, referee::Error> Start();
  uint16_t port() const { return port_; }
  // The connections that may be open at once: --max-connections, or less under the open-file
  // limit, which must leave room for the server's own files (and, as they open, for the journals
  // of the tables in play).
  size_t ConnectionCap() const;
  // Stops accepting, answers waiting requests, stops the threads. Idempotent.
  void Stop();
  Service& service() { return *service_; }

  struct Shared;  // what every connection needs (defined in the source)

 private:
  void Accept();
  void SetConnectionCap(size_t descriptors);

  ServerOptions options_;
  boost::asio::io_context io_;
  std::shared_ptr<Shared> shared_;
  std::unique_ptr<Service> service_;  // after io_: destroyed before it
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer accept_retry_;  // after a failed accept (out of file descriptors)
  std::vector<std::thread> threads_;
  uint16_t port_ = 0;
  bool stopped_ = false;
};

}  // namespace referee::server
