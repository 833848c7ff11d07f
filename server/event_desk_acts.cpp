#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/steady_timer.hpp>
#include <filesystem>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/yaml_reader.h"
#include "live/journal.h"
#include "referee/core/printable.h"
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
  if (!seq) return respond(Error(409, "act-refused", seq.error().message));
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
      if (DiskDone done = AtTable(*table, act); !done) {
        const std::string& error = done.error().message;
        spdlog::error("table {}: {}", table->table->meta().id, error);
        return answer(Error(500, "disk", "the table's journal cannot be written: " + error));
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
DiskDone EventDesk::AtTable(Service::Slot& table, const Node& act) {
  Table& at = *table.table;
  std::string kind = TextOf(act, "act");
  int64_t now = service_.options_.clock->NowMs();
  if (kind == "settle") {
    if (at.cancelled()) return {};
    return at.Cancel("settled by the director: " + TextOf(act, "why"), now);
  }
  std::vector<std::string> hashes = at.meta().token_hashes;
  const std::vector<std::string>& actors = at.meta().actors;
  auto seat = std::find(actors.begin(), actors.end(), TextOf(act, "seat"));
  if (seat == actors.end()) {
    return referee::Fail(
        {referee::ErrorKind::kIo, "no seat " + Printable(TextOf(act, "seat")) + " at the table"});
  }
  std::string hash = TextOf(act, "token_sha256");
  if (hashes[seat - actors.begin()] == hash) return {};
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
    if (!standings) return respond(Error(500, "standings", standings.error().message));
    // Every table of the standings (a duplicate event by direction ranks each direction apart).
    for (const league::StandingsTable& table : standings->tables) {
      for (const league::StandingRow& row : table.rows) points.emplace(row.entrant, row.points);
    }
  }
  Result<schedule::Round, referee::Error> round =
      schedule::NextRound(event.field(), event.schedule(), points);
  if (!round) return respond(Refused("no-round", round.error().message));
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
    if (DiskDone journaled = at.ReissueTokens(std::move(hashes), at.meta().scorer_hash,
                                              service_.options_.clock->NowMs());
        !journaled) {
      spdlog::error("table {}: {}", table->id, journaled.error().message);
      continue;
    }
    service_.Commit(slot, nullptr, {});
  }
}

}  // namespace referee::server
