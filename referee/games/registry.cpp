#include "referee/games/registry.h"

#include "referee/core/check.h"
#include "referee/games/cahoots/cahoots.h"
#include "referee/games/collusion/collusion.h"
#include "referee/games/conspiracy/conspiracy.h"
#include "referee/games/plonk/plonk.h"

namespace referee::games {

const std::vector<const GameDescriptor*>& BuiltInGames() {
  static const std::vector<const GameDescriptor*> kGames = {
      &collusion::Descriptor(),
      &plonk::Descriptor(),
      &conspiracy::Descriptor(),
      &cahoots::Descriptor(),
  };
  return kGames;
}

namespace {

std::vector<const GameDescriptor*>& Registered() {
  static std::vector<const GameDescriptor*> games = BuiltInGames();
  return games;
}

}  // namespace

const std::vector<const GameDescriptor*>& AllGames() { return Registered(); }

ScopedGame::ScopedGame(const GameDescriptor& game) : game_(&game) {
  REFEREE_CHECK(FindGame(game.name) == nullptr, "a second game named " + game.name);
  REFEREE_CHECK(game.max_players <= kMostPlayers, "more than 32 players in " + game.name);
  Registered().push_back(game_);
}

ScopedGame::~ScopedGame() { std::erase(Registered(), game_); }

const GameDescriptor* FindGame(std::string_view name) {
  for (const GameDescriptor* game : AllGames()) {
    if (game->name == name) return game;
  }
  return nullptr;
}

}  // namespace referee::games
