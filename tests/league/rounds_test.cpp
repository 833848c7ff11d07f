// The standings round by round: as of any round (records, forfeits, byes, adjustments and
// withdrawals of later rounds left out), each entrant's rank after every round, and the
// cross-table of what each entrant met in each round.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <random>

#include "league/standings.h"
#include "league/standings_internal.h"
#include "referee/core/printable.h"
#include "reports/standings_grids.h"
#include "reports/standings_output.h"
#include "reports/table_text.h"
#include "tests/league/standings_fixtures.h"

namespace referee::league {
namespace {

using namespace standings_fixtures;  // NOLINT: the fixtures of every standings test

// Three rounds of a, b, c, d, with e sitting out; d forfeits round 3 to c, e has a bye in round 2,
// b loses a point without a round (it counts in the last round), d withdraws after round 2.
League Season() {
  League league = MakeLeague("collusion", {"a", "b", "c", "d", "e"});
  league.forfeits = {{"3", "d", {"c"}, "no show"}};
  league.byes = {{"2", "e", std::nullopt, "odd number"}};
  league.adjustments = {{"b", -1, std::nullopt, "late"}};
  league.withdrawals = {{"d", "2", "moved"}};
  return league;
}

std::vector<PlayedRecord> SeasonRecords() {
  return {Collusion("r1", "1", {"a", "b", "c", "d"}, {100, 80, 50, 10}, "N"),
          Collusion("r2", "2", {"a", "b", "c", "d"}, {10, 50, 100, 80}, "S"),
          Collusion("r3", "3", {"a", "b", "c", "e"}, {40, 30, 20, 10}, "N")};
}

TEST(Rounds, AsOfARoundLaterRoundsAreLeftOut) {
  StandingsOptions options;
  options.after_round = "2";
  Standings standings = ComputeStandings(Season(), SeasonRecords(), options);
  EXPECT_EQ(standings.rounds, (std::vector<std::string>{"1", "2"}));
  EXPECT_EQ(standings.season_rounds, (std::vector<std::string>{"1", "2", "3"}));
  EXPECT_EQ(standings.records_counted, 2);
  EXPECT_EQ(standings.later_records, 1);
  const StandingsTable& table = standings.tables[0];
  EXPECT_EQ(RowOf(table, "c").points, 4 * kPointUnit);          // 1 + 3, not the forfeit of round 3
  EXPECT_EQ(RowOf(table, "e").points, 3 * kPointUnit);          // the bye of round 2
  EXPECT_EQ(RowOf(table, "b").points, 3 * kPointUnit);          // the adjustment counts in round 3
  EXPECT_FALSE(RowOf(table, "d").withdrawn_after.has_value());  // withdrew after round 2
  EXPECT_EQ(standings.entries, (std::vector<std::string>{"bye, round 2: e (odd number)"}));
  options.after_round = "3";
  Standings last = ComputeStandings(Season(), SeasonRecords(), options);
  EXPECT_EQ(RowOf(last.tables[0], "b").points, 4 * kPointUnit);
  EXPECT_EQ(RowOf(last.tables[0], "d").withdrawn_after, "2");
}

TEST(Rounds, RankAfterEachRoundIsTheStandingsAsOfIt) {
  Standings full = ComputeStandings(Season(), SeasonRecords());
  for (size_t r = 0; r < full.rounds.size(); ++r) {
    StandingsOptions options;
    options.after_round = full.rounds[r];
    Standings then = ComputeStandings(Season(), SeasonRecords(), options);
    for (const StandingRow& row : full.tables[0].rows) {
      const StandingRow& as_of = RowOf(then.tables[0], row.entrant);
      EXPECT_EQ(row.rank_by_round[r], (RoundRank{as_of.rank, as_of.shared})) << row.entrant;
      EXPECT_EQ(row.by_round[r], as_of.points) << row.entrant;
    }
  }
}

TEST(Rounds, TheLastRoundsRankIsTheRank) {
  EXPECT_TRUE(rc::check([](uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<std::string> names = {"a", "b", "c", "d", "e", "f"};
    League league = MakeLeague("collusion", names);
    league.tie_breaks = {Named(league, "wins"), Named(league, "buchholz")};
    std::vector<PlayedRecord> records;
    for (int i = 0; i < 9; ++i) {
      std::vector<std::string> seats = names;
      std::shuffle(seats.begin(), seats.end(), rng);
      seats.resize(4);
      std::vector<int> totals;
      for (int s = 0; s < 4; ++s) totals.push_back(static_cast<int>(rng() % 4) * 10);
      records.push_back(
          Collusion("r" + std::to_string(i), std::to_string(1 + i % 3), seats, totals, "N"));
    }
    Standings standings = ComputeStandings(league, records);
    for (const StandingRow& row : standings.tables[0].rows) {
      RC_ASSERT(row.rank_by_round.size() == standings.rounds.size());
      RC_ASSERT(row.rank_by_round.back() == (RoundRank{row.rank, row.shared}));
    }
  }));
}

// Every entrant's rank and points after every round are what `--after-round` that round gives.
void ExpectEachRoundIsTheStandingsAsOfIt(const League& league,
                                         const std::vector<PlayedRecord>& records) {
  Standings full = ComputeStandings(league, records);
  for (size_t r = 0; r < full.rounds.size(); ++r) {
    StandingsOptions options;
    options.after_round = full.rounds[r];
    Standings then = ComputeStandings(league, records, options);
    RC_ASSERT(then.tables.size() == full.tables.size());
    for (size_t t = 0; t < full.tables.size(); ++t) {
      for (const StandingRow& row : full.tables[t].rows) {
        const StandingRow& as_of = RowOf(then.tables[t], row.entrant);
        RC_ASSERT(row.rank_by_round.size() == full.rounds.size());
        RC_ASSERT(row.by_round.size() == full.rounds.size());
        RC_ASSERT(row.rank_by_round[r] == (RoundRank{as_of.rank, as_of.shared}));
        RC_ASSERT(row.by_round[r] == as_of.points);
      }
    }
  }
}

// A league's entries in random rounds: a forfeit, a bye and an adjustment, each maybe.
void AddRandomEntries(std::mt19937& rng, const std::vector<std::string>& entrants, int rounds,
                      League& league) {
  auto any = [&] { return entrants[rng() % entrants.size()]; };
  auto round = [&] { return std::to_string(1 + rng() % rounds); };
  if (rng() % 2)
    league.adjustments.push_back({any(), static_cast<int>(rng() % 5) - 2, round(), "r"});
  if (rng() % 2) league.adjustments.push_back({any(), -1, std::nullopt, "late"});
  std::string forfeiter = any(), winner = any();
  if (rng() % 2 && forfeiter != winner) {
    league.forfeits.push_back({round(), forfeiter, {winner}, "no show"});
  }
}

League RandomLeague(std::mt19937& rng, int scheme, std::vector<std::string>& entrants,
                    std::vector<PlayedRecord>& records) {
  std::vector<std::string> players = {"a", "b", "c", "d", "e", "f", "g", "h"};
  int rounds = 2 + static_cast<int>(rng() % 3);
  auto round = [&](int i) { return std::to_string(1 + i % rounds); };
  if (scheme == 0) {  // placement
    League league = MakeLeague("collusion", players);
    for (int i = 0; i < 8; ++i) {
      std::vector<std::string> seats = players;
      std::shuffle(seats.begin(), seats.end(), rng);
      seats.resize(4);
      std::vector<int> totals;
      for (int s = 0; s < 4; ++s) totals.push_back(static_cast<int>(rng() % 4) * 10);
      records.push_back(Collusion("r" + std::to_string(i), round(i), seats, totals, "N"));
    }
    entrants = players;
    return league;
  }
  if (scheme == 2) {  // level-wins
    League league = MakeLeague("cahoots", players);
    AddGroups(league, league.teams, {{"a", "b"}, {"c", "d"}, {"e", "f"}, {"g", "h"}});
    const char* levels[] = {"beginner", "normal", "expert", "insane"};
    for (int i = 0; i < 8; ++i) {
      std::vector<std::string> team = {players[2 * (rng() % 4)], ""};
      team[1] = players[std::find(players.begin(), players.end(), team[0]) - players.begin() + 1];
      records.push_back(Cahoots("r" + std::to_string(i), round(i), team, rng() % 2 == 0,
                                static_cast<int>(rng() % 6), 20 + static_cast<int>(rng() % 20),
                                levels[rng() % 4]));
    }
    for (const Entrant& team : league.teams) entrants.push_back(team.id);
    return league;
  }
  // match-points (1) and duplicate (3): partnerships at two or three tables a round; a duplicate
  // event plays the boards of one seed over several rounds, at fewer tables in some.
  League league = MakeLeague("plonk", players);
  AddGroups(league, league.partnerships, {{"a", "b"}, {"c", "d"}, {"e", "f"}, {"g", "h"}});
  if (scheme == 3) {
    league.scheme.kind = SchemeKind::kDuplicate;
    league.tie_breaks = DefaultTieBreaks(*league.descriptor, SchemeKind::kDuplicate);
    league.scheme.rank_by_percentage = rng() % 2 == 0;
  }
  for (int i = 0; i < 8; ++i) {
    std::vector<int> pairs = {0, 1, 2, 3};
    std::shuffle(pairs.begin(), pairs.end(), rng);
    std::vector<std::string> seats = {players[2 * pairs[0]], players[2 * pairs[1]],
                                      players[2 * pairs[0] + 1], players[2 * pairs[1] + 1]};
    int ns = static_cast<int>(rng() % 3) * 10, ew = static_cast<int>(rng() % 3) * 10;
    PlayedRecord played = Pairs("plonk", "r" + std::to_string(i), round(i), seats, ns, ew);
    if (scheme == 3) {
      std::vector<PlayedBoard> boards;
      for (int board = 1; board <= 1 + static_cast<int>(rng() % 3); ++board) {
        boards.push_back({board, {static_cast<int>(rng() % 3), static_cast<int>(rng() % 3)}});
      }
      SetDeals(played, "s" + std::to_string(rng() % 2), std::move(boards));
    }
    records.push_back(played);
  }
  for (const Entrant& pair : league.partnerships) entrants.push_back(pair.id);
  return league;
}

// The points beside each round are the standings as of that round, in every scheme: in a
// duplicate event whose boards are played over several rounds too, where a board's matchpoints
// as of a round compare only the tables that had played it by then.
TEST(Rounds, EachRoundIsTheStandingsAsOfItInEveryScheme) {
  for (int scheme = 0; scheme < 4; ++scheme) {
    EXPECT_TRUE(rc::check("scheme " + std::to_string(scheme), [scheme](uint32_t seed) {
      std::mt19937 rng(seed);
      std::vector<std::string> entrants;
      std::vector<PlayedRecord> records;
      League league = RandomLeague(rng, scheme, entrants, records);
      AddRandomEntries(rng, entrants, 3, league);
      ExpectEachRoundIsTheStandingsAsOfIt(league, records);
    }));
  }
}

// The bug: a seed played at one table in round 1 and at another in round 2. As of round 1 the seed
// had been played at one table only, so nobody had a matchpoint; the season's 2 were shown beside
// round 1, and the ranks beside them (from the standings as of round 1) contradicted them.
TEST(Rounds, ByRoundOfADuplicateSeedPlayedOverTwoRounds) {
  League league = MakeLeague("plonk", {"a", "b", "c", "d", "e", "f", "g", "h"});
  AddGroups(league, league.partnerships, {{"a", "b"}, {"c", "d"}, {"e", "f"}, {"g", "h"}});
  league.scheme.kind = SchemeKind::kDuplicate;
  league.tie_breaks = DefaultTieBreaks(*league.descriptor, SchemeKind::kDuplicate);
  std::vector<PlayedRecord> records = {Pairs("plonk", "t1", "1", {"a", "c", "b", "d"}, 1, 0),
                                       Pairs("plonk", "t2", "2", {"e", "g", "f", "h"}, 1, 0)};
  SetDeals(records[0], "s", {{1, {10, 0}}});
  SetDeals(records[1], "s", {{1, {0, 5}}});
  Standings standings = ComputeStandings(league, records);
  const StandingsTable& pairs = standings.tables[0];
  EXPECT_EQ(RowOf(pairs, "ab").by_round, (std::vector<int64_t>{0, 2 * kPointUnit}));
  EXPECT_EQ(RowOf(pairs, "gh").by_round, (std::vector<int64_t>{0, 2 * kPointUnit}));
  EXPECT_EQ(RowOf(pairs, "ef").by_round, (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(RowOf(pairs, "ab").rank_by_round.size(), 2u);
}

TEST(Rounds, TheCrossTableShowsWhatEachEntrantMet) {
  Standings standings = ComputeStandings(Season(), SeasonRecords());
  const StandingsTable& table = standings.tables[0];
  EXPECT_EQ(Order(table), (std::vector<std::string>{"c", "a", "b", "e", "d"}));
  const StandingRow& c = RowOf(table, "c");
  ASSERT_EQ(c.meetings.size(), 4u);
  EXPECT_EQ(reports::MeetingText(standings, c.meetings[0], table), "S 3rd 50 +1 v 2,3,5");
  EXPECT_EQ(reports::MeetingText(standings, c.meetings[1], table), "S 1st 100 +3 v 2,3,5");
  EXPECT_EQ(reports::MeetingText(standings, c.meetings[2], table), "S 3rd 20 +1 v 2,3,4");
  EXPECT_EQ(reports::MeetingText(standings, c.meetings[3], table), "forfeit won +3 v 5");
  const StandingRow& d = RowOf(table, "d");
  EXPECT_EQ(reports::MeetingText(standings, d.meetings[2], table), "withdrew");
  EXPECT_EQ(reports::MeetingText(standings, d.meetings[3], table), "forfeit lost v 1");
  EXPECT_EQ(reports::MeetingText(standings, RowOf(table, "b").meetings.back(), table),
            "adjustment -1");
  EXPECT_EQ(reports::MeetingText(standings, RowOf(table, "e").meetings[0], table), "bye +3");
  reports::Grid grid = WholeGrid(reports::CrossTableRows(standings, table));
  EXPECT_EQ(grid[0],
            (std::vector<std::string>{"no", "entrant", "round 1", "round 2", "round 3", "points"}));
  EXPECT_EQ(grid[4][2], "-");  // e did not play round 1
  EXPECT_EQ(grid[5][3], "W 2nd 80 +2 v 2,3,1; withdrew");
}

// An entrant's meetings are put in round order by StableSortInPlace, which keeps the meetings of
// a round in the order they happened as std::stable_sort does, without its buffer.
RC_GTEST_PROP(Rounds, MeetingsSortedInPlaceKeepTheOrderOfAStableSort,
              (std::vector<std::pair<int, std::string>> items)) {
  for (auto& [key, id] : items) key %= 4;  // many ties
  auto by_key = [](const auto& a, const auto& b) { return a.first < b.first; };
  std::vector<std::pair<int, std::string>> expected = items;
  std::stable_sort(expected.begin(), expected.end(), by_key);
  internal::StableSortInPlace(items, by_key);
  RC_ASSERT(items == expected);
}

}  // namespace
}  // namespace referee::league
