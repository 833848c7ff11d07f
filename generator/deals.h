// The seeded deals `referee deal` prints (docs/generator.md, "Deals and commitments"): for a game,
// a seed and a range of boards, the cards each board deals by the published algorithm of
// docs/record-format.md "Seeded deals", and the commitment SHA-256(seed).
//
// Trick games: board b is dealt as deal b of a match whose first dealer is N and whose deal passes
// to the left, so its dealer is N, E, S, W, N, ... for b = 1, 2, 3, 4, 5, ...; hands are listed
// per seat in canonical order (record-format.md "Cards"). The engine deals them, exactly as the
// verifier does for a record with `seed:` and `board:`.
// Cahoots: each board's deck order in the edition's card names, shuffled by the engine's own
// SeededDeck: the deck a record with `seed:` and `board:` (default 1) is dealt; for a player
// count, also the hands (one card at a time in turn order until each holds 4), the four pile
// starters and the size of the draw pile.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "referee/core/result.h"
#include "referee/core/rule_options.h"
#include "referee/games/registry.h"
#include "referee/record/node.h"

namespace referee::generator {

struct BoardRange {
  int first = 1;
  int last = 1;
};

// "3" or "1-4"; boards 1..1000000, at most 10000 of them at once.
Result<BoardRange> ParseBoards(std::string_view text);

struct DealRequest {
  const games::GameDescriptor* game = nullptr;
  RuleOptions rules;  // Cahoots: the edition
  std::string seed;
  BoardRange boards;
  int players = 0;  // Cahoots: also list the dealt hands for this many players (0: no)
};

// The commitment an organiser publishes before the event: lower-case hex SHA-256 of the seed.
std::string Commitment(std::string_view seed);

// The deals as a tree: {game, sha256, boards: [{board, dealer, hands: {N: "...", ...}}]}, or for
// Cahoots {board, deck, hands: ["...", ...], piles, draw}. The CLI writes it as JSON.
Result<record::Node> DealTree(const DealRequest& request);

// The same as text, one line per hand:
//   game: collusion
//   sha256: 6257c26e...
//   board 1, dealer N
//     N: 2C 5C ...
std::string DealText(const record::Node& tree);

}  // namespace referee::generator
