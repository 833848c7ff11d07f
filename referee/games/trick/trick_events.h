// The events and the view every trick game shares: a deal, a play, the end of a record's deal,
// and what one seat may see. They are the payloads of core Events (referee/core/event.h); the
// event's common part carries the deal number, the seat it names (a play's seat; never the
// dealer, which a deal carries as data) and the record pointer.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "referee/core/card.h"
#include "referee/core/finding.h"
#include "referee/core/payload.h"
#include "referee/core/seat.h"

namespace referee::games::trick {

// Trick `number` of its deal (1-based), as a finding's place and the live `next` count it.
inline PlayStep TrickStep(int number) { return PlayStep{"trick", number}; }

// The cards of one deal: as hands, as a pack order, and/or regenerated from the record's seed.
// Where more than one is present they must agree.
struct DealEvent {
  static constexpr std::string_view kKind = "deal";
  std::optional<Seat> dealer;
  int board = 0;  // seeded deals: the board number; 0 means the deal number
  std::optional<std::array<std::vector<Card>, 4>> hands;  // indexed by SeatIndex
  std::optional<std::vector<Card>> deck;                  // top first
  bool seeded = false;  // the record has a seed: regenerate this board and compare
};

// One card played. The seat is implicit in records (the rules say who plays) and given by live
// clients: the event's actor.
struct PlayEvent {
  static constexpr std::string_view kKind = "play";
  Card card;
  int trick = 0;      // 1-based as written in the record; 0 for a live event
  int position = -1;  // 0 = the lead; -1 for a live event
  // Records only: how many cards the record wrote in this trick, and whether this trick is the
  // last one of the record (which may be unfinished). 0 for a live event.
  int written_size = 0;
  bool last_in_record = false;
};

// Written after the tricks of every deal that a later deal follows: the deal must be complete.
struct DealEndEvent {
  static constexpr std::string_view kKind = "deal-end";
};

// What one seat may see of a trick game: its own hand and the table, never another hand but
// those the rules show it. A game with more to show (a call) puts it in `extension`.
struct TrickView {
  int deal = 0;
  std::optional<Seat> dealer;  // set once the deal is under way
  CardSet hand;
  std::optional<Seat> trick_leader;
  std::vector<Card> trick;   // the trick in progress, the lead first
  std::vector<Card> played;  // every card played in this deal, in order
  std::array<int, 4> tricks_won{};
  std::vector<std::pair<Seat, CardSet>> known_hands;  // hands the seat was shown, as dealt
  Payload extension;
};

}  // namespace referee::games::trick
