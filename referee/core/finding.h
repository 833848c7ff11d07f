// Finding: something the referee reports about a record or an event, with a stable code, a place
// and a message of the form "expected X, found Y".
//
// Codes are stable strings (docs/findings.md lists every one); games may add their own. The
// severity separates a record that cannot be read (malformed) from a well-formed record that
// breaks a rule or whose claims differ (error), and from information that changes no verdict.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "referee/core/fact.h"

namespace referee {

enum class Severity { kMalformed, kError, kNote };

// A step of play, counted in the game's own unit: a trick of a trick game, a turn of a game
// played turn by turn. The word is the game's; the core only carries it to the outputs, which
// write it as the key of the number ("trick": 5).
struct PlayStep {
  std::string_view unit;  // "trick", "turn": a word with static storage; empty for none
  int number = 0;         // 1-based; 0: not applicable, whatever the unit

  bool operator==(const PlayStep& other) const {
    return number == other.number && (number == 0 || unit == other.unit);
  }
};

// Where a finding happened in game terms. Zero or empty means "not applicable".
struct GamePlace {
  int deal = 0;       // 1-based deal number in the record
  PlayStep step;      // within the deal, or within the match in a game without deals
  std::string actor;  // a seat ("E") or a player's name
  std::string card;   // canonical card text

  bool operator==(const GamePlace&) const = default;
};
// "deal 1, trick 1, E, 6H": the parts that apply, names and cards escaped.
std::string GamePlaceText(const GamePlace& place);

// Where a finding happened in the record: a JSON pointer ("/deals/2/tricks/5/1"), identical for
// the YAML and the JSON encoding of the same record. Line and column are looked up from it.
struct Place {
  std::string path;
  GamePlace game;
  // Source position, 1-based, 0 when unknown. Filled by the parser for syntax errors and by the
  // verifier (from the path) for everything else.
  uint32_t line = 0;
  uint32_t column = 0;

  bool operator==(const Place&) const = default;
};

struct Finding {
  std::string code;
  Severity severity = Severity::kError;
  Place place;
  std::string message;
  // What the rules or the recomputation expected and what the record has, as values, where the
  // finding compares two (a claim and its recomputed score, the seat due and the seat that
  // played): outputs write them beside the message, so a program need not parse it.
  std::optional<FactValue> expected;
  std::optional<FactValue> found;

  // Sets expected and found; returns the finding, so a call site can chain it.
  Finding&& Comparing(FactValue expected_value, FactValue found_value) &&;

  bool operator==(const Finding&) const = default;
};

// Shorthands that keep call sites short and the severity explicit.
Finding Malformed(std::string code, std::string path, std::string message);
Finding Illegal(std::string code, Place place, std::string message);
Finding Note(std::string code, Place place, std::string message);

std::string_view SeverityName(Severity severity);

// Joins JSON pointer segments: Child("/deals/2", "tricks") == "/deals/2/tricks".
std::string ChildPath(std::string_view parent, std::string_view key);
std::string ChildPath(std::string_view parent, size_t index);

}  // namespace referee
