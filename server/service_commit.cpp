// Service (server/service.h): what follows a request. Its lines go to the commit log (Commit), and
// once they are durable its reply goes out and the table's waits learn of them (docs/serve.md,
// "Group commit"); a long poll (GET /tables/ID/wait) is held until then or until its time is up;
// a move's clock runs out and the referee plays for the seat (docs/serve.md, "Time").
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/steady_timer.hpp>
#include <chrono>

#include "formats/json_writer.h"
#include "referee/record/record_writer.h"
#include "server/page_api.h"
#include "server/requests.h"
#include "server/service.h"
#include "server/service_slot.h"
#include "server/table.h"

namespace referee::server {

using record::Node;

namespace {

// What a wait tells its caller: a seat its own state, the scorer what every seat may see, the
// organiser the table's.
Node CallerState(Table& table, std::optional<int> actor, bool scorer, const Node& referee_moves) {
  return scorer ? ScorerState(table, referee_moves) : StateNode(table, actor, referee_moves);
}

}  // namespace

void Service::Wait(const std::shared_ptr<Slot>& slot, const Caller& caller,
                   const std::string& query, Respond& respond) {
  std::optional<int64_t> after = QueryInteger(query, "after");
  if (!after) return respond(Error(400, "bad-query", "expected after=N, a number of events"));
  std::lock_guard lock(slot->mutex);
  Table& table = *slot->table;
  if (table.cancelled()) return respond(CancelledError(table));
  if (HasNews(*slot, *after)) {
    return respond(
        JsonResponse(200, CallerState(table, caller.actor, caller.scorer, slot->referee_moves)));
  }
  uint64_t id = slot->next_waiter++;
  auto timer = std::make_shared<boost::asio::steady_timer>(io_);
  timer->expires_after(std::chrono::milliseconds(options_.poll_ms));
  slot->waiters[id] = Slot::Waiter{timer, std::move(respond), caller.actor, caller.scorer, *after};
  ArmWaiter(slot, id);
}

// Runs when the poll times out or when a change (or shutdown) cancels the timer: answers unless a
// change left the count still at or below `after`, then waits on until the same deadline.
void Service::ArmWaiter(const std::shared_ptr<Slot>& slot, uint64_t id) {
  std::weak_ptr<Slot> weak = slot;
  slot->waiters.at(id).timer->async_wait([this, weak, id](const boost::system::error_code& error) {
    std::shared_ptr<Slot> slot = weak.lock();
    if (slot == nullptr) return;
    Respond respond;
    HttpResponse response;
    {
      std::lock_guard lock(slot->mutex);
      auto found = slot->waiters.find(id);
      if (found == slot->waiters.end()) return;
      Table& table = *slot->table;
      bool news = HasNews(*slot, found->second.after);
      if (error == boost::asio::error::operation_aborted && !news && !shutting_down_) {
        return ArmWaiter(slot, id);
      }
      const Slot::Waiter& waiter = found->second;
      response = table.cancelled()
                     ? CancelledError(table)
                     : JsonResponse(200, CallerState(table, waiter.actor, waiter.scorer,
                                                     slot->referee_moves));
      respond = std::move(found->second.respond);
      slot->waiters.erase(found);
    }
    respond(response);
  });
}

// Whether a wait for more than `after` events is answered now: only on what is durable, so that no
// seat learns of an event a crash could still take back. A failed table answers at once.
bool Service::HasNews(const Slot& slot, int64_t after) {
  return slot.durable_events > after || !slot.durable_in_play || slot.table->failed();
}

// Hands the lines the table staged to the commit log; `reply` goes to `respond` (none: nobody
// asked) once they are durable, after the record is filed when they end the match. Called with the
// slot's mutex held, so that a table's lines reach the log in the order of its journal; nothing
// waits for the sync here. Without staged lines, answers at once.
void Service::Commit(const std::shared_ptr<Slot>& slot, Respond respond, HttpResponse reply) {
  Table& table = *slot->table;
  std::optional<JournalWrite> write = table.TakeStaged();
  if (!write) {
    if (respond) respond(std::move(reply));
    return;
  }
  UnitEffect unit{table.events(), table.Status() == "in-play", !write->meta.empty()};
  if (std::optional<std::string> text = table.RecordText()) {
    write->record = std::make_shared<const std::string>(std::move(*text));
  }
  // Run by the log's thread: a short hold of the table's mutex, and the reply handed to the
  // connection's strand.
  auto done = [this, slot, unit, respond, reply](const DiskDone& written) {
    OnUnitDurable(slot, unit, written, respond, reply);
  };
  if (DiskDone submitted = commit_log_.Submit(std::move(*write), done); !submitted) {
    FailTable(slot, unit, submitted.error().message);
    if (respond) respond(Error(500, "disk", submitted.error().message));
  }
}

// A unit's writes are durable (or failed): waits learn of them and the reply goes out. A creation
// that failed is undone: its id is free again (its files were never written).
void Service::OnUnitDurable(const std::shared_ptr<Slot>& slot, const UnitEffect& unit,
                            const DiskDone& written, const Respond& respond,
                            const HttpResponse& reply) {
  std::unique_lock lock(slot->mutex);
  if (!written) {
    FailTable(slot, unit, written.error().message);
  } else {
    slot->durable_events = std::max(slot->durable_events, unit.events);
    slot->durable_in_play = slot->durable_in_play && unit.in_play;
  }
  for (auto& [id, waiter] : slot->waiters) waiter.timer->cancel();
  auto retries = slot->retries.Settle(slot->durable_events, written);
  lock.unlock();
  for (auto& [held, answer] : retries) held(answer);
  if (!respond) return;
  respond(written ? reply : JournalUnwritten(written.error()));
}

// The table stops (called with its mutex held); a creation is undone.
void Service::FailTable(const std::shared_ptr<Slot>& slot, const UnitEffect& unit,
                        const std::string& error) {
  Table& table = *slot->table;
  if (!table.failed()) spdlog::error("table {}: {}; the table stops", table.meta().id, error);
  table.Fail(error);
  if (unit.creates) UnregisterTable(slot);
}

void Service::UnregisterTable(const std::shared_ptr<Slot>& slot) {
  std::lock_guard lock(mutex_);
  auto found = tables_.find(slot->table->meta().id);
  if (found != tables_.end() && found->second == slot) tables_.erase(found);
}

void Service::ArmMoveClock(const std::shared_ptr<Slot>& slot) {
  const Table& table = *slot->table;
  if (table.meta().move_ms <= 0 || table.failed() || !table.ActorToMove()) {
    slot->move_clock.cancel();
    return;
  }
  slot->move_clock.expires_after(std::chrono::milliseconds(table.meta().move_ms));
  std::weak_ptr<Slot> weak = slot;
  int change = table.changes();
  slot->move_clock.async_wait([this, weak, change](const boost::system::error_code& error) {
    std::shared_ptr<Slot> slot = weak.lock();
    if (!error && slot != nullptr) MoveClockRanOut(slot, change);
  });
}

// The policy when a move's time runs out (docs/serve.md, "Time"): the referee plays the first
// legal event of the actor to move, in the engine's order, so the match goes on and stays valid.
void Service::MoveClockRanOut(const std::shared_ptr<Slot>& slot, int change) {
  std::lock_guard lock(slot->mutex);
  Table& table = *slot->table;
  if (table.changes() != change) return;  // someone moved meanwhile
  std::optional<int> actor = table.ActorToMove();
  int64_t now = options_.clock->NowMs();
  auto played = table.PlayForActor(now);
  if (!played.has_value()) {
    spdlog::error("table {}: {}", table.meta().id, played.error().message);
    return;
  }
  if (!*played || !(*played)->outcome.accepted) return;
  const Node& line = (*played)->line;
  const Node* event = (*played)->outcome.reply.Find("event");
  Node move = Node::Map({});
  move.AddMember("events", {}, record::IntegerNode(table.events()));
  move.AddMember(table.meta().actor_key, {},
                 record::StringNode(table.meta().actors.at(actor.value_or(0))));
  move.AddMember("event", {}, event != nullptr ? *event : line);
  spdlog::warn("table {}: the move clock of {} ran out; the referee played {}", table.meta().id,
               table.meta().actors.at(actor.value_or(0)),
               formats::WriteJson(move.members().back().value, false));
  slot->referee_moves.Append(std::move(move));
  if (DiskDone dealt = table.DealIfDue(now); !dealt) {
    spdlog::error("table {}: {}", table.meta().id, dealt.error().message);
  }
  ArmMoveClock(slot);
  Commit(slot, nullptr, {});
}

}  // namespace referee::server
