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
    return respond(Error(400, "bad-event", staged.error().message));
  }
  slot->event = Event::FromCreation(create).value();
  if (auto staged = StageLine(*slot, Stamped("round", "organiser", 0, round)); !staged) {
    return respond(Error(422, "no-round", staged.error().message));
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
  Result<league::League> read = league::ReadLeague(WithRecords(bare));
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
  Result<schedule::Round, referee::Error> first = schedule::NextRound(*field, *schedule, {});
  if (!first) return Refusal(Refused("no-round", first.error().message));
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
  Result<Event, referee::Error> event = Event::FromCreation(creation);
  if (!event) return Refusal(Error(400, "bad-event", event.error().message));
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

void EventDesk::Resume() {
  auto ids = service_.store_.EventIds();
  if (!ids) {
    spdlog::error("{}", ids.error().message);
    return;
  }
  for (const std::string& id : *ids) {
    if (Result<void, referee::Error> resumed = ResumeEvent(id); !resumed) {
      spdlog::error("{}: not resumed: {}", service_.store_.EventJournalPath(id),
                    resumed.error().message);
    }
  }
}

Result<void, referee::Error> EventDesk::ResumeEvent(const std::string& id) {
  std::string path = service_.store_.EventJournalPath(id);
  auto text = ReadStoreFile(path);
  if (!text) return referee::Fail(std::move(text).error());
  size_t whole = text->rfind('\n') == std::string::npos ? 0 : text->rfind('\n') + 1;
  if (whole < text->size()) {
    // A line torn by a crash was never acknowledged (its sync had not returned).
    spdlog::warn("{}: dropped a torn last line ({} bytes)", path, text->size() - whole);
    std::error_code error;
    std::filesystem::resize_file(path, whole, error);
    if (error)
      return referee::Fail(referee::IoError("cut the torn line of", path, error.message()));
    text->resize(whole);
  }
  auto chain = ReadChain(*text);
  if (!chain) {
    return NotResumed("line " + std::to_string(chain.error().line) + ": " + chain.error().message +
                      " (the journal was edited after it was written; `referee event verify` "
                      "says where)");
  }
  if (chain->empty()) return NotResumed("an empty journal");
  auto event = Event::FromCreation(chain->front().act);
  if (!event) return NotResumed("line 1: " + event.error().message);
  for (size_t i = 1; i < chain->size(); ++i) {
    if (auto applied = event->Apply((*chain)[i].act, static_cast<int>(i) + 1); !applied) {
      return NotResumed("line " + std::to_string(i + 1) + ": " + applied.error().message);
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
    if (DiskDone done = AtTable(*table, act); !done) return NotResumed(done.error().message);
    service_.ArmMoveClock(table);
    service_.Commit(table, nullptr, {});
  }
  SeatTokensAtTables(resumed);
  spdlog::info("event {}: resumed with {} lines, round {}", id, slot->seq, resumed.rounds_made());
  return {};
}

}  // namespace referee::server
