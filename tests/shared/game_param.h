// How a test parameterised by game prints its parameter: by the game's name, not its address
// (GoogleTest shows it beside every test it runs, e.g. "GetParam() = plonk").
#pragma once

#include <ostream>

#include "referee/games/registry.h"

namespace referee::games {

// Found by GoogleTest through the parameter's type, so it lives in the descriptor's namespace.
inline void PrintTo(const GameDescriptor* game, std::ostream* out) {
  *out << (game == nullptr ? "no game" : game->name);
}

}  // namespace referee::games
