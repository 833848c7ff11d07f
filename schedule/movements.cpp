#include "schedule/movements.h"

#include <algorithm>

namespace referee::schedule {

namespace {

bool Declared(const std::vector<std::string>& direction, const std::string& entrant) {
  return std::find(direction.begin(), direction.end(), entrant) != direction.end();
}

Places FirstPlaces(const Field& field, Method method) {
  std::vector<std::string> present = field.PresentIn(1);
  Places places;
  if (method == Method::kHowell) {
    places.circle = present;
    if (places.circle.size() % 2 == 1) places.circle.emplace_back();
    return places;
  }
  bool by_direction = !field.ns.empty() || !field.ew.empty();
  size_t half = (present.size() + 1) / 2;
  for (size_t i = 0; i < present.size(); ++i) {
    bool ns = by_direction ? Declared(field.ns, present[i]) : i < half;
    (ns ? places.ns : places.ew).push_back(present[i]);
  }
  size_t tables = std::max(places.ns.size(), places.ew.size());
  places.ns.resize(tables);
  places.ew.resize(tables);
  return places;
}

void Empty(std::vector<std::string>& list, const Field& field, int round) {
  for (std::string& entrant : list) {
    if (!entrant.empty() && !field.Present(entrant, round)) entrant.clear();
  }
}

bool TakeEmptyPlace(std::vector<std::string>& list, const std::string& entrant) {
  auto free = std::find(list.begin(), list.end(), std::string());
  if (free == list.end()) return false;
  *free = entrant;
  return true;
}

std::vector<std::string>& ArrivalList(Places& places, const Field& field, Method method,
                                      const std::string& entrant) {
  if (method == Method::kHowell) return places.circle;
  if (Declared(field.ew, entrant)) return places.ew;
  if (Declared(field.ns, entrant)) return places.ns;
  bool ns_free = std::find(places.ns.begin(), places.ns.end(), std::string()) != places.ns.end();
  return ns_free ? places.ns : places.ew;
}

int Mod(int value, int modulus) { return ((value % modulus) + modulus) % modulus; }

// Adds a table of two places; when one is empty the other sits out.
void Seat(Round& round, int number, const std::string& ns, const std::string& ew, int boards) {
  if (ns.empty() || ew.empty()) {
    if (!ns.empty()) round.sitting_out.push_back(ns);
    if (!ew.empty()) round.sitting_out.push_back(ew);
    return;
  }
  round.tables.push_back(Table{number, {ns, ew}, boards});
}

// Mitchell, as bridge clubs run it: the NS pairs stay at their tables; after each round the EW
// pairs move up one table and the boards down one, so that in round r (from 0) the EW pair that
// began at table e sits at table e + r and table t plays the board set that began at t + r. With
// an even count of tables the EW pairs skip a table after half the rounds: without the skip they
// would reach the boards they played first.
Round MitchellRound(const Places& places, int number) {
  int tables = static_cast<int>(places.ns.size());
  int r = number - 1;
  int skip = tables % 2 == 0 && r >= tables / 2 ? 1 : 0;
  Round round;
  round.number = number;
  for (int t = 0; t < tables; ++t) {
    int ew = Mod(t - r - skip, tables);
    Seat(round, t + 1, places.ns[t], places.ew[ew], Mod(t + r, tables) + 1);
  }
  return round;
}

// Howell by the circle method: the last place stays, the others turn a place each round, so that
// every pair meets every other once in P - 1 rounds. The boards are seeded: every table of round r
// deals the board set r (no boards need carrying), and each pair plays each set once. The fixed
// place changes direction every round and the others by their table, so that pairs sit both ways.
Round HowellRound(const Places& places, int number) {
  int count = static_cast<int>(places.circle.size());
  int turning = count - 1;
  int r = number - 1;
  Round round;
  round.number = number;
  const std::string& fixed = places.circle[turning];
  const std::string& opposite = places.circle[r];
  if (r % 2 == 0) {
    Seat(round, 1, fixed, opposite, number);
  } else {
    Seat(round, 1, opposite, fixed, number);
  }
  for (int i = 1; i < count / 2; ++i) {
    const std::string& up = places.circle[Mod(r + i, turning)];
    const std::string& down = places.circle[Mod(r - i, turning)];
    if (i % 2 == 0) {
      Seat(round, i + 1, up, down, number);
    } else {
      Seat(round, i + 1, down, up, number);
    }
  }
  return round;
}

}  // namespace

Result<Places, referee::Error> PlacesIn(const Field& field, Method method, int round) {
  Places places = FirstPlaces(field, method);
  for (int r = 2; r <= round; ++r) {
    for (auto* list : {&places.ns, &places.ew, &places.circle}) Empty(*list, field, r);
    for (const std::string& entrant : field.entrants) {
      auto first = field.first_round.find(entrant);
      if (first == field.first_round.end() || first->second != r) continue;
      if (!field.Present(entrant, r)) continue;
      if (!TakeEmptyPlace(ArrivalList(places, field, method, entrant), entrant)) {
        return Unusable("no place of the movement is free for " + entrant + ", arriving in round " +
                        std::to_string(r));
      }
    }
  }
  return places;
}

int MovementRounds(const Places& places, Method method) {
  if (method == Method::kHowell) return static_cast<int>(places.circle.size()) - 1;
  int tables = static_cast<int>(places.ns.size());
  return tables % 2 == 1 ? tables : tables - 1;
}

Result<Round, referee::Error> MovementRound(const Field& field, const Schedule& schedule,
                                            int number) {
  Result<Places, referee::Error> places = PlacesIn(field, schedule.method, number);
  if (!places) return referee::Fail(places.error());
  int most = MovementRounds(*places, schedule.method);
  if (number > most) {
    return Unusable("a " + std::string(MethodName(schedule.method)) + " of " +
                    std::to_string(field.PresentIn(1).size()) + " pairs has at most " +
                    std::to_string(most) + " rounds");
  }
  return schedule.method == Method::kHowell ? HowellRound(*places, number)
                                            : MitchellRound(*places, number);
}

}  // namespace referee::schedule
