// Exit codes of the referee program (documented in the README).
#pragma once

#include "verifier/verdict.h"

namespace referee::cli {

inline constexpr int kExitValid = 0;      // every record valid
inline constexpr int kExitInvalid = 1;    // some record invalid or incomplete
inline constexpr int kExitMalformed = 2;  // some input is not a readable record
inline constexpr int kExitUsage = 3;      // bad command line
inline constexpr int kExitIo = 4;         // a file could not be read or written
// standings, ratings: computed, but a record the league lists was not counted (--allow-uncounted)
inline constexpr int kExitUncounted = 5;
inline constexpr int kExitInternal = 70;  // a bug in referee

// The exit code of a run that saw several outcomes: the most serious wins.
int WorseExit(int a, int b);

// The exit code of one verdict: valid 0; invalid or incomplete 1; malformed 2.
int ExitForStatus(verifier::Status status);

}  // namespace referee::cli
