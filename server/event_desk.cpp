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
#include "server/event_export.h"
#include "server/event_journal.h"
#include "server/requests.h"
#include "server/service_slot.h"
#include "server/table.h"
#include "server/tokens.h"
#include "verifier/sha256.h"

namespace referee::server {

using record::Node;

namespace {

constexpr size_t kMostText = 500;  // a reason, a message or an answer
// Event ids leave room for "-rRRRR-tTTTT" within a table id's 64 characters.
constexpr size_t kMostEventId = 48;
// The keys of a table's header that the event sets itself.
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

// A string member of at most kMostText bytes, one line of printable text (free text: line breaks
// allowed); none when absent.
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

// A player's seat link for a round: the seat page of the table the player sits at (the token in the
// fragment, docs/organisers.md), and that table; a player who sits the round out has no link (the
// same token serves at the tables of later rounds).
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

}  // namespace

struct EventDesk::Slot {
  explicit Slot(boost::asio::io_context&) {}
  struct Waiter {
    std::shared_ptr<boost::asio::steady_timer> timer;
    Respond respond;
    int64_t after = 0;
    std::chrono::steady_clock::time_point deadline;
  };
  std::mutex mutex;  // guards everything below
  std::optional<Event> event;
  std::shared_ptr<TableJournal> journal;
  uint64_t journal_bytes = 0;  // taken by the commit log so far
  std::string text;            // every line, as the journal holds them
  std::string prev;            // the last line's sha256
  int seq = 0;                 // lines so far
  int durable = 0;             // lines acknowledged
  std::string staged;
  std::string creation;  // the metadata of a new event, until its first lines are taken
  std::map<int, HttpResponse> replies;  // the reply to each line a client asked for, for retries
  std::map<uint64_t, Waiter> waiters;
  uint64_t next_waiter = 0;
  // The standings, as last computed, and what they were computed at.
  std::string standings_key;
  std::string standings_json;
  std::optional<std::string> standings_error;
  bool provisional = true;
};

struct EventDesk::Caller {
  bool organiser = false;
  bool director = false;
  std::optional<std::string> player;
};

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

namespace {

// Stages one line of the event's journal (its chain continued) and applies it to the event.
Result<int, std::string> StageLine(EventDesk::Slot& slot, const Node& act) {
  if (slot.event) {
    Event trial = *slot.event;
    if (auto applied = trial.Apply(act, slot.seq + 1); !applied) {
      return Unexpected<std::string>(applied.error());
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

// The act as journaled: who, when (event seconds) and what, in that order.
Node Stamped(const std::string& kind, const std::string& by, int64_t at_ms, const Node& rest) {
  Node act = Node::Map({});
  act.AddMember("act", {}, Text(kind));
  act.AddMember("by", {}, Text(by));
  act.AddMember("at", {}, record::SecondsNode(at_ms));
  for (const auto& member : rest.members()) act.AddMember(member.key, {}, member.value);
  return act;
}

}  // namespace

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
  auto done = [weak, seq, respond, reply](const std::optional<std::string>& error) {
    if (std::shared_ptr<Slot> held = weak.lock()) {
      std::lock_guard lock(held->mutex);
      if (!error) held->durable = std::max(held->durable, seq);
      for (auto& [id, waiter] : held->waiters) waiter.timer->cancel();
    }
    if (!respond) return;
    respond(error ? Error(500, "disk", "the event's journal cannot be written: " + *error) : reply);
  };
  if (std::optional<std::string> refused = service_.commit_log_.Submit(std::move(write), done)) {
    spdlog::error("event: {}", *refused);
    if (respond) respond(Error(500, "disk", *refused));
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

// ---- creating an event -----------------------------------------------------------------------

namespace {

// The league of a creation body: a map, or the text of a league file (YAML or JSON).
Result<Node, HttpResponse> LeagueOf(const Node& body, const formats::ReadLimits& limits) {
  const Node* league = body.Find("league");
  if (league == nullptr) {
    return Unexpected<HttpResponse>(
        Error(400, "missing-key", "expected \"league\": the league file, as a map or as text"));
  }
  if (league->IsMap()) return *league;
  if (league->kind() != Node::Kind::kString) {
    return Unexpected<HttpResponse>(
        Error(400, "bad-type", "expected \"league\" to be a map or the text of a league file"));
  }
  Result<Node> parsed = formats::ParseYaml(league->text(), limits);
  if (!parsed) {
    Finding finding = parsed.error();
    finding.place.path = "/league" + finding.place.path;
    return Unexpected<HttpResponse>(FindingError(finding));
  }
  return std::move(*parsed);
}

HttpResponse LeagueFinding(Finding finding, const std::string& under) {
  finding.place.path = under + finding.place.path;
  return FindingError(finding);
}

}  // namespace

// POST /events: {"league": ..., "schedule": {"method", "seed", "planned_rounds", "arrivals"},
// "table_header": {...}, "move_seconds": S, "id": ID}.
void EventDesk::Create(const HttpRequest& request, Respond& respond) {
  std::optional<std::string> token = BearerToken(request.authorization);
  if (!token) return respond(Error(401, "missing-token", "expected Authorization: Bearer TOKEN"));
  if (!TokenMatches(*token, service_.options_.organiser_hash)) {
    return respond(Error(401, "wrong-token", "expected the organiser's token"));
  }
  auto body = formats::ParseJson(request.body, service_.BodyLimits());
  if (!body) return respond(FindingError(body.error()));
  if (!body->IsMap()) return respond(Error(400, "bad-type", "expected a map"));
  static const std::set<std::string> kKeys = {"league", "schedule", "table_header", "move_seconds",
                                              "id"};
  for (const auto& member : body->members()) {
    if (kKeys.count(member.key) == 0) {
      return respond(Error(400, "unknown-key",
                           "unknown key '" + member.key +
                               "' in an event; expected league, "
                               "schedule, table_header, move_seconds or id"));
    }
  }
  auto made = Made(*body);
  if (!made) return respond(made.error());
  auto [event, round, id] = std::move(*made);
  // Tokens: the director's, and one for each player: the seat links.
  std::optional<std::string> director = NewToken();
  if (!director) return respond(Error(500, "no-randomness", "the random source failed"));
  std::map<std::string, std::string> tokens;
  Node hashes = Node::Map({});
  for (const std::string& player : event.Players()) {
    std::optional<std::string> seat = NewToken();
    if (!seat) return respond(Error(500, "no-randomness", "the random source failed"));
    hashes.AddMember(player, {}, Text(TokenHash(*seat)));
    tokens[player] = *seat;
  }
  Node create = CreationAct(*body, event, hashes, TokenHash(*director));
  auto slot = std::make_shared<Slot>(service_.io_);
  slot->journal = std::make_shared<TableJournal>("@" + id, service_.store_.EventFilesOf(id));
  std::lock_guard lock(slot->mutex);
  if (auto staged = StageLine(*slot, create); !staged) {
    return respond(Error(400, "bad-event", staged.error()));
  }
  slot->event = Event::FromCreation(create).value();
  if (auto staged = StageLine(*slot, Stamped("round", "organiser", 0, round)); !staged) {
    return respond(Error(422, "no-round", staged.error()));
  }
  const Event& now = *slot->event;
  for (const EventTable* table : now.TablesOf(1)) {
    if (auto header = HeaderOf(now, *table); !header) return respond(header.error());
    if (service_.FindSlot(table->id) != nullptr) {
      return respond(Error(409, "table-exists", "a table " + table->id + " exists already"));
    }
  }
  {
    std::lock_guard events_lock(mutex_);
    if (events_.count(id) > 0 || std::filesystem::exists(service_.store_.EventJournalPath(id))) {
      return respond(Error(409, "event-exists", "an event " + id + " exists already"));
    }
    events_[id] = slot;
  }
  Node meta = Node::Map({});
  meta.AddMember("id", {}, Text(id));
  slot->creation = formats::WriteJson(meta, true);
  Node reply = Ok();
  reply.AddMember("id", {}, Text(id));
  reply.AddMember("seed_sha256", {}, Text(HexDigest(verifier::Sha256(now.schedule().seed))));
  Node director_link = Node::Map({});
  director_link.AddMember("token", {}, Text(*director));
  director_link.AddMember("link", {}, Text(DirectorLink(id, *director)));
  reply.AddMember("director", {}, std::move(director_link));
  Node players = Node::Map({});
  for (const std::string& player : now.Players())
    players.AddMember(player, {}, PlayerLink(now, 1, player, tokens.at(player)));
  reply.AddMember("players", {}, std::move(players));
  spdlog::info("event {}: created ({}, {} rounds)", id, now.league().game, now.schedule().rounds);
  Commit(slot, nullptr, {});
  MakeTables(now, 1, std::move(respond), [&] {
    reply.AddMember("round", {}, RoundNode(now, 1));
    return JsonResponse(201, reply);
  });
}

// The event a creation body declares, its first round and its id; or why there is none.
Result<std::tuple<Event, Node, std::string>, HttpResponse> EventDesk::Made(const Node& body) {
  using Refusal = Unexpected<HttpResponse>;
  std::string id;
  if (const Node* given = body.Find("id")) {
    if (given->kind() != Node::Kind::kString || !ValidId(given->text()) ||
        given->text().size() > kMostEventId) {
      return Refusal(Error(400, "bad-id", "expected an id of 1 to 48 letters, digits, - or _"));
    }
    id = given->text();
  } else {
    std::optional<std::string> random = NewToken();
    if (!random) return Refusal(Error(500, "no-randomness", "the random source failed"));
    id = random->substr(0, 12);
  }
  auto league = LeagueOf(body, service_.BodyLimits());
  if (!league) return Refusal(league.error());
  if (!league->IsMap()) return Refusal(Error(400, "bad-type", "expected the league as a map"));
  if (league->Find("records") != nullptr) {
    return Refusal(Error(400, "league-records",
                         "an event's records are its tables': leave records out of its league"));
  }
  Node plan = body.Find("schedule") != nullptr ? *body.Find("schedule") : Node::Map({});
  const Node* in_league = league->Find("schedule");
  if (body.Find("schedule") == nullptr && in_league != nullptr) plan = *in_league;
  if (!plan.IsMap() || plan.Find("rounds") != nullptr) {
    return Refusal(Error(400, "bad-schedule",
                         "expected \"schedule\": {method, seed, planned_rounds, arrivals}, "
                         "without rounds: the server makes them"));
  }
  Node bare = Node::Map({});
  for (const auto& member : league->members()) {
    if (member.key != "schedule") bare.AddMember(member.key, member.key_pos, member.value);
  }
  Result<reports::League> read = reports::ReadLeague(WithRecords(bare));
  if (!read) return Refusal(LeagueFinding(read.error(), "/league"));
  if (plan.Find("seed") == nullptr) {
    // No seed declared: the server draws one, secret until the event ends.
    std::optional<std::string> seed = NewToken();
    if (!seed) return Refusal(Error(500, "no-randomness", "the random source failed"));
    plan.AddMember("seed", {}, Text(seed->substr(0, 32)));
  }
  Result<schedule::Schedule> schedule = schedule::ReadSchedule(plan, "/schedule", *read);
  if (!schedule) return Refusal(LeagueFinding(schedule.error(), ""));
  Result<schedule::Field> field = schedule::FieldOf(*read, *schedule);
  if (!field) return Refusal(LeagueFinding(field.error(), "/league"));
  Result<schedule::Round, std::string> first = schedule::NextRound(*field, *schedule, {});
  if (!first) return Refusal(Refused("no-round", first.error()));
  if (const Node* header = body.Find("table_header")) {
    if (!header->IsMap()) return Refusal(Error(400, "bad-type", "expected table_header as a map"));
    for (const auto& member : header->members()) {
      if (kHeaderKeysSet.count(member.key) > 0) {
        return Refusal(Error(
            400, "reserved-key",
            "table_header may not set '" + member.key + "': the event sets it for each table"));
      }
    }
  }
  if (const Node* move = body.Find("move_seconds"); move != nullptr && !MoveMillis(*move)) {
    return Refusal(Error(400, "bad-option", "expected move_seconds from 0 to 86400"));
  }
  schedule->made.push_back(*first);
  Node round = schedule::ScheduleNode(*schedule).Find("rounds")->items().front();
  schedule->made.clear();
  Node creation = Node::Map({});
  creation.AddMember("id", {}, Text(id));
  creation.AddMember("league", {}, bare);
  creation.AddMember("schedule", {}, schedule::ScheduleNode(*schedule));
  creation.AddMember("table_header", {}, Node::Map({}));
  creation.AddMember("player_sha256", {}, Node::Map({}));
  Result<Event, std::string> event = Event::FromCreation(creation);
  if (!event) return Refusal(Error(400, "bad-event", event.error()));
  return std::make_tuple(std::move(*event), std::move(round), id);
}

// The first line of the event's journal: everything the event is made of.
Node EventDesk::CreationAct(const Node& body, const Event& event, const Node& hashes,
                            const std::string& director_hash) const {
  Node rest = Node::Map({});
  rest.AddMember("id", {}, Text(event.id()));
  rest.AddMember("created_ms", {}, Integer(service_.options_.clock->NowMs()));
  Node schedule = schedule::ScheduleNode(event.schedule());
  Node plan = Node::Map({});
  for (const auto& member : schedule.members()) {
    if (member.key != "rounds") plan.AddMember(member.key, {}, member.value);
  }
  rest.AddMember("league", {}, event.league_node());
  rest.AddMember("schedule", {}, std::move(plan));
  const Node* header = body.Find("table_header");
  rest.AddMember("table_header", {}, header != nullptr ? *header : Node::Map({}));
  const Node* move = body.Find("move_seconds");
  rest.AddMember("move_ms", {}, Integer(move != nullptr ? MoveMillis(*move).value_or(0) : 0));
  rest.AddMember("director_sha256", {}, Text(director_hash));
  rest.AddMember("player_sha256", {}, hashes);
  return Stamped("create", "organiser", 0, rest);
}

// ---- reading an event ------------------------------------------------------------------------

// GET /events: every event, its game, status and round.
void EventDesk::List(Respond& respond) {
  std::vector<std::shared_ptr<Slot>> slots;
  {
    std::shared_lock lock(mutex_);
    for (const auto& [id, slot] : events_) slots.push_back(slot);
  }
  Node list = Node::List({});
  for (const auto& slot : slots) {
    std::lock_guard lock(slot->mutex);
    const Event& event = *slot->event;
    Node item = Node::Map({});
    item.AddMember("id", {}, Text(event.id()));
    item.AddMember("name", {}, Text(event.league().name));
    item.AddMember("game", {}, Text(event.league().game));
    item.AddMember("status", {}, Text(Over(event) ? "over" : "in-play"));
    item.AddMember("round", {}, Integer(event.rounds_made()));
    list.Append(std::move(item));
  }
  Node body = Ok();
  body.AddMember("events", {}, std::move(list));
  respond(JsonResponse(200, body));
}

// What anyone may know of an event now: its rounds and tables, the director's acts, and its seed
// once it is over (before, only the seed's SHA-256: the lots and the boards stay unpredictable).
Node EventDesk::PublicNode(const Slot& slot) const {
  const Event& event = *slot.event;
  bool over = Over(event);
  Node body = Ok();
  body.AddMember("id", {}, Text(event.id()));
  body.AddMember("name", {}, Text(event.league().name));
  body.AddMember("game", {}, Text(event.league().game));
  body.AddMember("method", {}, Text(std::string(schedule::MethodName(event.schedule().method))));
  body.AddMember("planned_rounds", {}, Integer(event.schedule().rounds));
  body.AddMember("status", {}, Text(over ? "over" : "in-play"));
  body.AddMember("state", {}, Integer(StateNumber(slot)));
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
// event of one of its tables.
int64_t EventDesk::StateNumber(const Slot& slot) const {
  int64_t state = slot.durable;
  for (const EventTable& table : slot.event->tables()) state += TableOf(table.id).events;
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
  if (slot->standings_error) return respond(Error(500, "standings", *slot->standings_error));
  if (document) return respond(HttpResponse{200, slot->standings_json, "", 0});
  Node body = Ok();
  body.AddMember("id", {}, Text(event.id()));
  bool over = Over(event);
  body.AddMember("provisional", {}, Node::Scalar(Node::Kind::kBool, over ? "false" : "true", {}));
  std::string playing = PlayingText(event);
  if (!playing.empty()) body.AddMember("playing", {}, Text(playing));
  body.AddMember("rounds_made", {}, Integer(event.rounds_made()));
  body.AddMember("state", {}, Integer(StateNumber(*slot)));
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

// ---- writing ---------------------------------------------------------------------------------

// A client may name the line it expects its act to be ("expect": N): a second POST of an act
// already journaled as line N (the reply lost on the way) gets the first one's reply, and is not
// applied again. None: go on and journal it.
std::optional<HttpResponse> EventDesk::Retried(const Slot& slot, const Node& body,
                                               const std::string& kind) const {
  const Node* expect = body.Find("expect");
  if (expect == nullptr) return std::nullopt;
  std::optional<int64_t> line = IntegerMember(body, "expect", 1, 1 << 30);
  if (!line) return Error(400, "bad-type", "expected \"expect\" to be a line number from 1");
  if (*line == slot.seq + 1) return std::nullopt;
  if (*line > slot.seq + 1) {
    return Error(409, "expect-ahead",
                 "the event's journal has " + std::to_string(slot.seq) + " lines: line " +
                     std::to_string(*line) + " cannot be next");
  }
  size_t start = 0;
  for (int64_t skip = 1; skip < *line; ++skip) start = slot.text.find('\n', start) + 1;
  std::string_view text(slot.text);
  Result<Node> journaled = formats::ParseJson(text.substr(start, text.find('\n', start) - start));
  bool same = journaled && TextOf(*journaled, "act") == kind;
  for (const auto& member : body.members()) {
    if (!same || member.key == "expect" || member.key == "act") continue;
    const Node* was = journaled->Find(member.key);
    same = was != nullptr && *was == member.value;
  }
  if (!same) {
    return Error(409, "expect-taken",
                 "line " + std::to_string(*line) +
                     " of the event's journal is another act: this one "
                     "was not applied");
  }
  auto reply = slot.replies.find(static_cast<int>(*line));
  if (reply != slot.replies.end()) return reply->second;
  // After a restart the first reply is gone: the act itself says what was done.
  Node again = Ok();
  again.AddMember("seq", {}, Integer(*line));
  again.AddMember("act", {}, *journaled);
  again.AddMember("retried", {}, Node::Scalar(Node::Kind::kBool, "true", {}));
  return JsonResponse(200, again);
}

// Journals `act` (checked against the event first), keeps its reply for retries and answers
// once it is durable; `then` stages what the act changes at a table, after the event's line.
void EventDesk::Journal(const std::shared_ptr<Slot>& slot, const Node& act, Node reply,
                        Respond& respond, const std::function<void(Respond, HttpResponse)>& then) {
  auto seq = StageLine(*slot, act);
  if (!seq) return respond(Error(409, "act-refused", seq.error()));
  reply.AddMember("seq", {}, Integer(*seq));
  reply.AddMember("sha256", {}, Text(slot->prev));
  HttpResponse response = JsonResponse(200, reply);
  slot->replies[*seq] = response;
  spdlog::info("event {}: line {}: {}", slot->event->id(), *seq, TextOf(act, "act"));
  if (!then) return Commit(slot, std::move(respond), std::move(response));
  Commit(slot, nullptr, {});
  then(std::move(respond), std::move(response));
}

Result<Node, HttpResponse> EventDesk::ReadBody(const std::string& text) const {
  auto body = OptionalMap(text, service_.BodyLimits());
  if (!body) return Unexpected<HttpResponse>(body.error());
  return std::move(*body);
}

// POST /events/ID/calls (a seat link): {"message": TEXT}.
void EventDesk::Call(const std::shared_ptr<Slot>& slot, const Caller& caller,
                     const std::string& text, Respond& respond) {
  auto body = ReadBody(text);
  if (!body) return respond(body.error());
  auto message = ReadNote(*body, "message", true);
  if (!message) return respond(message.error());
  std::lock_guard lock(slot->mutex);
  if (auto again = Retried(*slot, *body, "call")) return respond(*again);
  const Event& event = *slot->event;
  std::string at_table;
  for (const EventTable* table : event.TablesOf(event.rounds_made())) {
    for (const auto& [seat, player] : event.SeatsOf(*table)) {
      if (player == *caller.player) at_table = table->id;
    }
  }
  Node rest = Node::Map({});
  rest.AddMember("table", {}, Text(at_table));
  rest.AddMember("message", {}, Text(**message));
  Node act = Stamped("call", *caller.player, EventMs(event), rest);
  Node reply = Ok();
  reply.AddMember("call", {}, Integer(slot->seq + 1));
  Journal(slot, act, std::move(reply), respond, nullptr);
}

// POST /events/ID/calls/N/answer (the director): {"answer": TEXT}.
void EventDesk::Answer(const std::shared_ptr<Slot>& slot, const std::string& rest_of_path,
                       const std::string& text, Respond& respond) {
  size_t slash = rest_of_path.find('/');
  std::string number = rest_of_path.substr(0, slash);
  if (slash == std::string::npos || rest_of_path.substr(slash) != "/answer" || number.empty() ||
      number.size() > 9 ||
      !std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return respond(Error(404, "not-found", "expected /events/ID/calls/N/answer"));
  }
  auto body = ReadBody(text);
  if (!body) return respond(body.error());
  auto answer = ReadNote(*body, "answer", true);
  if (!answer) return respond(answer.error());
  std::lock_guard lock(slot->mutex);
  if (auto again = Retried(*slot, *body, "answer")) return respond(*again);
  int call = std::stoi(number);
  const std::vector<EventCall>& calls = slot->event->calls();
  auto found =
      std::find_if(calls.begin(), calls.end(), [&](const EventCall& c) { return c.seq == call; });
  if (found == calls.end()) return respond(Error(404, "unknown-call", "no call " + number));
  if (found->answer) return respond(Error(409, "answered", "call " + number + " is answered"));
  Node rest = Node::Map({});
  rest.AddMember("call", {}, Integer(call));
  rest.AddMember("answer", {}, Text(**answer));
  Journal(slot, Stamped("answer", "director", EventMs(*slot->event), rest), Ok(), respond, nullptr);
}

int64_t EventDesk::EventMs(const Event& event) const {
  return std::max<int64_t>(0, service_.options_.clock->NowMs() - event.created_ms());
}

// The acts of the director (docs/serve.md, "The director's acts"): checked, journaled, and for a
// table settled or a player replaced, done at the table too, after the event's line.
void EventDesk::Act(const std::shared_ptr<Slot>& slot, const std::string& text, Respond& respond) {
  auto body = ReadBody(text);
  if (!body) return respond(body.error());
  std::string kind = TextOf(*body, "act");
  if (DirectorActs().count(kind) == 0) {
    return respond(Error(400, "unknown-act",
                         "expected \"act\": adjust, penalty, average, withdraw, settle, "
                         "replace or void"));
  }
  auto why = ReadNote(*body, "why", true);
  if (!why) return respond(why.error());
  std::lock_guard lock(slot->mutex);
  if (auto again = Retried(*slot, *body, kind)) return respond(*again);
  const Event& event = *slot->event;
  auto rest = ActMembers(event, kind, *body);
  if (!rest) return respond(rest.error());
  rest->AddMember("why", {}, Text(**why));
  Node reply = Ok();
  std::function<void(Respond, HttpResponse)> then;
  if (kind == "settle" || kind == "replace") {
    std::string table_id = TextOf(*rest, "table");
    std::shared_ptr<Service::Slot> table = service_.FindSlot(table_id);
    if (table == nullptr)
      return respond(Error(409, "table-missing", "table " + table_id + " is not here"));
    if (kind == "replace") {
      std::optional<std::string> token = NewToken();
      if (!token) return respond(Error(500, "no-randomness", "the random source failed"));
      rest->AddMember("token_sha256", {}, Text(TokenHash(*token)));
      reply.AddMember("token", {}, Text(*token));
      reply.AddMember("link", {}, Text("/seat/" + table_id + "#" + *token));
    }
    Node act = Stamped(kind, "director", EventMs(event), *rest);
    then = [this, table, act](Respond answer, HttpResponse response) {
      std::lock_guard table_lock(table->mutex);
      if (std::optional<std::string> error = AtTable(*table, act)) {
        spdlog::error("table {}: {}", table->table->meta().id, *error);
        return answer(Error(500, "disk", "the table's journal cannot be written: " + *error));
      }
      service_.ArmMoveClock(table);
      service_.Commit(table, std::move(answer), std::move(response));
    };
    return Journal(slot, act, std::move(reply), respond, then);
  }
  Journal(slot, Stamped(kind, "director", EventMs(event), *rest), std::move(reply), respond,
          nullptr);
}

// What a director's act does at its table, as the table's journal says it: a settled table is
// cancelled with the act's reason; a replaced player's seat gets the substitute's token.
std::optional<std::string> EventDesk::AtTable(Service::Slot& table, const Node& act) {
  Table& at = *table.table;
  std::string kind = TextOf(act, "act");
  int64_t now = service_.options_.clock->NowMs();
  if (kind == "settle") {
    if (at.cancelled()) return std::nullopt;
    return at.Cancel("settled by the director: " + TextOf(act, "why"), now);
  }
  std::vector<std::string> hashes = at.meta().token_hashes;
  const std::vector<std::string>& actors = at.meta().actors;
  auto seat = std::find(actors.begin(), actors.end(), TextOf(act, "seat"));
  if (seat == actors.end()) return "no seat " + TextOf(act, "seat");
  std::string hash = TextOf(act, "token_sha256");
  if (hashes[seat - actors.begin()] == hash) return std::nullopt;
  hashes[seat - actors.begin()] = hash;
  return at.ReissueTokens(std::move(hashes), at.meta().scorer_hash, now);
}

// The table and deal a void names: a deal played out at a table of the event that is not settled,
// in play or over (its record stands as played; the standings leave the deal out), and not voided
// already.
Result<std::pair<const EventTable*, int>, HttpResponse> EventDesk::VoidedDeal(
    const Event& event, const Node& body) const {
  using Refusal = Unexpected<HttpResponse>;
  std::string id = TextOf(body, "table");
  const EventTable* table = event.FindTable(id);
  if (table == nullptr) {
    return Refusal(
        Refused("unknown-table", "expected \"table\": a table of the event, found '" + id + "'"));
  }
  if (table->settled) {
    return Refusal(Error(409, "table-settled",
                         "table " + id + " is settled: it has no record whose deals count"));
  }
  TableState state = TableOf(id);
  if (state.status != "in-play" && state.status != "over") {
    return Refusal(Error(409, "table-" + state.status, "table " + id + " is " + state.status));
  }
  std::optional<int64_t> deal = IntegerMember(body, "deal", 1, 10000);
  if (!deal) return Refusal(Refused("bad-deal", "expected \"deal\": a deal number, 1 or more"));
  if (*deal > state.deals_played) {
    return Refusal(Error(409, "deal-not-played",
                         "deal " + std::to_string(*deal) + " of table " + id +
                             " is not played out (" + std::to_string(state.deals_played) +
                             " played): a deal is voided once it is played"));
  }
  for (const Node& act : event.acts()) {
    if (TextOf(act, "act") == "void" && TextOf(act, "table") == id &&
        IntegerMember(act, "deal", 1, 10000) == *deal) {
      return Refusal(
          Error(409, "voided-already",
                "deal " + std::to_string(*deal) + " of table " + id + " is voided already"));
    }
  }
  return std::make_pair(table, static_cast<int>(*deal));
}

// The members of a director's act, each checked against the event (the names it gives, the
// round, the table's state); an error says the rule in plain words.
Result<Node, HttpResponse> EventDesk::ActMembers(const Event& event, const std::string& kind,
                                                 const Node& body) const {
  using Refusal = Unexpected<HttpResponse>;
  Node rest = Node::Map({});
  std::set<std::string> allowed = {"act", "why", "expect"};
  auto entrant = [&]() -> Result<std::string, HttpResponse> {
    std::string id = TextOf(body, "entrant");
    const std::vector<std::string>& known = event.field().entrants;
    if (std::find(known.begin(), known.end(), id) == known.end()) {
      return Refusal(Refused("unknown-entrant",
                             "expected \"entrant\": an entrant of the event, "
                             "found '" +
                                 id + "'" + record::DidYouMean(id, known)));
    }
    return id;
  };
  auto table = [&]() -> Result<const EventTable*, HttpResponse> {
    std::string id = TextOf(body, "table");
    const EventTable* found = event.FindTable(id);
    if (found == nullptr) {
      return Refusal(
          Refused("unknown-table", "expected \"table\": a table of the event, found '" + id + "'"));
    }
    if (found->settled) {
      return Refusal(Error(409, "table-settled", "table " + id + " is settled already"));
    }
    if (TableOf(id).status != "in-play") {
      return Refusal(Error(
          409, "table-over",
          "table " + id + " is " + TableOf(id).status + ": its record stands; adjust the scores"));
    }
    return found;
  };
  int made = event.rounds_made();
  std::optional<int64_t> round = IntegerMember(body, "round", 1, made);
  if (body.Find("round") != nullptr && !round) {
    return Refusal(
        Refused("bad-round", "expected \"round\": a round made, 1 to " + std::to_string(made)));
  }
  if (kind == "adjust" || kind == "penalty" || kind == "average") {
    allowed.insert({"entrant", "points", "round"});
    auto id = entrant();
    if (!id) return Refusal(id.error());
    rest.AddMember("entrant", {}, Text(*id));
    rest.AddMember("round", {}, Integer(round.value_or(made)));
    std::optional<int64_t> points =
        IntegerMember(body, "points", kind == "adjust" ? -1000 : 0, 1000);
    bool needed = kind != "average";
    if ((needed && (!points || *points == 0)) || (body.Find("points") != nullptr && !points)) {
      return Refusal(Refused(
          "bad-points", kind == "adjust" ? "expected \"points\": a whole number from -1000 to "
                                           "1000, not 0"
                                         : "expected \"points\": a whole number from 1 to 1000"));
    }
    if (points) rest.AddMember("points", {}, Integer(*points));
  } else if (kind == "withdraw") {
    allowed.insert({"entrant", "after_round"});
    auto id = entrant();
    if (!id) return Refusal(id.error());
    std::optional<int64_t> after = IntegerMember(body, "after_round", 0, made);
    if (body.Find("after_round") != nullptr && !after) {
      return Refusal(
          Refused("bad-round", "expected \"after_round\": 0 to " + std::to_string(made)));
    }
    rest.AddMember("entrant", {}, Text(*id));
    rest.AddMember("after_round", {}, Text(std::to_string(after.value_or(made))));
  } else if (kind == "settle") {
    allowed.insert({"table", "averages"});
    auto found = table();
    if (!found) return Refusal(found.error());
    rest.AddMember("table", {}, Text((*found)->id));
    rest.AddMember("round", {}, Integer((*found)->round));
    Node averages = Node::Map({});
    const Node* given = body.Find("averages");
    for (const std::string& seated : (*found)->plan.seats) {
      const Node* points = given != nullptr && given->IsMap() ? given->Find(seated) : nullptr;
      if (points != nullptr && points->kind() != Node::Kind::kInteger &&
          points->kind() != Node::Kind::kNull) {
        return Refusal(Refused("bad-points", "expected the average of " + seated +
                                                 " as a whole number, or null for the scheme's"));
      }
      averages.AddMember(seated, {},
                         points != nullptr ? *points : Node::Scalar(Node::Kind::kNull, "null", {}));
    }
    rest.AddMember("averages", {}, std::move(averages));
  } else if (kind == "void") {
    allowed.insert({"table", "deal"});
    auto voided = VoidedDeal(event, body);
    if (!voided) return Refusal(voided.error());
    rest.AddMember("table", {}, Text(voided->first->id));
    rest.AddMember("round", {}, Integer(voided->first->round));
    rest.AddMember("deal", {}, Integer(voided->second));
  } else if (kind == "replace") {
    allowed.insert({"table", "seat", "player"});
    auto found = table();
    if (!found) return Refusal(found.error());
    std::string seat = TextOf(body, "seat");
    bool known = false;
    for (const auto& [name, player] : event.SeatsOf(**found)) known = known || name == seat;
    if (!known)
      return Refusal(Refused("unknown-seat", "expected \"seat\": a seat of table " + (*found)->id));
    const Node* player = body.Find("player");
    if (player == nullptr || player->kind() != Node::Kind::kString ||
        !record::ReadText(*player, "/player") || player->text().empty() ||
        player->text().size() > 64) {
      return Refusal(Error(400, "bad-type", "expected \"player\": the substitute's name"));
    }
    rest.AddMember("table", {}, Text((*found)->id));
    rest.AddMember("round", {}, Integer((*found)->round));
    rest.AddMember("seat", {}, Text(seat));
    rest.AddMember("player", {}, Text(player->text()));
  }
  for (const auto& member : body.members()) {
    if (allowed.count(member.key) == 0) {
      return Refusal(Error(400, "unknown-key", "unknown key '" + member.key + "' in a " + kind));
    }
  }
  return rest;
}

// POST /events/ID/rounds (the director): the next round, once every table of this one is finished
// or settled. Swiss rounds seat entrants by their points in the standings as they stand.
void EventDesk::NextRound(const std::shared_ptr<Slot>& slot, const std::string& text,
                          Respond& respond) {
  auto body = ReadBody(text);
  if (!body) return respond(body.error());
  std::lock_guard lock(slot->mutex);
  if (auto again = Retried(*slot, *body, "round")) return respond(*again);
  for (const auto& member : body->members()) {
    if (member.key != "expect")
      return respond(Error(400, "unknown-key", "unknown key '" + member.key + "'"));
  }
  const Event& event = *slot->event;
  if (event.rounds_made() >= event.schedule().rounds) {
    return respond(
        Error(409, "no-round-left",
              "the event's " + std::to_string(event.schedule().rounds) + " rounds are all made"));
  }
  std::vector<std::string> playing = Playing(event);
  if (!playing.empty()) {
    std::string listed;
    for (const std::string& id : playing) listed += (listed.empty() ? "" : ", ") + id;
    return respond(Error(409, "round-in-play",
                         PlayingText(event) + " (" + listed +
                             "): the next round waits until each is finished or settled by the "
                             "director"));
  }
  schedule::Points points;
  if (event.schedule().method == schedule::Method::kSwiss) {
    auto standings = ExportStandings(ExportOf(*slot), service_.options_.referee);
    if (!standings) return respond(Error(500, "standings", standings.error()));
    // Every table of the standings (a duplicate event by direction ranks each direction apart).
    for (const reports::StandingsTable& table : standings->tables) {
      for (const reports::StandingRow& row : table.rows) points.emplace(row.entrant, row.points);
    }
  }
  Result<schedule::Round, std::string> round =
      schedule::NextRound(event.field(), event.schedule(), points);
  if (!round) return respond(Refused("no-round", round.error()));
  schedule::Schedule holder = event.schedule();
  holder.made = {*round};
  Node node = schedule::ScheduleNode(holder).Find("rounds")->items().front();
  for (const schedule::Table& table : round->tables) {
    if (service_.FindSlot(EventTableId(event.id(), round->number, table.number)) != nullptr) {
      return respond(Error(409, "table-exists",
                           "a table of round " + std::to_string(round->number) + " exists"));
    }
  }
  Node act = Stamped("round", "director", EventMs(event), node);
  int number = round->number;
  Journal(slot, act, Ok(), respond, [this, slot, number](Respond answer, HttpResponse response) {
    MakeTables(*slot->event, number, std::move(answer), [&] {
      Result<Node> reply = formats::ParseJson(response.body);
      Node full = reply ? *reply : Ok();
      full.AddMember("round", {}, RoundNode(*slot->event, number));
      HttpResponse made = JsonResponse(200, full);
      slot->replies[slot->seq] = made;
      return made;
    });
  });
}

// POST /events/ID/tokens (the director): new seat links for the players named ({"players":
// [...]}; all without a body), for a lost phone. The old tokens stop working, at the tables in
// play too.
void EventDesk::Tokens(const std::shared_ptr<Slot>& slot, const std::string& text,
                       Respond& respond) {
  auto body = ReadBody(text);
  if (!body) return respond(body.error());
  std::lock_guard lock(slot->mutex);
  if (auto again = Retried(*slot, *body, "tokens")) return respond(*again);
  const Event& event = *slot->event;
  std::vector<std::string> chosen = event.Players();
  if (const Node* players = body->Find("players")) {
    auto words = record::ReadWords(*players, "/players", chosen.size());
    if (!words) return respond(FindingError(words.error()));
    std::vector<std::string> named;
    for (const record::Token& word : *words) {
      if (!event.player_hashes().count(word.text)) {
        return respond(Refused("unknown-player", "no player '" + word.text + "' in the event"));
      }
      named.push_back(word.text);
    }
    chosen = named;
  }
  Node hashes = Node::Map({});
  Node links = Node::Map({});
  for (const std::string& player : chosen) {
    std::optional<std::string> token = NewToken();
    if (!token) return respond(Error(500, "no-randomness", "the random source failed"));
    hashes.AddMember(player, {}, Text(TokenHash(*token)));
    links.AddMember(player, {}, PlayerLink(event, event.rounds_made(), player, *token));
  }
  Node rest = Node::Map({});
  rest.AddMember("player_sha256", {}, hashes);
  Node reply = Ok();
  reply.AddMember("players", {}, std::move(links));
  Node act = Stamped("tokens", "director", EventMs(event), rest);
  Journal(slot, act, std::move(reply), respond,
          [this, slot](Respond answer, HttpResponse response) {
            SeatTokensAtTables(*slot->event);
            answer(std::move(response));
          });
}

// The seats of the players at the tables in play take the players' current token hashes (after
// new tokens, or a restart that finds a table behind its event's journal).
void EventDesk::SeatTokensAtTables(const Event& event) {
  for (const EventTable* table : event.TablesOf(event.rounds_made())) {
    std::shared_ptr<Service::Slot> slot = service_.FindSlot(table->id);
    if (slot == nullptr || table->settled) continue;
    std::lock_guard lock(slot->mutex);
    Table& at = *slot->table;
    if (at.Status() != "in-play") continue;
    std::vector<std::string> hashes = at.meta().token_hashes;
    bool changed = false;
    std::set<std::string> replaced;
    for (const Node& act : event.acts()) {
      if (TextOf(act, "act") == "replace" && TextOf(act, "table") == table->id) {
        replaced.insert(TextOf(act, "seat"));
      }
    }
    for (const auto& [seat, player] : event.SeatsOf(*table)) {
      auto actor = std::find(at.meta().actors.begin(), at.meta().actors.end(), seat);
      if (actor == at.meta().actors.end() || replaced.count(seat) > 0) continue;
      std::string& hash = hashes[actor - at.meta().actors.begin()];
      if (hash != event.player_hashes().at(player))
        hash = event.player_hashes().at(player), changed = true;
    }
    if (!changed) continue;
    if (std::optional<std::string> error = at.ReissueTokens(
            std::move(hashes), at.meta().scorer_hash, service_.options_.clock->NowMs())) {
      spdlog::error("table {}: {}", table->id, *error);
      continue;
    }
    service_.Commit(slot, nullptr, {});
  }
}

// ---- at start --------------------------------------------------------------------------------

void EventDesk::Resume() {
  auto ids = service_.store_.EventIds();
  if (!ids) {
    spdlog::error("{}", ids.error().message);
    return;
  }
  for (const std::string& id : *ids) {
    if (std::optional<std::string> problem = ResumeEvent(id)) {
      spdlog::error("{}: not resumed: {}", service_.store_.EventJournalPath(id), *problem);
    }
  }
}

std::optional<std::string> EventDesk::ResumeEvent(const std::string& id) {
  std::string path = service_.store_.EventJournalPath(id);
  auto text = ReadStoreFile(path);
  if (!text) return text.error().message;
  size_t whole = text->rfind('\n') == std::string::npos ? 0 : text->rfind('\n') + 1;
  if (whole < text->size()) {
    // A line torn by a crash was never acknowledged (its sync had not returned).
    spdlog::warn("{}: dropped a torn last line ({} bytes)", path, text->size() - whole);
    std::error_code error;
    std::filesystem::resize_file(path, whole, error);
    if (error) return "cannot cut the torn line: " + error.message();
    text->resize(whole);
  }
  auto chain = ReadChain(*text);
  if (!chain) {
    return "line " + std::to_string(chain.error().line) + ": " + chain.error().message +
           " (the journal was edited after it was written; `referee event verify` says where)";
  }
  if (chain->empty()) return "an empty journal";
  auto event = Event::FromCreation(chain->front().act);
  if (!event) return "line 1: " + event.error();
  for (size_t i = 1; i < chain->size(); ++i) {
    if (auto applied = event->Apply((*chain)[i].act, static_cast<int>(i) + 1); !applied) {
      return "line " + std::to_string(i + 1) + ": " + applied.error();
    }
  }
  auto slot = std::make_shared<Slot>(service_.io_);
  slot->journal = std::make_shared<TableJournal>("@" + id, service_.store_.EventFilesOf(id));
  slot->journal_bytes = text->size();
  slot->text = std::move(*text);
  slot->prev = chain->back().sha256;
  slot->seq = slot->durable = static_cast<int>(chain->size());
  slot->event = std::move(*event);
  {
    std::lock_guard lock(mutex_);
    events_[id] = slot;
  }
  std::lock_guard lock(slot->mutex);
  const Event& resumed = *slot->event;
  // What a crash may have left undone after the event's line was durable: a round's tables, a
  // table settled or a player replaced, new seat links.
  for (int round = 1; round <= resumed.rounds_made(); ++round) {
    MakeTables(resumed, round, nullptr, nullptr);
  }
  for (const Node& act : resumed.acts()) {
    std::string kind = TextOf(act, "act");
    if (kind != "settle" && kind != "replace") continue;
    std::shared_ptr<Service::Slot> table = service_.FindSlot(TextOf(act, "table"));
    if (table == nullptr) continue;
    std::lock_guard table_lock(table->mutex);
    if (table->table->Status() != "in-play") continue;
    if (std::optional<std::string> error = AtTable(*table, act)) return error;
    service_.ArmMoveClock(table);
    service_.Commit(table, nullptr, {});
  }
  SeatTokensAtTables(resumed);
  spdlog::info("event {}: resumed with {} lines, round {}", id, slot->seq, resumed.rounds_made());
  return std::nullopt;
}

}  // namespace referee::server
