#include "referee/games/registry.h"

#include <algorithm>

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

// What the modules outside a game rely on of every descriptor, built-in or registered.
void CheckDescriptor(const GameDescriptor& game) {
  REFEREE_CHECK(game.max_players <= kMostPlayers, "more than 32 players in " + game.name);
  // A league keeps a record's level as the option's own word (league/standings.h).
  const std::string& level = game.league.level_option;
  bool level_is_a_choice =
      std::any_of(game.options.begin(), game.options.end(), [&](const OptionSpec& option) {
        return option.name == level && option.type == OptionSpec::Type::kChoice;
      });
  REFEREE_CHECK(level.empty() || level_is_a_choice,
                "the level option of " + game.name + " is not one of its choice options");
  // A statistic tie-break is measured on a side statistic; the lists of the standings' own
  // tie-breaks hold only those (league/league.cpp names them).
  for (const StatisticTieBreak& own : game.league.statistic_tie_breaks) {
    bool kept = std::any_of(game.side_statistics.begin(), game.side_statistics.end(),
                            [&](const StatisticSpec& spec) { return spec.name == own.statistic; });
    REFEREE_CHECK(kept, "the tie-break " + own.name + " of " + game.name +
                            " reads a statistic its sides do not keep");
  }
  for (const auto* list : {&game.league.tie_breaks, &game.league.default_tie_breaks}) {
    REFEREE_CHECK(std::find(list->begin(), list->end(), TieBreakKind::kStatistic) == list->end(),
                  "a statistic tie-break of " + game.name + " listed among the standings' own");
  }
}

std::vector<const GameDescriptor*>& Registered() {
  static std::vector<const GameDescriptor*> games = [] {
    for (const GameDescriptor* game : BuiltInGames()) CheckDescriptor(*game);
    return BuiltInGames();
  }();
  return games;
}

}  // namespace

const std::vector<const GameDescriptor*>& AllGames() { return Registered(); }

ScopedGame::ScopedGame(const GameDescriptor& game) : game_(&game) {
  REFEREE_CHECK(FindGame(game.name) == nullptr, "a second game named " + game.name);
  CheckDescriptor(game);
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
