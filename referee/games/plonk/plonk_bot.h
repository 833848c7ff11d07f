// The heuristic Plonk player of `referee generate`: the "Notes on play" of the rule text.
//
// Source: parlettgames.uk/oricards/plonk.html (seed 002), "Notes on play". From the View only:
// - "If your partner is winning the trick, you'll want to play a high card of a live suit": the
//   highest card not of the suit led.
// - "If an opponent is winning the trick, you'll want to play a middling card of the dead suit":
//   the middle card (rounding down) of those we hold in the suit led; holding none, the lowest
//   live card ("save [low cards] to throw to your opponents' tricks").
// - "If you're playing second ... and can't tell who's likely to win it, it's often best to play
//   a low card of a live suit": second to play, the lowest live card. Third and fourth know who
//   is winning and use the two notes above.
// - Leading is not covered by the notes; our choice: the lowest card of our longest suit, which
//   keeps high cards for partner's tricks.
// With no live card at all, every rule falls back to the lowest card held.
#pragma once

#include <memory>

#include "referee/core/bot.h"

namespace referee::games::plonk {

std::unique_ptr<Bot> NewHeuristicBot();

}  // namespace referee::games::plonk
