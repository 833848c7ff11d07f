// Known rule breaks injected into generated records (`referee generate --faults K`), each with the
// finding the verifier must report first and where (docs/generator.md, "Faults"). Each game
// declares its faults (GameDescriptor::faults: games/<game>/*_faults.h say what each changes);
// here they are placed and confirmed. Each injection is checked by running the verifier; a fault
// that a record has no place for, or whose first finding differs, is tried at another position or
// as another kind.
#pragma once

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "generator/generator.h"

namespace referee::generator {

// The fault kinds that apply to a game, in the order a corpus cycles through them.
std::vector<std::string> FaultKinds(const games::GameDescriptor& game);

// Edits `record` (as read back from its written tree, so that events carry their paths) with one
// fault of `kind` at a position drawn from `rng`; what the verifier must report first, or nothing
// when the record has no place for that fault (or its game no such fault).
std::optional<ExpectedFinding> InjectFault(const std::string& kind, record::Record& record,
                                           std::mt19937_64& rng);

// Whether the verifier's first finding that is not a note is `expected` (code and path).
bool VerifierAgrees(const record::Record& record, const ExpectedFinding& expected);

// Injects a fault of kinds[first], or else of the following kinds in turn, trying a few
// positions each, and keeps the first one the verifier confirms. `record` is left unchanged when
// none could be placed.
std::optional<ExpectedFinding> PlaceFault(record::Record& record,
                                          const std::vector<std::string>& kinds, size_t first,
                                          std::mt19937_64& rng);

}  // namespace referee::generator
