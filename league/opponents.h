// Tie-breaks by the strength of the opponents met (docs/standings.md, "Opponents' strength"), as
// chess uses them (FIDE Handbook C.07, Tie-Break Regulations: Buchholz, the sum of the opponents'
// scores; Sonneborn-Berger, the scores of the opponents beaten plus half the scores of those
// drawn), adapted to tables of more than two sides. Pure.
//
// - Every entrant of this standings table that sat on another side of a counted match is an
//   opponent; partners are not. At a table of four players each for themselves, a match gives
//   three opponents; a partnership meets one partnership (and, in the players table, a player
//   meets the two players of the other side).
// - "Beaten" and "drawn" are read from the places the game gave the sides: an opponent placed
//   below is beaten, one placed level counts half.
// - A match not played (a forfeit, won or lost, and a bye) counts, as FIDE's regulations of 2023
//   count an unplayed round, as a meeting with "dummy" opponents who have the entrant's own
//   points: as many as a match of the game gives. A forfeit won beats them; a forfeit lost and a
//   bye beat none.
// - An opponent's points are its points in the standings computed (as of the round asked for).
#pragma once

#include <functional>
#include <vector>

#include "league/standings.h"

namespace referee::league {

// Fills opponents_points and sonneborn_berger of every row from its meetings; `rows` is the whole
// standings table of one kind (every entrant an opponent may be). `opponents_per_match` is how many
// dummy opponents an unplayed match counts.
// `match_opponents` gives a match meeting's opponents (they are not kept in the meeting).
void AddOpponentStrength(
    std::vector<StandingRow>& rows, int opponents_per_match,
    const std::function<std::vector<Meeting::Opponent>(const Meeting&)>& match_opponents);

}  // namespace referee::league
