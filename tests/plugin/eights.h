// Eights: a fifth game that exists in the tests only, to show what adding a game costs. Four
// players each for themselves play the 32-card pack, eight cards each; they must follow suit,
// there are no trumps, each trick scores its winner one point, and after `deals` deals (4 by
// default) the highest total wins, equal totals sharing the win.
//
// Adding it took this file and eights.cpp, nothing outside tests/plugin/: a match on the shared
// trick engine (its scoring and its end) and a TrickGame that declares the rest (name, options,
// pack, following suit, scoring units, league traits, bot), from which the trick engine makes the
// registry's descriptor (record body, live lines, faults, boards); a ScopedGame registers it
// while the tests run. The verifier, the generator, the live referee, the standings and the
// outputs then handle it as they handle the shipped games (eights_test.cpp).
#pragma once

#include "referee/games/registry.h"

namespace referee::testing::eights {

const games::GameDescriptor& Descriptor();

}  // namespace referee::testing::eights
