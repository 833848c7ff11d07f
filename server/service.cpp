#include "server/service.h"

#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "live/journal.h"
#include "referee/games/registry.h"
#include "referee/record/record_writer.h"
#include "reports/verdict_text.h"
#include "server/event_desk.h"
#include "server/page_api.h"
#include "server/pages.h"
#include "server/requests.h"
#include "server/service_slot.h"
#include "server/table.h"
#include "server/tokens.h"

namespace referee::server {

using record::Node;

// What a unit of the commit log leaves the table at, for when it is durable.
struct Service::Committed {
  int events = 0;
  bool in_play = true;
  bool creates = false;  // the unit creates the table: it is undone if the unit fails
};

struct Service::Caller {
  std::optional<int> actor;  // the seat or player the token stands for
  bool organiser = false;
  bool scorer = false;  // the table's scorer (server/page_api.h): acts for every seat
};

namespace {

// What a wait tells its caller: a seat its own state, the scorer what every seat may see, the
// organiser the table's.
Node CallerState(Table& table, std::optional<int> actor, bool scorer, const Node& referee_moves) {
  return scorer ? ScorerState(table, referee_moves) : StateNode(table, actor, referee_moves);
}

}  // namespace

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

void Service::ListTables(Respond& respond) {
  std::vector<std::pair<std::string, std::shared_ptr<Slot>>> slots;
  {
    std::shared_lock lock(mutex_);
    slots.assign(tables_.begin(), tables_.end());
  }
  std::sort(slots.begin(), slots.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  Node list = Node::List({});
  for (const auto& [id, slot] : slots) {
    std::lock_guard lock(slot->mutex);
    Node entry = Node::Map({});
    entry.AddMember("id", {}, record::StringNode(slot->table->meta().id));
    entry.AddMember("game", {}, record::StringNode(slot->table->meta().game));
    entry.AddMember("status", {}, record::StringNode(slot->table->Status()));
    entry.AddMember("events", {}, record::IntegerNode(slot->table->events()));
    list.Append(std::move(entry));
  }
  Node body = Ok();
  body.AddMember("tables", {}, std::move(list));
  respond(JsonResponse(200, body));
}

// POST /tables (the id in the body or drawn) and PUT /tables/ID (`path_id`, so that a proxy can
// route a creation by the id in its path).
void Service::CreateTable(const HttpRequest& request, const std::string& path_id,
                          Respond& respond) {
  std::optional<std::string> token = BearerToken(request.authorization);
  if (!token) return respond(Error(401, "missing-token", "expected Authorization: Bearer TOKEN"));
  if (!TokenMatches(*token, options_.organiser_hash)) {
    return respond(Error(401, "wrong-token", "expected the organiser's token"));
  }
  auto body = formats::ParseJson(request.body, BodyLimits());
  if (!body.has_value()) return respond(FindingError(body.error()));
  auto create = ReadCreateBody(*body, path_id);
  if (!create.has_value()) return respond(create.error());
  Node tokens = Node::Map({});
  std::unique_lock<std::mutex> lock;
  auto slot =
      OpenTable(NewTable{create->header, create->id, create->move_ms, "", 0, {}}, &tokens, lock);
  if (!slot.has_value()) return respond(slot.error());
  const TableMeta& meta = (*slot)->table->meta();
  Node reply = Ok();
  reply.AddMember("id", {}, record::StringNode(meta.id));
  reply.AddMember("game", {}, record::StringNode(meta.game));
  reply.AddMember("tokens", {}, std::move(tokens));
  // One unit of the commit log: the metadata, the header line and the first deal, so a crash
  // leaves the whole table or nothing of it.
  Commit(*slot, std::move(respond), JsonResponse(201, reply));
}

// A new table registered under its id, its creation staged (metadata, header, the first seeded
// deal) for the caller to commit with the slot's mutex held. Its seats' tokens are drawn and put
// in `tokens`, unless `made.hashes` gives each actor's hash (an event's seat links). `lock` holds
// the table's mutex from before the table can be found until the caller has committed it.
Result<std::shared_ptr<Service::Slot>, HttpResponse> Service::OpenTable(
    const NewTable& made, Node* tokens, std::unique_lock<std::mutex>& lock) {
  auto session = live::Session::Start(*made.header);
  if (!session.has_value()) {
    Finding finding = session.error();
    finding.place.path = "/header" + finding.place.path;
    return Unexpected<HttpResponse>(FindingError(finding));
  }
  std::string id = made.id;
  if (id.empty()) {
    std::optional<std::string> random = NewToken();
    if (!random)
      return Unexpected<HttpResponse>(Error(500, "no-randomness", "the random source failed"));
    id = random->substr(0, 12);
  }
  TableMeta meta{id,
                 session->record().game->name,
                 options_.clock->NowMs(),
                 made.move_ms,
                 "",
                 {},
                 {},
                 made.event,
                 made.first_board};
  meta.actors = ActorsOf(*session, &meta.actor_key);
  for (const std::string& actor : meta.actors) {
    auto given = made.hashes.find(actor);
    if (given != made.hashes.end()) {
      meta.token_hashes.push_back(given->second);
      continue;
    }
    std::optional<std::string> seat_token = NewToken();
    if (!seat_token)
      return Unexpected<HttpResponse>(Error(500, "no-randomness", "the random source failed"));
    meta.token_hashes.push_back(TokenHash(*seat_token));
    if (tokens != nullptr) tokens->AddMember(actor, {}, record::StringNode(*seat_token));
  }
  auto slot = std::make_shared<Slot>(io_);
  int64_t now = options_.clock->NowMs();
  slot->table = std::make_unique<Table>(
      meta, std::move(*session), std::make_shared<TableJournal>(id, store_.FilesOf(id)), 0, now);
  std::unique_lock slot_lock(slot->mutex);
  {
    // The id is taken here, in memory; the files follow once the creation is durable.
    std::lock_guard tables_lock(mutex_);
    if (tables_.count(id) > 0 || taken_.count(id) > 0) {
      return Unexpected<HttpResponse>(
          Error(409, "table-exists", "a table " + id + " exists already"));
    }
    tables_[id] = slot;
  }
  lock = std::move(slot_lock);
  Table& table = *slot->table;
  table.StageCreation(live::JournalLine(*made.header), MetaText(meta));
  if (std::optional<std::string> error = table.DealIfDue(now))
    spdlog::error("table {}: {}", id, *error);
  spdlog::info("table {}: created ({}, move limit {} ms)", id, meta.game, meta.move_ms);
  ArmMoveClock(slot);
  return slot;
}

void Service::TableRequest(const HttpRequest& request, const std::string& id,
                           const std::string& action, const std::string& query, Respond& respond) {
  static const std::map<std::string, std::string> kMethods = {
      {"", "GET"},       {"events", "POST"}, {"view", "GET"},    {"legal", "GET"}, {"wait", "GET"},
      {"record", "GET"}, {"tokens", "POST"}, {"cancel", "POST"}, {"sheet", "GET"}};
  auto method = kMethods.find(action);
  if (method == kMethods.end()) {
    return respond(Error(404, "not-found", "no such path: /tables/" + id + "/" + action));
  }
  if (action.empty() && request.method == "PUT") return CreateTable(request, id, respond);
  if (request.method != method->second) {
    return respond(MethodNotAllowed(action.empty() ? "GET, PUT" : method->second));
  }
  std::shared_ptr<Slot> slot = FindSlot(id);
  if (slot == nullptr) return respond(Error(404, "unknown-table", "no table " + id));
  if (action.empty() || action == "record" || action == "sheet") {
    return PublicRequest(slot, action, respond);
  }
  std::optional<std::string> token = BearerToken(request.authorization);
  if (!token) return respond(Error(401, "missing-token", "expected Authorization: Bearer TOKEN"));
  Caller caller = Identify(*slot, *token);
  bool organiser_only = action == "tokens" || action == "cancel";
  if (!caller.actor && !caller.organiser && !caller.scorer) {
    return respond(Error(401, "wrong-token",
                         organiser_only ? "expected the organiser's token"
                                        : "expected a seat's token of table " + id));
  }
  if (organiser_only && !caller.organiser) {
    std::string what = action == "tokens" ? "re-issue a table's tokens" : "cancel a table";
    return respond(Error(403, "organiser-only", "only the organiser may " + what));
  }
  if (action == "tokens") return ReissueTokens(slot, request.body, respond);
  if (action == "cancel") return CancelTable(slot, request.body, respond);
  if (action == "events") return PostEvent(slot, caller, request.body, query, respond);
  if (action == "wait") return Wait(slot, caller, query, respond);
  std::lock_guard lock(slot->mutex);
  Table& table = *slot->table;
  if (table.cancelled()) return respond(CancelledError(table));
  if (!caller.actor) {
    return respond(Error(
        403, "no-seat",
        std::string(caller.scorer ? "the scorer's" : "the organiser's") + " token has no seat"));
  }
  respond(JsonResponse(200, table.Ask(action, *caller.actor)));
}

Service::Caller Service::Identify(Slot& slot, const std::string& token) {
  Caller caller;
  std::string hash = TokenHash(token);  // once, outside the table's mutex
  caller.organiser = HashesMatch(hash, options_.organiser_hash);
  std::lock_guard lock(slot.mutex);
  const TableMeta& meta = slot.table->meta();
  // Every hash is compared (no early exit), each in constant time.
  for (size_t i = 0; i < meta.token_hashes.size(); ++i) {
    if (HashesMatch(hash, meta.token_hashes[i])) caller.actor = static_cast<int>(i);
  }
  caller.scorer = !meta.scorer_hash.empty() && HashesMatch(hash, meta.scorer_hash);
  return caller;
}

// GET /tables/ID and GET /tables/ID/record: no token.
void Service::PublicRequest(const std::shared_ptr<Slot>& slot, const std::string& action,
                            Respond& respond) {
  // Whether the table's event keeps its record back: asked before the table's mutex is taken,
  // since the event looks at its tables (an event's mutex comes before its tables').
  bool kept_back = false;
  if (action == "record") {
    std::string event;
    {
      std::lock_guard lock(slot->mutex);
      event = slot->table->meta().event;
    }
    kept_back = !event.empty() && !events_->Ended(event);
  }
  std::lock_guard lock(slot->mutex);
  Table& table = *slot->table;
  const std::string& id = table.meta().id;
  if (action == "sheet") return respond(JsonResponse(200, SheetNode(table)));
  if (action == "record") {
    if (table.cancelled()) return respond(CancelledError(table));
    if (table.Status() != "over") {
      return respond(Error(409, "in-play", "table " + id + " is " + table.Status()));
    }
    // Its last event is still being synced: the match is not over for anyone yet (the record is
    // filed once it is durable, before the reply to that event).
    if (slot->durable_in_play) return respond(Error(409, "in-play", "table " + id + " is ending"));
    // The boards of an event's table are played at its other tables: its record is kept back
    // until the event ends.
    if (kept_back) {
      return respond(Error(409, "event-in-play",
                           "table " + id + " is part of event " + table.meta().event +
                               ", whose other tables play its boards: its "
                               "record is served once the event is over"));
    }
    auto text = store_.ReadRecord(id);
    if (!text.has_value()) return respond(Error(500, "disk", text.error().message));
    return respond(HttpResponse{200, *text, "", 0});
  }
  // What the public table says changes only with its events and its status (a cancellation, a
  // failure): it is written once per change, not for each of the requests that watch it.
  std::string status = table.Status();
  if (slot->public_body.empty() || slot->public_events != table.events() ||
      slot->public_status != status) {
    Node body = StateNode(table, std::nullopt, slot->referee_moves);
    if (table.cancelled()) body.AddMember("cancelled", {}, *table.cancellation());
    body.AddMember("game", {}, record::StringNode(table.meta().game));
    body.AddMember("move_seconds", {}, record::SecondsNode(table.meta().move_ms));
    body.AddMember("header", {}, table.session().PublicHeader());
    if (!table.meta().event.empty())
      body.AddMember("event", {}, record::StringNode(table.meta().event));
    // A finished table shows its result: the verdict, as `referee verify` gives the record.
    if (table.Status() == "over") {
      Node verdict = reports::VerdictTree(table.session().Verdict());
      body.AddMember("result", {}, *verdict.Find("verdict"));
    }
    slot->public_body = JsonResponse(200, body).body;
    slot->public_events = table.events();
    slot->public_status = std::move(status);
  }
  respond(HttpResponse{200, slot->public_body, "", 0});
}

formats::ReadLimits Service::BodyLimits() const {
  return formats::ReadLimits{.max_document_bytes = options_.max_body_bytes, .max_depth = 32};
}

void Service::PostEvent(const std::shared_ptr<Slot>& slot, const Caller& caller,
                        const std::string& body, const std::string& query, Respond& respond) {
  std::optional<int64_t> number = QueryInteger(query, "event");
  if (!number) return respond(Error(400, "bad-query", "expected event=N, the event's number"));
  auto parsed = formats::ParseJson(body, BodyLimits());
  if (!parsed.has_value()) return respond(FindingError(parsed.error()));
  Node line = std::move(*parsed);
  const Node* kind_node = line.IsMap() ? line.Find("event") : nullptr;
  std::string kind = kind_node != nullptr && kind_node->IsScalar() ? kind_node->text() : "";
  if (kind == "view" || kind == "legal") {
    return respond(Error(400, "use-get", "ask for a " + kind + " with GET /tables/ID/" + kind));
  }
  std::unique_lock lock(slot->mutex);
  Table& table = *slot->table;
  const TableMeta& meta = table.meta();
  if (table.cancelled()) return respond(CancelledError(table));
  if (table.failed()) return respond(Error(500, "disk", "table stopped: " + *table.failure()));
  int poster = caller.scorer ? kScorerPoster : caller.actor.value_or(kOrganiserPoster);
  if (*number != -1) {  // a retry gets the first one's reply (server/page_api.h)
    Retries::Step step =
        slot->retries.Before(*number, poster, line, table, slot->durable_events, respond);
    if (step.kind == Retries::Step::kAnswer) return respond(std::move(step.reply));
    if (step.kind == Retries::Step::kHeld) return;
  }
  Node posted = line;
  std::optional<int> actor = caller.actor;
  if (caller.scorer) {
    auto acting = ScorerActor(table, line);
    if (!acting.has_value()) return respond(acting.error());
    actor = *acting;
  }
  int64_t now = options_.clock->NowMs();
  auto complete = CompleteLine(table, actor, caller.organiser, std::move(line), kind, now);
  if (!complete.has_value()) return respond(complete.error());
  line = std::move(*complete);
  Table::Outcome outcome = table.Act(line, now);
  int acted = table.events();
  if (outcome.accepted && !outcome.disk_error) {
    outcome.disk_error = table.DealIfDue(now);
    // The referee has dealt already: the reply says what follows its deal.
    if (table.events() > acted) outcome.reply = WithMember(outcome.reply, "next", table.Next());
  }
  if (outcome.disk_error) {
    spdlog::error("table {}: {}; the table stops", meta.id, *outcome.disk_error);
    table.Fail(*outcome.disk_error);
    return respond(Error(500, "disk", "the journal cannot be written: " + *outcome.disk_error));
  }
  HttpResponse reply = JsonResponse(IsTrue(outcome.reply.Find("ok")) ? 200 : 422, outcome.reply);
  if (!outcome.accepted) return respond(std::move(reply));
  if (*number != -1) slot->retries.Remember(acted, poster, posted, reply);
  ArmMoveClock(slot);
  Commit(slot, std::move(respond),
         std::move(reply));  // the reply waits for the sync, not the table
}

// POST /tables/ID/tokens: new tokens for the chosen actors (all by default), or the scorer's
// ({"scorer": true}); the old ones stop working at once, and their pending waits are answered 401.
void Service::ReissueTokens(const std::shared_ptr<Slot>& slot, const std::string& text,
                            Respond& respond) {
  auto body = OptionalMap(text, BodyLimits());
  if (!body.has_value()) return respond(body.error());
  auto scorer = AsksForScorer(*body);
  if (!scorer.has_value()) return respond(scorer.error());
  std::unique_lock lock(slot->mutex);
  Table& table = *slot->table;
  const TableMeta& meta = table.meta();
  auto actors = *scorer ? std::vector<int>{kScorerPoster} : ReadReissueBody(*body, meta);
  if (!actors.has_value()) return respond(actors.error());
  if (table.cancelled()) return respond(CancelledError(table));
  if (table.failed()) return respond(Error(500, "disk", "table stopped: " + *table.failure()));
  std::vector<std::string> hashes = meta.token_hashes;
  std::string scorer_hash = meta.scorer_hash;
  Node tokens = Node::Map({});
  for (int actor : *actors) {
    std::optional<std::string> token = NewToken();
    if (!token) return respond(Error(500, "no-randomness", "the random source failed"));
    (actor == kScorerPoster ? scorer_hash : hashes[actor]) = TokenHash(*token);
    tokens.AddMember(actor == kScorerPoster ? "scorer" : meta.actors[actor], {},
                     record::StringNode(*token));
  }
  if (std::optional<std::string> error =
          table.ReissueTokens(hashes, scorer_hash, options_.clock->NowMs())) {
    spdlog::error("table {}: {}; the table stops", meta.id, *error);
    return respond(Error(500, "disk", "the journal cannot be written: " + *error));
  }
  if (*scorer) {
    spdlog::info("table {}: a new scorer's token", meta.id);
  } else {
    spdlog::info("table {}: new tokens for {} of its {}s", meta.id, actors->size(), meta.actor_key);
  }
  std::vector<Respond> dropped = DropWaiters(*slot, *actors);
  Node reply = Ok();
  reply.AddMember("id", {}, record::StringNode(meta.id));
  if (*scorer) {
    reply.AddMember("scorer", {}, tokens.members().front().value);
  } else {
    reply.AddMember("tokens", {}, std::move(tokens));
  }
  Commit(slot, std::move(respond), JsonResponse(200, reply));
  lock.unlock();
  for (Respond& waiter : dropped) {
    waiter(Error(401, "wrong-token", "this token was replaced by the organiser"));
  }
}

// The waits of these actors (kScorerPoster: the scorer's), taken off the table (called with its
// mutex held).
std::vector<Respond> Service::DropWaiters(Slot& slot, const std::vector<int>& actors) {
  std::vector<Respond> dropped;
  for (auto it = slot.waiters.begin(); it != slot.waiters.end();) {
    const Slot::Waiter& waiter = it->second;
    std::optional<int> actor = waiter.scorer ? std::optional<int>(kScorerPoster) : waiter.actor;
    if (actor && std::find(actors.begin(), actors.end(), *actor) != actors.end()) {
      it->second.timer->cancel();
      dropped.push_back(std::move(it->second.respond));
      it = slot.waiters.erase(it);
    } else {
      ++it;
    }
  }
  return dropped;
}

// POST /tables/ID/cancel: the match ends without a result; no record is written.
void Service::CancelTable(const std::shared_ptr<Slot>& slot, const std::string& text,
                          Respond& respond) {
  auto body = OptionalMap(text, BodyLimits());
  if (!body.has_value()) return respond(body.error());
  auto reason = ReadCancelBody(*body);
  if (!reason.has_value()) return respond(reason.error());
  std::lock_guard lock(slot->mutex);
  Table& table = *slot->table;
  const std::string& id = table.meta().id;
  if (table.cancelled()) return respond(CancelledError(table));
  if (table.failed()) return respond(Error(500, "disk", "table stopped: " + *table.failure()));
  if (table.Status() == "over") {
    return respond(Error(409, "table-over", "table " + id + " is over: its record stands"));
  }
  if (std::optional<std::string> error = table.Cancel(*reason, options_.clock->NowMs())) {
    spdlog::error("table {}: {}; the table stops", id, *error);
    return respond(Error(500, "disk", "the journal cannot be written: " + *error));
  }
  spdlog::info("table {}: cancelled by the organiser after {} events", id, table.events());
  ArmMoveClock(slot);  // stops it; every wait is answered (409) once the cancellation is durable
  Node reply = Ok();
  reply.AddMember("id", {}, record::StringNode(id));
  reply.AddMember("status", {}, record::StringNode(table.Status()));
  Commit(slot, std::move(respond), JsonResponse(200, reply));
}

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
  WaitOn(slot, id);
}

// Runs when the poll times out or when a change (or shutdown) cancels the timer: answers unless a
// change left the count still at or below `after`, then waits on until the same deadline.
void Service::WaitOn(const std::shared_ptr<Slot>& slot, uint64_t id) {
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
        return WaitOn(slot, id);
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
  Committed unit{table.events(), table.Status() == "in-play", !write->meta.empty()};
  if (std::optional<std::string> text = table.RecordText()) {
    write->record = std::make_shared<const std::string>(std::move(*text));
  }
  // Run by the log's thread: a short hold of the table's mutex, and the reply handed to the
  // connection's strand.
  auto done = [this, slot, unit, respond, reply](const std::optional<std::string>& error) {
    Durable(slot, unit, error, respond, reply);
  };
  if (std::optional<std::string> refused = commit_log_.Submit(std::move(*write), done)) {
    Failed(slot, unit, *refused);
    if (respond) respond(Error(500, "disk", *refused));
  }
}

// A unit's writes are durable (or failed): waits learn of them and the reply goes out. A creation
// that failed is undone: its id is free again (its files were never written).
void Service::Durable(const std::shared_ptr<Slot>& slot, const Committed& unit,
                      const std::optional<std::string>& error, const Respond& respond,
                      const HttpResponse& reply) {
  std::unique_lock lock(slot->mutex);
  if (error) {
    Failed(slot, unit, *error);
  } else {
    slot->durable_events = std::max(slot->durable_events, unit.events);
    slot->durable_in_play = slot->durable_in_play && unit.in_play;
  }
  for (auto& [id, waiter] : slot->waiters) waiter.timer->cancel();
  auto retries = slot->retries.Settle(slot->durable_events, error);
  lock.unlock();
  for (auto& [held, answer] : retries) held(answer);
  if (!respond) return;
  respond(error ? Error(500, "disk", "the journal cannot be written: " + *error) : reply);
}

// The table stops (called with its mutex held); a creation is undone.
void Service::Failed(const std::shared_ptr<Slot>& slot, const Committed& unit,
                     const std::string& error) {
  Table& table = *slot->table;
  if (!table.failed()) spdlog::error("table {}: {}; the table stops", table.meta().id, error);
  table.Fail(error);
  if (unit.creates) Forget(slot);
}

void Service::Forget(const std::shared_ptr<Slot>& slot) {
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
  Table::Outcome outcome;
  std::optional<Node> line = table.PlayForActor(now, &outcome);
  if (!line || !outcome.accepted) {
    if (outcome.disk_error) spdlog::error("table {}: {}", table.meta().id, *outcome.disk_error);
    return;
  }
  const Node* event = outcome.reply.Find("event");
  Node move = Node::Map({});
  move.AddMember("events", {}, record::IntegerNode(table.events()));
  move.AddMember(table.meta().actor_key, {},
                 record::StringNode(table.meta().actors.at(actor.value_or(0))));
  move.AddMember("event", {}, event != nullptr ? *event : *line);
  spdlog::warn("table {}: the move clock of {} ran out; the referee played {}", table.meta().id,
               table.meta().actors.at(actor.value_or(0)),
               formats::WriteJson(move.members().back().value, false));
  slot->referee_moves.Append(std::move(move));
  if (std::optional<std::string> error = table.DealIfDue(now)) {
    spdlog::error("table {}: {}", table.meta().id, *error);
  }
  ArmMoveClock(slot);
  Commit(slot, nullptr, {});
}

std::optional<std::string> Service::Resume() {
  if (std::optional<std::string> error = store_.Prepare()) return error;
  // What the log holds goes into the tables' files before any of them is read or tidied.
  auto recovered = commit_log_.Recover([this](const std::string& id) {
    return id.rfind('@', 0) == 0 ? events_->FilesOf(id) : store_.FilesOf(id);
  });
  if (!recovered.has_value()) return recovered.error();
  for (const std::string& note : *recovered) spdlog::warn("{}", note);
  for (const std::string& note : store_.Tidy()) spdlog::warn("{}", note);
  if (std::optional<std::string> error = commit_log_.Start()) return error;
  auto ids = store_.TableIds();
  if (!ids.has_value()) return ids.error().message;
  {
    // The ids with files that are not tables (a journal left alone, a table not resumed): not
    // free, though no table holds them. Known from now on without asking the disk.
    std::lock_guard lock(mutex_);
    taken_ = store_.TakenIds();
  }
  for (const std::string& id : *ids) {
    if (std::optional<std::string> problem = ResumeTable(id)) {
      spdlog::error("{}: not resumed: {}", store_.MetaPath(id), *problem);
    }
  }
  events_->Resume();
  StartWriteThreads();
  return std::nullopt;
}

// The journal of table `id`, read whole (a torn last line cut off), then closed: a table holds a
// descriptor only while the commit log writes to it.
Result<std::string, std::string> Service::ReadJournal(const std::string& id) {
  std::string journal_path = store_.JournalPath(id);
  auto journal = store_.OpenJournal(id);
  if (!journal.has_value()) return Unexpected<std::string>(journal.error().message);
  auto text = (*journal)->ReadAll();
  if (!text.has_value()) return Unexpected<std::string>(text.error().message);
  live::JournalText lines = live::SplitJournal(*text);
  if (lines.torn_bytes > 0) {
    spdlog::warn("{}: dropped a torn last line ({} bytes)", journal_path, lines.torn_bytes);
    if (std::optional<std::string> cut = (*journal)->Truncate(lines.complete_bytes)) {
      return Unexpected<std::string>(*cut);
    }
    text->resize(lines.complete_bytes);
  }
  return std::move(*text);
}

std::optional<std::string> Service::ResumeTable(const std::string& id) {
  auto meta = store_.LoadMeta(id);
  if (!meta.has_value()) return meta.error().message;
  if (meta->id != id) return "the metadata names another table, " + meta->id;
  auto text = ReadJournal(id);
  if (!text.has_value()) return text.error();
  std::vector<Node> organiser_lines;
  auto session = live::ReplayJournal(live::SplitJournal(*text), &organiser_lines);
  if (!session.has_value()) return "corrupt journal: " + session.error().message;
  auto slot = std::make_shared<Slot>(io_);
  int64_t now = options_.clock->NowMs();
  slot->table = std::make_unique<Table>(*meta, std::move(*session),
                                        std::make_shared<TableJournal>(id, store_.FilesOf(id)),
                                        text->size(), now);
  Table& table = *slot->table;
  if (std::optional<std::string> problem = table.Resume(organiser_lines)) {
    return "corrupt journal: " + *problem;
  }
  slot->retries.FromJournal(live::SplitJournal(*text), table.meta(), table.events());
  slot->durable_events = table.events();
  slot->durable_in_play = table.Status() == "in-play";
  std::lock_guard lock(slot->mutex);
  if (std::optional<std::string> problem = table.DealIfDue(now)) return problem;
  if (std::optional<std::string> record = table.RecordText()) {
    if (std::optional<std::string> problem = FileRecordIfChanged(id, *record)) return problem;
  }
  spdlog::info("table {}: resumed with {} events", meta->id, table.events());
  {
    std::lock_guard tables_lock(mutex_);
    tables_[meta->id] = slot;
  }
  ArmMoveClock(slot);         // a running move's clock starts again in full
  Commit(slot, nullptr, {});  // the seeded deal that was due, if any
  return std::nullopt;
}

// At start, the record of a finished table is filed again unless it is there already as it should
// be (a crash may have come between the end and the filing): a season's finished tables cost a
// read each, not two syncs.
std::optional<std::string> Service::FileRecordIfChanged(const std::string& id,
                                                        const std::string& text) {
  auto filed = store_.ReadRecord(id);
  if (filed.has_value() && *filed == text) return std::nullopt;
  return store_.WriteRecord(id, text);
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
