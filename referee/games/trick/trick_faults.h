// The rule breaks `referee generate --faults` injects into a trick game's records
// (GameDescriptor::faults, docs/generator.md "Faults"). Each is a small edit of a valid record,
// built so that exactly the named finding comes first:
//   revoke          a seat that followed suit in trick t instead plays an off-suit card it played
//                   in a later trick (the two cards swap): `revoke` at the card in trick t. Only
//                   where players must follow suit.
//   out-of-turn     the 2nd and 3rd (or 3rd and 4th) cards of a trick swap, so a seat plays its
//                   neighbour's card: `card-not-in-hand` at the first of them.
//   duplicate-card  a card of one hand is replaced by a card of an earlier seat's hand (N E S W):
//                   `duplicate-card` at the replaced card.
//   missing-card    a card is left out of a hand: `wrong-hand-size` at that hand.
//   wrong-dealer    a later deal names the wrong dealer: `wrong-dealer`.
//   wrong-leader    the lead and the 2nd card of a trick swap: `wrong-leader`.
//   wrong-claim     a deal's claim is one point off: `claim-mismatch`.
//   deal-after-end  a seeded deal after the last: `deal-after-end`.
#pragma once

#include <vector>

#include "referee/games/registry.h"

namespace referee::games::trick {

// The faults of a trick game, in the order a corpus cycles through them; `revoke` only when the
// game makes players follow suit (elsewhere nothing is a revoke).
std::vector<FaultSpec> TrickFaults(bool follows_suit);

}  // namespace referee::games::trick
