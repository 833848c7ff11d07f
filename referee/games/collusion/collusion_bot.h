// The heuristic Collusion player of `referee generate`: steers towards matching another player's
// trick count.
//
// Rule text (parlettgames.uk/oricards/collude.html, docs/rules/collusion.md): "exactly two
// players tie on tricks: +10 each", and 100 is reachable only with a bonus, so the game rewards
// ending the deal level with one other player. The heuristic, from the View only:
// - The partner-in-collusion is the other seat whose trick count is closest to ours (the lower
//   seat on a tie).
// - Behind them: try to win the trick (the lowest legal card that beats the trick so far; leading,
//   the highest card of our longest suit).
// - Level or ahead: try to lose it (the highest legal card that does not win; if every card wins,
//   the lowest; leading, the lowest card).
#pragma once

#include <memory>

#include "referee/core/bot.h"

namespace referee::games::collusion {

std::unique_ptr<Bot> NewHeuristicBot();

}  // namespace referee::games::collusion
