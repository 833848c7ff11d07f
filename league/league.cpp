// The league's vocabulary: the schemes' and tie-breaks' names as league files write them, the
// defaults a game gets, round names, and who an entry stands for (league/league.h).
#include "league/league.h"

#include <algorithm>

#include "referee/games/registry.h"

namespace referee::league {
namespace {

// The standings' own tie-breaks; games add theirs (LeagueTraits::statistic_tie_breaks).
const std::vector<std::pair<TieBreak::Kind, std::string>> kOwnTieBreaks = {
    {TieBreak::Kind::kWins, "wins"},
    {TieBreak::Kind::kTotalScore, "total-score"},
    {TieBreak::Kind::kPointDifference, "point-difference"},
    {TieBreak::Kind::kHeadToHead, "head-to-head"},
    {TieBreak::Kind::kMatchesPlayed, "matches-played"},
    {TieBreak::Kind::kOpponentsPoints, "buchholz"},
    {TieBreak::Kind::kSonnebornBerger, "sonneborn-berger"},
};

// One of the standings' own tie-breaks, with its name.
TieBreak OwnTieBreak(TieBreak::Kind kind) {
  for (const auto& [own, name] : kOwnTieBreaks) {
    if (own == kind) return TieBreak{.kind = kind, .name = name};
  }
  return TieBreak{.kind = kind};
}

}  // namespace

const std::vector<std::pair<SchemeKind, std::string>>& SchemeNames() {
  static const std::vector<std::pair<SchemeKind, std::string>> names = {
      {SchemeKind::kPlacement, "placement"},
      {SchemeKind::kMatchPoints, "match-points"},
      {SchemeKind::kLevelWins, "level-wins"},
      {SchemeKind::kDuplicate, "duplicate"},
  };
  return names;
}

std::string_view TieBreakName(const TieBreak& tie_break) { return tie_break.name; }

// Made at each call: a game registered later (a plug-in) adds its own.
std::vector<std::string> TieBreakNames() {
  std::vector<std::string> list;
  for (const auto& entry : kOwnTieBreaks) list.push_back(entry.second);
  for (const games::GameDescriptor* game : games::AllGames()) {
    for (const games::StatisticTieBreak& own : game->league.statistic_tie_breaks) {
      if (std::find(list.begin(), list.end(), own.name) == list.end()) list.push_back(own.name);
    }
  }
  return list;
}

std::optional<TieBreak> TieBreakNamed(std::string_view name, const games::GameDescriptor& game) {
  for (const auto& [kind, own] : kOwnTieBreaks) {
    if (own == name) return TieBreak{.kind = kind, .name = own};
  }
  TieBreak tie_break{.kind = TieBreak::Kind::kStatistic, .name = std::string(name)};
  for (const games::StatisticTieBreak& own : game.league.statistic_tie_breaks) {
    if (own.name != name) continue;
    for (size_t i = 0; i < game.side_statistics.size(); ++i) {
      if (game.side_statistics[i].name == own.statistic) tie_break.statistic = static_cast<int>(i);
    }
    tie_break.measure = own.measure;
    tie_break.fewer_is_better = own.fewer_is_better;
    return tie_break;
  }
  // Another game's: named, and refused for this one by CheckFit with its place.
  std::vector<std::string> names = TieBreakNames();
  if (std::find(names.begin(), names.end(), name) == names.end()) return std::nullopt;
  return tie_break;
}

Scheme DefaultScheme(const games::GameDescriptor& game) {
  Scheme scheme;
  if (!game.league.schemes.empty()) scheme.kind = game.league.schemes.front();
  scheme.level_weights = game.league.level_weights;
  return scheme;
}

std::vector<TieBreak> DefaultTieBreaks(const games::GameDescriptor& game, SchemeKind scheme) {
  if (scheme == SchemeKind::kDuplicate) return {OwnTieBreak(TieBreak::Kind::kTotalScore)};
  std::vector<TieBreak> tie_breaks;
  for (TieBreak::Kind kind : game.league.default_tie_breaks) {
    tie_breaks.push_back(OwnTieBreak(kind));
  }
  for (const games::StatisticTieBreak& own : game.league.statistic_tie_breaks) {
    if (own.by_default) tie_breaks.push_back(*TieBreakNamed(own.name, game));
  }
  return tie_breaks;
}

std::string RoundName(std::string_view text) {
  bool number = !text.empty() &&
                std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!number) return std::string(text);
  size_t first = text.find_first_not_of('0');
  return first == std::string_view::npos ? "0" : std::string(text.substr(first));
}

verifier::DirectorVoids VoidsByRecord(const League& league) {
  verifier::DirectorVoids voids;
  for (const DealVoid& voided : league.voids) {
    voids[voided.record].push_back({voided.deal, voided.reason});
  }
  return voids;
}

bool IsPlayer(const League& league, const std::string& id) {
  return std::any_of(league.players.begin(), league.players.end(),
                     [&](const Entrant& e) { return e.id == id; });
}

const std::vector<Entrant>& RankedEntrants(const League& league) {
  if (league.descriptor->league.sides == games::SideKind::kTable) return league.teams;
  return league.partnerships.empty() ? league.players : league.partnerships;
}

std::vector<std::string> PlayersOf(const League& league, const std::string& id) {
  if (IsPlayer(league, id)) return {id};
  for (const auto* list : {&league.partnerships, &league.teams}) {
    for (const Entrant& group : *list) {
      if (group.id == id) return group.players;
    }
  }
  return {};
}

}  // namespace referee::league
