// Service: the HTTP API of `referee serve` as requests in, responses out (docs/serve.md,
// "Endpoints"). It owns the tables, checks tokens, fills in what the server decides (the seat a
// token stands for, the times it keeps), waits for changes (long poll) and runs the move clocks.
// The transport (server/http_server.h) only parses HTTP and writes what this answers.
//
// Threads: requests arrive on several io threads at once. The table map has one mutex, each table
// its own; a request holds its table's mutex while it acts, including the journal's fdatasync, so
// the events of one table are applied and journaled in one order.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "formats/json_reader.h"
#include "server/clock.h"
#include "server/store.h"

namespace referee::server {

struct HttpRequest {
  std::string method;  // "GET", "POST", ...
  std::string target;  // path and query: "/tables/t1/wait?after=3"
  std::string authorization;
  std::string body;
};

struct HttpResponse {
  int status = 200;
  std::string body;   // JSON and a line break
  std::string allow;  // for 405: the methods the path takes
};

// Called once per request, from any thread.
using Respond = std::function<void(HttpResponse)>;

struct ServiceOptions {
  std::string data_folder;
  std::string organiser_hash;  // SHA-256 of the organiser's token, hex
  const Clock* clock = nullptr;
  int64_t poll_ms = 25'000;       // the longest a wait request is held
  size_t max_body_bytes = 65536;  // the transport refuses larger bodies first (413)
  StoreDisk* disk = nullptr;      // none: the real disk (tests stop a fake one at each step)
};

class Service {
 public:
  Service(boost::asio::io_context& io, ServiceOptions options);
  ~Service();
  Service(const Service&) = delete;
  Service& operator=(const Service&) = delete;

  // Prepares the data folder (Store::Prepare: private folders, what a crash left removed) and
  // resumes every table found there from its journal (a torn last line is dropped). Returns a
  // fatal error; tables that cannot be resumed are logged and left out.
  std::optional<std::string> Resume();
  void Handle(const HttpRequest& request, Respond respond);
  // Answers every waiting request and stops the move clocks (before the io_context stops).
  void Shutdown();
  size_t TableCount() const;

 private:
  struct Slot;
  struct Caller;
  std::shared_ptr<Slot> FindSlot(const std::string& id) const;
  void CreateTable(const HttpRequest& request, Respond& respond);
  void ListTables(Respond& respond);
  void TableRequest(const HttpRequest& request, const std::string& id, const std::string& action,
                    const std::string& query, Respond& respond);
  Caller Identify(Slot& slot, const std::string& token);
  void PublicRequest(const std::shared_ptr<Slot>& slot, const std::string& action,
                     Respond& respond);
  void PostEvent(const std::shared_ptr<Slot>& slot, const Caller& caller, const std::string& body,
                 Respond& respond);
  void ReissueTokens(const std::shared_ptr<Slot>& slot, const std::string& text, Respond& respond);
  std::vector<Respond> DropWaiters(Slot& slot, const std::vector<int>& actors);
  void CancelTable(const std::shared_ptr<Slot>& slot, const std::string& text, Respond& respond);
  void Wait(const std::shared_ptr<Slot>& slot, const Caller& caller, const std::string& query,
            Respond& respond);
  void WaitOn(const std::shared_ptr<Slot>& slot, uint64_t id);
  std::optional<std::string> ResumeTable(const std::string& id);
  void AfterChange(const std::shared_ptr<Slot>& slot);
  void ArmMoveClock(const std::shared_ptr<Slot>& slot);
  formats::ReadLimits BodyLimits() const;
  void MoveClockRanOut(const std::shared_ptr<Slot>& slot, int change);

  boost::asio::io_context& io_;
  ServiceOptions options_;
  Store store_;
  std::mutex create_mutex_;   // one table created at a time
  mutable std::mutex mutex_;  // guards tables_
  std::map<std::string, std::shared_ptr<Slot>> tables_;
  std::atomic<bool> shutting_down_{false};
};

}  // namespace referee::server
