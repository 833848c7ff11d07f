// Random legal playouts of any registered game, and the records they make: the common ground of
// the game-independent tests.
#pragma once

#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "referee/core/match.h"
#include "referee/games/registry.h"
#include "referee/record/record.h"

namespace referee::testing {

struct Playout {
  record::Record record;            // what was played, as a record (dealt from its seed)
  std::unique_ptr<Match> match;     // the state at the end
  std::vector<std::string> states;  // Describe() before each choice event
  int steps = 0;
};

// Plays `game` from `seed` with uniformly random legal choices until the match is over (or
// `max_steps` events), keeping the events as a record.
// `before_choice`, when given, sees the match before every choice event.
Playout PlayRandomly(const games::GameDescriptor& game, std::mt19937& rng, const std::string& seed,
                     int max_steps = 200000, const std::function<void(Match&)>& before_choice = {});
// The same under `rules` instead of the game's defaults.
Playout PlayRandomly(const games::GameDescriptor& game, const RuleOptions& rules, std::mt19937& rng,
                     const std::string& seed, int max_steps = 200000,
                     const std::function<void(Match&)>& before_choice = {});

// Random values for the game's choice and yes/no options (variants, editions, open hands);
// integers keep their defaults, and with them matches of their usual length.
RuleOptions RandomRules(const games::GameDescriptor& game, std::mt19937& rng);

// A fresh match of `record`'s game with its rules, players and seed.
std::unique_ptr<Match> NewMatchFor(const record::Record& record);

// Events the rules do not allow now, built from a legal event of the same kind: another card,
// another pile, an impossible call. Every one of them must be rejected.
std::vector<Event> UnlistedEvents(const Match& match, std::mt19937& rng);

// Whether two events are the same choice (same kind, card, seat/player, pile or call).
bool SameChoice(const Event& a, const Event& b);

}  // namespace referee::testing
