#include "server/event_desk.h"

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

namespace desk {

const std::set<std::string> kHeaderKeysSet = {"format", "game",    "id",   "event", "round",
                                              "table",  "players", "seed", "board"};

Node Text(const std::string& text) { return record::StringNode(text); }
Node Integer(int64_t value) { return record::IntegerNode(value); }

std::string TextOf(const Node& map, std::string_view key) {
  const Node* node = map.IsMap() ? map.Find(key) : nullptr;
  return node != nullptr && node->IsScalar() ? node->text() : "";
}

HttpResponse Refused(const std::string& code, const std::string& message) {
  return Error(422, code, message);
}

Result<std::optional<std::string>, HttpResponse> ReadNote(const Node& body, std::string_view key,
                                                          bool required) {
  const Node* node = body.Find(key);
  if (node == nullptr) {
    if (!required) return std::optional<std::string>();
    return Unexpected<HttpResponse>(
        Error(400, "missing-key", "expected \"" + std::string(key) + "\": say why, in words"));
  }
  if (node->kind() != Node::Kind::kString || node->text().size() > kMostText) {
    return Unexpected<HttpResponse>(Error(400, "bad-type",
                                          "expected \"" + std::string(key) +
                                              "\" to be a string of "
                                              "at most 500 bytes"));
  }
  Result<std::string> text = record::ReadFreeText(*node, "/" + std::string(key));
  if (!text) return Unexpected<HttpResponse>(FindingError(text.error()));
  return std::optional<std::string>(*text);
}

std::optional<int64_t> IntegerMember(const Node& body, std::string_view key, int64_t min,
                                     int64_t max) {
  const Node* node = body.Find(key);
  if (node == nullptr || node->kind() != Node::Kind::kInteger) return std::nullopt;
  Result<int64_t> value = record::ReadInteger(*node, "", min, max);
  if (!value) return std::nullopt;
  return *value;
}

Node PlayerLink(const Event& event, int round, const std::string& player,
                const std::string& token) {
  Node link = Node::Map({});
  link.AddMember("token", {}, Text(token));
  for (const EventTable* table : event.TablesOf(round)) {
    for (const auto& [seat, seated] : event.SeatsOf(*table)) {
      if (seated != player) continue;
      link.AddMember("table", {}, Text(table->id));
      link.AddMember("seat", {}, Text(seat));
      link.AddMember("link", {}, Text("/seat/" + table->id + "#" + token));
      return link;
    }
  }
  link.AddMember("sitting_out", {}, Node::Scalar(Node::Kind::kBool, "true", {}));
  return link;
}
std::string DirectorLink(const std::string& event, const std::string& token) {
  return "/director/" + event + "#" + token;
}

Result<int, referee::Error> StageLine(EventDesk::Slot& slot, const Node& act) {
  if (slot.event) {
    Event trial = *slot.event;
    if (auto applied = trial.Apply(act, slot.seq + 1); !applied) {
      return referee::Fail(applied.error());
    }
    slot.event = std::move(trial);
  }
  std::string digest;
  std::string line = ChainLine(act, slot.seq + 1, slot.prev, &digest);
  slot.staged += line;
  slot.text += line;
  slot.prev = digest;
  return ++slot.seq;
}

Node Stamped(const std::string& kind, const std::string& by, int64_t at_ms, const Node& rest) {
  Node act = Node::Map({});
  act.AddMember("act", {}, Text(kind));
  act.AddMember("by", {}, Text(by));
  act.AddMember("at", {}, record::SecondsNode(at_ms));
  for (const auto& member : rest.members()) act.AddMember(member.key, {}, member.value);
  return act;
}

}  // namespace desk

using namespace desk;  // NOLINT: the desk's own helpers

EventDesk::EventDesk(Service& service) : service_(service) {}
EventDesk::~EventDesk() = default;

std::shared_ptr<EventDesk::Slot> EventDesk::Find(const std::string& id) const {
  std::shared_lock lock(mutex_);
  auto found = events_.find(id);
  return found == events_.end() ? nullptr : found->second;
}

TableFiles EventDesk::FilesOf(const std::string& log_id) const {
  return service_.store_.EventFilesOf(log_id.substr(1));
}

// ---- the event's lines -----------------------------------------------------------------------

// ---- committing ------------------------------------------------------------------------------

// Hands the event's staged lines to the commit log (with the slot's mutex held, so that its lines
// reach the log in order); `reply` goes to `respond` once they are durable.
void EventDesk::Commit(const std::shared_ptr<Slot>& slot, Respond respond, HttpResponse reply) {
  if (slot->staged.empty()) {
    if (respond) respond(std::move(reply));
    return;
  }
  JournalWrite write{slot->journal, slot->journal_bytes,       std::move(slot->staged),
                     false,         std::move(slot->creation), nullptr};
  slot->journal_bytes += write.bytes.size();
  slot->staged.clear();
  slot->creation.clear();
  int seq = slot->seq;
  std::weak_ptr<Slot> weak = slot;
  auto done = [weak, seq, respond, reply](const DiskDone& written) {
    if (std::shared_ptr<Slot> held = weak.lock()) {
      std::lock_guard lock(held->mutex);
      if (written) held->durable = std::max(held->durable, seq);
      for (auto& [id, waiter] : held->waiters) waiter.timer->cancel();
    }
    if (!respond) return;
    respond(written ? reply
                    : Error(500, "disk",
                            "the event's journal cannot be written: " + written.error().message));
  };
  if (DiskDone submitted = service_.commit_log_.Submit(std::move(write), done); !submitted) {
    spdlog::error("event: {}", submitted.error().message);
    if (respond) respond(Error(500, "disk", submitted.error().message));
  }
}

// ---- routing ---------------------------------------------------------------------------------

void EventDesk::Route(const HttpRequest& request, const std::string& path, const std::string& query,
                      Respond respond) {
  if (path == "/events" || path == "/events/") {
    if (request.method == "POST") return Create(request, respond);
    if (request.method == "GET") return List(respond);
    return respond(MethodNotAllowed("GET, POST"));
  }
  std::string rest = path.substr(std::string_view("/events/").size());
  size_t slash = rest.find('/');
  std::string id = rest.substr(0, slash);
  std::string action = slash == std::string::npos ? "" : rest.substr(slash + 1);
  std::shared_ptr<Slot> slot = Find(id);
  if (slot == nullptr) return respond(Error(404, "unknown-event", "no event " + id));
  EventRequest(request, slot, action, query, respond);
}

EventDesk::Caller EventDesk::Identify(const Slot& slot, const std::string& authorization) const {
  Caller caller;
  std::optional<std::string> token = BearerToken(authorization);
  if (!token) return caller;
  std::string hash = TokenHash(*token);
  caller.organiser = HashesMatch(hash, service_.options_.organiser_hash);
  caller.director = HashesMatch(hash, slot.event->director_hash());
  // Every hash is compared (no early exit), each in constant time.
  for (const auto& [player, player_hash] : slot.event->player_hashes()) {
    if (HashesMatch(hash, player_hash)) caller.player = player;
  }
  return caller;
}

void EventDesk::EventRequest(const HttpRequest& request, const std::shared_ptr<Slot>& slot,
                             const std::string& action, const std::string& query,
                             Respond& respond) {
  struct Rule {
    std::string method;
    enum class Who { kAnyone, kDirector, kPlayer, kDirectorOrAnyoneAtTheEnd } who;
  };
  using Who = Rule::Who;
  static const std::map<std::string, Rule> kRules = {
      {"", {"GET", Who::kAnyone}},
      {"wait", {"GET", Who::kAnyone}},
      {"standings", {"GET", Who::kAnyone}},
      {"export", {"GET", Who::kDirectorOrAnyoneAtTheEnd}},
      {"seat", {"GET", Who::kPlayer}},
      {"calls", {"", Who::kAnyone}},  // GET: the director; POST: a player
      {"acts", {"POST", Who::kDirector}},
      {"rounds", {"POST", Who::kDirector}},
      {"tokens", {"POST", Who::kDirector}},
  };
  std::string name = action.rfind("calls/", 0) == 0 ? "answer" : action;
  auto rule = kRules.find(name);
  if (name == "answer") {
    static const Rule kAnswer{"POST", Who::kDirector};
    rule = kRules.end();
    if (request.method != kAnswer.method) return respond(MethodNotAllowed("POST"));
  } else if (rule == kRules.end()) {
    return respond(Error(404, "not-found", "no such path: /events/" + action));
  } else if (!rule->second.method.empty() && request.method != rule->second.method) {
    return respond(MethodNotAllowed(rule->second.method));
  } else if (name == "calls" && request.method != "GET" && request.method != "POST") {
    return respond(MethodNotAllowed("GET, POST"));
  }
  Caller caller;
  {
    std::lock_guard lock(slot->mutex);
    caller = Identify(*slot, request.authorization);
  }
  bool director = caller.director || caller.organiser;
  Who who = rule == kRules.end() ? Who::kDirector : rule->second.who;
  if (name == "calls") who = request.method == "GET" ? Who::kDirector : Who::kPlayer;
  bool missing = BearerToken(request.authorization) == std::nullopt;
  if (who == Who::kDirector && !director) {
    return respond(missing ? Error(401, "missing-token", "expected Authorization: Bearer TOKEN")
                           : Error(403, "director-only",
                                   "only the director of this event (its director link) may "
                                   "do this"));
  }
  if (who == Who::kPlayer && !caller.player) {
    return respond(missing
                       ? Error(401, "missing-token", "expected Authorization: Bearer TOKEN")
                       : Error(401, "wrong-token", "expected a seat link's token of this event"));
  }
  if (name.empty()) return Public(slot, respond);
  if (name == "wait") return Wait(slot, query, respond);
  if (name == "standings") return Standings(slot, query, respond);
  if (name == "export") return Export(slot, caller, respond);
  if (name == "seat") return Seat(slot, caller, respond);
  if (name == "calls") {
    return request.method == "GET" ? Calls(slot, respond)
                                   : Call(slot, caller, request.body, respond);
  }
  if (name == "answer") return Answer(slot, action.substr(6), request.body, respond);
  if (name == "acts") return Act(slot, request.body, respond);
  if (name == "rounds") return NextRound(slot, request.body, respond);
  return Tokens(slot, request.body, respond);
}

// ---- the tables of the event -----------------------------------------------------------------

EventDesk::TableState EventDesk::TableOf(const std::string& id) const {
  std::shared_ptr<Service::Slot> slot = service_.FindSlot(id);
  EventDesk::TableState state;
  if (slot == nullptr) return state;
  std::lock_guard lock(slot->mutex);
  state.status = slot->table->Status();
  state.durable_over = state.status == "over" && !slot->durable_in_play;
  state.events = slot->table->events();
  state.deals_played = static_cast<int>(slot->table->session().match().Scores().rows.size());
  return state;
}

// A table of a round is done when its match is over (and its end durable) or when the director
// settled it; a failed table (its journal could not be written) is not done until a restart.
bool EventDesk::Done(const EventTable& table) const {
  if (table.settled) return true;
  return TableOf(table.id).durable_over;
}

std::vector<std::string> EventDesk::Playing(const Event& event) const {
  std::vector<std::string> playing;
  for (const EventTable* table : event.TablesOf(event.rounds_made())) {
    if (!Done(*table)) playing.push_back(table->id);
  }
  return playing;
}

bool EventDesk::Over(const Event& event) const {
  return event.rounds_made() >= event.schedule().rounds && Playing(event).empty();
}

bool EventDesk::Ended(const std::string& id) const {
  std::shared_ptr<Slot> slot = Find(id);
  if (slot == nullptr) return true;  // not an event of this server: nothing to keep back
  std::lock_guard lock(slot->mutex);
  return Over(*slot->event);
}

// The header of a table of the event, and whether its seeded boards go in its deals (trick games)
// or in its header (a game set up once from its header, which deals no deals).
Result<std::pair<Node, int>, HttpResponse> EventDesk::HeaderOf(const Event& event,
                                                               const EventTable& table) const {
  Node header = event.TableHeader(table, false);
  auto session = live::Session::Start(header);
  if (!session.has_value()) {
    Finding finding = session.error();
    finding.place.path = "/table_header" + finding.place.path;
    return Unexpected<HttpResponse>(FindingError(finding));
  }
  if (session->match().Next().phase == Phase::kDeal) {
    return std::make_pair(std::move(header), schedule::FirstBoard(table.plan.boards));
  }
  return std::make_pair(event.TableHeader(table, true), 0);
}

// Makes the tables of a round: each with its header and its seats' token hashes (the players'
// seat links), staged and committed. The last table's unit answers `respond` with what `reply`
// makes once the tables exist: the log acknowledges units in order, so every table (and the
// event's line before them) is durable then.
void EventDesk::MakeTables(const Event& event, int round, Respond respond,
                           const std::function<HttpResponse()>& reply) {
  std::vector<std::shared_ptr<Service::Slot>> made_slots;
  std::vector<std::unique_lock<std::mutex>> locks;  // each held until its table is committed
  for (const EventTable* table : event.TablesOf(round)) {
    if (service_.FindSlot(table->id) != nullptr) continue;
    auto header = HeaderOf(event, *table);
    if (!header) {
      spdlog::error("event {}: table {} cannot be made: {}", event.id(), table->id,
                    header.error().body);
      continue;
    }
    Service::NewTable made{&header->first, table->id,      event.move_ms(),
                           event.id(),     header->second, {}};
    for (const auto& [seat, player] : event.SeatsOf(*table)) {
      made.hashes[seat] = event.player_hashes().at(player);
    }
    std::unique_lock<std::mutex> lock;
    auto slot = service_.OpenTable(made, nullptr, lock);
    if (!slot) {
      spdlog::error("event {}: table {}: {}", event.id(), table->id, slot.error().body);
      continue;
    }
    made_slots.push_back(*slot);
    locks.push_back(std::move(lock));
  }
  // Each table is committed under the lock it was made with, so nothing else is staged at it
  // first. The reply describes the tables, which takes their locks: it is made after, and sent
  // once it is made and the last table is durable, whichever comes second.
  struct Pending {
    std::mutex mutex;
    std::optional<HttpResponse> reply;    // made
    std::optional<HttpResponse> durable;  // the last unit's outcome: the placeholder or a 500
    Respond respond;
    void Send() {
      if (!reply || !durable || !respond) return;
      Respond once = std::move(respond);
      respond = nullptr;
      once(durable->status >= 500 ? *durable : *reply);
    }
  };
  auto pending = std::make_shared<Pending>();
  pending->respond = std::move(respond);
  for (size_t i = 0; i < made_slots.size(); ++i) {
    bool last = i + 1 == made_slots.size();
    Respond done = nullptr;
    if (last && pending->respond) {
      done = [pending](HttpResponse outcome) {
        std::lock_guard lock(pending->mutex);
        pending->durable = std::move(outcome);
        pending->Send();
      };
    }
    service_.Commit(made_slots[i], done, HttpResponse{200, "", "", 0});
  }
  locks.clear();
  HttpResponse answer = reply ? reply() : HttpResponse{};
  {
    std::lock_guard lock(pending->mutex);
    pending->reply = answer;
    if (made_slots.empty()) pending->durable = answer;
    pending->Send();
  }
}

Node EventDesk::RoundNode(const Event& event, int round) const {
  Node node = Node::Map({});
  node.AddMember("round", {}, Integer(round));
  Node tables = Node::List({});
  for (const EventTable* table : event.TablesOf(round)) {
    Node item = Node::Map({});
    item.AddMember("id", {}, Text(table->id));
    item.AddMember("table", {}, Integer(table->plan.number));
    Node seats = Node::List({});
    for (const std::string& entrant : table->plan.seats) seats.Append(Text(entrant));
    item.AddMember("entrants", {}, std::move(seats));
    Node players = Node::Map({});
    for (const auto& [seat, player] : event.SeatsOf(*table))
      players.AddMember(seat, {}, Text(player));
    item.AddMember("players", {}, std::move(players));
    item.AddMember("boards", {}, Integer(table->plan.boards));
    TableState state = TableOf(table->id);
    item.AddMember("status", {}, Text(table->settled ? "settled" : state.status));
    item.AddMember("events", {}, Integer(state.events));
    item.AddMember("deals_played", {}, Integer(state.deals_played));
    tables.Append(std::move(item));
  }
  node.AddMember("tables", {}, std::move(tables));
  Node out = Node::List({});
  for (const schedule::Round& made : event.schedule().made) {
    if (made.number != round) continue;
    for (const std::string& entrant : made.sitting_out) out.Append(Text(entrant));
  }
  node.AddMember("sitting_out", {}, std::move(out));
  return node;
}

std::string EventDesk::PlayingText(const Event& event) const {
  std::vector<std::string> playing = Playing(event);
  if (playing.empty()) return "";
  return std::to_string(playing.size()) + (playing.size() == 1 ? " table" : " tables") +
         " playing in round " + std::to_string(event.rounds_made());
}

}  // namespace referee::server
