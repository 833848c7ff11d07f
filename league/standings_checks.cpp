#include "league/standings_checks.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "league/standings_internal.h"

namespace referee::league {
namespace {

// How many names a warning lists before "and N more": a league of many records must not give a
// warning of many lines.
constexpr size_t kNamesShown = 3;

// Where one player sat in one round: counted records and forfeits.
struct Tables {
  size_t count = 0;
  std::vector<std::string> first;  // the first kNamesShown, records by name, then forfeits
  Place place;                     // the first forfeit's, if any
  std::string first_record;        // the first counted record, for a bye
};

using RoundPlayer = std::pair<std::string, std::string>;

void Sit(Tables& tables, const std::string& where) {
  if (++tables.count <= kNamesShown) tables.first.push_back(where);
}

std::map<RoundPlayer, Tables> TablesByRound(const League& league,
                                            const std::vector<const PlayedRecord*>& counted) {
  std::map<RoundPlayer, Tables> seen;
  for (const PlayedRecord* record : counted) {
    for (const std::string& player : record->players.All()) {
      Tables& tables = seen[{record->round, player}];
      if (tables.first_record.empty()) tables.first_record = record->source;
      Sit(tables, record->source);
    }
  }
  for (const Forfeit& forfeit : league.forfeits) {
    std::vector<std::string> ids = forfeit.to;
    ids.push_back(forfeit.by);
    for (const std::string& id : ids) {
      for (const std::string& player : PlayersOf(league, id)) {
        Tables& tables = seen[{forfeit.round, player}];
        if (tables.place.path.empty()) tables.place = forfeit.place;
        Sit(tables, "the forfeit " + forfeit.place.path);
      }
    }
  }
  return seen;
}

std::string NamesText(const Tables& tables) {
  std::string text;
  for (const std::string& name : tables.first) text += (text.empty() ? "" : ", ") + name;
  if (tables.count > tables.first.size()) {
    text += " and " + std::to_string(tables.count - tables.first.size()) + " more";
  }
  return text;
}

// One warning per round and set of tables: partners at the same two tables share it.
std::vector<Warning> TwoTables(const std::map<RoundPlayer, Tables>& seen) {
  std::map<std::pair<std::string, std::string>, std::pair<std::string, const Tables*>> merged;
  std::vector<std::pair<std::string, std::string>> order;
  for (const auto& [key, tables] : seen) {
    if (tables.count < 2) continue;
    std::pair<std::string, std::string> group{key.first, NamesText(tables)};
    auto [at, fresh] = merged.emplace(group, std::pair{key.second, &tables});
    if (fresh) {
      order.push_back(group);
    } else {
      at->second.first += ", " + key.second;
    }
  }
  std::vector<Warning> warnings;
  for (const auto& group : order) {
    const auto& [players, tables] = merged.at(group);
    bool several = players.find(',') != std::string::npos;
    warnings.push_back({"two-tables", tables->place,
                        players + (several ? " are" : " is") + " at " +
                            std::to_string(tables->count) + " tables in round " + group.first +
                            ": " + group.second});
  }
  return warnings;
}

std::vector<Warning> ByesInPlayedRounds(const League& league,
                                        const std::map<RoundPlayer, Tables>& seen) {
  std::vector<Warning> warnings;
  for (const Bye& bye : league.byes) {
    for (const std::string& player : PlayersOf(league, bye.entrant)) {
      auto played = seen.find({bye.round, player});
      if (played == seen.end() || played->second.first_record.empty()) continue;
      warnings.push_back({"bye-in-played-round", bye.place,
                          bye.entrant + " has a bye in round " + bye.round + ", a round " + player +
                              " played (" + played->second.first_record + "): both count"});
      break;
    }
  }
  return warnings;
}

// The entrant a side's players are ranked as, and the direction the league declares for it.
std::pair<std::string, const Direction*> Declared(const League& league,
                                                  const std::vector<std::string>& players) {
  const Entrant* group = internal::GroupOf(league.partnerships, players);
  std::string entrant = group != nullptr  ? group->id
                        : players.empty() ? ""
                                          : *std::min_element(players.begin(), players.end());
  for (const Direction& direction : league.scheme.directions) {
    const std::vector<std::string>& ids = direction.entrants;
    if (std::find(ids.begin(), ids.end(), entrant) != ids.end()) return {entrant, &direction};
  }
  return {entrant, nullptr};
}

}  // namespace

std::vector<Warning> CheckDirections(const League& league,
                                     const std::vector<const PlayedRecord*>& counted) {
  std::vector<Warning> warnings;
  const std::vector<std::string>& units = league.descriptor->score_units;
  if (league.scheme.directions.empty()) return warnings;
  for (const PlayedRecord* record : counted) {
    for (size_t side = 0; side < record->sides.size() && side < units.size(); ++side) {
      auto [entrant, direction] = Declared(league, record->SidePlayers(side));
      if (direction == nullptr || direction->name == units[side]) continue;
      warnings.push_back({"wrong-direction", direction->place,
                          entrant + " sat " + units[side] + " in " + record->source +
                              ", declared " + direction->name + ": its matchpoints there are " +
                              units[side] + "'s, counted in the " + direction->name + " ranking"});
    }
  }
  return warnings;
}

std::vector<Warning> CheckRounds(const League& league,
                                 const std::vector<const PlayedRecord*>& counted) {
  std::map<RoundPlayer, Tables> seen = TablesByRound(league, counted);
  std::vector<Warning> warnings = ByesInPlayedRounds(league, seen);
  std::vector<Warning> tables = TwoTables(seen);
  warnings.insert(warnings.end(), tables.begin(), tables.end());
  return warnings;
}

}  // namespace referee::league
