// Whether a league file's entries agree with each other and with its game (league_checks.h).
#include "league/league_checks.h"

#include <algorithm>
#include <map>
#include <set>

#include "referee/games/registry.h"
#include "referee/record/fields.h"

namespace referee::league {
namespace {

// Every id once across players, partnerships and teams, so an entry names one thing.
Result<void> CheckIds(const League& league) {
  std::set<std::string> ids;
  for (const auto* list : {&league.players, &league.partnerships, &league.teams}) {
    for (const Entrant& entrant : *list) {
      if (!ids.insert(entrant.id).second) {
        return Fail(Malformed("duplicate-entrant", entrant.path + "/id",
                              "expected each id once, found '" + entrant.id + "' again"));
      }
    }
  }
  return {};
}

bool IsEntrant(const League& league, const std::string& id) {
  auto has = [&](const std::vector<Entrant>& list) {
    return std::any_of(list.begin(), list.end(), [&](const Entrant& e) { return e.id == id; });
  };
  return has(league.players) || has(league.partnerships) || has(league.teams);
}

// Which groups of players a game's league has: partnerships where two seats play together,
// teams where the whole table does.
std::string GameList(games::SideKind sides) {
  std::string list;
  for (const games::GameDescriptor* game : games::AllGames()) {
    if (game->league.sides == sides) list += (list.empty() ? "" : ", ") + game->name;
  }
  return list;
}

// A side's players name one group: a group that lists a player twice could never be found, and a
// match of two groups of the same players could be credited to either. Each group's players are
// sorted once and looked up in a map, so a league file of many groups is not checked pair by pair.
Result<void> CheckGroupsDistinct(const std::vector<Entrant>& groups) {
  std::map<std::vector<std::string>, const Entrant*> seen;
  for (const Entrant& group : groups) {
    std::vector<std::string> players = group.players;
    std::sort(players.begin(), players.end());
    auto twice = std::adjacent_find(players.begin(), players.end());
    if (twice != players.end()) {
      size_t at = static_cast<size_t>(
          std::find(group.players.begin(), group.players.end(), *twice) - group.players.begin());
      at = static_cast<size_t>(
          std::find(group.players.begin() + at + 1, group.players.end(), *twice) -
          group.players.begin());
      return Fail(Malformed(
          "duplicate-player", group.path + "/players/" + std::to_string(at),
          "expected each player once in '" + group.id + "', found '" + *twice + "' again"));
    }
    auto [earlier, added] = seen.emplace(std::move(players), &group);
    if (added) continue;
    return Fail(Malformed("duplicate-group", group.path + "/players",
                          "expected each group of players once, found the players of '" +
                              earlier->second->id + "' again in '" + group.id + "'"));
  }
  return {};
}

Result<void> CheckGroups(const League& league) {
  games::SideKind sides = league.descriptor->league.sides;
  bool pairs = sides == games::SideKind::kPartnership;
  bool teams = sides == games::SideKind::kTable;
  if (!pairs && !league.partnerships.empty()) {
    return Fail(Malformed("unexpected-key", "/partnerships",
                          "expected partnerships only for a game played in partnerships (" +
                              GameList(games::SideKind::kPartnership) + "), found them for " +
                              league.game));
  }
  if (!teams && !league.teams.empty()) {
    return Fail(Malformed("unexpected-key", "/teams",
                          "expected teams only for a game the whole table plays together (" +
                              GameList(games::SideKind::kTable) + "), found them for " +
                              league.game));
  }
  if (teams && league.teams.empty()) {
    return Fail(Malformed(
        "missing-key", "",
        "expected the key 'teams' in a " + league.game + " league: its tables play as one team"));
  }
  for (const auto* list : {&league.partnerships, &league.teams}) {
    for (const Entrant& group : *list) {
      if (pairs && group.players.size() != 2) {
        return Fail(Malformed(
            "out-of-range", group.path + "/players",
            "expected 2 players in a partnership, found " + std::to_string(group.players.size())));
      }
      for (size_t i = 0; i < group.players.size(); ++i) {
        if (IsPlayer(league, group.players[i])) continue;
        return Fail(Malformed("unknown-entrant", group.path + "/players/" + std::to_string(i),
                              "expected an entrant id, found '" + group.players[i] + "'"));
      }
    }
    REFEREE_TRY(CheckGroupsDistinct(*list));
  }
  return {};
}

// Where teams are ranked (the whole table plays together), an entry naming a player would change
// nothing.
Result<void> CheckNamesTeam(const League& league, const std::string& id, const std::string& path) {
  if (league.descriptor->league.sides != games::SideKind::kTable || !IsPlayer(league, id)) {
    return {};
  }
  std::string team;
  for (const Entrant& group : league.teams) {
    if (std::find(group.players.begin(), group.players.end(), id) != group.players.end()) {
      team = " (of team '" + group.id + "')";
    }
  }
  return Fail(Malformed(
      "not-a-team", path,
      "expected a team id in a " + league.game + " league, found the player '" + id + "'" + team));
}

Result<void> CheckNamed(const League& league, const std::string& id, const std::string& path) {
  if (IsEntrant(league, id)) return CheckNamesTeam(league, id, path);
  std::vector<std::string> ids;
  for (const auto* list : {&league.players, &league.partnerships, &league.teams}) {
    for (const Entrant& entrant : *list) ids.push_back(entrant.id);
  }
  return Fail(
      Malformed("unknown-entrant", path,
                "expected an entrant id, found '" + id + "'" + record::DidYouMean(id, ids)));
}

// One void per record and deal: a deal voided twice is one ruling written twice.
Result<void> CheckVoids(const League& league) {
  for (size_t i = 0; i < league.voids.size(); ++i) {
    const DealVoid& voided = league.voids[i];
    for (size_t j = 0; j < i; ++j) {
      if (league.voids[j].record != voided.record || league.voids[j].deal != voided.deal) continue;
      return Fail(Malformed("duplicate-entry", voided.place.path,
                            "expected each deal voided once, found deal " +
                                std::to_string(voided.deal) + " of '" + voided.record +
                                "' again (first at " + league.voids[j].place.path + ")"));
    }
  }
  return {};
}

Result<void> CheckEntries(const League& league) {
  for (size_t i = 0; i < league.forfeits.size(); ++i) {
    std::string path = "/forfeits/" + std::to_string(i);
    REFEREE_TRY(CheckNamed(league, league.forfeits[i].by, path + "/by"));
    for (size_t j = 0; j < league.forfeits[i].to.size(); ++j) {
      REFEREE_TRY(CheckNamed(league, league.forfeits[i].to[j], path + "/to/" + std::to_string(j)));
    }
  }
  for (size_t i = 0; i < league.byes.size(); ++i) {
    REFEREE_TRY(
        CheckNamed(league, league.byes[i].entrant, "/byes/" + std::to_string(i) + "/entrant"));
  }
  for (size_t i = 0; i < league.withdrawals.size(); ++i) {
    REFEREE_TRY(CheckNamed(league, league.withdrawals[i].entrant,
                           "/withdrawals/" + std::to_string(i) + "/entrant"));
  }
  for (size_t i = 0; i < league.adjustments.size(); ++i) {
    REFEREE_TRY(CheckNamed(league, league.adjustments[i].entrant,
                           "/adjustments/" + std::to_string(i) + "/entrant"));
  }
  return CheckVoids(league);
}

// The first player two entries both stand for, if any.
std::optional<std::string> FirstCommonPlayer(const std::vector<std::string>& a,
                                             const std::vector<std::string>& b) {
  for (const std::string& player : a) {
    if (std::find(b.begin(), b.end(), player) != b.end()) return player;
  }
  return std::nullopt;
}

// "(b is in both)" when the two entries name different entrants that share a player.
std::string InBothNote(const std::string& one, const std::string& other,
                       const std::string& player) {
  return one == other ? "" : " (" + player + " is in both)";
}

// A forfeit goes to other entrants, each named once.
Result<void> CheckForfeit(const League& league, const Forfeit& forfeit) {
  std::vector<std::string> by = PlayersOf(league, forfeit.by);
  for (size_t j = 0; j < forfeit.to.size(); ++j) {
    std::vector<std::string> to = PlayersOf(league, forfeit.to[j]);
    std::string path = forfeit.place.path + "/to/" + std::to_string(j);
    if (std::optional<std::string> player = FirstCommonPlayer(by, to)) {
      return Fail(Malformed("self-forfeit", path,
                            "expected an entrant other than '" + forfeit.by +
                                "', who forfeited, found '" + forfeit.to[j] + "'" +
                                InBothNote(forfeit.by, forfeit.to[j], *player)));
    }
    for (size_t k = 0; k < j; ++k) {
      std::optional<std::string> player = FirstCommonPlayer(PlayersOf(league, forfeit.to[k]), to);
      if (!player) continue;
      return Fail(Malformed("duplicate-entry", path,
                            "expected each entrant once, found '" + forfeit.to[j] + "' after '" +
                                forfeit.to[k] + "'" +
                                InBothNote(forfeit.to[k], forfeit.to[j], *player)));
    }
  }
  return {};
}

using RoundPlayer = std::pair<std::string, std::string>;

// One bye per player and round, and none in a round the player has a forfeit in (a forfeit is a
// match played). Records are not known here: a bye in a round with a counted record is a warning
// of the standings.
Result<void> CheckByes(const League& league) {
  std::map<RoundPlayer, std::string> forfeited;
  for (const Forfeit& forfeit : league.forfeits) {
    std::vector<std::string> ids = forfeit.to;
    ids.push_back(forfeit.by);
    for (const std::string& id : ids) {
      for (const std::string& player : PlayersOf(league, id)) {
        forfeited.emplace(RoundPlayer{forfeit.round, player}, forfeit.place.path);
      }
    }
  }
  std::map<RoundPlayer, std::string> byes;
  for (const Bye& bye : league.byes) {
    for (const std::string& player : PlayersOf(league, bye.entrant)) {
      RoundPlayer key{bye.round, player};
      auto [first, fresh] = byes.emplace(key, bye.place.path);
      if (!fresh) {
        return Fail(Malformed("duplicate-entry", bye.place.path + "/entrant",
                              "expected one bye for " + player + " in round " + bye.round +
                                  ", found a second (the first is " + first->second + ")"));
      }
      auto played = forfeited.find(key);
      if (played == forfeited.end()) continue;
      return Fail(Malformed("bye-in-played-round", bye.place.path + "/round",
                            "expected a bye in a round " + player + " did not play, found " +
                                player + " in the forfeit " + played->second + " of round " +
                                bye.round));
    }
  }
  return {};
}

Result<void> CheckWithdrawals(const League& league) {
  std::map<std::string, std::string> withdrawn;
  for (const Withdrawal& withdrawal : league.withdrawals) {
    for (const std::string& player : PlayersOf(league, withdrawal.entrant)) {
      auto [first, fresh] = withdrawn.emplace(player, withdrawal.place.path);
      if (fresh) continue;
      return Fail(Malformed("duplicate-entry", withdrawal.place.path + "/entrant",
                            "expected one withdrawal for " + player +
                                ", found a second (the "
                                "first is " +
                                first->second + ")"));
    }
  }
  return {};
}

Result<void> CheckConflicts(const League& league) {
  for (const Forfeit& forfeit : league.forfeits) REFEREE_TRY(CheckForfeit(league, forfeit));
  REFEREE_TRY(CheckByes(league));
  return CheckWithdrawals(league);
}

// Each ranked entrant (partnerships where the league has them, else players) in exactly one
// direction: each direction is ranked on its own, so an entrant in none would be in no table.
Result<void> CheckDirections(const League& league) {
  const std::vector<Direction>& directions = league.scheme.directions;
  if (directions.empty()) return {};
  const std::vector<Entrant>& ranked = RankedEntrants(league);
  std::map<std::string, std::string> seen;
  for (const Direction& direction : directions) {
    std::string path = "/scheme/directions/" + direction.name;
    for (size_t i = 0; i < direction.entrants.size(); ++i) {
      const std::string& id = direction.entrants[i];
      std::string at = path + "/" + std::to_string(i);
      bool known = std::any_of(ranked.begin(), ranked.end(),
                               [&](const Entrant& entrant) { return entrant.id == id; });
      if (!known) {
        std::string kind = league.partnerships.empty() ? "a player" : "a partnership";
        return Fail(
            Malformed("unknown-entrant", at, "expected " + kind + " id, found '" + id + "'"));
      }
      auto [first, fresh] = seen.emplace(id, direction.name);
      if (fresh) continue;
      return Fail(Malformed("duplicate-entry", at,
                            "expected each entrant in one direction, found '" + id + "' in " +
                                first->second + " and " + direction.name));
    }
  }
  for (const Entrant& entrant : ranked) {
    if (seen.count(entrant.id)) continue;
    return Fail(
        Malformed("missing-direction", "/scheme/directions",
                  "expected every entrant in a direction, found '" + entrant.id + "' in none"));
  }
  return {};
}

// A scheme or tie-break that measures something the game does not have is a mistake in the
// league file, not a silent zero.
Result<void> CheckFit(const League& league) {
  const games::LeagueTraits& traits = league.descriptor->league;
  if (std::find(traits.schemes.begin(), traits.schemes.end(), league.scheme.kind) ==
      traits.schemes.end()) {
    return Fail(Malformed("bad-scheme", "/scheme",
                          "expected a scheme that fits " + league.game +
                              ", found one that does not"
                              " (docs/standings.md lists the schemes per game)"));
  }
  for (size_t i = 0; i < league.tie_breaks.size(); ++i) {
    const TieBreak& tie_break = league.tie_breaks[i];
    bool fits = tie_break.kind == TieBreak::Kind::kStatistic
                    ? tie_break.statistic >= 0
                    : std::find(traits.tie_breaks.begin(), traits.tie_breaks.end(),
                                tie_break.kind) != traits.tie_breaks.end();
    if (fits) continue;
    return Fail(Malformed("bad-tie-break", "/tie_breaks/" + std::to_string(i),
                          "expected a tie-break that " + league.game + " can measure, found '" +
                              tie_break.name + "'"));
  }
  return {};
}

}  // namespace

Result<void> CheckLeague(const League& league) {
  REFEREE_TRY(CheckIds(league));
  REFEREE_TRY(CheckGroups(league));
  REFEREE_TRY(CheckEntries(league));
  REFEREE_TRY(CheckConflicts(league));
  REFEREE_TRY(CheckFit(league));
  return CheckDirections(league);
}

}  // namespace referee::league
