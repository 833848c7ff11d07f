// The duplicate movements of partnership events (docs/schedule.md, "Movements"): Mitchell and
// Howell. Internal to schedule/.
#pragma once

#include <string>
#include <vector>

#include "schedule/schedule.h"

namespace referee::schedule {

// The places of a movement, as they stand in a round: who holds each (empty: nobody, and whoever
// meets that place sits out). Mitchell: the NS places are the stationary pairs, table by table,
// and the EW places the moving ones; Howell: the places of the circle, the last one fixed.
struct Places {
  std::vector<std::string> ns;
  std::vector<std::string> ew;      // Mitchell only
  std::vector<std::string> circle;  // Howell only
};

// The places in `round`: the entrants present in round 1 take them in league order (Mitchell: by
// their declared direction, else the first half NS), a place left empty when the counts are odd;
// then round by round a withdrawn entrant's place empties and a late arrival takes the first empty
// place (of its direction). An error names an arrival for whom no place is free.
Result<Places, referee::Error> PlacesIn(const Field& field, Method method, int round);

// How many rounds a movement of these places has: a Mitchell of T tables T rounds when T is odd,
// T - 1 when even (the skip: a T-th round would meet the first round's opponents again); a Howell
// of P places P - 1.
int MovementRounds(const Places& places, Method method);

Result<Round, referee::Error> MovementRound(const Field& field, const Schedule& schedule,
                                            int number);

}  // namespace referee::schedule
