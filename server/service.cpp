// Service (server/service.h): the service as a whole: made and stopped, the write threads, a
// request routed to what answers it, and GET /health. The tables' requests are in
// service_tables.cpp, what follows a request (its commit, the waits it wakes, the move clocks) in
// service_commit.cpp, and the start from the data folder in service_resume.cpp.
#include "server/service.h"

#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <unistd.h>

#include <boost/asio/post.hpp>
#include <cerrno>
#include <cstring>

#include "referee/record/record_writer.h"
#include "server/event_desk.h"
#include "server/pages.h"
#include "server/requests.h"
#include "server/service_slot.h"
#include "server/table.h"

namespace referee::server {

using record::Node;

Service::Service(boost::asio::io_context& io, ServiceOptions options)
    : io_(io),
      options_(std::move(options)),
      store_(options_.data_folder, options_.disk != nullptr ? *options_.disk : SystemDisk()),
      events_(std::make_unique<EventDesk>(*this)),
      commit_log_(store_.LogFolder(), options_.disk != nullptr ? *options_.disk : SystemDisk(),
                  options_.commit_log) {}

Service::~Service() {
  StopWriteThreads();
  commit_log_.Stop();
}

// The write threads run at a lower priority than the io threads (a nice value above theirs: the
// kernel still gives them whatever the io threads leave), so that a read arriving while hundreds
// of events are being ruled is answered first. An unprivileged process may always lower a thread's
// priority; if it cannot, the threads run as they are.
void Service::StartWriteThreads() {
  if (options_.write_threads <= 0 || writes_apart_) return;
  writes_apart_ = true;
  writes_work_.emplace(writes_.get_executor());
  for (int i = 0; i < options_.write_threads; ++i) {
    write_threads_.emplace_back([this] {
      if (options_.write_nice > 0 &&
          ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()),
                        ::getpriority(PRIO_PROCESS, 0) + options_.write_nice) != 0) {
        spdlog::warn("cannot lower the priority of a write thread: {}", std::strerror(errno));
      }
      writes_.run();
    });
  }
}

// What was handed to the write threads is ruled (and its units submitted) before they stop.
void Service::StopWriteThreads() {
  writes_work_.reset();
  for (std::thread& thread : write_threads_) thread.join();
  write_threads_.clear();
}

CommitLogStats Service::CommitStats() const { return commit_log_.Stats(); }

size_t Service::OpenJournals() const { return commit_log_.OpenJournals(); }

size_t Service::TableCount() const {
  std::shared_lock lock(mutex_);
  return tables_.size();
}

std::shared_ptr<Service::Slot> Service::FindSlot(const std::string& id) const {
  std::shared_lock lock(mutex_);
  auto found = tables_.find(id);
  return found == tables_.end() ? nullptr : found->second;
}

void Service::Handle(HttpRequest request, Respond respond) {
  // writes_apart_ is set before the io threads start and never changes; once shutting down, the
  // write threads may be gone, and whatever still arrives is answered here.
  if (shutting_down_ || !writes_apart_ || request.method == "GET") {
    return Route(request, std::move(respond));
  }
  boost::asio::post(writes_,
                    [this, request = std::move(request), respond = std::move(respond)]() mutable {
                      Route(request, std::move(respond));
                    });
}

void Service::Route(const HttpRequest& request, Respond respond) {
  std::string path = request.target;
  std::string query;
  if (size_t mark = path.find('?'); mark != std::string::npos) {
    query = path.substr(mark + 1);
    path.resize(mark);
  }
  if (path == "/health") {
    if (request.method != "GET") return respond(MethodNotAllowed("GET"));
    return Health(respond);
  }
  if (path == "/events" || path.rfind("/events/", 0) == 0) {
    return events_->Route(request, path, query, std::move(respond));
  }
  if (path == "/tables" || path == "/tables/") {
    if (request.method == "POST") return CreateTable(request, "", respond);
    if (request.method == "GET") return ListTables(respond);
    return respond(MethodNotAllowed("GET, POST"));
  }
  if (path == "/qr") return respond(QrResponse(request));
  if (auto page = PageResponse(request.method, path, query)) return respond(std::move(*page));
  constexpr std::string_view kPrefix = "/tables/";
  if (path.rfind(kPrefix, 0) != 0) {
    return respond(Error(404, "not-found", "no such path: " + path + " (see docs/serve.md)"));
  }
  std::string rest = path.substr(kPrefix.size());
  size_t slash = rest.find('/');
  std::string id = rest.substr(0, slash);
  std::string action = slash == std::string::npos ? "" : rest.substr(slash + 1);
  TableRequest(request, id, action, query, respond);
}

// GET /health: for a proxy's health check and for the operator. 503 once the commit log has
// failed: the server then accepts no event until it is restarted.
void Service::Health(Respond& respond) {
  std::vector<std::shared_ptr<Slot>> slots;
  {
    std::shared_lock lock(mutex_);
    for (const auto& [id, slot] : tables_) slots.push_back(slot);
  }
  int64_t in_play = 0;
  for (const auto& slot : slots) {
    std::lock_guard lock(slot->mutex);
    if (slot->table->Status() == "in-play") ++in_play;
  }
  CommitLogStats stats = commit_log_.Stats();
  Node commits = Node::Map({});
  commits.AddMember("units", {}, record::IntegerNode(static_cast<int64_t>(stats.units)));
  commits.AddMember("syncs", {}, record::IntegerNode(static_cast<int64_t>(stats.syncs)));
  commits.AddMember("sync_seconds", {},
                    record::SecondsNode(static_cast<int64_t>(stats.sync_micros / 1000)));
  commits.AddMember("wait_seconds", {},
                    record::SecondsNode(static_cast<int64_t>(stats.wait_micros / 1000)));
  commits.AddMember("checkpoints", {},
                    record::IntegerNode(static_cast<int64_t>(stats.checkpoints)));
  Node body = stats.failed ? Node::Map({}) : Ok();
  if (stats.failed) body.AddMember("ok", {}, Node::Scalar(Node::Kind::kBool, "false", {}));
  body.AddMember("tables", {}, record::IntegerNode(static_cast<int64_t>(slots.size())));
  body.AddMember("in_play", {}, record::IntegerNode(in_play));
  body.AddMember("open_journals", {}, record::IntegerNode(stats.open_journals));
  if (options_.connections) {
    body.AddMember("connections", {},
                   record::IntegerNode(static_cast<int64_t>(options_.connections())));
  }
  body.AddMember("commit_log", {}, record::StringNode(stats.failed ? "failed" : "ok"));
  body.AddMember("commits", {}, std::move(commits));
  respond(JsonResponse(stats.failed ? 503 : 200, body));
}

void Service::Shutdown() {
  shutting_down_ = true;
  events_->Shutdown();
  std::vector<std::shared_ptr<Slot>> slots;
  {
    std::shared_lock lock(mutex_);
    for (const auto& [id, slot] : tables_) slots.push_back(slot);
  }
  for (const auto& slot : slots) {
    std::lock_guard lock(slot->mutex);
    slot->move_clock.cancel();
    for (auto& [id, waiter] : slot->waiters) waiter.timer->cancel();
  }
  // What was handed over is ruled and submitted, then committed and the files synced: a clean stop
  // leaves no log to replay.
  StopWriteThreads();
  commit_log_.Stop();
}

}  // namespace referee::server
