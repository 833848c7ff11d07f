// Conspiracy (Vinay Kolhatkar, on pagat.com): four players in two partnerships, 32 cards, 8 each.
// The dealer's left-hand opponent, after an optional one-minute conference with their partner,
// names trumps and the exact number of tricks (0-8) their side will take; exact scores twice the
// call, anything else 5 for the dealer's side.
//
// Source: pagat.com/invented/conspiracy.html (seed 003), "Basic Conspiracy", with pagat's
// bracketed editorial sentences (first lead, follow suit, next lead). Project rulings (rules.md
// section 4, docs/rules/conspiracy.md):
//   - The record declares the first dealer; the deal passes to the left ("B then deals"), so the
//     calling side alternates.
//   - Only the dealer's left-hand opponent calls (`wrong-caller`); a trump suit is required
//     (`missing-trump`) unless the rule option `no_trump` allows no-trump calls
//     (`no-trump-not-allowed`); the call is 0 to 8 (`call-out-of-range`). A call of 0 taken
//     exactly is "made" and scores 0 for both sides.
//   - The caller leads to trick 1; players must follow suit (a revoke is an illegal event, no
//     penalty invented); the trick winner leads next.
//   - The conference is optional in a record; when given, its timestamps are checked: at most
//     `conference_seconds` (60) long (`conference-too-long`), and its end not before its start
//     (`bad-conference`). "Exactly one minute" is read as "at most": a shorter one is allowed.
//   - The match ends after an even number of deals (void deals count: they were dealt), or after
//     exactly `deals` deals when that option is set; an odd count is an unfinished match. Equal
//     totals are a draw, or with `tie: two-more` two more deals are played.
#pragma once

#include "referee/games/registry.h"

namespace referee::games::conspiracy {

const GameDescriptor& Descriptor();

}  // namespace referee::games::conspiracy
