#include "server/bot_client.h"

#include <algorithm>
#include <chrono>

#include "formats/json_writer.h"
#include "referee/core/card.h"
#include "referee/core/seat.h"
#include "referee/games/cahoots/cahoots_cards.h"
#include "referee/games/registry.h"
#include "referee/record/record_reader.h"
#include "server/http_client.h"

namespace referee::server {

using record::Node;

namespace {

Unexpected<std::string> Problem(const std::string& text) { return Unexpected<std::string>(text); }

std::string TextOf(const Node& map, const char* key) {
  const Node* node = map.IsMap() ? map.Find(key) : nullptr;
  return node != nullptr && node->IsScalar() ? node->text() : "";
}

int IntegerOf(const Node& map, const char* key) {
  std::string text = TextOf(map, key);
  return text.empty() ? 0 : std::stoi(text);
}

Result<std::vector<Card>, std::string> Cards(const std::string& words) {
  std::vector<Card> cards;
  for (const record::Word& word : record::SplitWords(words)) {
    auto card = ParseCard(word.text, "");
    if (!card.has_value()) return Problem(card.error().message);
    cards.push_back(*card);
  }
  return cards;
}

Result<std::vector<NumberCard>, std::string> NumberCards(const std::string& words,
                                                         const games::cahoots::Edition& edition) {
  std::vector<NumberCard> cards;
  for (const record::Word& word : record::SplitWords(words)) {
    auto card = games::cahoots::ParseNumberCard(word.text, edition, "");
    if (!card.has_value()) return Problem(card.error().message);
    cards.push_back(*card);
  }
  return cards;
}

Result<CardSet, std::string> Hand(const std::string& words) {
  auto cards = Cards(words);
  if (!cards.has_value()) return Problem(cards.error());
  CardSet hand;
  for (Card card : *cards) hand.Add(card);
  return hand;
}

Result<void, std::string> ReadDealView(const Node& node, View& view) {
  auto seat = ParseSeat(TextOf(node, "dealer"), "");
  auto hand = Hand(TextOf(node, "hand"));
  const Node* trick = node.Find("trick");
  auto cards = Cards(trick != nullptr ? TextOf(*trick, "cards") : "");
  auto played = Cards(TextOf(node, "played"));
  if (!seat.has_value() || !hand.has_value() || !cards.has_value() || !played.has_value()) {
    return Problem("a view with a bad dealer or bad cards");
  }
  view.dealer = *seat;
  view.hand = *hand;
  view.trick = *cards;
  view.played = *played;
  if (trick != nullptr && trick->Has("leader")) {
    auto leader = ParseSeat(TextOf(*trick, "leader"), "");
    if (leader.has_value()) view.trick_leader = *leader;
  }
  if (const Node* won = node.Find("tricks_won")) {
    for (int i = 0; i < 4; ++i)
      view.tricks_won[i] = IntegerOf(*won, std::string(1, "NESW"[i]).c_str());
  }
  if (const Node* call = node.Find("call")) {
    CallEvent event;
    std::string trump = TextOf(*call, "trump");
    if (trump == "NT") {
      event.no_trump = true;
    } else if (auto suit = ParseSuit(trump, ""); suit.has_value()) {
      event.trump = *suit;
    }
    if (auto by = ParseSeat(TextOf(*call, "by"), ""); by.has_value()) event.by = *by;
    event.tricks = IntegerOf(*call, "tricks");
    view.call = event;
  }
  if (const Node* known = node.Find("known_hands")) {
    for (const auto& member : known->members()) {
      auto seat_known = ParseSeat(member.key, "");
      auto cards_known = Hand(member.value.text());
      if (seat_known.has_value() && cards_known.has_value()) {
        view.known_hands.emplace_back(*seat_known, *cards_known);
      }
    }
  }
  return {};
}

Result<View, std::string> ReadTrickView(const Node& node) {
  View view;
  auto seat = ParseSeat(TextOf(node, "seat"), "");
  if (!seat.has_value()) return Problem("a view without its seat");
  view.actor = SeatIndex(*seat);
  view.deal = IntegerOf(node, "deal");
  if (node.Has("dealer")) {
    auto read = ReadDealView(node, view);
    if (!read.has_value()) return Problem(read.error());
  }
  return view;
}

const std::vector<GoalSpec>* HeaderGoals(const record::Record& header) {
  for (const record::Record::Entry& entry : header.entries) {
    const Event* event = std::get_if<Event>(&entry.item);
    if (const auto* setup = event ? std::get_if<SetupEvent>(event) : nullptr) return &setup->goals;
  }
  return nullptr;
}

Result<View, std::string> ReadCahootsView(const Node& node, const record::Record& header) {
  View view;
  const auto& edition = games::cahoots::EditionNamed(header.rules.Choice("edition"));
  std::string player = TextOf(node, "player");
  auto found = std::find(header.players.begin(), header.players.end(), player);
  if (found == header.players.end()) return Problem("a view of an unknown player " + player);
  view.actor = static_cast<int>(found - header.players.begin());
  auto cards = NumberCards(TextOf(node, "cards"), edition);
  auto piles = NumberCards(TextOf(node, "piles"), edition);
  if (!cards.has_value() || !piles.has_value()) return Problem("a view with bad cards");
  view.cards = *cards;
  view.pile_tops = *piles;
  // Goals are shown by label; the header's goal pile says what each label means.
  const std::vector<GoalSpec>* goals = HeaderGoals(header);
  if (const Node* shown = node.Find("goals"); shown != nullptr && goals != nullptr) {
    for (const Node& label : shown->items()) {
      for (const GoalSpec& goal : *goals) {
        if (goal.label == label.text()) {
          view.goals.push_back(goal);
          break;
        }
      }
    }
  }
  view.goals_completed = IntegerOf(node, "goals_completed");
  view.goals_total = IntegerOf(node, "goals_total");
  view.draw_pile = IntegerOf(node, "draw_pile");
  return view;
}

}  // namespace

Result<record::Record, std::string> ClientRecord(const Node& public_header) {
  Node tree = Node::Map({});
  for (const auto& member : public_header.members()) {
    if (member.key != "seed" && member.key != "deck") tree.AddMember(member.key, {}, member.value);
  }
  // A stand-in seed: the reader wants a deal source; the client never deals.
  tree.AddMember("seed", {}, record::Node::Scalar(Node::Kind::kString, "hidden", {}));
  const games::GameDescriptor* game = games::FindGame(TextOf(public_header, "game"));
  if (game == nullptr) return Problem("an unknown game");
  tree.AddMember(game->live.events_key, {}, Node::List({}));
  auto record = record::ReadRecord(tree);
  if (!record.has_value()) return Problem(record.error().message);
  return std::move(*record);
}

Result<View, std::string> ReadView(const Node& view, const record::Record& header) {
  if (header.game->player_shape == games::PlayerShape::kTurnOrder) {
    return ReadCahootsView(view, header);
  }
  return ReadTrickView(view);
}

Result<std::optional<Node>, std::string> ChooseLine(const Node& state, const record::Record& header,
                                                    Bot& bot, std::mt19937_64& rng) {
  const Node* view_node = state.Find("view");
  const Node* legal_node = state.Find("legal");
  if (view_node == nullptr || legal_node == nullptr) return Problem("a state without view/legal");
  if (legal_node->items().empty()) return std::optional<Node>();
  auto view = ReadView(*view_node, header);
  if (!view.has_value()) return Problem(view.error());
  std::vector<Event> legal;
  for (const Node& line : legal_node->items()) {
    auto event = header.game->live.read_event(line, header, ToAct{}, games::LineSource::kSeat);
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
  Result<ClientResponse, std::string> Call(const std::string& method, const std::string& target,
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

// The actor index named by a `next` object (none in Speed Cahoots: anyone may play).
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

Result<DriveStats, std::string> DriveTable(uint16_t port, const std::string& id,
                                           const std::vector<std::string>& tokens,
                                           std::vector<std::unique_ptr<Bot>>& bots, uint64_t seed,
                                           int max_moves) {
  DriveStats stats;
  std::vector<Seat> seats;
  for (const std::string& token : tokens) seats.emplace_back(port, token, &stats);
  auto info = seats[0].Call("GET", "/tables/" + id);
  if (!info.has_value()) return Problem(info.error());
  const Node* public_header = info->json.IsMap() ? info->json.Find("header") : nullptr;
  if (info->status != 200 || public_header == nullptr) return Problem("GET table: " + info->body);
  auto header = ClientRecord(*public_header);
  if (!header.has_value()) return Problem("the public header: " + header.error());
  std::mt19937_64 rng(seed);
  Node next = *info->json.Find("next");
  std::string status = TextOf(info->json, "status");
  for (int round = 0; status == "in-play" && stats.moves != max_moves; ++round) {
    if (round > 100000) return Problem("table " + id + " never ended");
    std::optional<int> actor = NextActor(next, *header);
    int who = actor.value_or(round % static_cast<int>(seats.size()));
    auto state = seats[who].Call("GET", "/tables/" + id + "/wait");
    if (!state.has_value()) return Problem(state.error());
    if (state->status != 200) return Problem("wait: " + state->body);
    status = TextOf(state->json, "status");
    next = *state->json.Find("next");
    if (status != "in-play" || (actor && NextActor(next, *header) != actor)) continue;
    auto line = ChooseLine(state->json, *header, *bots[who], rng);
    if (!line.has_value()) return Problem(line.error());
    if (!line->has_value()) continue;
    auto posted =
        seats[who].Call("POST", "/tables/" + id + "/events", formats::WriteJson(**line, false));
    if (!posted.has_value()) return Problem(posted.error());
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
  return stats;
}

}  // namespace referee::server
