// Whether the entries of a league, each well formed, agree with each other and with its game: the
// checks ReadLeague makes after reading every key. A league that fails one is not counted.
#pragma once

#include "league/league.h"
#include "referee/core/result.h"

namespace referee::league {

// The first disagreement, as a Malformed finding naming the entry's JSON pointer: each id once
// across players, partnerships and teams; groups of distinct, known players, no two alike; entries
// that name known entrants (teams, where the game ranks teams); forfeits, byes and withdrawals
// that do not contradict each other; each deal voided once; a scheme and tie-breaks the game can
// measure; each ranked entrant in exactly one direction of a duplicate event run by direction.
Result<void> CheckLeague(const League& league);

}  // namespace referee::league
