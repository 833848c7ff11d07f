#include "server/service.h"

#include <spdlog/spdlog.h>

#include <boost/asio/steady_timer.hpp>
#include <charconv>
#include <chrono>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "live/journal.h"
#include "referee/games/registry.h"
#include "referee/record/record_writer.h"
#include "server/table.h"
#include "server/tokens.h"

namespace referee::server {

using record::Node;

struct Service::Slot {
  explicit Slot(boost::asio::io_context& io) : move_clock(io) {}
  struct Waiter {
    std::shared_ptr<boost::asio::steady_timer> timer;
    Respond respond;
    std::optional<int> actor;  // none: the organiser
    int64_t after = 0;         // answer once the table has more events than this
  };
  std::mutex mutex;  // guards everything below
  std::unique_ptr<Table> table;
  boost::asio::steady_timer move_clock;
  std::map<uint64_t, Waiter> waiters;
  uint64_t next_waiter = 0;
  Node referee_moves = Node::List({});  // moves the referee made when a clock ran out
};

struct Service::Caller {
  std::optional<int> actor;  // the seat or player the token stands for
  bool organiser = false;
};

namespace {

HttpResponse JsonResponse(int status, const Node& body) {
  return HttpResponse{status, formats::WriteJson(body, false) + "\n", ""};
}

HttpResponse Error(int status, const std::string& code, const std::string& message) {
  Node body = Node::Map({});
  body.AddMember("ok", {}, Node::Scalar(Node::Kind::kBool, "false", {}));
  body.AddMember("code", {}, record::StringNode(code));
  body.AddMember("message", {}, record::StringNode(message));
  return JsonResponse(status, body);
}

// A body that is not the JSON expected: the reader's finding, located.
HttpResponse FindingError(const Finding& finding) {
  Node body = Node::Map({});
  body.AddMember("ok", {}, Node::Scalar(Node::Kind::kBool, "false", {}));
  body.AddMember("code", {}, record::StringNode(finding.code));
  body.AddMember("message", {}, record::StringNode(finding.message));
  std::string at = finding.place.path;
  if (at.empty() && finding.place.line > 0) {
    at = std::to_string(finding.place.line) + ":" + std::to_string(finding.place.column);
  }
  body.AddMember("at", {}, record::StringNode(at));
  return JsonResponse(400, body);
}

HttpResponse MethodNotAllowed(const std::string& allow) {
  HttpResponse response = Error(405, "method-not-allowed", "this path takes " + allow);
  response.allow = allow;
  return response;
}

bool IsTrue(const Node* node) { return node != nullptr && node->text() == "true"; }

// A copy of a map with `key` set to `value` (replaced where it was, else added last).
Node WithMember(const Node& map, const std::string& key, Node value) {
  Node copy = Node::Map({});
  bool replaced = false;
  for (const auto& member : map.members()) {
    if (member.key == key) {
      copy.AddMember(key, {}, value);
      replaced = true;
    } else {
      copy.AddMember(member.key, {}, member.value);
    }
  }
  if (!replaced) copy.AddMember(key, {}, std::move(value));
  return copy;
}

bool ValidId(const std::string& id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return false;
  }
  return true;
}

std::optional<std::string> BearerToken(const std::string& authorization) {
  constexpr std::string_view kBearer = "bearer ";
  if (authorization.size() <= kBearer.size()) return std::nullopt;
  for (size_t i = 0; i < kBearer.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(authorization[i])) != kBearer[i]) {
      return std::nullopt;
    }
  }
  return authorization.substr(kBearer.size());
}

// "move_seconds": a number from 0 to a day, in milliseconds.
std::optional<int64_t> MoveMillis(const Node& node) {
  if (node.kind() != Node::Kind::kInteger && node.kind() != Node::Kind::kDecimal) {
    return std::nullopt;
  }
  double seconds = 0;
  const std::string& text = node.text();
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  if (!(seconds >= 0 && seconds <= 86400)) return std::nullopt;
  return static_cast<int64_t>(seconds * 1000 + 0.5);
}

std::optional<int64_t> QueryInteger(const std::string& query, const std::string& key) {
  size_t start = 0;
  while (start <= query.size()) {
    size_t end = query.find('&', start);
    if (end == std::string::npos) end = query.size();
    std::string_view pair(query.data() + start, end - start);
    if (pair.substr(0, key.size() + 1) == key + "=") {
      std::string_view text = pair.substr(key.size() + 1);
      int64_t value = 0;
      auto [stop, error] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (error != std::errc() || stop != text.data() + text.size()) return std::nullopt;
      return value;
    }
    start = end + 1;
  }
  return -1;  // absent: any state is news
}

Node Ok() {
  Node body = Node::Map({});
  body.AddMember("ok", {}, Node::Scalar(Node::Kind::kBool, "true", {}));
  return body;
}

// What a seat (or the organiser, actor none) may know of a table now.
Node StateNode(Table& table, std::optional<int> actor, const Node& referee_moves) {
  Node body = Ok();
  body.AddMember("id", {}, record::StringNode(table.meta().id));
  body.AddMember("events", {}, record::IntegerNode(table.events()));
  body.AddMember("status", {}, record::StringNode(table.Status()));
  // The session's part: `next`, and for a seat exactly what its view and legal requests tell it.
  Node state = table.session().StateFor(actor);
  for (const Node::Member& member : state.members()) body.AddMember(member.key, {}, member.value);
  if (!referee_moves.items().empty()) body.AddMember("referee_moves", {}, referee_moves);
  return body;
}

std::vector<std::string> ActorsOf(const live::Session& session, std::string* key) {
  const games::GameDescriptor& game = *session.record().game;
  if (game.player_shape == games::PlayerShape::kTurnOrder) {
    *key = "player";
    return session.record().players;
  }
  *key = "seat";
  return {"N", "E", "S", "W"};
}

HttpResponse CancelledError(const Table& table) {
  return Error(409, "table-cancelled",
               "table " + table.meta().id + " was cancelled by the organiser");
}

// A body that may be empty (nothing to say) or a JSON map.
Result<Node, HttpResponse> OptionalMap(const std::string& text, const formats::ReadLimits& limits) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) return Node::Map({});
  auto body = formats::ParseJson(text, limits);
  if (!body.has_value()) return Unexpected<HttpResponse>(FindingError(body.error()));
  if (!body->IsMap()) {
    return Unexpected<HttpResponse>(
        Error(400, "bad-type", "expected a map, found " + std::string(KindName(body->kind()))));
  }
  return std::move(*body);
}

// The body of POST /tables/ID/tokens: empty or {} for every actor, else {"seats": ["E", ...]}
// ({"players": [...]} where players sit in a turn order). Returns the actors, in order.
Result<std::vector<int>, HttpResponse> ReadReissueBody(const Node& body, const TableMeta& meta) {
  using Refusal = Unexpected<HttpResponse>;
  std::string key = meta.actor_key + "s";
  std::vector<bool> chosen(meta.actors.size(), body.members().empty());
  for (const auto& member : body.members()) {
    if (member.key != key) {
      return Refusal(Error(400, "unknown-key", "expected " + key + ", found '" + member.key + "'"));
    }
    if (!member.value.IsList() || member.value.items().empty()) {
      return Refusal(Error(400, "bad-type", "expected " + key + " to be a list of names"));
    }
    for (const Node& name : member.value.items()) {
      auto found = std::find(meta.actors.begin(), meta.actors.end(), name.text());
      if (name.kind() != Node::Kind::kString || found == meta.actors.end()) {
        return Refusal(
            Error(400, "unknown-" + meta.actor_key,
                  "expected a " + meta.actor_key + " of the table, found '" + name.text() + "'"));
      }
      chosen[found - meta.actors.begin()] = true;
    }
  }
  std::vector<int> actors;
  for (size_t i = 0; i < chosen.size(); ++i) {
    if (chosen[i]) actors.push_back(static_cast<int>(i));
  }
  return actors;
}

// The body of POST /tables/ID/cancel: empty or {} or {"reason": TEXT}.
Result<std::optional<std::string>, HttpResponse> ReadCancelBody(const Node& body) {
  using Refusal = Unexpected<HttpResponse>;
  constexpr size_t kMaxReason = 500;
  std::optional<std::string> reason;
  for (const auto& member : body.members()) {
    if (member.key != "reason") {
      return Refusal(Error(400, "unknown-key", "expected reason, found '" + member.key + "'"));
    }
    if (member.value.kind() != Node::Kind::kString || member.value.text().size() > kMaxReason) {
      return Refusal(Error(400, "bad-type", "expected reason to be a text of at most 500 bytes"));
    }
    reason = member.value.text();
  }
  return reason;
}

struct CreateBody {
  const Node* header = nullptr;
  int64_t move_ms = 0;
  std::string id;  // empty: a random one
};

// The body of POST /tables: {"header": ..., "move_seconds": S, "id": ID}.
Result<CreateBody, HttpResponse> ReadCreateBody(const Node& body) {
  using Refusal = Unexpected<HttpResponse>;
  if (!body.IsMap()) {
    return Refusal(
        Error(400, "bad-type", "expected a map, found " + std::string(KindName(body.kind()))));
  }
  CreateBody create;
  for (const auto& member : body.members()) {
    if (member.key == "header") {
      create.header = &member.value;
    } else if (member.key == "move_seconds") {
      std::optional<int64_t> millis = MoveMillis(member.value);
      if (!millis)
        return Refusal(Error(400, "bad-option", "expected move_seconds from 0 to 86400"));
      create.move_ms = *millis;
    } else if (member.key == "id") {
      // A JSON null, boolean or number has a text too ("null", "true", "12"): not a name.
      if (member.value.kind() != Node::Kind::kString) {
        return Refusal(Error(
            400, "bad-type",
            "expected id to be a string, found " + std::string(KindName(member.value.kind()))));
      }
      create.id = member.value.text();
      if (!ValidId(create.id)) {
        return Refusal(Error(400, "bad-id", "expected an id of 1 to 64 letters, digits, - or _"));
      }
    } else {
      return Refusal(Error(400, "unknown-key",
                           "expected header, move_seconds or id, found '" + member.key + "'"));
    }
  }
  if (create.header == nullptr) return Refusal(Error(400, "missing-key", "expected a header"));
  return create;
}

// The line as the table applies it: the token's seat or player filled in (a line naming another
// is refused), and the times the server keeps (docs/serve.md, "Time"), as the game stamps them.
Result<Node, HttpResponse> StampLine(const Table& table, Node line, const std::string& kind,
                                     int actor, int64_t now) {
  const games::GameDescriptor& game = *table.session().record().game;
  if (game.live.stamp_line == nullptr || !line.IsMap()) return line;
  ToAct next = table.session().match().Next();
  Result<Node> stamped = game.live.stamp_line(std::move(line), kind, actor, next,
                                              table.phase_started_ms(), table.TableMs(now));
  if (!stamped.has_value()) {
    const Finding& refusal = stamped.error();
    return Unexpected<HttpResponse>(Error(403, refusal.code, refusal.message));
  }
  return std::move(*stamped);
}

Result<Node, HttpResponse> CompleteLine(const Table& table, std::optional<int> actor,
                                        bool organiser, Node line, const std::string& kind,
                                        int64_t now) {
  using Refusal = Unexpected<HttpResponse>;
  const TableMeta& meta = table.meta();
  if (kind == "deal") {
    if (!organiser) return Refusal(Error(403, "not-the-dealer", "deals come from the organiser"));
    return line;
  }
  if (!actor) return Refusal(Error(403, "no-seat", "the organiser's token has no seat"));
  if (!line.IsMap()) return line;  // the session rejects it
  const std::string& name = meta.actors[*actor];
  const Node* named = line.Find(meta.actor_key);
  if (named != nullptr && named->text() != name) {
    return Refusal(Error(403, "wrong-seat",
                         "expected an event for " + name + " (the token's " + meta.actor_key +
                             "), found one for " + named->text()));
  }
  line = WithMember(line, meta.actor_key, record::StringNode(name));
  return StampLine(table, std::move(line), kind, *actor, now);
}

}  // namespace

Service::Service(boost::asio::io_context& io, ServiceOptions options)
    : io_(io),
      options_(std::move(options)),
      store_(options_.data_folder, options_.disk != nullptr ? *options_.disk : SystemDisk()) {}

Service::~Service() = default;

size_t Service::TableCount() const {
  std::lock_guard lock(mutex_);
  return tables_.size();
}

std::shared_ptr<Service::Slot> Service::FindSlot(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto found = tables_.find(id);
  return found == tables_.end() ? nullptr : found->second;
}

void Service::Handle(const HttpRequest& request, Respond respond) {
  std::string path = request.target;
  std::string query;
  if (size_t mark = path.find('?'); mark != std::string::npos) {
    query = path.substr(mark + 1);
    path.resize(mark);
  }
  if (path == "/tables" || path == "/tables/") {
    if (request.method == "POST") return CreateTable(request, respond);
    if (request.method == "GET") return ListTables(respond);
    return respond(MethodNotAllowed("GET, POST"));
  }
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
  std::vector<std::shared_ptr<Slot>> slots;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, slot] : tables_) slots.push_back(slot);
  }
  Node list = Node::List({});
  for (const auto& slot : slots) {
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

void Service::CreateTable(const HttpRequest& request, Respond& respond) {
  std::optional<std::string> token = BearerToken(request.authorization);
  if (!token) return respond(Error(401, "missing-token", "expected Authorization: Bearer TOKEN"));
  if (!TokenMatches(*token, options_.organiser_hash)) {
    return respond(Error(401, "wrong-token", "expected the organiser's token"));
  }
  auto body = formats::ParseJson(request.body, BodyLimits());
  if (!body.has_value()) return respond(FindingError(body.error()));
  auto create = ReadCreateBody(*body);
  if (!create.has_value()) return respond(create.error());
  const Node* header = create->header;
  int64_t move_ms = create->move_ms;
  std::string id = create->id;
  auto session = live::Session::Start(*header);
  if (!session.has_value()) {
    Finding finding = session.error();
    finding.place.path = "/header" + finding.place.path;
    return respond(FindingError(finding));
  }
  if (id.empty()) {
    std::optional<std::string> random = NewToken();
    if (!random) return respond(Error(500, "no-randomness", "the random source failed"));
    id = random->substr(0, 12);
  }
  TableMeta meta{id, session->record().game->name, options_.clock->NowMs(), move_ms, "", {}, {}};
  meta.actors = ActorsOf(*session, &meta.actor_key);
  Node tokens = Node::Map({});
  for (const std::string& actor : meta.actors) {
    std::optional<std::string> seat_token = NewToken();
    if (!seat_token) return respond(Error(500, "no-randomness", "the random source failed"));
    meta.token_hashes.push_back(TokenHash(*seat_token));
    tokens.AddMember(actor, {}, record::StringNode(*seat_token));
  }
  std::shared_ptr<Slot> slot = std::make_shared<Slot>(io_);
  {
    // Creations wait for each other, not the other tables: the map's mutex is held only to insert.
    std::lock_guard create_lock(create_mutex_);
    if (FindSlot(id) != nullptr || store_.Taken(id)) {
      return respond(Error(409, "table-exists", "a table " + id + " exists already"));
    }
    auto journal = store_.CreateTable(meta, live::JournalLine(*header));
    if (!journal.has_value()) return respond(Error(500, "disk", journal.error()));
    slot->table = std::make_unique<Table>(meta, std::move(*session), std::move(*journal), &store_,
                                          options_.clock->NowMs());
    std::lock_guard lock(mutex_);
    tables_[id] = slot;
  }
  std::lock_guard lock(slot->mutex);
  if (std::optional<std::string> error = slot->table->DealIfDue(options_.clock->NowMs())) {
    spdlog::error("table {}: {}", id, *error);
  }
  spdlog::info("table {}: created ({}, move limit {} ms)", id, meta.game, move_ms);
  AfterChange(slot);
  Node reply = Ok();
  reply.AddMember("id", {}, record::StringNode(id));
  reply.AddMember("game", {}, record::StringNode(meta.game));
  reply.AddMember("tokens", {}, std::move(tokens));
  respond(JsonResponse(201, reply));
}

void Service::TableRequest(const HttpRequest& request, const std::string& id,
                           const std::string& action, const std::string& query, Respond& respond) {
  static const std::map<std::string, std::string> kMethods = {
      {"", "GET"},     {"events", "POST"}, {"view", "GET"},    {"legal", "GET"},
      {"wait", "GET"}, {"record", "GET"},  {"tokens", "POST"}, {"cancel", "POST"}};
  auto method = kMethods.find(action);
  if (method == kMethods.end()) {
    return respond(Error(404, "not-found", "no such path: /tables/" + id + "/" + action));
  }
  if (request.method != method->second) return respond(MethodNotAllowed(method->second));
  std::shared_ptr<Slot> slot = FindSlot(id);
  if (slot == nullptr) return respond(Error(404, "unknown-table", "no table " + id));
  if (action.empty() || action == "record") return PublicRequest(slot, action, respond);
  std::optional<std::string> token = BearerToken(request.authorization);
  if (!token) return respond(Error(401, "missing-token", "expected Authorization: Bearer TOKEN"));
  Caller caller = Identify(*slot, *token);
  bool organiser_only = action == "tokens" || action == "cancel";
  if (!caller.actor && !caller.organiser) {
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
  if (action == "events") return PostEvent(slot, caller, request.body, respond);
  if (action == "wait") return Wait(slot, caller, query, respond);
  std::lock_guard lock(slot->mutex);
  Table& table = *slot->table;
  if (table.cancelled()) return respond(CancelledError(table));
  if (!caller.actor) return respond(Error(403, "no-seat", "the organiser's token has no seat"));
  respond(JsonResponse(200, table.Ask(action, *caller.actor)));
}

Service::Caller Service::Identify(Slot& slot, const std::string& token) {
  Caller caller;
  std::lock_guard lock(slot.mutex);
  const TableMeta& meta = slot.table->meta();
  // Every hash is compared (no early exit), each in constant time.
  for (size_t i = 0; i < meta.token_hashes.size(); ++i) {
    if (TokenMatches(token, meta.token_hashes[i])) caller.actor = static_cast<int>(i);
  }
  caller.organiser = TokenMatches(token, options_.organiser_hash);
  return caller;
}

// GET /tables/ID and GET /tables/ID/record: no token.
void Service::PublicRequest(const std::shared_ptr<Slot>& slot, const std::string& action,
                            Respond& respond) {
  std::lock_guard lock(slot->mutex);
  Table& table = *slot->table;
  const std::string& id = table.meta().id;
  if (action == "record") {
    if (table.cancelled()) return respond(CancelledError(table));
    if (table.Status() != "over") {
      return respond(Error(409, "in-play", "table " + id + " is " + table.Status()));
    }
    auto text = store_.ReadRecord(id);
    if (!text.has_value()) return respond(Error(500, "disk", text.error()));
    return respond(HttpResponse{200, *text, ""});
  }
  Node body = StateNode(table, std::nullopt, slot->referee_moves);
  if (table.cancelled()) body.AddMember("cancelled", {}, *table.cancellation());
  body.AddMember("game", {}, record::StringNode(table.meta().game));
  body.AddMember("move_seconds", {}, record::SecondsNode(table.meta().move_ms));
  body.AddMember("header", {}, table.session().PublicHeader());
  respond(JsonResponse(200, body));
}

formats::ReadLimits Service::BodyLimits() const {
  return formats::ReadLimits{.max_document_bytes = options_.max_body_bytes, .max_depth = 32};
}

void Service::PostEvent(const std::shared_ptr<Slot>& slot, const Caller& caller,
                        const std::string& body, Respond& respond) {
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
  int64_t now = options_.clock->NowMs();
  auto complete = CompleteLine(table, caller.actor, caller.organiser, std::move(line), kind, now);
  if (!complete.has_value()) return respond(complete.error());
  line = std::move(*complete);
  Table::Outcome outcome = table.Act(line, now);
  if (outcome.accepted && !outcome.disk_error) {
    int acted = table.events();
    outcome.disk_error = table.DealIfDue(now);
    // The referee has dealt already: the reply says what follows its deal.
    if (table.events() > acted) outcome.reply = WithMember(outcome.reply, "next", table.Next());
  }
  if (outcome.disk_error) {
    spdlog::error("table {}: {}; the table stops", meta.id, *outcome.disk_error);
    return respond(Error(500, "disk", "the journal cannot be written: " + *outcome.disk_error));
  }
  if (outcome.accepted) AfterChange(slot);
  lock.unlock();
  respond(JsonResponse(IsTrue(outcome.reply.Find("ok")) ? 200 : 422, outcome.reply));
}

// POST /tables/ID/tokens: new tokens for the chosen actors (all by default); their old ones stop
// working at once, and their pending waits are answered 401.
void Service::ReissueTokens(const std::shared_ptr<Slot>& slot, const std::string& text,
                            Respond& respond) {
  auto body = OptionalMap(text, BodyLimits());
  if (!body.has_value()) return respond(body.error());
  std::unique_lock lock(slot->mutex);
  Table& table = *slot->table;
  const TableMeta& meta = table.meta();
  auto actors = ReadReissueBody(*body, meta);
  if (!actors.has_value()) return respond(actors.error());
  if (table.cancelled()) return respond(CancelledError(table));
  if (table.failed()) return respond(Error(500, "disk", "table stopped: " + *table.failure()));
  std::vector<std::string> hashes = meta.token_hashes;
  Node tokens = Node::Map({});
  for (int actor : *actors) {
    std::optional<std::string> token = NewToken();
    if (!token) return respond(Error(500, "no-randomness", "the random source failed"));
    hashes[actor] = TokenHash(*token);
    tokens.AddMember(meta.actors[actor], {}, record::StringNode(*token));
  }
  if (std::optional<std::string> error = table.ReissueTokens(hashes, options_.clock->NowMs())) {
    spdlog::error("table {}: {}; the table stops", meta.id, *error);
    return respond(Error(500, "disk", "the journal cannot be written: " + *error));
  }
  spdlog::info("table {}: new tokens for {} of its {}s", meta.id, actors->size(), meta.actor_key);
  std::vector<Respond> dropped = DropWaiters(*slot, *actors);
  Node reply = Ok();
  reply.AddMember("id", {}, record::StringNode(meta.id));
  reply.AddMember("tokens", {}, std::move(tokens));
  lock.unlock();
  for (Respond& waiter : dropped) {
    waiter(Error(401, "wrong-token", "this token was replaced by the organiser"));
  }
  respond(JsonResponse(200, reply));
}

// The waits of these actors, taken off the table (called with its mutex held).
std::vector<Respond> Service::DropWaiters(Slot& slot, const std::vector<int>& actors) {
  std::vector<Respond> dropped;
  for (auto it = slot.waiters.begin(); it != slot.waiters.end();) {
    const std::optional<int>& actor = it->second.actor;
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
  AfterChange(slot);  // answers every wait (409) and stops the move clock
  Node reply = Ok();
  reply.AddMember("id", {}, record::StringNode(id));
  reply.AddMember("status", {}, record::StringNode(table.Status()));
  respond(JsonResponse(200, reply));
}

void Service::Wait(const std::shared_ptr<Slot>& slot, const Caller& caller,
                   const std::string& query, Respond& respond) {
  std::optional<int64_t> after = QueryInteger(query, "after");
  if (!after) return respond(Error(400, "bad-query", "expected after=N, a number of events"));
  std::lock_guard lock(slot->mutex);
  Table& table = *slot->table;
  if (table.cancelled()) return respond(CancelledError(table));
  if (table.events() > *after || table.Status() != "in-play") {
    return respond(JsonResponse(200, StateNode(table, caller.actor, slot->referee_moves)));
  }
  uint64_t id = slot->next_waiter++;
  auto timer = std::make_shared<boost::asio::steady_timer>(io_);
  timer->expires_after(std::chrono::milliseconds(options_.poll_ms));
  slot->waiters[id] = Slot::Waiter{timer, std::move(respond), caller.actor, *after};
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
      bool news = table.events() > found->second.after || table.Status() != "in-play";
      if (error == boost::asio::error::operation_aborted && !news && !shutting_down_) {
        return WaitOn(slot, id);
      }
      response =
          table.cancelled()
              ? CancelledError(table)
              : JsonResponse(200, StateNode(table, found->second.actor, slot->referee_moves));
      respond = std::move(found->second.respond);
      slot->waiters.erase(found);
    }
    respond(response);
  });
}

// Called with the slot's mutex held, after an accepted event.
void Service::AfterChange(const std::shared_ptr<Slot>& slot) {
  if (slot == nullptr) return;
  for (auto& [id, waiter] : slot->waiters) waiter.timer->cancel();
  ArmMoveClock(slot);
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
  AfterChange(slot);
}

std::optional<std::string> Service::Resume() {
  auto prepared = store_.Prepare();
  if (!prepared.has_value()) return prepared.error();
  for (const std::string& note : *prepared) spdlog::warn("{}", note);
  auto ids = store_.TableIds();
  if (!ids.has_value()) return ids.error();
  for (const std::string& id : *ids) {
    if (std::optional<std::string> problem = ResumeTable(id)) {
      spdlog::error("{}: not resumed: {}", store_.MetaPath(id), *problem);
    }
  }
  return std::nullopt;
}

std::optional<std::string> Service::ResumeTable(const std::string& id) {
  auto meta = store_.LoadMeta(id);
  if (!meta.has_value()) return meta.error();
  if (meta->id != id) return "the metadata names another table, " + meta->id;
  std::string journal_path = store_.JournalPath(id);
  auto journal = store_.OpenJournal(id);
  if (!journal.has_value()) return journal.error();
  auto text = (*journal)->ReadAll();
  if (!text.has_value()) return text.error();
  live::JournalText lines = live::SplitJournal(*text);
  if (lines.torn_bytes > 0) {
    spdlog::warn("{}: dropped a torn last line ({} bytes)", journal_path, lines.torn_bytes);
    if (std::optional<std::string> cut = (*journal)->Truncate(lines.complete_bytes)) return cut;
  }
  std::vector<Node> organiser_lines;
  auto session = live::ReplayJournal(lines, &organiser_lines);
  if (!session.has_value()) return "corrupt journal: " + session.error().message;
  auto slot = std::make_shared<Slot>(io_);
  int64_t now = options_.clock->NowMs();
  slot->table =
      std::make_unique<Table>(*meta, std::move(*session), std::move(*journal), &store_, now);
  if (std::optional<std::string> problem = slot->table->Resume(organiser_lines)) {
    return "corrupt journal: " + *problem;
  }
  std::lock_guard lock(slot->mutex);
  if (std::optional<std::string> problem = slot->table->DealIfDue(now)) return problem;
  if (std::optional<std::string> problem = slot->table->WriteRecordIfOver()) return problem;
  spdlog::info("table {}: resumed with {} events", meta->id, slot->table->events());
  {
    std::lock_guard tables_lock(mutex_);
    tables_[meta->id] = slot;
  }
  ArmMoveClock(slot);  // a running move's clock starts again in full
  return std::nullopt;
}

void Service::Shutdown() {
  shutting_down_ = true;
  std::vector<std::shared_ptr<Slot>> slots;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, slot] : tables_) slots.push_back(slot);
  }
  for (const auto& slot : slots) {
    std::lock_guard lock(slot->mutex);
    slot->move_clock.cancel();
    for (auto& [id, waiter] : slot->waiters) waiter.timer->cancel();
  }
}

}  // namespace referee::server
