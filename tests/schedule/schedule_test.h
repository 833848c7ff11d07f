// Leagues and schedules built in tests of schedule/.
#pragma once

#include <string>
#include <vector>

#include "formats/yaml_reader.h"
#include "league/league_file.h"
#include "schedule/schedule.h"

namespace referee::schedule::testing {

// A league of `game` with entrants e01..eNN (partnerships and teams of two players each where the
// game ranks them), read from its YAML; `extra` is added at the end of the file.
inline league::League TestLeague(const std::string& game, int count,
                                 const std::string& extra = "") {
  const games::GameDescriptor& descriptor = *games::FindGame(game);
  std::string players = "entrants:\n";
  std::string groups;
  for (int i = 1; i <= count; ++i) {
    std::string id = (i < 10 ? "e0" : "e") + std::to_string(i);
    if (descriptor.league.sides == games::SideKind::kSeat) {
      players += "  - {id: " + id + "}\n";
      continue;
    }
    players += "  - {id: " + id + "a}\n  - {id: " + id + "b}\n";
    groups += "  - {id: " + id + ", players: [" + id + "a, " + id + "b]}\n";
  }
  std::string key = descriptor.league.sides == games::SideKind::kTable ? "teams" : "partnerships";
  std::string text = "format: referee-league/1\nname: test\ngame: " + game +
                     "\nrecords: [records/]\n" + players +
                     (groups.empty() ? "" : key + ":\n" + groups) + extra;
  Result<record::Node> root = formats::ParseYaml(text);
  Result<league::League> league = league::ReadLeague(*root);
  if (!league) throw std::runtime_error(league.error().message);
  return *league;
}

inline std::string Id(int i) { return (i < 10 ? "e0" : "e") + std::to_string(i); }

// Makes every planned round of a schedule with no points.
inline Schedule MakeAll(const Field& field, Schedule schedule) {
  while (static_cast<int>(schedule.made.size()) < schedule.rounds) {
    Result<Round, referee::Error> round = NextRound(field, schedule, {});
    if (!round) throw std::runtime_error(round.error().message);
    schedule.made.push_back(*round);
  }
  return schedule;
}

}  // namespace referee::schedule::testing
