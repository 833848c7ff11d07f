// The record generator behind `referee generate` (docs/generator.md): whole matches played by
// bots, as records with their true claims, and optionally with known rule breaks injected.
//
// Determinism: the same options give the same records, byte for byte once written. Match i
// (1-based) is dealt from the record seed "S/i" (S = --seed), and its bots draw from one
// std::mt19937_64 seeded with the first 8 bytes (big-endian) of SHA-256("S/i/" + bot choice).
// Nothing else feeds in: no clock, no addresses, no unordered containers.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "referee/core/result.h"
#include "referee/core/rule_options.h"
#include "referee/games/registry.h"
#include "referee/record/node.h"
#include "referee/record/record.h"

namespace referee::generator {

enum class BotChoice {
  kRandom,     // every seat plays uniformly random legal events
  kHeuristic,  // every seat plays the game's heuristic bot
  kMixed,      // each seat's bot is drawn (random or heuristic) from the match's generator
};

struct GenerateOptions {
  const games::GameDescriptor* game = nullptr;
  int count = 1;
  std::string seed;
  BotChoice bots = BotChoice::kHeuristic;
  RuleOptions rules;                 // the game's options, with any --rules set
  std::vector<std::string> players;  // names; empty: one per seat, named after its bot
  int faults = 0;                    // how many records get one injected fault each
  bool wrong_claims = false;         // every unfaulted record gets one wrong claim
  // Called after each match is played, for a progress display (docs/generator.md); may be empty.
  std::function<void()> on_match_played;
};

// What the verifier must report first (its first finding that is not a note) about a record
// with an injected fault, and what the fault was.
using ExpectedFinding = games::InjectedFault;

struct GeneratedRecord {
  std::string name;  // "GAME-0001", also the record's id (RecordName)
  record::Record record;
  std::optional<ExpectedFinding> expected;  // for a record with a fault or a wrong claim
};

// Plays and writes options.count records. Errors (a bad option, a match that does not end) are
// returned with the code "generate" and a message for the user.
Result<std::vector<GeneratedRecord>> Generate(const GenerateOptions& options);

// The name of record `index` (1-based) of `count`: the game and the number, zero-padded to four
// digits or to the digits of `count` when it has more, so that names sort in the records' order
// however many there are ("GAME-0001" .. "GAME-9999" up to 9,999 records, "GAME-00001" ..
// "GAME-20000" for 20,000).
std::string RecordName(std::string_view game, int index, int count);

// "S/i": the record seed of match i (1-based).
std::string MatchSeed(const std::string& seed, int index);
// A generator seeded with the first 8 bytes (big-endian) of SHA-256(text).
std::mt19937_64 SeededRng(std::string_view text);
std::string_view BotChoiceName(BotChoice choice);

// The game's options with "key=value" settings applied (values typed as in YAML: integers,
// true/false, else words), checked like a record's `rules:`.
Result<RuleOptions> ParseRules(const games::GameDescriptor& game,
                               const std::vector<std::string>& settings);

// The sidecar of a record with an expected finding: {record, fault, code, path}.
record::Node ExpectedNode(const GeneratedRecord& generated);

}  // namespace referee::generator
