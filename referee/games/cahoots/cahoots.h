// Cahoots (Ken Gruhl, Gamewright 2018): a cooperative card game for 2-4 players who play number
// cards onto four piles to meet goal cards, judged on the four pile tops.
//
// Sources: the Gamewright rulebook (seed 004) and the Dutch edition rules (seed 001); rules.md
// section 1 gathers them with the project's rulings. The engine is in cahoots_match.h (its header
// lists every interpretation choice), the goal kinds in cahoots_goals.h, the goal catalogues in
// cahoots_catalogue.h, the notation in cahoots_cards.h and the record body in cahoots_record.h.
// Rule options:
//   edition       gamewright | dutch | spanish (colour set; default gamewright)
//   level         beginner | normal | expert | insane (goal count from the table; default normal)
//   goal_count    0-60; 0 = from the level x player-count table (default 0)
//   variant       standard | speed | mums-the-word | lil (default standard)
//   open_hands    true only with lil (default false)
//   speed_seconds the Speed timer, seconds (default 240)
// Solo play has no official rules in our sources: records need 2 to 4 players.
#pragma once

#include "referee/games/registry.h"

namespace referee::games::cahoots {

const GameDescriptor& Descriptor();

}  // namespace referee::games::cahoots
