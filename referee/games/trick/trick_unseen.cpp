#include "referee/games/trick/trick_unseen.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "referee/core/seat.h"
#include "referee/record/record_writer.h"

namespace referee::games::trick {

using record::Node;

namespace {

constexpr int kSuits = 4;

// Where a seat showed it lacks a suit: the trick, and the card it played instead.
struct ShownOut {
  int trick = 0;
  Card instead;
};

// What the cards played so far say about each seat.
struct PlaySoFar {
  CardSet seen;
  std::array<CardSet, 4> played;
  std::array<std::array<std::optional<ShownOut>, kSuits>, 4> shown_out;  // by seat, by suit
  std::array<int, 52> trick_of{};                                        // by card index
  std::array<Seat, 52> seat_of{};
};

Place PlayPlace(int deal, int trick, Seat seat, Card card) {
  Place place;
  place.game = GamePlace{
      .deal = deal, .step = TrickStep(trick), .actor = SeatName(seat), .card = ToString(card)};
  return place;
}

std::string TrickText(int trick) { return "trick " + std::to_string(trick); }

// One play, checked against what the cards before it showed, then added to them.
std::optional<Finding> AddPlay(const TrickRules& rules, int deal, int trick,
                               std::optional<Suit> led, Seat seat, Card card, PlaySoFar& so_far) {
  Place place = PlayPlace(deal, trick, seat, card);
  if (!rules.pack.Contains(card)) {
    return Illegal("card-not-in-pack", place,
                   "expected a card of the game's pack, found " + ToString(card));
  }
  if (so_far.seen.Contains(card)) {
    int at = so_far.trick_of[card.Index()];
    return Illegal("card-not-in-hand", place,
                   "expected a card not yet played in this deal, found " + ToString(card) +
                       ", which " + SeatName(so_far.seat_of[card.Index()]) + " played to " +
                       TrickText(at));
  }
  int s = SeatIndex(seat);
  if (const auto& out = so_far.shown_out[s][static_cast<int>(card.suit)]) {
    return Illegal("revoke", place,
                   "expected no " + SuitName(card.suit) + " from " + SeatName(seat) +
                       ", which did not follow " + SuitName(card.suit) + " to " +
                       TrickText(out->trick) + " (it played " + ToString(out->instead) +
                       "), found " + ToString(card) + ": " + SeatName(seat) + " revoked at " +
                       TrickText(out->trick));
  }
  if (so_far.played[s].Size() >= rules.pack.Size() / 4) {
    return Illegal("card-not-in-hand", place,
                   "expected no more cards from " + SeatName(seat) + ", which has played its hand");
  }
  if (led && rules.must_follow_suit && card.suit != *led) {
    so_far.shown_out[s][static_cast<int>(*led)] = ShownOut{trick, card};
  }
  so_far.seen.Add(card);
  so_far.played[s].Add(card);
  so_far.trick_of[card.Index()] = trick;
  so_far.seat_of[card.Index()] = seat;
  return std::nullopt;
}

// The cards not yet played, shared out by suit to the seats as a flow: source -> suit (its cards
// not yet played) -> seat (every suit it has not shown it lacks) -> sink (its room left).
class Shares {
 public:
  static constexpr int kSource = 0, kSink = 9;
  static int SuitNode(int suit) { return 1 + suit; }
  static int SeatNode(int seat) { return 5 + seat; }

  Shares(const TrickRules& rules, const PlaySoFar& so_far) {
    CardSet unseen(rules.pack.Bits() & ~so_far.seen.Bits());
    int hand_size = rules.pack.Size() / 4;
    for (int suit = 0; suit < kSuits; ++suit) {
      capacity_[kSource][SuitNode(suit)] = unseen.OfSuit(static_cast<Suit>(suit)).Size();
      for (int seat = 0; seat < 4; ++seat) {
        if (!so_far.shown_out[seat][suit]) capacity_[SuitNode(suit)][SeatNode(seat)] = 52;
      }
    }
    for (int seat = 0; seat < 4; ++seat) {
      capacity_[SeatNode(seat)][kSink] = hand_size - so_far.played[seat].Size();
    }
    needed_ = unseen.Size();
    while (Augment()) {
    }
  }

  bool Complete() const { return flow_ == needed_; }
  // How many cards of `suit` go to `seat`.
  int Of(int suit, int seat) const { return flow_on_[SuitNode(suit)][SeatNode(seat)]; }
  // After an incomplete share: what the source still reaches (the suits too many for the room of
  // the seats that may hold them, and those seats).
  std::array<bool, 10> Reached() const {
    std::array<bool, 10> seen{};
    Search(&seen, nullptr);
    return seen;
  }
  int Capacity(int from, int to) const { return capacity_[from][to]; }

 private:
  int Residual(int from, int to) const {
    return capacity_[from][to] - flow_on_[from][to] + flow_on_[to][from];
  }

  // Breadth first from the source over edges with room; `parent` (when given) the way back.
  void Search(std::array<bool, 10>* seen, std::array<int, 10>* parent) const {
    std::array<int, 10> queue{};
    int head = 0, tail = 0;
    queue[tail++] = kSource;
    (*seen)[kSource] = true;
    while (head < tail) {
      int node = queue[head++];
      for (int next = 0; next < 10; ++next) {
        if ((*seen)[next] || Residual(node, next) <= 0) continue;
        (*seen)[next] = true;
        if (parent != nullptr) (*parent)[next] = node;
        queue[tail++] = next;
      }
    }
  }

  bool Augment() {
    std::array<bool, 10> seen{};
    std::array<int, 10> parent{};
    Search(&seen, &parent);
    if (!seen[kSink]) return false;
    int amount = 52;
    for (int node = kSink; node != kSource; node = parent[node]) {
      amount = std::min(amount, Residual(parent[node], node));
    }
    for (int node = kSink; node != kSource; node = parent[node]) {
      int back = std::min(amount, flow_on_[node][parent[node]]);
      flow_on_[node][parent[node]] -= back;
      flow_on_[parent[node]][node] += amount - back;
    }
    flow_ += amount;
    return true;
  }

  std::array<std::array<int, 10>, 10> capacity_{};
  std::array<std::array<int, 10>, 10> flow_on_{};
  int flow_ = 0;
  int needed_ = 0;
};

// No hands agree with the play: the suits the source still reaches have more cards left than the
// seats that may hold them have room for, so a seat that failed to follow one of them holds it.
Finding RevokeCertain(const Shares& shares, const PlaySoFar& so_far, int deal, int trick, Seat seat,
                      Card card) {
  std::array<bool, 10> reached = shares.Reached();
  int cards = 0, room = 0;
  std::string suits, holders, shown;
  for (int suit = 0; suit < kSuits; ++suit) {
    if (!reached[Shares::SuitNode(suit)]) continue;
    cards += shares.Capacity(Shares::kSource, Shares::SuitNode(suit));
    suits += (suits.empty() ? "" : " and ") + SuitName(static_cast<Suit>(suit));
    for (Seat other : kAllSeats) {
      const auto& out = so_far.shown_out[SeatIndex(other)][suit];
      if (!out) continue;
      shown += (shown.empty() ? "" : "; ") + SeatName(other) + " did not follow " +
               SuitName(static_cast<Suit>(suit)) + " to " + TrickText(out->trick);
    }
  }
  for (Seat other : kAllSeats) {
    if (!reached[Shares::SeatNode(SeatIndex(other))]) continue;
    room += shares.Capacity(Shares::SeatNode(SeatIndex(other)), Shares::kSink);
    holders += (holders.empty() ? "" : ", ") + SeatName(other);
  }
  if (holders.empty()) holders = "no seat";
  return Illegal("revoke", PlayPlace(deal, trick, seat, card),
                 "expected the " + std::to_string(cards) + " cards of " + suits +
                     " not yet played to fit in the hands that may hold them (" + holders +
                     ", room for " + std::to_string(room) + "), found a revoke certain: " + shown);
}

Node HandsNode(const TrickRules& rules, const PlaySoFar& so_far, const Shares& shares) {
  std::array<CardSet, 4> hands = so_far.played;
  CardSet unseen(rules.pack.Bits() & ~so_far.seen.Bits());
  for (int suit = 0; suit < kSuits; ++suit) {
    std::vector<Card> cards = unseen.OfSuit(static_cast<Suit>(suit)).Cards();
    size_t next = 0;
    for (int seat = 0; seat < 4; ++seat) {
      for (int n = 0; n < shares.Of(suit, seat); ++n) hands[seat].Add(cards.at(next++));
    }
  }
  Node node = Node::Map({});
  for (Seat seat : kAllSeats) {
    node.AddMember(SeatName(seat), {}, record::StringNode(hands[SeatIndex(seat)].ToString()));
  }
  return node;
}

}  // namespace

Result<Node> DealFromPlay(const TrickRules& rules, int deal, const std::vector<Node>& lines) {
  PlaySoFar so_far;
  int plays = 0;
  std::optional<Suit> led;
  std::optional<std::pair<Seat, Card>> last;
  for (const Node& line : lines) {
    const Node* kind = line.IsMap() ? line.Find("event") : nullptr;
    if (kind == nullptr || !kind->IsScalar() || kind->text() != "play") continue;
    const Node* seat_node = line.Find("seat");
    const Node* card_node = line.Find("card");
    std::optional<Card> card = card_node != nullptr && card_node->IsScalar()
                                   ? CardFromText(card_node->text())
                                   : std::nullopt;
    // A card that cannot be read is the engine's to refuse (`bad-card`), as at any table.
    if (!card) continue;
    if (seat_node == nullptr || !seat_node->IsScalar() || !SeatFromText(seat_node->text())) {
      return Fail(Malformed("missing-key", "", "expected a play to name its seat"));
    }
    Seat seat = SeatFromText(seat_node->text()).value_or(Seat::kNorth);
    int trick = plays / 4 + 1;
    if (plays % 4 == 0) led.reset();
    if (auto finding = AddPlay(rules, deal, trick, led, seat, *card, so_far)) {
      return Fail(std::move(*finding));
    }
    if (!led) led = card->suit;
    last = {seat, *card};
    ++plays;
  }
  Shares shares(rules, so_far);
  // Before any card is played, every hand has room for the whole pack's share.
  if (!shares.Complete() && last) {
    return Fail(
        RevokeCertain(shares, so_far, deal, (plays - 1) / 4 + 1, last->first, last->second));
  }
  Node line = Node::Map({});
  line.AddMember("event", {}, record::StringNode("deal"));
  if (deal == 1) line.AddMember("dealer", {}, record::StringNode(SeatName(Seat::kNorth)));
  line.AddMember("hands", {}, HandsNode(rules, so_far, shares));
  return line;
}

}  // namespace referee::games::trick
