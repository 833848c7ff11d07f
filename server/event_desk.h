// EventDesk: the events of `referee serve` (docs/serve.md, "A club night"): /events and everything
// under it. An event is made from a league file and how its rounds are made (schedule/); the desk
// makes each round's tables through the service, hands out one link per player (the token in the
// link's fragment) and one for the director, journals every act of the event in a chain
// (server/event_journal.h) through the service's commit log, and answers the standings as
// `referee standings` computes them from the event's export (server/event_export.h).
//
// Locks: an event's mutex is taken before any of its tables' mutexes, never after; the tables
// never call the desk.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>

#include "server/event.h"
#include "server/event_export.h"
#include "server/service.h"

namespace referee::server {

class EventDesk {
 public:
  explicit EventDesk(Service& service);
  ~EventDesk();
  EventDesk(const EventDesk&) = delete;
  EventDesk& operator=(const EventDesk&) = delete;

  // A request to /events or a path under it.
  void Route(const HttpRequest& request, const std::string& path, const std::string& query,
             Respond respond);
  // At start, once the tables are resumed: every event from its journal (a journal whose chain is
  // broken is logged and its event left out), the tables of its rounds that the disk lacks made
  // again (a crash between an event's round and its tables' files).
  void Resume();
  // The log files of an event known to the commit log as "@ID".
  TableFiles FilesOf(const std::string& log_id) const;
  // Whether the event a table is part of has ended: until then its records stay private (the
  // same boards are played at other tables), and its seed secret.
  bool Ended(const std::string& event) const;
  // Answers every waiting request (at shutdown).
  void Shutdown();

  struct Slot;  // one event (defined in event_desk_parts.h)

 private:
  struct Caller;
  // What the desk reads of a table, under the table's mutex.
  struct TableState {
    std::string status = "missing";  // a table of a round not (yet) made on this server
    bool durable_over = false;       // its end is durable: its record is filed
    int events = 0;
    int deals_played = 0;  // deals played out (scored), for a director's void
  };
  TableState TableOf(const std::string& id) const;
  Result<std::pair<const EventTable*, int>, HttpResponse> VoidedDeal(
      const Event& event, const record::Node& body) const;
  bool Done(const EventTable& table) const;
  std::vector<std::string> Playing(const Event& event) const;
  bool Over(const Event& event) const;
  std::string PlayingText(const Event& event) const;
  Result<std::pair<record::Node, int>, HttpResponse> HeaderOf(const Event& event,
                                                              const EventTable& table) const;
  void MakeTables(const Event& event, int round, Respond respond,
                  const std::function<HttpResponse()>& reply);
  record::Node RoundNode(const Event& event, int round) const;
  record::Node PublicNode(const Slot& slot) const;
  int64_t StateNumber(const Slot& slot) const;
  EventExport ExportOf(const Slot& slot) const;
  record::Node CallNode(const EventCall& call) const;
  int64_t EventMs(const Event& event) const;
  void Commit(const std::shared_ptr<Slot>& slot, Respond respond, HttpResponse reply);
  Result<std::tuple<Event, record::Node, std::string>, HttpResponse> Made(const record::Node& body);
  record::Node CreationAct(const record::Node& body, const Event& event, const record::Node& hashes,
                           const std::string& director_hash) const;
  std::optional<HttpResponse> Retried(const Slot& slot, const record::Node& body,
                                      const std::string& kind) const;
  void Journal(const std::shared_ptr<Slot>& slot, const record::Node& act, record::Node reply,
               Respond& respond, const std::function<void(Respond, HttpResponse)>& then);
  Result<record::Node, HttpResponse> ReadBody(const std::string& text) const;
  Result<record::Node, HttpResponse> ActMembers(const Event& event, const std::string& kind,
                                                const record::Node& body) const;
  DiskDone AtTable(Service::Slot& table, const record::Node& act);
  void SeatTokensAtTables(const Event& event);
  std::shared_ptr<Slot> Find(const std::string& id) const;
  void Create(const HttpRequest& request, Respond& respond);
  void List(Respond& respond);
  void EventRequest(const HttpRequest& request, const std::shared_ptr<Slot>& slot,
                    const std::string& action, const std::string& query, Respond& respond);
  Caller Identify(const Slot& slot, const std::string& authorization) const;
  void Public(const std::shared_ptr<Slot>& slot, Respond& respond);
  void Wait(const std::shared_ptr<Slot>& slot, const std::string& query, Respond& respond);
  void WaitOn(const std::shared_ptr<Slot>& slot, uint64_t id);
  void Standings(const std::shared_ptr<Slot>& slot, const std::string& query, Respond& respond);
  void Export(const std::shared_ptr<Slot>& slot, const Caller& caller, Respond& respond);
  void Seat(const std::shared_ptr<Slot>& slot, const Caller& caller, Respond& respond);
  void Calls(const std::shared_ptr<Slot>& slot, Respond& respond);
  void Call(const std::shared_ptr<Slot>& slot, const Caller& caller, const std::string& body,
            Respond& respond);
  void Answer(const std::shared_ptr<Slot>& slot, const std::string& call, const std::string& body,
              Respond& respond);
  void Act(const std::shared_ptr<Slot>& slot, const std::string& body, Respond& respond);
  void NextRound(const std::shared_ptr<Slot>& slot, const std::string& body, Respond& respond);
  void Tokens(const std::shared_ptr<Slot>& slot, const std::string& body, Respond& respond);
  Result<void, referee::Error> ResumeEvent(const std::string& id);

  Service& service_;
  std::atomic<bool> shutting_down_{false};
  mutable std::shared_mutex mutex_;  // guards events_
  std::map<std::string, std::shared_ptr<Slot>> events_;
};

}  // namespace referee::server
