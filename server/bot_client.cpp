#include "server/bot_client.h"

#include <algorithm>
#include <chrono>

#include "formats/json_writer.h"
#include "referee/core/printable.h"
#include "referee/core/seat.h"
#include "referee/games/game_record.h"
#include "referee/games/registry.h"
#include "server/http_client.h"

namespace referee::server {

using record::Node;

namespace {

// What a bot's client could not do: the server's answer was not what a seat expects (an I/O error:
// the text it quotes is the server's, escaped).
Unexpected<referee::Error> Problem(std::string_view text) {
  return referee::Fail({referee::ErrorKind::kIo, Printable(text)});
}

std::string TextOf(const Node& map, const char* key) {
  const Node* node = map.IsMap() ? map.Find(key) : nullptr;
  return node != nullptr && node->IsScalar() ? node->text() : "";
}

}  // namespace

Result<record::Record, referee::Error> ClientRecord(const Node& public_header) {
  auto record = record::ReadRecordHeader(public_header);
  if (!record.has_value()) return Problem(record.error().message);
  return std::move(*record);
}

Result<View, referee::Error> ReadView(const Node& view, const record::Record& header) {
  record::Document document = record::DocumentOf(view);
  auto read = header.game->live.read_view(document.Root(), header);
  if (!read.has_value()) return Problem("a view that cannot be read: " + read.error().message);
  return std::move(*read);
}

Result<std::optional<Node>, referee::Error> ChooseLine(const Node& state,
                                                       const record::Record& header, Bot& bot,
                                                       std::mt19937_64& rng) {
  const Node* view_node = state.Find("view");
  const Node* legal_node = state.Find("legal");
  if (view_node == nullptr || legal_node == nullptr) return Problem("a state without view/legal");
  if (legal_node->items().empty()) return std::optional<Node>();
  auto view = ReadView(*view_node, header);
  if (!view.has_value()) return referee::Fail(view.error());
  std::vector<Event> legal;
  for (const Node& line : legal_node->items()) {
    record::Document document = record::DocumentOf(line);
    auto event =
        header.game->live.read_event(document.Root(), header, ToAct{}, games::LineSource::kSeat);
    if (!event.has_value()) return Problem("an unreadable legal event: " + event.error().message);
    legal.push_back(*event);
  }
  Event chosen = bot.Choose(*view, legal, rng);
  return std::optional<Node>(header.game->live.write_event(chosen, header));
}

namespace {

// One seat's connection, timing every request.
class Seat {
 public:
  Seat(uint16_t port, std::string token, DriveStats* stats)
      : client_(std::make_unique<HttpClient>("127.0.0.1", port)),
        token_(std::move(token)),
        stats_(stats) {}
  Result<ClientResponse, referee::Error> Call(const std::string& method, const std::string& target,
                                              const std::string& body = "") {
    auto start = std::chrono::steady_clock::now();
    auto response = client_->Request(method, target, token_, body);
    std::chrono::duration<double, std::micro> took = std::chrono::steady_clock::now() - start;
    stats_->micros.push_back(took.count());
    return response;
  }

 private:
  std::unique_ptr<HttpClient> client_;
  std::string token_;
  DriveStats* stats_;
};

// The actor index named by a `next` object (none where anyone may play).
std::optional<int> NextActor(const Node& next, const record::Record& header) {
  if (std::string seat = TextOf(next, "seat"); !seat.empty()) {
    auto parsed = ParseSeat(seat, "");
    if (parsed.has_value()) return SeatIndex(*parsed);
  }
  std::string player = TextOf(next, "player");
  auto found = std::find(header.players.begin(), header.players.end(), player);
  if (!player.empty() && found != header.players.end()) {
    return static_cast<int>(found - header.players.begin());
  }
  return std::nullopt;
}

}  // namespace

Result<DriveStats, referee::Error> DriveTable(uint16_t port, const std::string& id,
                                              const std::vector<std::string>& tokens,
                                              std::vector<std::unique_ptr<Bot>>& bots,
                                              uint64_t seed, int max_moves) {
  DriveStats stats;
  if (Result<void, referee::Error> played =
          PlayTable(port, id, tokens, bots, seed, max_moves, &stats);
      !played) {
    return referee::Fail(played.error());
  }
  return stats;
}

Result<void, referee::Error> PlayTable(uint16_t port, const std::string& id,
                                       const std::vector<std::string>& tokens,
                                       std::vector<std::unique_ptr<Bot>>& bots, uint64_t seed,
                                       int max_moves, DriveStats* out) {
  DriveStats& stats = *out;
  std::vector<Seat> seats;
  for (const std::string& token : tokens) seats.emplace_back(port, token, &stats);
  auto info = seats[0].Call("GET", "/tables/" + id);
  if (!info.has_value()) return referee::Fail(info.error());
  const Node* public_header = info->json.IsMap() ? info->json.Find("header") : nullptr;
  if (info->status != 200 || public_header == nullptr) return Problem("GET table: " + info->body);
  auto header = ClientRecord(*public_header);
  if (!header.has_value()) return Problem("the public header: " + header.error().message);
  std::mt19937_64 rng(seed);
  Node next = *info->json.Find("next");
  std::string status = TextOf(info->json, "status");
  for (int round = 0; status == "in-play" && stats.moves != max_moves; ++round) {
    if (round > 100000) return Problem("table " + id + " never ended");
    std::optional<int> actor = NextActor(next, *header);
    int who = actor.value_or(round % static_cast<int>(seats.size()));
    auto state = seats[who].Call("GET", "/tables/" + id + "/wait");
    if (!state.has_value()) return referee::Fail(state.error());
    if (state->status != 200) return Problem("wait: " + state->body);
    status = TextOf(state->json, "status");
    next = *state->json.Find("next");
    if (status != "in-play" || (actor && NextActor(next, *header) != actor)) continue;
    auto line = ChooseLine(state->json, *header, *bots[who], rng);
    if (!line.has_value()) return referee::Fail(line.error());
    if (!line->has_value()) continue;
    auto posted =
        seats[who].Call("POST", "/tables/" + id + "/events", formats::WriteJson(**line, false));
    if (!posted.has_value()) return referee::Fail(posted.error());
    if (posted->status == 422) {
      ++stats.rejected;  // someone was quicker (Speed), or the move clock played first
      continue;
    }
    if (posted->status != 200)
      return Problem("POST " + std::to_string(posted->status) + ": " + posted->body);
    ++stats.moves;
    stats.acknowledged.push_back(*posted->json.Find("event"));
    next = *posted->json.Find("next");
    if (TextOf(next, "phase") == "over") status = "over";
  }
  return {};
}

}  // namespace referee::server
