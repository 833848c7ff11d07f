// Checks of a league file against the records it counts (docs/standings.md, "Warnings"): what is
// probably a mistake but what a league could have meant. The standings are computed as the league
// file says; the warnings are shown with them.
#pragma once

#include <vector>

#include "league/league.h"
#include "league/standings.h"

namespace referee::league {

// `two-tables`: a player in more than one counted record or forfeit of one round;
// `bye-in-played-round`: a bye in a round in which the entrant has a counted record (a bye in a
// round with a forfeit is an error of the league file, see ReadLeague).
// A duplicate event run by direction: an entrant that sat in another direction than the league
// declares for it. Its matchpoints are those of the direction it sat in, and count in the ranking
// of its declared direction.
std::vector<Warning> CheckDirections(const League& league,
                                     const std::vector<const PlayedRecord*>& counted);

std::vector<Warning> CheckRounds(const League& league,
                                 const std::vector<const PlayedRecord*>& counted);

}  // namespace referee::league
