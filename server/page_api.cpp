#include "server/page_api.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "referee/record/record_writer.h"
#include "server/requests.h"

namespace referee::server {

using record::Node;

namespace {

Node PerUnit(const std::vector<std::string>& units, const std::vector<int>& points) {
  Node map = Node::Map({});
  for (size_t i = 0; i < units.size() && i < points.size(); ++i) {
    map.AddMember(units[i], {}, record::IntegerNode(points[i]));
  }
  return map;
}

Node BoolNode(bool value) { return Node::Scalar(Node::Kind::kBool, value ? "true" : "false", {}); }

// The members every view has alike, but for each actor's own (`own`: its hand, whoever else
// holds the same cards): what each seat may see is what all of them may.
Node CommonMembers(const std::vector<Node>& views, const std::vector<std::string>& own) {
  Node common = Node::Map({});
  if (views.empty() || !views.front().IsMap()) return common;
  for (const Node::Member& member : views.front().members()) {
    if (std::find(own.begin(), own.end(), member.key) != own.end()) continue;
    std::string text = formats::WriteJson(member.value, false);
    bool shared = std::all_of(views.begin() + 1, views.end(), [&](const Node& view) {
      const Node* other = view.IsMap() ? view.Find(member.key) : nullptr;
      return other != nullptr && formats::WriteJson(*other, false) == text;
    });
    if (shared) common.AddMember(member.key, {}, member.value);
  }
  return common;
}

std::vector<std::string> Words(const Node* node) {
  std::vector<std::string> words;
  if (node == nullptr || !node->IsScalar()) return words;
  std::istringstream text(node->text());
  for (std::string word; text >> word;) words.push_back(word);
  return words;
}

// Every card of the deal in play in a trick game's view (docs/live.md, "Views"): the hands as
// they stand and the cards played. Which seat holds which stays unsaid: the set is the pack.
std::optional<Node> PackOf(const std::vector<Node>& views) {
  std::set<std::string> cards;
  bool holds = false;
  for (const Node& view : views) {
    const Node* hand = view.IsMap() ? view.Find("hand") : nullptr;
    if (hand == nullptr) continue;
    holds = true;
    for (std::string& card : Words(hand)) cards.insert(std::move(card));
    for (std::string& card : Words(view.Find("played"))) cards.insert(std::move(card));
  }
  if (!holds) return std::nullopt;
  return record::WordsNode(std::vector<std::string>(cards.begin(), cards.end()));
}

// A 409 that says where the table stands, so that the client can catch up.
HttpResponse NumberRefusal(const std::string& code, const std::string& message,
                           const Table& table) {
  Node body = Node::Map({});
  body.AddMember("ok", {}, BoolNode(false));
  body.AddMember("code", {}, record::StringNode(code));
  body.AddMember("message", {}, record::StringNode(message));
  body.AddMember("events", {}, record::IntegerNode(table.events()));
  body.AddMember("next", {}, table.Next());
  return JsonResponse(409, body);
}

// An event line as an acceptance echoes it: without the cards of a deal.
Node Echo(const Node& line) {
  Node echo = Node::Map({});
  for (const Node::Member& member : line.members()) {
    if (member.key != "hands" && member.key != "deck") echo.AddMember(member.key, {}, member.value);
  }
  return echo;
}

// Whether every member of a posted line is the journaled event's: the journal holds the line as
// the server completed it (the seat filled in, the server's times written).
bool Within(const Node& posted, const Node& journaled) {
  if (!posted.IsMap()) return false;
  for (const Node::Member& member : posted.members()) {
    const Node* kept = journaled.Find(member.key);
    if (kept == nullptr ||
        formats::WriteJson(*kept, false) != formats::WriteJson(member.value, false)) {
      return false;
    }
  }
  return true;
}

}  // namespace

Node SheetNode(const Table& table) {
  const Match& match = table.session().match();
  const ScoreSheet& sheet = match.Scores();
  Node body = Ok();
  body.AddMember("id", {}, record::StringNode(table.meta().id));
  body.AddMember("events", {}, record::IntegerNode(table.events()));
  // Before the first deal is scored the sheet has no units yet: the game's own say what they are.
  const std::vector<std::string>& named =
      sheet.units.empty() ? table.session().record().game->score_units : sheet.units;
  Node units = Node::List({});
  for (const std::string& unit : named) units.Append(record::StringNode(unit));
  body.AddMember("units", {}, std::move(units));
  Node deals = Node::List({});
  for (const ScoreSheet::Row& row : sheet.rows) {
    Node deal = Node::Map({});
    deal.AddMember("deal", {}, record::IntegerNode(row.deal));
    deal.AddMember("board", {}, record::IntegerNode(row.board));
    deal.AddMember("label", {}, record::StringNode(row.label.Text()));
    deal.AddMember("points", {}, PerUnit(sheet.units, row.points));
    deal.AddMember("void", {}, BoolNode(row.void_deal));
    deals.Append(std::move(deal));
  }
  body.AddMember("deals", {}, std::move(deals));
  body.AddMember("totals", {}, PerUnit(sheet.units, sheet.totals));
  if (table.Status() == "over")
    body.AddMember("result", {}, record::StringNode(match.GetOutcome().summary));
  return body;
}

Node ScorerState(Table& table, const Node& referee_moves) {
  Node body = StateNode(table, std::nullopt, referee_moves);
  std::vector<Node> views;
  for (size_t actor = 0; actor < table.meta().actors.size(); ++actor) {
    Node reply = table.Ask("view", static_cast<int>(actor));
    const Node* view = reply.Find("view");
    views.push_back(view != nullptr ? *view : Node::Map({}));
  }
  Node view = CommonMembers(views, table.session().record().game->live.own_view_keys);
  if (std::optional<Node> pack = PackOf(views)) view.AddMember("pack", {}, std::move(*pack));
  body.AddMember("view", {}, std::move(view));
  Node legal = Node::List({});
  if (std::optional<int> actor = table.ActorToMove()) {
    Node reply = table.Ask("legal", *actor);
    if (const Node* events = reply.Find("legal"); events != nullptr && events->IsList()) {
      for (const Node& event : events->items()) {
        if (event.IsMap() && !event.Has("card")) legal.Append(event);
      }
    }
  }
  body.AddMember("legal", {}, std::move(legal));
  return body;
}

Result<int, HttpResponse> ScorerActor(const Table& table, const Node& line) {
  const TableMeta& meta = table.meta();
  const Node* named = line.IsMap() ? line.Find(meta.actor_key) : nullptr;
  if (named == nullptr) {
    std::optional<int> to_act = table.ActorToMove();
    if (!to_act) {
      return Unexpected<HttpResponse>(Error(409, "nobody-to-act",
                                            "expected an event when a " + meta.actor_key +
                                                " is to act, found the table waiting for none"));
    }
    return *to_act;
  }
  auto found = std::find(meta.actors.begin(), meta.actors.end(), named->text());
  if (named->kind() != Node::Kind::kString || found == meta.actors.end()) {
    return Unexpected<HttpResponse>(
        Error(400, "unknown-" + meta.actor_key,
              "expected a " + meta.actor_key + " of the table, found '" + named->text() + "'"));
  }
  return static_cast<int>(found - meta.actors.begin());
}

Result<bool, HttpResponse> AsksForScorer(const Node& body) {
  const Node* scorer = body.Find("scorer");
  if (scorer == nullptr) return false;
  if (body.members().size() != 1 || scorer->kind() != Node::Kind::kBool ||
      scorer->text() != "true") {
    return Unexpected<HttpResponse>(
        Error(400, "bad-type", "expected {\"scorer\": true} alone, to draw the scorer's token"));
  }
  return true;
}

Retries::Step Retries::Before(int64_t number, int poster, const Node& line, const Table& table,
                              int durable, Respond& respond) {
  int events = table.events();
  if (number == events + 1) return {};
  if (number < 1 || number > events + 1) {
    return {Step::kAnswer,
            NumberRefusal("event-number",
                          "expected event " + std::to_string(events + 1) + " (the table holds " +
                              std::to_string(events) + " events), found " + std::to_string(number),
                          table)};
  }
  auto written = last_.find(poster);
  if (written != last_.end() && written->second.number == number &&
      written->second.line == formats::WriteJson(line, false)) {
    if (durable >= number) return {Step::kAnswer, written->second.reply};
    held_.push_back(Held{static_cast<int>(number), std::move(respond), written->second.reply});
    return {Step::kHeld, {}};
  }
  for (const auto& [actor, entry] : journaled_) {
    bool theirs = poster == kScorerPoster || actor == poster;
    if (entry.number == number && theirs && Within(line, entry.event)) {
      Node reply = Ok();
      reply.AddMember("event", {}, entry.event);
      reply.AddMember("next", {}, table.Next());
      return {Step::kAnswer, JsonResponse(200, reply)};
    }
  }
  return {Step::kAnswer,
          NumberRefusal("event-taken",
                        "expected event " + std::to_string(events + 1) + ", found " +
                            std::to_string(number) + ", which the table holds already",
                        table)};
}

void Retries::Remember(int number, int poster, const Node& line, const HttpResponse& reply) {
  last_[poster] = Written{number, formats::WriteJson(line, false), reply};
}

std::vector<std::pair<Respond, HttpResponse>> Retries::Settle(
    int durable, const Result<void, referee::Error>& written) {
  std::vector<std::pair<Respond, HttpResponse>> ready;
  auto settled = std::stable_partition(held_.begin(), held_.end(), [&](const Held& held) {
    return written && held.number > durable;
  });
  for (auto it = settled; it != held_.end(); ++it) {
    ready.emplace_back(std::move(it->respond),
                       written ? std::move(it->reply) : JournalUnwritten(written.error()));
  }
  held_.erase(settled, held_.end());
  return ready;
}

void Retries::FromJournal(const live::JournalText& journal, const TableMeta& meta, int events) {
  constexpr size_t kLinesRead = 16;  // each seat's last event is among the last few
  int number = events;
  for (size_t i = journal.lines.size(); i > 1 && journal.lines.size() - i < kLinesRead; --i) {
    auto line = formats::ParseJson(journal.lines[i - 1]);
    if (!line.has_value() || !line->IsMap() || live::IsOrganiserLine(*line)) continue;
    int actor = kOrganiserPoster;
    if (const Node* named = line->Find(meta.actor_key)) {
      auto found = std::find(meta.actors.begin(), meta.actors.end(), named->text());
      if (found != meta.actors.end()) actor = static_cast<int>(found - meta.actors.begin());
    }
    if (journaled_.count(actor) == 0) journaled_[actor] = Journaled{number, Echo(*line)};
    --number;
  }
}

}  // namespace referee::server
