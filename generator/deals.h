// The seeded deals `referee deal` prints (docs/generator.md, "Deals and commitments"): for a game,
// a seed and a range of boards, the cards each board deals by the published algorithm of
// docs/record-format.md "Seeded deals", and the commitment SHA-256(seed).
//
// Each game prints its boards (GameDescriptor::deal_board): a trick game's hands per seat, the
// board dealt as deal b of a match whose first dealer is N (so its dealer is N, E, S, W, N, ...
// for b = 1, 2, 3, ...); a game whose deck is laid out rather than dealt by seats, its deck
// order, and for a number of players the hands they are dealt.
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
  RuleOptions rules;  // the game's options (some fix the cards' names)
  std::string seed;
  BoardRange boards;
  int players = 0;  // where the number of players varies: list the hands of this many (0: no)
};

// The commitment an organiser publishes before the event: lower-case hex SHA-256 of the seed.
std::string Commitment(std::string_view seed);

// The deals as a tree: {game, sha256, boards: [...]}, each board as its game prints it:
// {board, dealer, hands: {N: "...", ...}} or {board, deck, hands: ["...", ...], piles, draw}.
// The CLI writes it as JSON.
Result<record::Node> DealTree(const DealRequest& request);

// The same as text, one line per hand:
//   game: GAME
//   sha256: 6257c26e...
//   board 1, dealer N
//     N: 2C 5C ...
std::string DealText(const record::Node& tree);

}  // namespace referee::generator
