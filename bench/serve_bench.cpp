// serve_bench: `referee serve` under load, as a league runs it (docs/serve.md, "Benchmark"). The
// real binary runs in its own process; bot clients in other processes (forked from this one) each
// drive many tables over keep-alive connections, one per table, for 1, 64 and 256 tables at once,
// with the data folder on disk and on tmpfs; a probe process meanwhile GETs a table (and an unknown
// one) every 10 ms. A client plays every seat of its table: it reads whose turn it is from the
// replies, asks that seat's legal events (GET .../legal with the seat's token), posts one drawn at
// random, and creates a new table when the match ends. Printed per run, over a window after a
// warm-up second: accepted events per second, the 50th and 99th percentile of each request's round
// trip, the probe's GET, the server's CPU and the clients' own (so that one can see they are not
// the limit), and the syncs of the commit log (GET /health). Then the ratios disk/tmpfs, and the
// descriptor check: a fresh server plays N tables to their end, and the descriptors it holds must
// come back to what it held before, also after a restart on that folder.
//
//   build/bench/serve_bench [--seconds S] [--tables 1,64,256,256@15] [--clients N] [--disk DIR]
//                           [--tmpfs DIR] [--finished N] [--referee PATH] [--server-arg ARG]...
// (TABLES@MS: the bots think MS milliseconds before each move.)
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "server/http_client.h"

namespace {

using namespace referee;  // NOLINT: a small program
namespace fs = std::filesystem;
namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;  // CLOCK_MONOTONIC: the same in every process
using record::Node;

constexpr char kOrganiser[] = "serve-bench-organiser";

enum Kind { kCreate, kTable, kLegal, kEvent, kProbeTable, kProbeUnknown, kKinds };
const char* const kKindNames[] = {"create",     "GET table", "GET legal",
                                  "POST event", "probe GET", "probe GET unknown"};

struct Options {
  double seconds = 10;
  // Tables at once, and how long each bot thinks before a move ("256@15": 15 ms; none: flat out).
  std::vector<std::pair<int, int>> loads = {{1, 0}, {64, 0}, {256, 0}, {256, 15}};
  int clients = 2;  // client processes (fewer for fewer tables)
  fs::path disk = fs::temp_directory_path();
  fs::path tmpfs = "/dev/shm";
  int finished = 3000;  // tables played to their end for the descriptor check (0: none)
  fs::path referee;
  std::vector<std::string> server_args;
};

// The header of a table; `short_match` for the descriptor check.
std::string CreateBody(int game, const std::string& seed, bool short_match) {
  static const char* const kGames[] = {"collusion", "plonk", "conspiracy", "cahoots"};
  std::string name = short_match ? "collusion" : kGames[game % 4];
  std::string players =
      name == "cahoots" ? R"(["ann","bob","cy"])" : R"({"N":"ann","E":"bob","S":"cy","W":"dee"})";
  std::string rules = name == "collusion" ? (short_match ? R"({"target":5})" : R"({"target":20})")
                      : name == "conspiracy" ? R"({"deals":2})"
                      : name == "cahoots"    ? R"({"goal_count":6})"
                                             : "{}";
  std::string goals = name != "cahoots"
                          ? ""
                          : R"(,"goals":[{"kind":"run-any-order"},)"
                            R"({"kind":"sum-colour","colour":"green","total":7},)"
                            R"({"kind":"sum-all","total":16},{"kind":"sum-all","total":20},)"
                            R"({"kind":"sum-colour","colour":"pink","total":9},)"
                            R"({"kind":"sum-colour","colour":"orange","total":8}])";
  return R"({"header":{"format":"referee/1","game":")" + name + R"(","rules":)" + rules +
         R"(,"players":)" + players + R"(,"seed":")" + seed + "\"" + goals + "}}";
}

std::string TextOf(const Node& map, const char* key) {
  const Node* node = map.IsMap() ? map.Find(key) : nullptr;
  return node != nullptr && node->IsScalar() ? node->text() : "";
}

// The clients read the server's replies with a few scans instead of a JSON parser, so that their
// own CPU stays small beside the server's. The server writes compact JSON, and none of the keys
// looked for occurs inside a string.

// Where the value starting at `at` ends: after a string, an object or a list, or a scalar.
size_t ValueEnd(std::string_view json, size_t at) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = at; i < json.size(); ++i) {
    char c = json[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
        if (depth == 0) return i + 1;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']' || c == ',' || c == ':') {
      if (depth == 0) return i;
      if ((c == '}' || c == ']') && --depth == 0) return i + 1;
    }
  }
  return json.size();
}

// The value of the first `"key":` in `json`, as written (a string without its quotes).
std::string_view ValueOf(std::string_view json, std::string_view key) {
  std::string marker = "\"" + std::string(key) + "\":";
  size_t at = json.find(marker);
  if (at == std::string_view::npos) return {};
  at += marker.size();
  std::string_view value = json.substr(at, ValueEnd(json, at) - at);
  if (value.size() >= 2 && value.front() == '"') value = value.substr(1, value.size() - 2);
  return value;
}

// The elements of a list, or the members ("key":value) of a map, as written.
std::vector<std::string_view> Items(std::string_view list) {
  std::vector<std::string_view> items;
  for (size_t at = 1; at < list.size() && list[at] != ']' && list[at] != '}';) {
    size_t end = ValueEnd(list, at);
    if (end < list.size() && list[end] == ':') end = ValueEnd(list, end + 1);
    items.push_back(list.substr(at, end - at));
    at = end + 1;
  }
  return items;
}

// ---- The clients: one process, one io_context, many tables ----

struct ClientStats {
  std::array<std::vector<float>, kKinds> micros;  // round trips of requests sent in the window
  uint64_t accepted = 0;                          // events accepted (200) in the window
  uint64_t rejected = 0;                          // events refused (422): none expected
  uint64_t failures = 0;                          // anything else: errors, 5xx, dropped links
  uint64_t matches = 0;                           // tables played to their end
};

struct ClientContext {
  net::io_context io;
  tcp::endpoint server;
  Clock::time_point window_start;
  Clock::time_point window_end;
  int64_t matches_left = -1;  // >= 0: create that many tables in all, then stop
  int think_ms = 0;           // before each move
  bool short_matches = false;
  ClientStats stats;
  std::mt19937_64 rng;
  int next_table = 0;
  std::string prefix;  // of the table ids this process creates

  bool InWindow(Clock::time_point at) const { return at >= window_start && at < window_end; }
  // Whether to create another table.
  bool MayCreate() {
    if (matches_left == 0) return false;
    if (matches_left > 0) return --matches_left, true;
    return Clock::now() < window_end;
  }
};

// One keep-alive connection that times each request.
class Link : public std::enable_shared_from_this<Link> {
 public:
  using Then = std::function<void(int status, std::string_view body)>;
  explicit Link(ClientContext& context) : context_(context), socket_(context.io) {}

  void Call(Kind kind, http::verb verb, const std::string& target, const std::string& token,
            std::string body, Then then) {
    request_ = http::request<http::string_body>(verb, target, 11);
    request_.set(http::field::host, "127.0.0.1");
    if (!token.empty()) request_.set(http::field::authorization, "Bearer " + token);
    request_.body() = std::move(body);
    request_.prepare_payload();
    kind_ = kind;
    then_ = std::move(then);
    started_ = Clock::now();
    if (socket_.is_open()) return Write();
    socket_.async_connect(context_.server, [self = shared_from_this()](beast::error_code error) {
      if (error) return self->Fail();
      self->socket_.set_option(tcp::no_delay(true), error);
      self->Write();
    });
  }

 private:
  void Write() {
    http::async_write(socket_, request_,
                      [self = shared_from_this()](beast::error_code error, size_t) {
                        if (error) return self->Fail();
                        self->response_ = {};
                        http::async_read(self->socket_, self->buffer_, self->response_,
                                         [self](beast::error_code error, size_t) {
                                           if (error) return self->Fail();
                                           self->Done();
                                         });
                      });
  }

  void Done() {
    std::chrono::duration<float, std::micro> took = Clock::now() - started_;
    if (context_.InWindow(started_)) context_.stats.micros[kind_].push_back(took.count());
    if (!response_.keep_alive()) Close();
    Then then = std::move(then_);
    then(response_.result_int(), response_.body());
  }

  void Fail() {
    ++context_.stats.failures;
    Close();
    Then then = std::move(then_);
    then(0, "");
  }

  void Close() {
    beast::error_code ignored;
    socket_.close(ignored);
    buffer_.clear();
  }

  ClientContext& context_;
  tcp::socket socket_;
  beast::flat_buffer buffer_;
  http::request<http::string_body> request_;
  http::response<http::string_body> response_;
  Kind kind_ = kCreate;
  Then then_;
  Clock::time_point started_;
};

// Plays tables one after the other on one connection, every seat of each.
class TableDriver : public std::enable_shared_from_this<TableDriver> {
 public:
  explicit TableDriver(ClientContext& context)
      : context_(context), link_(std::make_shared<Link>(context)), pause_(context.io) {}

  void Create() {
    if (!context_.MayCreate()) return;
    int number = context_.next_table++;
    std::string id = context_.prefix + std::to_string(number);
    std::string body = CreateBody(number, id, context_.short_matches);
    body.insert(1, "\"id\":\"" + id + "\",");
    link_->Call(kCreate, http::verb::post, "/tables", kOrganiser, body,
                [self = shared_from_this()](int status, std::string_view reply) {
                  if (status != 201) return self->Later([self] { self->Create(); });
                  self->Created(reply);
                });
  }

 private:
  void Created(std::string_view reply) {
    id_ = ValueOf(reply, "id");
    tokens_.clear();
    for (std::string_view member : Items(ValueOf(reply, "tokens"))) {
      size_t colon = member.find(':');  // "N":"hex"
      tokens_[std::string(member.substr(1, colon - 2))] =
          member.substr(colon + 2, member.size() - colon - 3);
    }
    Look();
  }

  // Whose turn it is, from the public table (after a creation or a refusal).
  void Look() {
    link_->Call(kTable, http::verb::get, "/tables/" + id_, "", "",
                [self = shared_from_this()](int status, std::string_view reply) {
                  std::string_view next = ValueOf(reply, "next");
                  if (status != 200 || next.empty()) return self->Later([self] { self->Look(); });
                  self->Next(next);
                });
  }

  void Next(std::string_view next) {
    if (ValueOf(next, "phase") == "over") {
      ++context_.stats.matches;
      return Create();
    }
    if (Clock::now() >= context_.window_end && context_.matches_left < 0) return;
    std::string_view actor = ValueOf(next, "seat");
    if (actor.empty()) actor = ValueOf(next, "player");
    token_ = tokens_[std::string(actor)];
    link_->Call(kLegal, http::verb::get, "/tables/" + id_ + "/legal", token_, "",
                [self = shared_from_this()](int status, std::string_view reply) {
                  std::vector<std::string_view> legal = Items(ValueOf(reply, "legal"));
                  if (status != 200 || legal.empty()) return self->Later([self] { self->Look(); });
                  self->Think(std::string(legal[self->context_.rng() % legal.size()]));
                });
  }

  // A bot that thinks before it moves, when the run says so.
  void Think(std::string line) {
    if (context_.think_ms == 0) return Post(std::move(line));
    pause_.expires_after(std::chrono::milliseconds(context_.think_ms));
    pause_.async_wait([self = shared_from_this(), line = std::move(line)](beast::error_code) {
      self->Post(line);
    });
  }

  void Post(std::string line) {
    link_->Call(
        kEvent, http::verb::post, "/tables/" + id_ + "/events", token_, std::move(line),
        [self = shared_from_this(), sent = Clock::now()](int status, std::string_view reply) {
          std::string_view next = ValueOf(reply, "next");
          if (status == 200 && !next.empty()) {
            if (self->context_.InWindow(sent)) ++self->context_.stats.accepted;
            return self->Next(next);
          }
          if (status == 422) ++self->context_.stats.rejected;
          if (status != 422 && status != 0) ++self->context_.stats.failures;
          self->Later([self] { self->Look(); });
        });
  }

  // After a failure: again in a moment, not at once.
  void Later(std::function<void()> step) {
    pause_.expires_after(std::chrono::milliseconds(50));
    pause_.async_wait([step = std::move(step)](beast::error_code) { step(); });
  }

  ClientContext& context_;
  std::shared_ptr<Link> link_;
  net::steady_timer pause_;
  std::string id_;
  std::map<std::string, std::string> tokens_;
  std::string token_;
};

// GETs a table of its own, then an unknown one, every 10 ms, while the others play.
class Probe : public std::enable_shared_from_this<Probe> {
 public:
  explicit Probe(ClientContext& context)
      : context_(context), link_(std::make_shared<Link>(context)), pause_(context.io) {}

  void Start() {
    std::string body = CreateBody(0, "probe", false);
    body.insert(1, "\"id\":\"" + context_.prefix + "probe\",");
    link_->Call(kCreate, http::verb::post, "/tables", kOrganiser, body,
                [self = shared_from_this()](int, std::string_view) { self->Ask(kProbeTable); });
  }

 private:
  void Ask(Kind kind) {
    if (Clock::now() >= context_.window_end) return;
    std::string target = "/tables/" + context_.prefix + (kind == kProbeTable ? "probe" : "none");
    link_->Call(kind, http::verb::get, target, "", "",
                [self = shared_from_this(), kind](int, std::string_view) {
                  self->pause_.expires_after(std::chrono::milliseconds(10));
                  self->pause_.async_wait([self, kind](beast::error_code) {
                    self->Ask(kind == kProbeTable ? kProbeUnknown : kProbeTable);
                  });
                });
  }

  ClientContext& context_;
  std::shared_ptr<Link> link_;
  net::steady_timer pause_;
};

// ---- Results across processes: a child writes its stats to a pipe, the parent reads them ----

void WriteAll(int fd, const void* data, size_t size) {
  const char* bytes = static_cast<const char*>(data);
  while (size > 0) {
    ssize_t wrote = ::write(fd, bytes, size);
    if (wrote <= 0) return;
    bytes += wrote;
    size -= static_cast<size_t>(wrote);
  }
}

bool ReadAll(int fd, void* data, size_t size) {
  char* bytes = static_cast<char*>(data);
  while (size > 0) {
    ssize_t got = ::read(fd, bytes, size);
    if (got <= 0) return false;
    bytes += got;
    size -= static_cast<size_t>(got);
  }
  return true;
}

void SendStats(int fd, const ClientStats& stats) {
  uint64_t counts[] = {stats.accepted, stats.rejected, stats.failures, stats.matches};
  WriteAll(fd, counts, sizeof(counts));
  for (const std::vector<float>& micros : stats.micros) {
    uint64_t size = micros.size();
    WriteAll(fd, &size, sizeof(size));
    WriteAll(fd, micros.data(), size * sizeof(float));
  }
}

void ReceiveStats(int fd, ClientStats* total) {
  uint64_t counts[4] = {};
  if (!ReadAll(fd, counts, sizeof(counts))) return;
  total->accepted += counts[0];
  total->rejected += counts[1];
  total->failures += counts[2];
  total->matches += counts[3];
  for (std::vector<float>& micros : total->micros) {
    uint64_t size = 0;
    if (!ReadAll(fd, &size, sizeof(size))) return;
    size_t before = micros.size();
    micros.resize(before + size);
    if (!ReadAll(fd, micros.data() + before, size * sizeof(float))) return;
  }
}

struct ClientSetup {
  int think_ms = 0;
  uint16_t port = 0;
  int tables = 0;  // drivers in this process (0: the probe)
  int64_t matches = -1;
  bool short_matches = false;
  std::string prefix;
  Clock::time_point window_start;
  Clock::time_point window_end;
};

// The body of a client process.
[[noreturn]] void RunClient(const ClientSetup& setup, int out) {
  ClientContext context;
  context.server = tcp::endpoint(net::ip::make_address("127.0.0.1"), setup.port);
  context.window_start = setup.window_start;
  context.window_end = setup.window_end;
  context.matches_left = setup.matches;
  context.short_matches = setup.short_matches;
  context.think_ms = setup.think_ms;
  context.prefix = setup.prefix;
  context.rng.seed(std::hash<std::string>()(setup.prefix));
  if (setup.tables == 0) std::make_shared<Probe>(context)->Start();
  for (int t = 0; t < setup.tables; ++t) std::make_shared<TableDriver>(context)->Create();
  context.io.run();
  SendStats(out, context.stats);
  ::_exit(0);
}

struct Child {
  pid_t pid = -1;
  int out = -1;
};

Child ForkClient(const ClientSetup& setup) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return {};
  pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    RunClient(setup, fds[1]);
  }
  ::close(fds[1]);
  return Child{pid, fds[0]};
}

// Collects every child's stats; returns their CPU time in seconds.
double Collect(std::vector<Child>& children, ClientStats* total) {
  double cpu = 0;
  for (Child& child : children) {
    ReceiveStats(child.out, total);
    ::close(child.out);
    int status = 0;
    rusage usage{};
    ::wait4(child.pid, &status, 0, &usage);
    cpu += static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  }
  return cpu;
}

// ---- The server process ----

struct ServerProcess {
  pid_t pid = -1;
  uint16_t port = 0;
};

ServerProcess StartServer(const Options& options, const fs::path& data) {
  fs::create_directories(data.parent_path());
  fs::path token = data.parent_path() / (data.filename().string() + ".token");
  std::ofstream(token) << kOrganiser << "\n";
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return {};
  pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(fds[1], 1);
    std::string log = data.string() + ".err";
    int err = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    ::dup2(err, 2);
    std::vector<std::string> args = {
        options.referee.string(), "serve",       "--data", data.string(), "--port", "0",
        "--organiser-token-file", token.string()};
    args.insert(args.end(), options.server_args.begin(), options.server_args.end());
    std::vector<char*> argv;
    for (std::string& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(fds[1]);
  FILE* out = ::fdopen(fds[0], "r");
  char line[512] = {0};
  ServerProcess server{pid, 0};
  if (std::fgets(line, sizeof(line), out) != nullptr) {
    std::string text(line);
    server.port = static_cast<uint16_t>(std::atoi(text.substr(text.rfind(':') + 1).c_str()));
  }
  std::fclose(out);
  return server;
}

void StopServer(ServerProcess& server) {
  ::kill(server.pid, SIGTERM);
  int status = 0;
  ::waitpid(server.pid, &status, 0);
}

// User and system CPU time of a process so far, in seconds (/proc/PID/stat fields 14 and 15).
double CpuSeconds(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  std::istringstream fields(text.substr(text.rfind(')') + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i >= 14) ticks += std::stod(field);
  }
  return ticks / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

// The resident memory of a process, in MiB (/proc/PID/status, VmRSS).
double ResidentMiB(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6)) / 1024;
  }
  return 0;
}

int OpenDescriptors(pid_t pid) {
  std::error_code error;
  fs::directory_iterator fds("/proc/" + std::to_string(pid) + "/fd", error);
  return error ? -1 : static_cast<int>(std::distance(fds, fs::directory_iterator()));
}

struct SyncCount {
  double syncs = 0;
  double seconds = 0;  // spent in them
  double units = 0;
  double wait_seconds = 0;  // from a unit's hand-over to its acknowledgement
};

// The commit log's syncs so far (GET /health); none for a server without it.
std::optional<SyncCount> Syncs(uint16_t port) {
  server::HttpClient client("127.0.0.1", port);
  auto health = client.Request("GET", "/health");
  if (!health.has_value() || health->status != 200) return std::nullopt;
  const Node* commits = health->json.Find("commits");
  if (commits == nullptr) return std::nullopt;
  return SyncCount{
      std::stod(TextOf(*commits, "syncs")), std::stod(TextOf(*commits, "sync_seconds")),
      std::stod(TextOf(*commits, "units")), std::stod(TextOf(*commits, "wait_seconds"))};
}

// ---- One run: a server, its clients, the figures ----

struct RunFigures {
  int tables = 0;
  int think_ms = 0;
  double seconds = 0;
  ClientStats stats;
  double server_cpu = 0;   // seconds in the window
  double clients_cpu = 0;  // seconds over the clients' lives
  double clients_life = 0;
  std::optional<SyncCount> syncs;
  int client_processes = 0;

  double EventsPerSecond() const { return static_cast<double>(stats.accepted) / seconds; }
  double CpuMicrosPerEvent() const {
    return 1e6 * server_cpu / std::max<double>(1, static_cast<double>(stats.accepted));
  }
  std::string Name() const {
    std::string name = std::to_string(tables) + " tables";
    return think_ms == 0 ? name : name + ", " + std::to_string(think_ms) + " ms per move";
  }
};

double Percentile(std::vector<float> values, double p) {
  if (values.empty()) return 0;
  size_t at = static_cast<size_t>(p * static_cast<double>(values.size() - 1));
  std::nth_element(values.begin(), values.begin() + static_cast<long>(at), values.end());
  return values[at] / 1000.0;
}

std::vector<Child> StartClients(const Options& options, uint16_t port, int tables,
                                const ClientSetup& base, int* processes) {
  std::vector<Child> children;
  *processes = std::max(1, std::min(options.clients, tables));
  for (int c = 0; c < *processes; ++c) {
    ClientSetup setup = base;
    setup.port = port;
    setup.tables = tables / *processes + (c < tables % *processes ? 1 : 0);
    if (base.matches >= 0) {
      setup.matches = base.matches / *processes + (c < base.matches % *processes ? 1 : 0);
    }
    setup.prefix = base.prefix + "c" + std::to_string(c) + "-";
    children.push_back(ForkClient(setup));
  }
  return children;
}

RunFigures Run(const Options& options, const fs::path& data, int tables, int think_ms) {
  ServerProcess server = StartServer(options, data);
  RunFigures figures{tables, think_ms, options.seconds, {}, 0, 0, 0, std::nullopt, 0};
  auto begin = Clock::now();
  ClientSetup base;
  base.window_start = begin + std::chrono::milliseconds(1000);
  base.window_end =
      base.window_start + std::chrono::milliseconds(static_cast<int64_t>(options.seconds * 1000));
  base.prefix = "t" + std::to_string(tables) + "-";
  base.think_ms = think_ms;
  std::vector<Child> children =
      StartClients(options, server.port, tables, base, &figures.client_processes);
  ClientSetup probe = base;
  probe.port = server.port;
  probe.prefix = base.prefix + "p-";
  children.push_back(ForkClient(probe));
  std::this_thread::sleep_until(base.window_start);
  double cpu = CpuSeconds(server.pid);
  std::optional<SyncCount> syncs = Syncs(server.port);
  std::this_thread::sleep_until(base.window_end);
  figures.server_cpu = CpuSeconds(server.pid) - cpu;
  std::optional<SyncCount> syncs_after = Syncs(server.port);
  if (syncs && syncs_after) {
    figures.syncs = SyncCount{
        syncs_after->syncs - syncs->syncs, syncs_after->seconds - syncs->seconds,
        syncs_after->units - syncs->units, syncs_after->wait_seconds - syncs->wait_seconds};
  }
  figures.clients_cpu = Collect(children, &figures.stats);
  figures.clients_life = std::chrono::duration<double>(Clock::now() - begin).count();
  StopServer(server);
  return figures;
}

// Milliseconds, "p50/p99".
std::string Percentiles(const std::vector<float>& micros) {
  char text[64];
  std::snprintf(text, sizeof(text), "%.1f/%.1f", Percentile(micros, 0.5), Percentile(micros, 0.99));
  return text;
}

void Print(const RunFigures& run) {
  const ClientStats& s = run.stats;
  std::printf(
      "  %s: %.0f events/s; p50/p99 ms: event %s, legal %s, create %s, probe GET %s (of an "
      "unknown table %s)\n",
      run.Name().c_str(), run.EventsPerSecond(), Percentiles(s.micros[kEvent]).c_str(),
      Percentiles(s.micros[kLegal]).c_str(), Percentiles(s.micros[kCreate]).c_str(),
      Percentiles(s.micros[kProbeTable]).c_str(), Percentiles(s.micros[kProbeUnknown]).c_str());
  // The server's CPU per accepted event varies less with the machine's other load than events/s.
  std::printf(
      "      server CPU %.0f%% (%.0f µs an event), clients CPU %.0f%% (%d processes and the probe)",
      100 * run.server_cpu / run.seconds, run.CpuMicrosPerEvent(),
      100 * run.clients_cpu / run.clients_life, run.client_processes);
  if (run.syncs) {
    std::printf("; %.0f syncs/s, %.1f events/sync, %.2f ms/sync, commit wait %.2f ms",
                run.syncs->syncs / run.seconds,
                static_cast<double>(s.accepted) / std::max(1.0, run.syncs->syncs),
                1000 * run.syncs->seconds / std::max(1.0, run.syncs->syncs),
                1000 * run.syncs->wait_seconds / std::max(1.0, run.syncs->units));
  }
  std::printf(
      "; %llu matches, %llu refused, %llu failures\n", static_cast<unsigned long long>(s.matches),
      static_cast<unsigned long long>(s.rejected), static_cast<unsigned long long>(s.failures));
  std::fflush(stdout);
}

std::string FolderKind(const fs::path& folder) {
  struct statfs info {};
  if (::statfs(folder.c_str(), &info) != 0) return "?";
  if (info.f_type == 0x01021994) return "tmpfs";
  if (info.f_type == 0xEF53) return "ext4";
  if (info.f_type == 0x58465342) return "xfs";
  if (info.f_type == 0x9123683E) return "btrfs";
  char hex[32];
  std::snprintf(hex, sizeof(hex), "0x%lx", static_cast<unsigned long>(info.f_type));
  return hex;
}

// The descriptors of a process once its clients have gone: it closes a connection's socket when it
// sees the client close it, and a checkpoint holds a folder open for a moment, so it is given up to
// twenty seconds to come down to `baseline`.
int SettledDescriptors(pid_t pid, int baseline) {
  int now = OpenDescriptors(pid);
  for (int i = 0; i < 2000 && now > baseline; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    now = OpenDescriptors(pid);
  }
  return now;
}

// A fresh server plays `count` short tables to their end; its descriptors must come back to what it
// held before, also after a restart, which resumes them all.
void DescriptorCheck(const Options& options, const fs::path& data) {
  ServerProcess server = StartServer(options, data);
  int before = OpenDescriptors(server.pid);
  ClientSetup base;
  base.matches = options.finished;
  base.short_matches = true;
  base.prefix = "f-";
  base.window_start = Clock::now();
  base.window_end = Clock::time_point::max();
  int processes = 0;
  auto start = Clock::now();
  std::vector<Child> children = StartClients(options, server.port, 256, base, &processes);
  ClientStats stats;
  Collect(children, &stats);
  std::chrono::duration<double> took = Clock::now() - start;
  int after = SettledDescriptors(server.pid, before);
  double memory = ResidentMiB(server.pid);
  StopServer(server);
  auto restart = Clock::now();
  server = StartServer(options, data);
  std::chrono::duration<double> resumed = Clock::now() - restart;
  int restarted = SettledDescriptors(server.pid, before);
  double memory_restarted = ResidentMiB(server.pid);
  StopServer(server);
  std::printf(
      "descriptors: %llu tables played to their end in %.0f s (%llu failures); the server "
      "held %d descriptors before, %d after (%s), %.0f MiB resident; restarted on that "
      "folder in %.1f s: %d descriptors, %.0f MiB\n",
      static_cast<unsigned long long>(stats.matches), took.count(),
      static_cast<unsigned long long>(stats.failures), before, after,
      after <= before ? "back to the baseline" : "NOT back to the baseline", memory,
      resumed.count(), restarted, memory_restarted);
}

// "1,64,256@15": tables at once, each with how long its bots think before a move.
std::vector<std::pair<int, int>> ParseLoads(const std::string& text) {
  std::vector<std::pair<int, int>> loads;
  std::stringstream stream(text);
  for (std::string item; std::getline(stream, item, ',');) {
    size_t at = item.find('@');
    loads.emplace_back(std::stoi(item),
                       at == std::string::npos ? 0 : std::stoi(item.substr(at + 1)));
  }
  return loads;
}

std::optional<Options> ParseOptions(int argc, char** argv) {
  Options options;
  options.referee = fs::canonical("/proc/self/exe").parent_path().parent_path() / "cli/referee";
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string flag = argv[i];
    std::string value = argv[i + 1];
    if (flag == "--seconds")
      options.seconds = std::stod(value);
    else if (flag == "--tables")
      options.loads = ParseLoads(value);
    else if (flag == "--clients")
      options.clients = std::stoi(value);
    else if (flag == "--disk")
      options.disk = value;
    else if (flag == "--tmpfs")
      options.tmpfs = value;
    else if (flag == "--finished")
      options.finished = std::stoi(value);
    else if (flag == "--referee")
      options.referee = value;
    else if (flag == "--server-arg")
      options.server_args.push_back(value);
    else
      return std::nullopt;
  }
  if (argc % 2 == 0) return std::nullopt;
  return options;
}

}  // namespace

int main(int argc, char** argv) {
  std::optional<Options> options = ParseOptions(argc, argv);
  if (!options) {
    std::fprintf(stderr,
                 "usage: serve_bench [--seconds S] [--tables 1,64,256,256@15] [--clients N] "
                 "[--disk DIR] "
                 "[--tmpfs DIR] [--finished N] [--referee PATH] [--server-arg ARG]...\n");
    return 3;
  }
  ::signal(SIGPIPE, SIG_IGN);
  std::string run_id = std::to_string(::getpid());
  std::printf(
      "serve_bench: %s, %u cores, %.0f s per run after a warm-up second, up to %d client "
      "processes and a probe\n",
      options->referee.c_str(), std::thread::hardware_concurrency(), options->seconds,
      options->clients);
  std::map<std::string, std::vector<RunFigures>> runs;
  // Every run has a new folder, all removed at the end: removing thousands of files just before a
  // run would make the file system slower to create new ones during it.
  std::vector<fs::path> folders;
  for (const auto& [name, folder] :
       {std::pair<std::string, fs::path>{"disk", options->disk}, {"tmpfs", options->tmpfs}}) {
    folders.push_back(folder / ("serve_bench-" + run_id));
    std::printf("data folders on %s: %s/ (%s)\n", name.c_str(), folders.back().c_str(),
                FolderKind(folder).c_str());
    for (const auto& [tables, think_ms] : options->loads) {
      fs::path data =
          folders.back() / ("t" + std::to_string(tables) + "-" + std::to_string(think_ms));
      runs[name].push_back(Run(*options, data, tables, think_ms));
      Print(runs[name].back());
    }
  }
  for (size_t i = 0; i < options->loads.size(); ++i) {
    const RunFigures& disk = runs["disk"][i];
    const RunFigures& tmpfs = runs["tmpfs"][i];
    std::printf("disk / tmpfs, %s: %.2f of the events/s, %.2f times the server CPU an event\n",
                disk.Name().c_str(), disk.EventsPerSecond() / tmpfs.EventsPerSecond(),
                disk.CpuMicrosPerEvent() / tmpfs.CpuMicrosPerEvent());
  }
  if (options->finished > 0) DescriptorCheck(*options, folders.front() / "finished");
  for (const fs::path& folder : folders) fs::remove_all(folder);
  return 0;
}
