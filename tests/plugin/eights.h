// Eights: a fifth game that exists in the tests only, to show what adding a game costs. Four
// players each for themselves play the 32-card pack, eight cards each; they must follow suit,
// there are no trumps, each trick scores its winner one point, and after `deals` deals (4 by
// default) the highest total wins, equal totals sharing the win.
//
// Adding it took this file and eights.cpp, nothing outside tests/plugin/: a Match on the shared
// trick engine (pack, scoring, end), a GameDescriptor (options, record body, league traits,
// faults, boards), and a ScopedGame to register it while the tests run. The verifier, the
// generator, the live referee, the standings and the outputs then handle it as they handle the
// shipped games (eights_test.cpp).
#pragma once

#include "referee/games/registry.h"

namespace referee::testing::eights {

const games::GameDescriptor& Descriptor();

}  // namespace referee::testing::eights
