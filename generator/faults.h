// Known rule breaks injected into generated records (`referee generate --faults K`), each with the
// finding the verifier must report first and where (docs/generator.md, "Faults").
//
// Every fault is a small edit of a valid record, built so that exactly that finding comes first:
//   revoke          Collusion, Conspiracy: a seat that followed suit in trick t instead plays an
//                   off-suit card it played in a later trick (the two cards swap): `revoke` at the
//                   card in trick t.
//   out-of-turn     trick games: the 2nd and 3rd (or 3rd and 4th) cards of a trick swap, so a seat
//                   plays its neighbour's card: `card-not-in-hand` at the first of them. Cahoots
//                   (not Speed): a turn names the next player: `wrong-player` at the turn.
//   wrong-leader    trick games: the lead and the 2nd card of a trick swap: `wrong-leader`.
//   duplicate-card  trick games: a card of one hand is replaced by a card of an earlier seat's
//                   hand (N E S W): `duplicate-card` at the replaced card.
//   missing-card    trick games: a card is left out of a hand: `wrong-hand-size` at that hand.
//   wrong-dealer    trick games: a later deal names the wrong dealer: `wrong-dealer`.
//   wrong-claim     a deal's claim is one point off: `claim-mismatch` (Cahoots: the claimed goals,
//                   `result-mismatch`).
//   deal-after-end  trick games: a seeded deal after the last: `deal-after-end`. Cahoots: a turn
//                   after the end, `play-after-end`.
//   no-match        Cahoots: a turn's card goes on a pile it does not match: `no-match`.
// Each injection is checked by running the verifier; a fault that a record has no place for, or
// whose first finding differs, is tried at another position or as another kind.
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
// when the record has no place for that fault.
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
