// The random event generator (`referee schedule --generate`): FIDE asks of a pairing program a
// free checker and a generator of random tournaments to feed it; this is the generator. Every draw
// comes from the seed, so a failing event is made again from the seed printed with it.
#include <algorithm>
#include <cstring>
#include <random>
#include <set>

#include "league/league_file.h"
#include "referee/core/seeded_deal.h"
#include "referee/record/record_writer.h"
#include "schedule/movements.h"
#include "schedule/schedule.h"
#include "verifier/sha256.h"

namespace referee::schedule {

namespace {

using record::Node;

std::string Numbered(const std::string& prefix, int number) {
  return prefix + (number < 10 ? "0" : "") + std::to_string(number);
}

Node IdNode(const std::string& id) {
  Node entry = Node::Map({});
  entry.AddMember("id", {}, record::StringNode(id));
  return entry;
}

Node GroupNode(const std::string& id, const std::vector<std::string>& players) {
  Node entry = IdNode(id);
  Node list = Node::List({});
  for (const std::string& player : players) list.Append(record::StringNode(player));
  entry.AddMember("players", {}, std::move(list));
  return entry;
}

Node IdList(const std::vector<std::string>& ids) {
  Node list = Node::List({});
  for (const std::string& id : ids) list.Append(record::StringNode(id));
  return list;
}

// The league's entrants: players each for themselves, or partnerships (or teams) of two players.
std::vector<std::string> AddEntrants(Node& league, const games::GameDescriptor& game, int count) {
  Node players = Node::List({});
  Node groups = Node::List({});
  std::vector<std::string> ranked;
  for (int i = 1; i <= count; ++i) {
    if (game.league.sides == games::SideKind::kSeat) {
      ranked.push_back(Numbered("p", i));
      players.Append(IdNode(ranked.back()));
      continue;
    }
    std::string group = Numbered(game.league.sides == games::SideKind::kTable ? "team" : "pair", i);
    std::vector<std::string> members = {group + "a", group + "b"};
    for (const std::string& member : members) players.Append(IdNode(member));
    groups.Append(GroupNode(group, members));
    ranked.push_back(group);
  }
  league.AddMember("entrants", {}, std::move(players));
  if (game.league.sides == games::SideKind::kPartnership) {
    league.AddMember("partnerships", {}, std::move(groups));
  } else if (game.league.sides == games::SideKind::kTable) {
    league.AddMember("teams", {}, std::move(groups));
  }
  return ranked;
}

struct Changes {
  std::vector<Arrival> arrivals;
  std::vector<std::pair<std::string, int>> withdrawals;  // entrant, after round
};

// Late arrivals and withdrawals between rounds that leave every round playable: for individual
// and Swiss rounds up to two of each where the field is large enough; in a movement one arrival
// into the place an odd count leaves, and one withdrawal, where the rounds still compare every
// board set at two tables.
Changes DrawChanges(Method method, const games::GameDescriptor& game,
                    const std::vector<std::string>& ranked, int rounds, std::mt19937_64& rng) {
  Changes changes;
  int count = static_cast<int>(ranked.size());
  auto draw = [&rng](int low, int high) {
    return std::uniform_int_distribution<int>(low, high)(rng);
  };
  if (method == Method::kMitchell || method == Method::kHowell) {
    if (count % 2 == 0 && count >= 6 && rounds >= 3 && draw(0, 1) == 1) {
      changes.arrivals.push_back(Arrival{ranked.back(), 2, ""});
    }
    if (count >= 8 && rounds >= 4 && draw(0, 1) == 1) {
      changes.withdrawals.emplace_back(ranked.front(), draw(1, rounds - 1));
    }
    return changes;
  }
  if (rounds < 2 || count < SmallestEvent(method, game) + 4) return changes;
  std::vector<std::string> order = ranked;
  std::shuffle(order.begin(), order.end(), rng);
  int arrivals = draw(0, 2);
  int withdrawals = draw(0, 2);
  for (int i = 0; i < arrivals; ++i) {
    changes.arrivals.push_back(Arrival{order[i], draw(2, rounds), ""});
  }
  for (int i = 0; i < withdrawals; ++i) {
    changes.withdrawals.emplace_back(order[arrivals + i], draw(1, rounds - 1));
  }
  return changes;
}

// The fewest rounds that compare every board set of a movement at two tables: a place left empty
// (an odd count, an arrival, a withdrawal) loses a set one table.
int FewestRounds(Method method, const Changes& changes, int count) {
  if (method == Method::kMitchell) {
    int empty_places = (count % 2) + (changes.arrivals.empty() ? 0 : 1) +
                       static_cast<int>(changes.withdrawals.size());
    return 2 + std::min(empty_places, 2);
  }
  return 1;
}

// Swiss points as results might give them: each seated entrant up to three wins' worth.
void DrawResults(const Round& round, Points& points, std::mt19937_64& rng) {
  std::uniform_int_distribution<int> wins(0, 3);
  for (const Table& table : round.tables) {
    for (const std::string& entrant : table.seats) points[entrant] += wins(rng) * 2;
  }
  for (const std::string& entrant : round.sitting_out) points[entrant] += 2;
}

std::mt19937_64 Generator(const std::string& seed) {
  Sha256Digest digest = verifier::Sha256("referee schedule --generate\0" + seed);
  uint64_t state = 0;
  std::memcpy(&state, digest.data(), sizeof state);
  return std::mt19937_64(state);
}

}  // namespace

Result<Node, referee::Error> RandomEvent(const games::GameDescriptor& game, Method method,
                                         int entrants, const std::string& seed) {
  std::vector<Method> fit = MethodsFor(game);
  if (std::find(fit.begin(), fit.end(), method) == fit.end()) {
    return Unusable(std::string(MethodName(method)) + " does not fit " + game.name);
  }
  if (entrants < SmallestEvent(method, game) || entrants > 1000) {
    return Unusable(std::string(MethodName(method)) + " events of " + game.name + " take " +
                    std::to_string(SmallestEvent(method, game)) + " to 1000 entrants, found " +
                    std::to_string(entrants));
  }
  std::mt19937_64 rng = Generator(seed);
  Node league = Node::Map({});
  league.AddMember("format", {}, record::StringNode(std::string(league::kLeagueFormat)));
  league.AddMember("name", {}, record::StringNode("A random event (seed " + seed + ")"));
  league.AddMember("game", {}, record::StringNode(game.name));
  std::vector<std::string> ranked = AddEntrants(league, game, entrants);
  Node records = Node::List({});
  records.Append(record::StringNode("records/"));
  league.AddMember("records", {}, std::move(records));
  if (method == Method::kMitchell || method == Method::kHowell) {
    Node scheme = Node::Map({});
    scheme.AddMember("name", {}, record::StringNode("duplicate"));
    if (method == Method::kMitchell) {
      size_t half = (ranked.size() + 1) / 2;
      Node directions = Node::Map({});
      directions.AddMember("NS", {}, IdList({ranked.begin(), ranked.begin() + half}));
      directions.AddMember("EW", {}, IdList({ranked.begin() + half, ranked.end()}));
      scheme.AddMember("directions", {}, std::move(directions));
    }
    league.AddMember("scheme", {}, std::move(scheme));
  }
  // The most rounds the method allows this many, at most eight: enough to meet again.
  int most = 8;
  if (method == Method::kMitchell) {
    int tables = (entrants + 1) / 2;
    most = std::min(8, tables % 2 == 1 ? tables : tables - 1);
  }
  if (method == Method::kHowell) most = std::min(8, entrants + entrants % 2 - 1);
  int rounds = std::uniform_int_distribution<int>(1, most)(rng);
  Changes changes = DrawChanges(method, game, ranked, rounds, rng);
  rounds = std::min(most, std::max(rounds, FewestRounds(method, changes, entrants)));
  Node withdrawals = Node::List({});
  for (const auto& [entrant, after] : changes.withdrawals) {
    Node entry = Node::Map({});
    entry.AddMember("entrant", {}, record::StringNode(entrant));
    entry.AddMember("after_round", {}, record::IntegerNode(after));
    entry.AddMember("reason", {}, record::StringNode("drawn by the generator"));
    withdrawals.Append(std::move(entry));
  }
  if (!changes.withdrawals.empty()) league.AddMember("withdrawals", {}, std::move(withdrawals));
  Result<league::League> read = league::ReadLeague(league);
  if (!read) return Unusable("the generated league: " + read.error().message);
  Schedule schedule{method, seed, rounds, changes.arrivals, {}};
  Result<Field> field = FieldOf(*read, schedule);
  if (!field) return Unusable("the generated league: " + field.error().message);
  Points points;
  for (int r = 1; r <= rounds; ++r) {
    Result<Round, referee::Error> round = NextRound(*field, schedule, points);
    if (!round) return referee::Fail(round.error());
    DrawResults(*round, points, rng);
    schedule.made.push_back(std::move(*round));
  }
  league.AddMember("schedule", {}, ScheduleNode(schedule));
  return league;
}

}  // namespace referee::schedule
