#include "server/http_server.h"

#include <spdlog/spdlog.h>
#include <sys/resource.h>

#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <mutex>
#include <unordered_map>

namespace referee::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

struct Server::Shared {
  Service* service = nullptr;
  const ServerOptions* options = nullptr;
  std::atomic<size_t> connections{0};               // every open connection, refused ones too
  size_t cap = 0;                                   // Server::ConnectionCap()
  size_t descriptors = 0;                           // the open-file limit
  size_t reserve = 0;                               // descriptors kept for the server's own files
  std::mutex clients_mutex;                         // guards clients
  std::unordered_map<std::string, size_t> clients;  // admitted connections per remote address

  // Whether one more connection from `client` is served; if so it is counted (Release undoes).
  std::optional<HttpResponse> Admit(const std::string& client);
  void Release(const std::string& client);
};

namespace {

// Descriptors kept for the server's own files (the commit log, a record or metadata being written,
// a journal being synced or read back): a connection past the limit less these is refused.
constexpr size_t kReservedDescriptors = 64;

// A closing connection reads and drops at least this much of what the client still sends, so that
// a request cut short by a small body limit still gets its reply (Connection::Linger).
constexpr size_t kMinDrainBytes = 64 * 1024;

// Every table in play keeps its journal open and every client holds a socket: the soft limit of
// 1,024 open files that services often start with would stop a season's server long before the
// hard limit, which a process may raise its soft limit to. Returns the limit in force.
size_t RaiseOpenFileLimit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024;
  if (limit.rlim_cur < limit.rlim_max) {
    rlim_t before = limit.rlim_cur;
    limit.rlim_cur = limit.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &limit) != 0) {
      spdlog::warn("cannot raise the open-file limit above {}", before);
      limit.rlim_cur = before;
    }
  }
  return limit.rlim_cur == RLIM_INFINITY ? SIZE_MAX : static_cast<size_t>(limit.rlim_cur);
}

HttpResponse Refusal(int status, const std::string& code, const std::string& message,
                     int retry_after = 0) {
  return HttpResponse{status,
                      "{\"ok\":false,\"code\":\"" + code + "\",\"message\":\"" + message + "\"}\n",
                      "", retry_after};
}

}  // namespace

std::optional<HttpResponse> Server::Shared::Admit(const std::string& client) {
  // This connection is counted already; the journals of the tables in play need descriptors too.
  size_t open = connections.load();
  if (open > cap || open + service->OpenJournals() + reserve > descriptors) {
    return Refusal(503, "busy", "too many connections (" + std::to_string(open - 1) + " open)", 1);
  }
  std::lock_guard lock(clients_mutex);
  size_t& mine = clients[client];
  if (mine >= options->max_connections_per_client) {
    if (mine == 0) clients.erase(client);
    return Refusal(503, "busy-client",
                   "too many connections from " + client + " (" +
                       std::to_string(options->max_connections_per_client) + ")",
                   1);
  }
  ++mine;
  return std::nullopt;
}

void Server::Shared::Release(const std::string& client) {
  std::lock_guard lock(clients_mutex);
  auto found = clients.find(client);
  if (found != clients.end() && --found->second == 0) clients.erase(found);
}

namespace {

// The head of a reply, written by hand: Beast's response object and serializer (a heap node per
// field, then a gather of a dozen buffers) cost some 6% of the server's time under load, for a
// head that is always these few lines. `Connection: close` only when closing (HTTP/1.1 keeps
// connections alive by default).
std::string ResponseHead(const HttpResponse& answer, bool close) {
  std::string head = "HTTP/1.1 ";
  head += std::to_string(answer.status);
  head += ' ';
  head += http::obsolete_reason(static_cast<http::status>(answer.status));
  head += "\r\nServer: referee\r\nContent-Type: ";
  head += answer.content_type.empty() ? "application/json" : answer.content_type;
  head += "\r\n";
  head += answer.headers;
  if (!answer.allow.empty()) head += "Allow: " + answer.allow + "\r\n";
  if (answer.retry_after > 0) head += "Retry-After: " + std::to_string(answer.retry_after) + "\r\n";
  if (close) head += "Connection: close\r\n";
  head += "Content-Length: " + std::to_string(answer.body.size()) + "\r\n\r\n";
  return head;
}

// One client connection: read a request within the deadline, let the service answer, write the
// answer, and read the next request on the same connection (HTTP/1.1 keep-alive).
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(tcp::socket socket, std::shared_ptr<Server::Shared> shared)
      : socket_(std::move(socket)), timer_(socket_.get_executor()), shared_(std::move(shared)) {
    ++shared_->connections;
    beast::error_code error;
    tcp::endpoint remote = socket_.remote_endpoint(error);
    client_ = error ? "unknown" : remote.address().to_string();
  }
  ~Connection() {
    if (admitted_) shared_->Release(client_);
    --shared_->connections;
  }

  // Past a cap, a real reply (503 with Retry-After) and the connection closes.
  void Start() {
    std::optional<HttpResponse> refusal = shared_->Admit(client_);
    admitted_ = !refusal;
    auto self = shared_from_this();
    net::dispatch(socket_.get_executor(), [self, refusal = std::move(refusal)]() mutable {
      if (refusal) return self->Send(std::move(*refusal), true);
      self->Read();
    });
  }

 private:
  using Clock = std::chrono::steady_clock;

  void Read() {
    const ServerOptions& options = *shared_->options;
    parser_.emplace();
    parser_->body_limit(options.service.max_body_bytes);
    parser_->header_limit(static_cast<uint32_t>(options.max_header_bytes));
    timed_out_ = false;
    reading_ = true;
    SetDeadline(std::chrono::milliseconds(options.request_ms));
    http::async_read_header(socket_, buffer_, *parser_,
                            beast::bind_front_handler(&Connection::OnHeader, shared_from_this()));
  }

  // A deadline is a time, set for each request (and each reply) without touching the timer: the
  // timer runs to the time it was last set for and, if the deadline has moved on meanwhile, again
  // to the new one. A request costs the reactor no timer operation of its own.
  void SetDeadline(Clock::duration within) {
    deadline_ = Clock::now() + within;
    if (!timer_running_) RunTimer();
  }

  void RunTimer() {
    timer_running_ = true;
    timer_.expires_at(deadline_);
    timer_.async_wait([self = shared_from_this()](const beast::error_code& error) {
      self->timer_running_ = false;
      if (error || !self->socket_.is_open() || self->deadline_ == Clock::time_point::max()) return;
      if (Clock::now() < self->deadline_) return self->RunTimer();
      self->Expired();
    });
  }

  // A slow request is cancelled, so that it can still be told 408 before closing (OnRead); a
  // reply the client does not take, or a closing connection that lingers, is closed.
  void Expired() {
    beast::error_code ignored;
    if (!reading_) return Close();
    timed_out_ = true;
    socket_.cancel(ignored);
  }

  // A client that sent `Expect: 100-continue` holds its body back until it is told to go on (RFC
  // 9110, 10.1.1; curl waits a second for it). A body the header already shows to be over the
  // limit is refused instead (OnRead, 413).
  void OnHeader(beast::error_code error, size_t) {
    if (error || parser_->is_done()) return OnRead(error, 0);
    if (!beast::iequals(parser_->get()[http::field::expect], "100-continue")) return ReadBody();
    continue_ = {};
    continue_.version(11);
    continue_.result(http::status::continue_);
    http::async_write(socket_, continue_,
                      [self = shared_from_this()](beast::error_code sent, size_t) {
                        if (sent) return self->OnRead(sent, 0);
                        self->ReadBody();
                      });
  }

  // A body that arrived with its header (a client's usual event) is parsed here: Beast's read of a
  // message already buffered completes by a trip through the scheduler's queue, behind every other
  // connection's work.
  void ReadBody() {
    beast::error_code error;
    parser_->eager(true);
    while (buffer_.size() > 0 && !parser_->is_done()) {
      size_t used = parser_->put(buffer_.data(), error);
      buffer_.consume(used);
      if (error == http::error::need_more) break;
      if (error) return OnRead(error, 0);
      if (used == 0) break;
    }
    if (parser_->is_done()) return OnRead({}, 0);
    http::async_read(socket_, buffer_, *parser_,
                     beast::bind_front_handler(&Connection::OnRead, shared_from_this()));
  }

  void OnRead(beast::error_code error, size_t) {
    deadline_ = Clock::time_point::max();  // the service takes its time (a sync, a long poll)
    reading_ = false;
    if (timed_out_) {
      // An idle kept-alive connection is closed quietly: a 408 nobody asked for would be read as
      // the answer to the client's next request.
      if (!parser_->got_some()) return Close();
      return Send(Refusal(408, "request-timeout", "the request did not arrive in time"), true);
    }
    if (error == http::error::end_of_stream || error == net::error::connection_reset ||
        error == net::error::operation_aborted) {
      return Close();
    }
    if (error == http::error::body_limit) {
      return Send(Refusal(413, "too-large", "the body is over the limit"), true);
    }
    if (error == http::error::header_limit) {
      return Send(Refusal(431, "header-too-large", "the header is over the limit"), true);
    }
    if (error) return Send(Refusal(400, "bad-http", "not an HTTP/1.1 request"), true);
    Call();
  }

  void Call() {
    http::request<http::string_body> request = parser_->release();
    keep_alive_ = request.keep_alive();
    HttpRequest call{std::string(request.method_string()), std::string(request.target()),
                     std::string(request[http::field::authorization]), std::move(request.body())};
    // A reply made at once (a read) is sent at once: dispatch runs it here, on the connection's
    // strand; one made later on another thread (after a sync, a wait) is posted to the strand.
    shared_->service->Handle(std::move(call), [self = shared_from_this()](HttpResponse response) {
      net::dispatch(self->socket_.get_executor(), [self, response = std::move(response)]() mutable {
        self->Send(std::move(response), !self->keep_alive_);
      });
    });
  }

  void Send(HttpResponse answer, bool close) {
    close_ = close;
    reply_ = ResponseHead(answer, close);
    reply_ += answer.body;
    SetDeadline(std::chrono::milliseconds(shared_->options->request_ms));
    net::async_write(socket_, net::buffer(reply_),
                     beast::bind_front_handler(&Connection::OnWrite, shared_from_this()));
  }

  void OnWrite(beast::error_code error, size_t) {
    if (error) return Close();
    if (close_) return Linger();
    Read();
  }

  // Closes after a reply without losing it: the client may still be sending (a request not read,
  // a body over the limit), and closing with unread bytes makes the kernel send a reset that can
  // destroy the reply before the client reads it. So our side is shut down, and what arrives is
  // read and dropped until the client closes, for a second at most, and no more than a body's
  // worth of bytes: a client that sends on regardless (a chunked body of a gigabyte) is cut off
  // there, not read to its end.
  void Linger() {
    beast::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_send, ignored);
    SetDeadline(std::chrono::seconds(1));
    drain_left_ = std::max(shared_->options->service.max_body_bytes, kMinDrainBytes);
    Drain();
  }

  void Drain() {
    buffer_.clear();
    socket_.async_read_some(buffer_.prepare(4096),
                            [self = shared_from_this()](beast::error_code error, size_t got) {
                              if (error || got >= self->drain_left_) return self->Close();
                              self->drain_left_ -= got;
                              self->Drain();
                            });
  }

  void Close() {
    beast::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
    timer_.cancel();
  }

  tcp::socket socket_;
  net::steady_timer timer_;
  Clock::time_point deadline_ = Clock::time_point::max();  // none while the service answers
  bool timer_running_ = false;
  bool reading_ = false;  // a request is being read: its deadline is answered 408
  std::shared_ptr<Server::Shared> shared_;
  std::string client_;  // the remote address
  bool admitted_ = false;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::string reply_;                          // the reply being written: head and body
  http::response<http::empty_body> continue_;  // 100 Continue
  bool keep_alive_ = true;
  bool close_ = false;
  bool timed_out_ = false;
  size_t drain_left_ = 0;  // bytes a closing connection still reads and drops (Linger)
};

}  // namespace

namespace {

// The service's options, with the transport's count of connections for GET /health.
ServiceOptions CountingConnections(ServiceOptions options,
                                   const std::shared_ptr<Server::Shared>& shared);

}  // namespace

Server::Server(ServerOptions options)
    : options_(std::move(options)),
      shared_(std::make_shared<Shared>()),
      service_(std::make_unique<Service>(io_, CountingConnections(options_.service, shared_))),
      acceptor_(net::make_strand(io_)),
      accept_retry_(acceptor_.get_executor()) {
  shared_->service = service_.get();
  shared_->options = &options_;
}

namespace {

ServiceOptions CountingConnections(ServiceOptions options,
                                   const std::shared_ptr<Server::Shared>& shared) {
  std::weak_ptr<Server::Shared> weak = shared;
  options.connections = [weak]() -> size_t {
    std::shared_ptr<Server::Shared> counted = weak.lock();
    return counted ? counted->connections.load() : 0;
  };
  return options;
}

}  // namespace

size_t Server::ConnectionCap() const { return shared_->cap; }

Server::~Server() {
  Stop();
  service_.reset();
}

Result<void, referee::Error> Server::Start() {
  size_t descriptors = RaiseOpenFileLimit();
  if (Result<void, referee::Error> resumed = service_->Resume(); !resumed) return resumed;
  SetConnectionCap(descriptors);
  beast::error_code error;
  tcp::endpoint endpoint(net::ip::make_address(options_.address, error), options_.port);
  if (error) {
    return referee::Fail(
        referee::Error{referee::ErrorKind::kIo,
                       "bad address " + Printable(options_.address) + ": " + error.message()});
  }
  acceptor_.open(endpoint.protocol(), error);
  if (!error) acceptor_.set_option(net::socket_base::reuse_address(true), error);
  if (!error) acceptor_.bind(endpoint, error);
  if (!error) acceptor_.listen(net::socket_base::max_listen_connections, error);
  if (error) {
    return referee::Fail(referee::IoError(
        "listen on", options_.address + ":" + std::to_string(options_.port), error.message()));
  }
  port_ = acceptor_.local_endpoint().port();
  Accept();
  for (int i = 0; i < std::max(1, options_.threads); ++i) {
    threads_.emplace_back([this] { io_.run(); });
  }
  return {};
}

void Server::Accept() {
  acceptor_.async_accept(
      net::make_strand(io_), [this](beast::error_code error, tcp::socket socket) {
        if (error == net::error::operation_aborted || !acceptor_.is_open()) return;
        if (error) {
          // Out of file descriptors, most likely: accepting again at once would fail again at
          // once and spin a thread, so wait a moment for connections or journals to close.
          spdlog::warn("cannot accept a connection: {}; trying again in 100 ms", error.message());
          accept_retry_.expires_after(std::chrono::milliseconds(100));
          accept_retry_.async_wait([this](const beast::error_code& cancelled) {
            if (!cancelled) Accept();
          });
          return;
        }
        std::make_shared<Connection>(std::move(socket), shared_)->Start();
        Accept();
      });
}

// --max-connections, within the open-file limit: each connection is a descriptor, and so is the
// journal of each table in play, which Admit counts as it goes; the server keeps a few for its own
// files.
void Server::SetConnectionCap(size_t descriptors) {
  size_t reserve = std::min(kReservedDescriptors, descriptors / 4);
  size_t room = descriptors - reserve;
  if (options_.max_connections > room) {
    spdlog::warn(
        "the open-file limit ({}) allows fewer than {} connections (--max-connections): raise it "
        "(ulimit -n, or LimitNOFILE= for a systemd service) to serve more",
        descriptors, options_.max_connections);
  }
  shared_->cap = std::min(options_.max_connections, room);
  shared_->descriptors = descriptors;
  shared_->reserve = reserve;
}

void Server::Stop() {
  if (stopped_) return;
  stopped_ = true;
  net::post(acceptor_.get_executor(), [this] {
    beast::error_code ignored;
    acceptor_.close(ignored);
    accept_retry_.cancel();
  });
  service_->Shutdown();
  // Let the answers to waiting requests go out, then stop.
  std::this_thread::sleep_for(std::chrono::milliseconds(threads_.empty() ? 0 : 50));
  io_.stop();
  for (std::thread& thread : threads_) thread.join();
  threads_.clear();
}

}  // namespace referee::server
