// Plonk (David Parlett): four players in two partnerships, no need to follow suit, no trumps; cards
// of the suit led are dead (-1 each), the others live (face value, A 15) for the side that wins
// the trick.
//
// Source: parlettgames.uk/oricards/plonk.html (seed 002), the only source. Project rulings
// (rules.md section 3, docs/rules/plonk.md):
//   - 13 cards each, not 14. The page says both: "receive 13 cards each" and "Deal 14 cards
//     each, in ones"; 4 x 14 = 56 does not fit a 52-card pack, so 14 is impossible and the deal
//     paragraph reads as copied from another game. 13 tricks per deal.
//   - The record declares the first dealer; the deal then passes one seat to the left (rule option
//     `dealer_rotation`: "two-dealers" alternates between the first dealer and the player at
//     their left, the other reading of "the turn to deal then alternates").
//   - The dealer's left-hand opponent leads to trick 1; then the trick winner, except when none of
//     the three others played the suit led: then the winner's right-hand opponent leads. A lead
//     by anyone else is an illegal event (`wrong-leader`); no penalty is invented.
//   - Game to `target` (500), checked after each deal: one side at or above it wins, both: the
//     higher total wins, equal totals play another deal. A voided deal never ends the match.
#pragma once

#include "referee/games/registry.h"

namespace referee::games::plonk {

const GameDescriptor& Descriptor();

}  // namespace referee::games::plonk
