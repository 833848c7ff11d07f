// Service (server/service.h): the requests of the table API (docs/serve.md, "Endpoints"): a table
// created (POST /tables, PUT /tables/ID, and for an event's tables OpenTable), listed, looked at
// (its public state, sheet and record), and acted on with a token (an event, a view, legal events,
// new tokens, a cancellation). What each hands to the commit log is in service_commit.cpp.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "formats/json_reader.h"
#include "live/journal.h"
#include "referee/record/record_writer.h"
#include "reports/verdict_text.h"
#include "server/event_desk.h"
#include "server/page_api.h"
#include "server/requests.h"
#include "server/service.h"
#include "server/service_slot.h"
#include "server/table.h"
#include "server/tokens.h"

namespace referee::server {

using record::Node;

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
  auto slot = OpenTable(
      NewTable{create->header, create->id, create->move_ms, "", 0, {}, create->hands_unknown},
      &tokens, lock);
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
  if (made.hands_unknown) {
    if (Result<void, HttpResponse> allowed = AllowsUnknownHands(*session); !allowed) {
      return Unexpected<HttpResponse>(std::move(allowed).error());
    }
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
  meta.hands_unknown = made.hands_unknown;
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
    // The seats of a table whose hands are unknown play on the table, not from a link.
    if (tokens != nullptr && !made.hands_unknown) {
      tokens->AddMember(actor, {}, record::StringNode(*seat_token));
    }
  }
  auto slot = std::make_shared<Slot>(io_);
  int64_t now = options_.clock->NowMs();
  slot->table = std::make_unique<Table>(
      meta, std::move(*session), std::make_shared<TableJournal>(id, store_.FilesOf(id)), 0, now);
  std::unique_lock slot_lock(slot->mutex);
  {
    // The id is taken here, in memory; the files follow once the creation is durable.
    std::lock_guard tables_lock(mutex_);
    if (tables_.count(id) > 0 || ids_with_files_.count(id) > 0) {
      return Unexpected<HttpResponse>(
          Error(409, "table-exists", "a table " + id + " exists already"));
    }
    tables_[id] = slot;
  }
  lock = std::move(slot_lock);
  Table& table = *slot->table;
  table.StageCreation(live::JournalLine(*made.header), MetaText(meta));
  if (DiskDone dealt = table.DealIfDue(now); !dealt)
    spdlog::error("table {}: {}", id, dealt.error().message);
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
    // A seat's token cannot see or play the hands a table with hands unknown only guesses.
    if (HashesMatch(hash, meta.token_hashes[i]) && !meta.hands_unknown) {
      caller.actor = static_cast<int>(i);
    }
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
    if (table.meta().hands_unknown) body.AddMember("hands", {}, record::StringNode("unknown"));
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
  auto outcome = table.Act(line, now);
  int acted = table.events();
  DiskDone journaled = outcome.has_value() ? DiskDone{} : referee::Fail(outcome.error());
  if (journaled && outcome->accepted) {
    journaled = table.DealIfDue(now);
    // The referee has dealt already: the reply says what follows its deal.
    if (table.events() > acted) outcome->reply = WithMember(outcome->reply, "next", table.Next());
  }
  if (!journaled) {
    const std::string& error = journaled.error().message;
    spdlog::error("table {}: {}; the table stops", meta.id, error);
    table.Fail(error);
    return respond(Error(500, "disk", "the journal cannot be written: " + error));
  }
  HttpResponse reply = JsonResponse(IsTrue(outcome->reply.Find("ok")) ? 200 : 422, outcome->reply);
  if (!outcome->accepted) return respond(std::move(reply));
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
  if (meta.hands_unknown && !*scorer) {
    return respond(Error(409, "hands-unknown",
                         "table " + meta.id +
                             " is played with real cards whose hands are unknown: it is scored "
                             "from its scorer's page, and its seats have no links"));
  }
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
  if (DiskDone journaled = table.ReissueTokens(hashes, scorer_hash, options_.clock->NowMs());
      !journaled) {
    spdlog::error("table {}: {}; the table stops", meta.id, journaled.error().message);
    return respond(
        Error(500, "disk", "the journal cannot be written: " + journaled.error().message));
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
  if (DiskDone journaled = table.Cancel(*reason, options_.clock->NowMs()); !journaled) {
    spdlog::error("table {}: {}; the table stops", id, journaled.error().message);
    return respond(
        Error(500, "disk", "the journal cannot be written: " + journaled.error().message));
  }
  spdlog::info("table {}: cancelled by the organiser after {} events", id, table.events());
  ArmMoveClock(slot);  // stops it; every wait is answered (409) once the cancellation is durable
  Node reply = Ok();
  reply.AddMember("id", {}, record::StringNode(id));
  reply.AddMember("status", {}, record::StringNode(table.Status()));
  Commit(slot, std::move(respond), JsonResponse(200, reply));
}

}  // namespace referee::server
