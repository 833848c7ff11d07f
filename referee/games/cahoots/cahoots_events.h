// Cahoots' events and view: the set-up of the table and a player's turn, and what one player may
// see. They are the payloads of core Events (referee/core/event.h): a turn's player is the
// event's actor (an index into the record's players, in turn order).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "referee/core/finding.h"
#include "referee/games/cahoots/cahoots_cards.h"
#include "referee/games/cahoots/cahoots_goals.h"

namespace referee::games::cahoots {

// Turn `number` of the match (1-based), as a finding's place counts it.
inline PlayStep TurnStep(int number) { return PlayStep{"turn", number}; }

// The set-up: the number deck (or seeded), and the goal pile, top first.
struct SetupEvent {
  static constexpr std::string_view kKind = "setup";
  std::optional<std::vector<NumberCard>> deck;
  bool seeded = false;
  int board = 0;  // seeded: the board number, as a trick deal's; 0 means board 1
  std::vector<GoalSpec> goals;
};

// What a record may claim of a turn beside the play itself; checked when given.
struct TurnClaims {
  std::optional<std::vector<NumberCard>> drawn;       // the cards the player drew
  std::optional<std::vector<std::string>> completed;  // goals the record says it completed
};

// One player's turn: a card onto a pile.
struct TurnEvent {
  static constexpr std::string_view kKind = "turn";
  int turn = 0;  // 1-based as written; 0 for a live event
  NumberCard card;
  int pile = 0;                  // 1..4 as written; the engine checks the range
  std::optional<int64_t> at_ms;  // Speed: when the card was played
  // Claims are rare beside the turns themselves, so a turn without any stays small.
  std::shared_ptr<const TurnClaims> claims;
};

// What one player may see: their own cards, the table and the counts, and other players' cards
// only with Lil Cahoots' open hands.
struct CahootsView {
  std::vector<NumberCard> cards;      // own number cards
  std::vector<NumberCard> pile_tops;  // piles 1-4
  std::vector<GoalSpec> goals;        // visible goals
  int goals_completed = 0;
  int goals_total = 0;
  int draw_pile = 0;                                                // cards left to draw
  std::vector<std::pair<int, std::vector<NumberCard>>> open_hands;  // open hands, by player
};

}  // namespace referee::games::cahoots
