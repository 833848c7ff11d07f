// A deal played with real cards whose hands nobody entered (LiveHooks::deal_from_play; a table
// with "hands": "unknown", docs/serve.md): every card is entered as it is played, and the referee
// checks it against hands that agree with all the cards played so far. Each seat holds the cards
// it has played; the cards not yet played are shared out to fill each hand, never giving a seat a
// card of a suit it has shown it lacks (it did not follow that suit when the rules made it).
// Once every card is played, the hands are exact and the deal is an ordinary record's deal.
#pragma once

#include <vector>

#include "referee/core/result.h"
#include "referee/games/trick/trick_match.h"
#include "referee/record/node.h"

namespace referee::games::trick {

// The `deal` line of deal `deal` (1-based; the first names North as its dealer) whose hands agree
// with `lines`, the deal's event lines in order after its deal (a call, the plays, each naming
// its seat). A finding when no hands can: a card played twice or not in the pack, a seat playing
// a card of a suit it failed to follow (a revoke, proven by its own cards), or cards not yet
// played that only seats which failed to follow their suit could hold (a revoke is then certain:
// the finding names those seats).
Result<record::Node> DealFromPlay(const TrickRules& rules, int deal,
                                  const std::vector<record::Node>& lines);

}  // namespace referee::games::trick
