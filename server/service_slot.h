// Service::Slot: one table of the service, with what waits on it, and the service's other private
// types. Shared by server/service*.cpp and server/event_desk.cpp (an event's tables are the
// service's tables).
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "referee/record/node.h"
#include "server/page_api.h"
#include "server/service.h"
#include "server/table.h"

namespace referee::server {

// What a unit of the commit log leaves its table at: applied when the unit is durable.
struct Service::UnitEffect {
  int events = 0;
  bool in_play = true;
  bool creates = false;  // the unit creates the table: it is undone if the unit fails
};

struct Service::Caller {
  std::optional<int> actor;  // the seat or player the token stands for
  bool organiser = false;
  bool scorer = false;  // the table's scorer (server/page_api.h): acts for every seat
};

struct Service::Slot {
  explicit Slot(boost::asio::io_context& io) : move_clock(io) {}
  struct Waiter {
    std::shared_ptr<boost::asio::steady_timer> timer;
    Respond respond;
    std::optional<int> actor;  // none: the organiser, or the scorer
    bool scorer = false;
    int64_t after = 0;  // answer once the table has more events than this
  };
  std::mutex mutex;  // guards everything below
  std::unique_ptr<Table> table;
  boost::asio::steady_timer move_clock;
  std::map<uint64_t, Waiter> waiters;
  uint64_t next_waiter = 0;
  record::Node referee_moves =
      record::Node::List({});  // moves the referee made when a clock ran out
  // What is durable (OnUnitDurable): a wait is answered on these, never on lines still being
  // synced.
  int durable_events = 0;
  bool durable_in_play = true;  // false once the end, a cancellation or a failure is durable
  // GET /tables/ID's body, as the table stood at these events and status.
  std::string public_body;
  int public_events = -1;
  std::string public_status;
  Retries retries;  // the replies kept for a POST that names its event number
};

}  // namespace referee::server
