#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/steady_timer.hpp>
#include <filesystem>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/yaml_reader.h"
#include "live/journal.h"
#include "referee/core/seeded_deal.h"
#include "referee/record/fields.h"
#include "referee/record/record_writer.h"
#include "server/event.h"
#include "server/event_desk.h"
#include "server/event_desk_parts.h"
#include "server/event_export.h"
#include "server/event_journal.h"
#include "server/requests.h"
#include "server/service_slot.h"
#include "server/table.h"
#include "server/tokens.h"
#include "verifier/sha256.h"

namespace referee::server {

using record::Node;
using namespace desk;  // NOLINT: the desk's own helpers

// What anyone may know of an event now: its rounds and tables, the director's acts, and its seed
// once it is over (before, only the seed's SHA-256: the lots and the boards stay unpredictable).
Node EventDesk::PublicNode(const Slot& slot) const {
  const Event& event = *slot.event;
  // The state number first: whatever changes after it (a table's end made durable between the
  // two) makes a watcher that holds this number look again.
  int64_t state = StateNumber(slot);
  bool over = Over(event);
  Node body = Ok();
  body.AddMember("id", {}, Text(event.id()));
  body.AddMember("name", {}, Text(event.league().name));
  body.AddMember("game", {}, Text(event.league().game));
  body.AddMember("method", {}, Text(std::string(schedule::MethodName(event.schedule().method))));
  body.AddMember("planned_rounds", {}, Integer(event.schedule().rounds));
  body.AddMember("status", {}, Text(over ? "over" : "in-play"));
  body.AddMember("state", {}, Integer(state));
  std::string playing = PlayingText(event);
  if (!playing.empty()) body.AddMember("playing", {}, Text(playing));
  body.AddMember("round_complete", {},
                 Node::Scalar(Node::Kind::kBool, Playing(event).empty() ? "true" : "false", {}));
  Node rounds = Node::List({});
  for (int round = 1; round <= event.rounds_made(); ++round) rounds.Append(RoundNode(event, round));
  body.AddMember("rounds", {}, std::move(rounds));
  Node acts = Node::List({});
  for (const Node& act : event.acts()) acts.Append(act);
  body.AddMember("acts", {}, std::move(acts));
  body.AddMember("seed_sha256", {}, Text(HexDigest(verifier::Sha256(event.schedule().seed))));
  if (over) body.AddMember("seed", {}, Text(event.schedule().seed));
  body.AddMember("journal_lines", {}, Integer(slot.durable));
  body.AddMember("journal_sha256", {}, Text(slot.prev));
  return body;
}

void EventDesk::Public(const std::shared_ptr<Slot>& slot, Respond& respond) {
  std::lock_guard lock(slot->mutex);
  respond(JsonResponse(200, PublicNode(*slot)));
}

// A number that grows whenever anything a watcher sees changes: a durable line of the event, an
// event of one of its tables, a table's end made durable (which files its record and may end the
// round or the event, with no new event).
int64_t EventDesk::StateNumber(const Slot& slot) const {
  int64_t state = slot.durable;
  for (const EventTable& table : slot.event->tables()) {
    TableState now = TableOf(table.id);
    state += now.events + (now.durable_over ? 1 : 0);
  }
  return state;
}

// GET /events/ID/wait?after=N: the event's public state once its state number passes N, or after
// --poll-seconds. The tables do not call the desk: a waiting request looks again every 200 ms.
void EventDesk::Wait(const std::shared_ptr<Slot>& slot, const std::string& query,
                     Respond& respond) {
  std::optional<int64_t> after = QueryInteger(query, "after");
  if (!after) return respond(Error(400, "bad-query", "expected after=N, the state last seen"));
  std::lock_guard lock(slot->mutex);
  if (StateNumber(*slot) > *after || shutting_down_) {
    return respond(JsonResponse(200, PublicNode(*slot)));
  }
  uint64_t id = slot->next_waiter++;
  auto timer = std::make_shared<boost::asio::steady_timer>(service_.io_);
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(service_.options_.poll_ms);
  slot->waiters[id] = Slot::Waiter{timer, std::move(respond), *after, deadline};
  WaitOn(slot, id);
}

void EventDesk::WaitOn(const std::shared_ptr<Slot>& slot, uint64_t id) {
  Slot::Waiter& waiter = slot->waiters.at(id);
  waiter.timer->expires_at(
      std::min(waiter.deadline, std::chrono::steady_clock::now() + std::chrono::milliseconds(200)));
  std::weak_ptr<Slot> weak = slot;
  waiter.timer->async_wait([this, weak, id](const boost::system::error_code&) {
    std::shared_ptr<Slot> held = weak.lock();
    if (held == nullptr) return;
    Respond respond;
    HttpResponse response;
    {
      std::lock_guard lock(held->mutex);
      auto found = held->waiters.find(id);
      if (found == held->waiters.end()) return;
      bool due = StateNumber(*held) > found->second.after || shutting_down_ ||
                 std::chrono::steady_clock::now() >= found->second.deadline;
      if (!due) return WaitOn(held, id);
      response = JsonResponse(200, PublicNode(*held));
      respond = std::move(found->second.respond);
      held->waiters.erase(found);
    }
    respond(response);
  });
}

void EventDesk::Shutdown() {
  shutting_down_ = true;
  std::vector<std::shared_ptr<Slot>> slots;
  {
    std::shared_lock lock(mutex_);
    for (const auto& [id, slot] : events_) slots.push_back(slot);
  }
  for (const auto& slot : slots) {
    std::lock_guard lock(slot->mutex);
    for (auto& [id, waiter] : slot->waiters) waiter.timer->cancel();
  }
}

// The export as it stands: the league file with its rounds, every finished table's record (its
// end durable), the journals of the settled tables, and the event's journal as acknowledged.
EventExport EventDesk::ExportOf(const Slot& slot) const {
  const Event& event = *slot.event;
  std::map<std::string, std::string> records;
  std::map<std::string, std::string> settled;
  for (const EventTable& table : event.tables()) {
    std::shared_ptr<Service::Slot> table_slot = service_.FindSlot(table.id);
    if (table_slot == nullptr) continue;
    std::lock_guard lock(table_slot->mutex);
    if (table.settled) {
      auto text = service_.ReadJournal(table.id);
      if (text) settled[table.id] = std::move(*text);
      continue;
    }
    if (table_slot->durable_in_play) continue;
    if (std::optional<std::string> text = table_slot->table->RecordText()) {
      records[table.id] = std::move(*text);
    }
  }
  std::string journal = slot.text;
  // Only what is acknowledged: the lines up to the last durable one.
  size_t end = 0;
  for (int line = 0; line < slot.durable && end < journal.size(); ++line) {
    end = journal.find('\n', end) + 1;
  }
  journal.resize(end);
  return MakeExport(event, std::move(journal), std::move(records), std::move(settled));
}

// GET /events/ID/standings: {"ok", "provisional", "playing", "acts", "standings": {...}};
// ?format=json answers the standings document alone, byte for byte what `referee standings
// --format json league.yaml` prints in the event's export folder.
void EventDesk::Standings(const std::shared_ptr<Slot>& slot, const std::string& query,
                          Respond& respond) {
  bool document = query.find("format=json") != std::string::npos;
  std::lock_guard lock(slot->mutex);
  const Event& event = *slot->event;
  // In this order, as the tables move on meanwhile: the state number, then whether the event is
  // over, then the records. A table whose end becomes durable between the last two is in the
  // records of standings still called provisional, never left out of standings called final.
  int64_t state = StateNumber(*slot);
  bool over = Over(event);
  EventExport files = ExportOf(*slot);
  std::string key = files.league;
  for (const auto& [name, text] : files.records) key += name + "\n";
  if (key != slot->standings_key) {
    auto standings = ExportStandings(files, service_.options_.referee);
    slot->standings_error = std::nullopt;
    if (standings) {
      slot->standings_json = StandingsJson(*standings);
    } else {
      slot->standings_error = standings.error();
    }
    slot->standings_key = std::move(key);
  }
  if (slot->standings_error) {
    return respond(Error(500, "standings", slot->standings_error->message));
  }
  if (document) return respond(HttpResponse{200, slot->standings_json, "", 0});
  Node body = Ok();
  body.AddMember("id", {}, Text(event.id()));
  body.AddMember("provisional", {}, Node::Scalar(Node::Kind::kBool, over ? "false" : "true", {}));
  std::string playing = PlayingText(event);
  if (!playing.empty()) body.AddMember("playing", {}, Text(playing));
  body.AddMember("rounds_made", {}, Integer(event.rounds_made()));
  body.AddMember("state", {}, Integer(state));
  Node acts = Node::List({});
  for (const Node& act : event.acts()) acts.Append(act);
  body.AddMember("acts", {}, std::move(acts));
  Result<Node> tree = formats::ParseJson(slot->standings_json);
  body.AddMember("standings", {}, tree ? *tree : Node::Map({}));
  respond(JsonResponse(200, body));
}

// GET /events/ID/export: the director's at any time; anyone's once the event is over.
void EventDesk::Export(const std::shared_ptr<Slot>& slot, const Caller& caller, Respond& respond) {
  std::lock_guard lock(slot->mutex);
  if (!caller.director && !caller.organiser && !Over(*slot->event)) {
    return respond(Error(403, "event-in-play",
                         "the records hold the boards other tables still play: the export is "
                         "the director's until the event is over"));
  }
  EventExport files = ExportOf(*slot);
  Node body = Ok();
  body.AddMember("id", {}, Text(slot->event->id()));
  Node list = Node::Map({});
  list.AddMember("league.yaml", {}, Text(files.league));
  for (const auto& [name, text] : files.records) list.AddMember(name, {}, Text(text));
  for (const auto& [name, text] : files.settled) list.AddMember(name, {}, Text(text));
  list.AddMember("event.journal", {}, Text(files.journal));
  body.AddMember("files", {}, std::move(list));
  respond(JsonResponse(200, body));
}

// GET /events/ID/seat (a seat link's token): where the player sits in the current round, and the
// player's calls to the director with their answers.
void EventDesk::Seat(const std::shared_ptr<Slot>& slot, const Caller& caller, Respond& respond) {
  std::lock_guard lock(slot->mutex);
  const Event& event = *slot->event;
  Node body = Ok();
  body.AddMember("event", {}, Text(event.id()));
  body.AddMember("player", {}, Text(*caller.player));
  body.AddMember("round", {}, Integer(event.rounds_made()));
  body.AddMember("status", {}, Text(Over(event) ? "over" : "in-play"));
  bool seated = false;
  for (const EventTable* table : event.TablesOf(event.rounds_made())) {
    for (const auto& [seat, player] : event.SeatsOf(*table)) {
      if (player != *caller.player) continue;
      body.AddMember("table", {}, Text(table->id));
      body.AddMember("seat", {}, Text(seat));
      seated = true;
    }
  }
  body.AddMember("sitting_out", {}, Node::Scalar(Node::Kind::kBool, seated ? "false" : "true", {}));
  Node calls = Node::List({});
  for (const EventCall& call : event.calls()) {
    if (call.player == *caller.player) calls.Append(CallNode(call));
  }
  body.AddMember("calls", {}, std::move(calls));
  respond(JsonResponse(200, body));
}

Node EventDesk::CallNode(const EventCall& call) const {
  Node node = Node::Map({});
  node.AddMember("call", {}, Integer(call.seq));
  node.AddMember("player", {}, Text(call.player));
  node.AddMember("table", {}, Text(call.table));
  node.AddMember("message", {}, Text(call.message));
  node.AddMember("answer", {},
                 call.answer ? Text(*call.answer) : Node::Scalar(Node::Kind::kNull, "null", {}));
  return node;
}

// GET /events/ID/calls (the director): every call, the open ones first in the order they came.
void EventDesk::Calls(const std::shared_ptr<Slot>& slot, Respond& respond) {
  std::lock_guard lock(slot->mutex);
  Node open = Node::List({});
  Node answered = Node::List({});
  for (const EventCall& call : slot->event->calls()) {
    (call.answer ? answered : open).Append(CallNode(call));
  }
  Node body = Ok();
  body.AddMember("open", {}, std::move(open));
  body.AddMember("answered", {}, std::move(answered));
  respond(JsonResponse(200, body));
}

}  // namespace referee::server
