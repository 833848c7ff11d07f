// Collusion (David Parlett): four players each for themselves, plain tricks, no trumps, bonuses
// for matching trick counts, game to 100 reachable only with a bonus.
//
// Source: parlettgames.uk/oricards/collude.html (seed 000). Project rulings
// (docs/rules/collusion.md): the record declares the first dealer and the deal then passes left;
// the player at the dealer's left leads; a revoke or a card from the wrong hand is an illegal event
// (no penalty invented); "into the hundreds" includes exactly the target; the match ends after the
// deal in which anyone reaches the target with a bonus; the higher total wins and equal totals
// share the win.
#pragma once

#include "referee/games/registry.h"

namespace referee::games::collusion {

const GameDescriptor& Descriptor();

}  // namespace referee::games::collusion
