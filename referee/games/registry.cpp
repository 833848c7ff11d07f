#include "referee/games/registry.h"

#include "referee/games/cahoots/cahoots.h"
#include "referee/games/collusion/collusion.h"
#include "referee/games/conspiracy/conspiracy.h"
#include "referee/games/plonk/plonk.h"

namespace referee::games {

const std::vector<const GameDescriptor*>& AllGames() {
  static const std::vector<const GameDescriptor*> kGames = {
      &collusion::Descriptor(),
      &plonk::Descriptor(),
      &conspiracy::Descriptor(),
      &cahoots::Descriptor(),
  };
  return kGames;
}

const GameDescriptor* FindGame(std::string_view name) {
  for (const GameDescriptor* game : AllGames()) {
    if (game->name == name) return game;
  }
  return nullptr;
}

}  // namespace referee::games
