// The requests of `referee serve` read and answered (docs/serve.md, "Endpoints"): the bodies the
// service takes, the line a seat's event becomes, and the JSON replies, errors included. Pure
// functions of their arguments, for server/service*.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "formats/json_reader.h"
#include "live/session.h"
#include "referee/core/result.h"
#include "referee/record/node.h"
#include "server/service.h"
#include "server/store.h"
#include "server/table.h"

namespace referee::server {

// The body of POST /tables and PUT /tables/ID, read.
struct CreateBody {
  const record::Node* header = nullptr;
  int64_t move_ms = 0;
  std::string id;              // empty: a random one
  bool hands_unknown = false;  // "hands": "unknown" (TableMeta::hands_unknown)
};

// A reply with a JSON body (and a line break).
HttpResponse JsonResponse(int status, const record::Node& body);
// {"ok":false,"code":CODE,"message":MESSAGE}.
HttpResponse Error(int status, const std::string& code, const std::string& message);
// 500 `disk`: a table's journal could not be made durable (the table stops).
HttpResponse JournalUnwritten(const referee::Error& error);
// A body that is not the JSON expected: the reader's finding, located.
HttpResponse FindingError(const Finding& finding);
// 405, with the methods the path takes.
HttpResponse MethodNotAllowed(const std::string& allow);
// Whether a member is JSON true.
bool IsTrue(const record::Node* node);
// A copy of a map with `key` set to `value` (replaced where it was, else added last).
record::Node WithMember(const record::Node& map, const std::string& key, record::Node value);
// A copy of a map without `key`.
record::Node Without(const record::Node& map, const std::string& key);
// A table id: 1 to 64 letters, digits, - or _.
bool ValidId(const std::string& id);
// The token of `Authorization: Bearer TOKEN`.
std::optional<std::string> BearerToken(const std::string& authorization);
// "move_seconds": a number from 0 to a day, in milliseconds.
std::optional<int64_t> MoveMillis(const record::Node& node);
// The integer `key=N` of a query; -1 when absent, none when not an integer.
std::optional<int64_t> QueryInteger(const std::string& query, const std::string& key);
// {"ok":true}, to which a reply adds its members.
record::Node Ok();
// What a seat (or the organiser, actor none) may know of a table now.
record::Node StateNode(Table& table, std::optional<int> actor, const record::Node& referee_moves);
// The seats (N E S W) or the players of a session's game; `key` says which ("seat", "player").
std::vector<std::string> ActorsOf(const live::Session& session, std::string* key);
// 409 table-cancelled.
HttpResponse CancelledError(const Table& table);
// Refuses "hands": "unknown" for a table whose game cannot learn its hands from the cards played,
// or whose header's seed deals them already.
Result<void, HttpResponse> AllowsUnknownHands(const live::Session& session);
// A body that may be empty (nothing to say) or a JSON map.
Result<record::Node, HttpResponse> OptionalMap(const std::string& text,
                                               const formats::ReadLimits& limits);
// The body of POST /tables/ID/tokens: empty or {} for every actor, else {"seats": ["E", ...]}
// ({"players": [...]} where the actors are players). Returns the actors, in order.
Result<std::vector<int>, HttpResponse> ReadReissueBody(const record::Node& body,
                                                       const TableMeta& meta);
// The body of POST /tables/ID/cancel: empty or {} or {"reason": TEXT}.
Result<std::optional<std::string>, HttpResponse> ReadCancelBody(const record::Node& body);
// The body of POST /tables: {"header": ..., "move_seconds": S, "id": ID}; of PUT /tables/ID the
// same, where an id, if any, must be the path's.
Result<CreateBody, HttpResponse> ReadCreateBody(const record::Node& body,
                                                const std::string& path_id);
// The line as the table applies it: the token's seat or player filled in (a line naming another
// is refused), and the times the server keeps (docs/serve.md, "Time") in conference and turn lines.
Result<record::Node, HttpResponse> CompleteLine(const Table& table, std::optional<int> actor,
                                                bool organiser, record::Node line,
                                                const std::string& kind, int64_t now);

}  // namespace referee::server
