#include "server/requests.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "formats/json_writer.h"
#include "referee/games/registry.h"
#include "referee/record/record_writer.h"

namespace referee::server {

using record::Node;

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

HttpResponse JournalUnwritten(const referee::Error& error) {
  return Error(500, "disk", "the journal cannot be written: " + error.message);
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

Node Without(const Node& map, const std::string& key) {
  Node copy = Node::Map({});
  for (const auto& member : map.members()) {
    if (member.key != key) copy.AddMember(member.key, member.key_pos, member.value);
  }
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

Result<void, HttpResponse> AllowsUnknownHands(const live::Session& session) {
  const record::Record& record = session.record();
  if (record.game->live.deal_from_play == nullptr) {
    return Unexpected<HttpResponse>(
        Error(400, "bad-option",
              "the hands of a " + record.game->name + " table cannot be learnt from its play"));
  }
  if (record.seed) {
    return Unexpected<HttpResponse>(
        Error(400, "bad-option",
              "a table with a seed deals its hands: \"hands\": \"unknown\" is for one without"));
  }
  return {};
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
// ({"players": [...]} where the actors are players). Returns the actors, in order.
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

// The body of POST /tables: {"header": ..., "move_seconds": S, "id": ID, "hands": "unknown"}; of
// PUT /tables/ID the same, where an id, if any, must be the path's.
Result<CreateBody, HttpResponse> ReadCreateBody(const Node& body, const std::string& path_id) {
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
    } else if (member.key == "hands") {
      bool known = member.value.kind() == Node::Kind::kString && member.value.text() == "known";
      create.hands_unknown =
          member.value.kind() == Node::Kind::kString && member.value.text() == "unknown";
      if (!known && !create.hands_unknown) {
        return Refusal(Error(400, "bad-option", "expected hands to be \"known\" or \"unknown\""));
      }
    } else {
      return Refusal(
          Error(400, "unknown-key",
                "expected header, move_seconds, id or hands, found '" + member.key + "'"));
    }
  }
  if (create.header == nullptr) return Refusal(Error(400, "missing-key", "expected a header"));
  if (create.hands_unknown && create.move_ms > 0) {
    return Refusal(Error(400, "bad-option",
                         "expected no move_seconds with \"hands\": \"unknown\": the referee "
                         "cannot play a card from a hand nobody knows"));
  }
  if (!path_id.empty() && !create.id.empty() && create.id != path_id) {
    return Refusal(Error(400, "id-mismatch",
                         "expected the id of the path, " + path_id + ", found " + create.id));
  }
  if (!path_id.empty()) create.id = path_id;
  if (!ValidId(create.id) && !create.id.empty()) {
    return Refusal(Error(400, "bad-id", "expected an id of 1 to 64 letters, digits, - or _"));
  }
  return create;
}

// The line as the table applies it: the token's seat or player filled in (a line naming another
// is refused), and the times the server keeps (docs/serve.md, "Time"), as the game stamps them.
namespace {

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

}  // namespace

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

}  // namespace referee::server
