// The rule breaks `referee generate --faults` injects into Cahoots records
// (GameDescriptor::faults, docs/generator.md "Faults"), each built so that exactly the named
// finding comes first:
//   no-match        a turn's card goes on a pile it does not match: `no-match`.
//   out-of-turn     (not Speed, which has no turn order) a turn names the next player:
//                   `wrong-player` at the turn.
//   wrong-claim     the claimed goals are one off: `result-mismatch`.
//   deal-after-end  a turn after the end: `play-after-end`.
#pragma once

#include <vector>

#include "referee/games/registry.h"

namespace referee::games::cahoots {

std::vector<FaultSpec> CahootsFaults();

}  // namespace referee::games::cahoots
