// Service: the HTTP API of `referee serve` as requests in, responses out (docs/serve.md,
// "Endpoints"). It owns the tables, checks tokens, fills in what the server decides (the seat a
// token stands for, the times it keeps), waits for changes (long poll) and runs the move clocks.
// The transport (server/http_server.h) only parses HTTP and writes what this answers.
//
// Threads: requests arrive on several io threads at once. A read (every GET) is answered there at
// once; a request that writes (an event, a creation, an organiser's act) is handed to the write
// threads, which rule it at a lower priority than the io threads: flat out, a read does not wait
// behind the other tables' events (docs/serve.md, "Why Boost.Beast"). The table map has
// one mutex, each table its own; a request holds its table's mutex while it acts and hands the
// lines it journals to the commit log (server/commit_log.h) before letting go, so the events of
// one table are applied and journaled in one order. No thread of the service waits for a sync
// while it holds a mutex, and no I/O or write thread waits for one at all: the commit log syncs on
// its own threads (for a new table's files and a finished record too) and the reply goes out when
// it has.
#pragma once

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <shared_mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "formats/json_reader.h"
#include "server/clock.h"
#include "server/commit_log.h"
#include "server/store.h"

namespace referee::server {

class EventDesk;

struct HttpRequest {
  std::string method;  // "GET", "POST", ...
  std::string target;  // path and query: "/tables/t1/wait?after=3"
  std::string authorization;
  std::string body;
};

struct HttpResponse {
  int status = 200;
  std::string body;     // JSON and a line break
  std::string allow;    // for 405: the methods the path takes
  int retry_after = 0;  // seconds, for 503: when to try again (0: no Retry-After)
  // A page's reply (server/pages.h): its type (empty: JSON) and its own header lines, each
  // "Name: value\r\n".
  std::string content_type;
  std::string headers;
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
  CommitLogOptions commit_log;
  std::function<size_t()> connections;  // the transport's open connections, for GET /health
  // Threads that rule the requests that write (0: they are ruled on the io threads, as reads are),
  // and how much nicer than the io threads they run (setpriority(2); 0: as nice as they are).
  int write_threads = 1;
  int write_nice = 5;
  std::string referee = "referee";  // the program and its version, for the standings' provenance
};

class Service {
 public:
  Service(boost::asio::io_context& io, ServiceOptions options);
  ~Service();
  Service(const Service&) = delete;
  Service& operator=(const Service&) = delete;

  // Prepares the data folder (Store::Prepare: private folders, what a crash left removed) and
  // resumes every table found there from its journal (a torn last line is dropped), then starts
  // the write threads. Returns a fatal error; tables that cannot be resumed are logged and left
  // out.
  Result<void, referee::Error> Resume();
  // A GET is answered on the calling thread; any other request on a write thread.
  void Handle(HttpRequest request, Respond respond);
  // Answers every waiting request, stops the move clocks and commits what was submitted (before the
  // io_context stops).
  void Shutdown();
  size_t TableCount() const;
  CommitLogStats CommitStats() const;
  // Journals open now: one per table in play (at most), cheap to ask on every accept.
  size_t OpenJournals() const;

 private:
  struct Caller;
  struct UnitEffect;
  void Route(const HttpRequest& request, Respond respond);
  void StartWriteThreads();
  void StopWriteThreads();
  friend class EventDesk;  // the events of a club night (server/event_desk.h) make tables
  struct Slot;
  struct NewTable {
    const record::Node* header = nullptr;
    std::string id;  // empty: drawn
    int64_t move_ms = 0;
    std::string event;
    int first_board = 0;
    std::map<std::string, std::string> hashes;  // each actor's token hash; none: drawn
    bool hands_unknown = false;                 // TableMeta::hands_unknown
  };
  std::shared_ptr<Slot> FindSlot(const std::string& id) const;
  // A new table, registered and its creation staged, its mutex held in `lock` (see
  // service_tables.cpp).
  Result<std::shared_ptr<Slot>, HttpResponse> OpenTable(const NewTable& made, record::Node* tokens,
                                                        std::unique_lock<std::mutex>& lock);
  void CreateTable(const HttpRequest& request, const std::string& path_id, Respond& respond);
  void ListTables(Respond& respond);
  void TableRequest(const HttpRequest& request, const std::string& id, const std::string& action,
                    const std::string& query, Respond& respond);
  Caller Identify(Slot& slot, const std::string& token);
  void PublicRequest(const std::shared_ptr<Slot>& slot, const std::string& action,
                     Respond& respond);
  void PostEvent(const std::shared_ptr<Slot>& slot, const Caller& caller, const std::string& body,
                 const std::string& query, Respond& respond);
  void ReissueTokens(const std::shared_ptr<Slot>& slot, const std::string& text, Respond& respond);
  std::vector<Respond> DropWaiters(Slot& slot, const std::vector<int>& actors);
  void CancelTable(const std::shared_ptr<Slot>& slot, const std::string& text, Respond& respond);
  void Wait(const std::shared_ptr<Slot>& slot, const Caller& caller, const std::string& query,
            Respond& respond);
  void ArmWaiter(const std::shared_ptr<Slot>& slot, uint64_t id);
  static bool HasNews(const Slot& slot, int64_t after);
  Result<std::string, referee::Error> ReadJournal(const std::string& id);
  Result<void, referee::Error> ResumeTable(const std::string& id);
  DiskDone FileRecordIfChanged(const std::string& id, const std::string& text);
  void Health(Respond& respond);
  void Commit(const std::shared_ptr<Slot>& slot, Respond respond, HttpResponse reply);
  void OnUnitDurable(const std::shared_ptr<Slot>& slot, const UnitEffect& unit,
                     const DiskDone& written, const Respond& respond, const HttpResponse& reply);
  void FailTable(const std::shared_ptr<Slot>& slot, const UnitEffect& unit,
                 const std::string& error);
  void UnregisterTable(const std::shared_ptr<Slot>& slot);
  void ArmMoveClock(const std::shared_ptr<Slot>& slot);
  formats::ReadLimits BodyLimits() const;
  void MoveClockRanOut(const std::shared_ptr<Slot>& slot, int change);

  boost::asio::io_context& io_;
  ServiceOptions options_;
  Store store_;
  // Guards tables_ and ids_with_files_. Every request looks its table up, so lookups share the lock
  // and a hash map answers them: a season holds thousands of tables.
  mutable std::shared_mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Slot>> tables_;
  std::set<std::string> ids_with_files_;  // at start, held by no table: not free
  std::atomic<bool> shutting_down_{false};
  // The write threads' queue: requests that write, in the order they arrived.
  boost::asio::io_context writes_;
  std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>>
      writes_work_;
  std::vector<std::thread> write_threads_;
  bool writes_apart_ = false;  // requests that write go to the write threads (set by Resume)
  std::unique_ptr<EventDesk> events_;  // /events (server/event_desk.h)
  // Declared after the tables, so stopped (by ~Service, if not before) while they exist: its units
  // refer to them.
  CommitLog commit_log_;
};

}  // namespace referee::server
