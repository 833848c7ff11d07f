// Hand-made records for the standings tests: verdicts as the games report them, summarised as
// the standings keep them, and leagues of each game.
#pragma once

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "league/league.h"
#include "league/standings.h"
#include "referee/core/printable.h"
#include "referee/games/registry.h"
#include "referee/record/node.h"
#include "referee/record/record.h"
#include "referee/record/record_writer.h"
#include "reports/standings_grids.h"
#include "reports/standings_output.h"
#include "reports/table_text.h"
#include "verifier/verdict.h"

namespace referee::league::standings_fixtures {

inline const games::GameDescriptor& Game(const std::string& name) { return *games::FindGame(name); }

inline League MakeLeague(const std::string& game, std::vector<std::string> players) {
  League league;
  league.name = "Test";
  league.game = game;
  league.descriptor = &Game(game);
  for (const std::string& id : players) league.players.push_back({id, id, {}, ""});
  league.scheme = DefaultScheme(Game(game));
  league.tie_breaks = DefaultTieBreaks(Game(game), league.scheme.kind);
  return league;
}

inline TieBreak Named(const League& league, const std::string& name) {
  return *TieBreakNamed(name, *league.descriptor);
}

inline void AddGroups(League& league, std::vector<Entrant>& groups,
                      const std::vector<std::vector<std::string>>& members) {
  for (const auto& players : members) {
    std::string id;
    for (const std::string& player : players) id += player;
    groups.push_back({id, id, players, ""});
  }
  (void)league;
}

// The tree of a document that is a record (a map with `format:`), for DescribeRecord.
inline const record::Node& RecordDocument() {
  static const record::Node document = [] {
    record::Node map = record::Node::Map({});
    map.AddMember("format", {}, record::StringNode("referee/1"));
    return map;
  }();
  return document;
}

// A record as the standings keep it: its verdict from the verifier, its players from the record.
inline PlayedRecord Describe(verifier::Verdict verdict, const std::string& source,
                             const std::string& round, std::vector<std::string> players,
                             const std::string& level = "") {
  static const League league = MakeLeague("collusion", {});
  verdict.source = source;
  record::Record record;
  record.game = games::FindGame(verdict.game);
  record.rules = RuleOptions(record.game->options);
  if (!level.empty()) record.rules.Set("level", level);
  record.players = std::move(players);
  return DescribeRecord(league, verdict, &record, &RecordDocument(), round);
}

// Gives a record the seed and the scored boards the duplicate scheme keeps of it.
inline void SetDeals(PlayedRecord& played, const std::string& seed,
                     std::vector<PlayedBoard> boards) {
  played.deals = std::make_shared<const PlayedDeals>(PlayedDeals{seed, std::move(boards)});
}

// Every row of `rows`, kept: what a writer that holds one row at a time never makes.
inline reports::Grid WholeGrid(const reports::GridRows& rows) {
  reports::Grid grid;
  rows([&grid](const reports::GridRow& row) { grid.push_back(row); });
  return grid;
}

inline std::vector<std::string> Words(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// A finished trick match as its game reports it: a side per unit, placed as the game places
// them (by total for seats, by the result for partnerships), with the winner as a fact.
inline verifier::Verdict Finished(const std::string& game, std::vector<std::string> units,
                                  std::vector<int> totals, const std::string& winner) {
  verifier::Verdict verdict;
  verdict.game = game;
  verdict.scores.units = units;
  verdict.scores.totals = totals;
  verdict.outcome.over = true;
  std::vector<std::string> winners = Words(winner);
  bool by_total = Game(game).league.sides == games::SideKind::kSeat;
  for (size_t unit = 0; unit < units.size(); ++unit) {
    SideResult side;
    for (char seat : units[unit]) {
      side.actors.push_back(static_cast<int>(std::string("NESW").find(seat)));
    }
    side.total = totals[unit];
    side.won = std::find(winners.begin(), winners.end(), units[unit]) != winners.end();
    side.drew = winner == "draw";
    side.statistics.assign(Game(game).side_statistics.size(), 0);
    verdict.outcome.sides.push_back(side);
  }
  for (SideResult& side : verdict.outcome.sides) {
    for (const SideResult& other : verdict.outcome.sides) {
      side.place += by_total ? other.total > side.total : (other.won || other.drew) && !side.won;
    }
    if (!by_total) side.place = std::min(side.place, side.drew ? 0 : 1);
  }
  verdict.outcome.facts = {{"winner", FactValue::Words(winners)}};
  return verdict;
}

// A finished Collusion match: totals in seat order N E S W, and the winner(s).
inline PlayedRecord Collusion(const std::string& source, const std::string& round,
                              std::vector<std::string> players, std::vector<int> totals,
                              const std::string& winner) {
  return Describe(Finished("collusion", {"N", "E", "S", "W"}, std::move(totals), winner), source,
                  round, std::move(players));
}

// A finished partnership match: NS is players 0 and 2, EW players 1 and 3.
inline verifier::Verdict PairsVerdict(const std::string& game, int ns, int ew) {
  std::string winner = ns > ew ? "NS" : ew > ns ? "EW" : "draw";
  return Finished(game, {"NS", "EW"}, {ns, ew}, winner);
}

inline PlayedRecord Pairs(const std::string& game, const std::string& source,
                          const std::string& round, std::vector<std::string> players, int ns,
                          int ew) {
  return Describe(PairsVerdict(game, ns, ew), source, round, std::move(players));
}

inline PlayedRecord Cahoots(const std::string& source, const std::string& round,
                            std::vector<std::string> players, bool win, int goals, int turns,
                            const std::string& level) {
  verifier::Verdict verdict;
  verdict.game = "cahoots";
  verdict.outcome.over = true;
  verdict.outcome.facts = {{"outcome", FactValue::Word(win ? "win" : "loss")},
                           {"goals", FactValue::Number(goals)},
                           {"turns", FactValue::Number(turns)}};
  SideResult table;
  for (size_t player = 0; player < players.size(); ++player) {
    table.actors.push_back(static_cast<int>(player));
  }
  table.won = win;
  table.statistics = {goals, turns};
  verdict.outcome.sides = {table};
  return Describe(verdict, source, round, std::move(players), level);
}

inline const StandingRow& RowOf(const StandingsTable& table, const std::string& entrant) {
  for (const StandingRow& row : table.rows) {
    if (row.entrant == entrant) return row;
  }
  throw std::runtime_error("no row " + entrant);
}

inline std::vector<std::string> Order(const StandingsTable& table) {
  std::vector<std::string> order;
  for (const StandingRow& row : table.rows) order.push_back(row.entrant);
  return order;
}

}  // namespace referee::league::standings_fixtures
