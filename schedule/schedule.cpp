#include "schedule/schedule.h"

#include <algorithm>
#include <set>

#include "referee/core/seeded_deal.h"
#include "referee/record/fields.h"
#include "schedule/movements.h"
#include "schedule/seating.h"
#include "verifier/sha256.h"

namespace referee::schedule {

namespace {

constexpr std::pair<Method, std::string_view> kMethodNames[] = {
    {Method::kIndividual, "individual"}, {Method::kMitchell, "mitchell"},
    {Method::kHowell, "howell"},         {Method::kSwiss, "swiss"},
    {Method::kTeams, "teams"},
};

// An entrant's lot for a round: SHA-256(seed || 0x00 || round || 0x00 || id), compared as hex.
// Anyone can redraw it from the seed, which the server publishes when the event ends.
std::string Lot(const std::string& seed, int round, const std::string& entrant) {
  std::string bytes = seed;
  bytes += '\0';
  bytes += std::to_string(round);
  bytes += '\0';
  bytes += entrant;
  return HexDigest(verifier::Sha256(bytes));
}

// The entrants in the order of their lots for the round.
std::vector<std::string> ByLot(std::vector<std::string> entrants, const std::string& seed,
                               int round) {
  std::vector<std::pair<std::string, std::string>> drawn;
  for (std::string& entrant : entrants) drawn.emplace_back(Lot(seed, round, entrant), entrant);
  std::sort(drawn.begin(), drawn.end());
  std::vector<std::string> order;
  for (auto& [lot, entrant] : drawn) order.push_back(std::move(entrant));
  return order;
}

int64_t PointsOf(const Points& points, const std::string& entrant) {
  auto found = points.find(entrant);
  return found == points.end() ? 0 : found->second;
}

std::map<std::string, int> SitOutCounts(const Schedule& schedule) {
  std::map<std::string, int> counts;
  for (const Round& round : schedule.made) {
    for (const std::string& entrant : round.sitting_out) ++counts[entrant];
  }
  return counts;
}

// Who sits out a round of individual or Swiss tables: as many as do not fill a table, those who
// sat out least first (FIDE C.04.1 d: no second bye while others had none); among them in Swiss
// the lowest on points (c: the bye goes down the field), then by lot.
std::vector<std::string> SitOuts(const std::vector<std::string>& present, int size,
                                 const Schedule& schedule, const Points& points, int round) {
  size_t count = present.size() % static_cast<size_t>(size);
  std::map<std::string, int> sat_out = SitOutCounts(schedule);
  std::vector<std::string> order = ByLot(present, schedule.seed, round);
  bool swiss = schedule.method == Method::kSwiss;
  std::stable_sort(order.begin(), order.end(), [&](const std::string& a, const std::string& b) {
    if (sat_out[a] != sat_out[b]) return sat_out[a] < sat_out[b];
    return swiss && PointsOf(points, a) < PointsOf(points, b);
  });
  order.resize(count);
  return order;
}

// Individual and Swiss rounds: the entrants present, less the sit-outs, seated so that no pair
// meets more often than the search must allow. Swiss fills tables from the top of the points
// order (equal or near points together); individual rounds from the round's lots. Where the
// preferred order finds no arrangement at a limit, the canonical order (the checker's) is tried
// at that limit, so that a round never breaks the limit the checker would find.
Round SeatedRound(const Field& field, const Schedule& schedule, const Points& points, int number,
                  const std::vector<std::string>& present) {
  int size = EntrantsPerTable(*field.game);
  Round round;
  round.number = number;
  round.sitting_out = SitOuts(present, size, schedule, points, number);
  std::set<std::string> out(round.sitting_out.begin(), round.sitting_out.end());
  std::vector<std::string> seated;
  for (const std::string& entrant : present) {
    if (out.count(entrant) == 0) seated.push_back(entrant);
  }
  std::vector<std::string> order = ByLot(seated, schedule.seed, number);
  if (schedule.method == Method::kSwiss) {
    std::stable_sort(order.begin(), order.end(), [&](const std::string& a, const std::string& b) {
      return PointsOf(points, a) > PointsOf(points, b);
    });
  }
  Meetings met;
  for (const Round& before : schedule.made) CountMeetings(before, &met);
  auto [least, canonical] = LeastLimit(seated, size, met);
  std::optional<Arrangement> arranged = Arrange(order, size, met, least);
  const Arrangement& tables = arranged ? *arranged : canonical;
  for (const std::vector<std::string>& seats : tables) {
    round.tables.push_back(Table{static_cast<int>(round.tables.size()) + 1, seats, number});
  }
  return round;
}

Round TeamsRound(int number, const std::vector<std::string>& present) {
  Round round;
  round.number = number;
  for (const std::string& team : present) {
    round.tables.push_back(Table{static_cast<int>(round.tables.size()) + 1, {team}, number});
  }
  return round;
}

}  // namespace

std::string_view MethodName(Method method) {
  for (const auto& [known, name] : kMethodNames) {
    if (known == method) return name;
  }
  return "";
}

std::optional<Method> MethodNamed(std::string_view name) {
  for (const auto& [method, known] : kMethodNames) {
    if (known == name) return method;
  }
  return std::nullopt;
}

std::vector<Method> MethodsFor(const games::GameDescriptor& game) {
  switch (game.league.sides) {
    case games::SideKind::kSeat:
      return {Method::kSwiss, Method::kIndividual};
    case games::SideKind::kPartnership:
      return {Method::kMitchell, Method::kHowell, Method::kSwiss};
    case games::SideKind::kTable:
      return {Method::kTeams};
  }
  return {};
}

int EntrantsPerTable(const games::GameDescriptor& game) {
  switch (game.league.sides) {
    case games::SideKind::kSeat:
      return game.max_players;
    case games::SideKind::kPartnership:
      return 2;
    case games::SideKind::kTable:
      return 1;
  }
  return 1;
}

int SmallestEvent(Method method, const games::GameDescriptor& game) {
  if (method == Method::kMitchell) return 5;
  if (method == Method::kHowell) return 4;
  return EntrantsPerTable(game);
}

bool Field::Present(const std::string& entrant, int round) const {
  auto first = first_round.find(entrant);
  if (first != first_round.end() && round < first->second) return false;
  auto last = last_round.find(entrant);
  return last == last_round.end() || round <= last->second;
}

std::vector<std::string> Field::PresentIn(int round) const {
  std::vector<std::string> present;
  for (const std::string& entrant : entrants) {
    if (Present(entrant, round)) present.push_back(entrant);
  }
  return present;
}

Result<Field> FieldOf(const league::League& league, const Schedule& schedule) {
  Field field;
  field.game = league.descriptor;
  for (const league::Entrant& entrant : league::RankedEntrants(league)) {
    field.entrants.push_back(entrant.id);
  }
  std::set<std::string> known(field.entrants.begin(), field.entrants.end());
  for (const Arrival& arrival : schedule.arrivals) {
    if (known.count(arrival.entrant) == 0) {
      return Fail(Malformed("unknown-entrant", arrival.path + "/entrant",
                            "expected an entrant the league ranks, found '" + arrival.entrant +
                                "'" + record::DidYouMean(arrival.entrant, field.entrants)));
    }
    field.first_round[arrival.entrant] = arrival.round;
  }
  for (const league::Withdrawal& withdrawal : league.withdrawals) {
    std::string after = league::RoundName(withdrawal.after_round);
    if (after.empty() || after.size() > 6 ||
        !std::all_of(after.begin(), after.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      return Fail(Malformed("bad-round", withdrawal.place.path + "/after_round",
                            "expected a round number in a league with a schedule, found '" +
                                withdrawal.after_round + "'"));
    }
    // A partnership's or team's withdrawal, or that of one of its players, withdraws the entrant.
    for (const std::string& entrant : field.entrants) {
      std::vector<std::string> players = league::PlayersOf(league, entrant);
      std::vector<std::string> gone = league::PlayersOf(league, withdrawal.entrant);
      bool named = entrant == withdrawal.entrant ||
                   std::any_of(gone.begin(), gone.end(), [&](const std::string& player) {
                     return std::find(players.begin(), players.end(), player) != players.end();
                   });
      if (named) field.last_round[entrant] = std::stoi(after);
    }
  }
  for (const league::Direction& direction : league.scheme.directions) {
    if (direction.name == "NS") field.ns = direction.entrants;
    if (direction.name == "EW") field.ew = direction.entrants;
  }
  return field;
}

Result<Round, referee::Error> NextRound(const Field& field, const Schedule& schedule,
                                        const Points& points) {
  int number = static_cast<int>(schedule.made.size()) + 1;
  std::vector<Method> fit = MethodsFor(*field.game);
  if (std::find(fit.begin(), fit.end(), schedule.method) == fit.end()) {
    return Unusable(std::string(MethodName(schedule.method)) + " does not fit " + field.game->name);
  }
  if (number > schedule.rounds) {
    return Unusable("the event has " + std::to_string(schedule.rounds) + " rounds, all made");
  }
  std::vector<std::string> present = field.PresentIn(number);
  int smallest = SmallestEvent(schedule.method, *field.game);
  if (static_cast<int>(present.size()) < smallest) {
    return Unusable("round " + std::to_string(number) + " has " + std::to_string(present.size()) +
                    " entrants present; " + std::string(MethodName(schedule.method)) + " needs " +
                    std::to_string(smallest));
  }
  switch (schedule.method) {
    case Method::kIndividual:
    case Method::kSwiss:
      return SeatedRound(field, schedule, points, number, present);
    case Method::kTeams:
      return TeamsRound(number, present);
    case Method::kMitchell:
    case Method::kHowell:
      return MovementRound(field, schedule, number);
  }
  return Unusable("unknown method");
}

std::string BreachText(const Breach& breach) {
  std::string where = "round " + std::to_string(breach.round);
  if (breach.table > 0) where += ", table " + std::to_string(breach.table);
  return where + ": " + breach.rule + ": " + breach.message;
}

}  // namespace referee::schedule
