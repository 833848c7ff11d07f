// The registry: one explicit table of the games referee knows. Adding a game adds its folder and
// one line in registry.cpp; a meta-test checks that the folder, the table, the tests and the
// samples agree.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "referee/core/match.h"
#include "referee/core/result.h"
#include "referee/core/rule_options.h"
#include "referee/record/node.h"
#include "referee/record/record.h"

namespace referee::games {

enum class PlayerShape {
  kFourSeats,  // players: {N: ..., E: ..., S: ..., W: ...}
  kTurnOrder,  // players: [first, second, ...]
};

struct GameDescriptor {
  std::string name;    // as written in records: "collusion"
  std::string title;   // "Collusion (David Parlett)"
  std::string source;  // where the rules come from
  std::vector<OptionSpec> options;
  PlayerShape player_shape = PlayerShape::kFourSeats;
  int min_players = 4;
  int max_players = 4;
  std::vector<std::string> body_keys;    // top-level keys of the body, e.g. {"deals"}
  std::vector<std::string> result_keys;  // keys a claimed result may use
  std::vector<std::string> score_units;  // deal-claim keys ("N".."W" or "NS", "EW")

  // Reads the body keys of `root` into record.entries. The header is already read.
  Result<void> (*read_body)(const record::Node& root, record::Record& record) = nullptr;
  // Appends the body keys to the root map of a record being written.
  void (*write_body)(const record::Record& record, record::Node& root) = nullptr;
  std::unique_ptr<Match> (*new_match)(const MatchSetup& setup) = nullptr;
  // The event that deals the next deal (Cahoots: sets up the table) from the match's seed, for a
  // match whose Next() is Phase::kDeal. Playouts (the shared tests, the generator) use it to run
  // any game without knowing its cards. The match must have been set up with a seed.
  Event (*seeded_deal)(const Match& match) = nullptr;
};

const std::vector<const GameDescriptor*>& AllGames();
const GameDescriptor* FindGame(std::string_view name);

}  // namespace referee::games
