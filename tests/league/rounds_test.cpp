// The standings round by round: as of any round (records, forfeits, byes, adjustments and
// withdrawals of later rounds left out), each entrant's rank after every round, and the
// cross-table of what each entrant met in each round.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <random>

#include "reports/standings.h"
#include "reports/standings_internal.h"
#include "reports/standings_output.h"
#include "tests/league/standings_fixtures.h"

namespace referee::reports {
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

TEST(Rounds, TheCrossTableShowsWhatEachEntrantMet) {
  Standings standings = ComputeStandings(Season(), SeasonRecords());
  const StandingsTable& table = standings.tables[0];
  EXPECT_EQ(Order(table), (std::vector<std::string>{"c", "a", "b", "e", "d"}));
  const StandingRow& c = RowOf(table, "c");
  ASSERT_EQ(c.meetings.size(), 4u);
  EXPECT_EQ(MeetingText(standings, c.meetings[0], table), "S 3rd 50 +1 v 2,3,5");
  EXPECT_EQ(MeetingText(standings, c.meetings[1], table), "S 1st 100 +3 v 2,3,5");
  EXPECT_EQ(MeetingText(standings, c.meetings[2], table), "S 3rd 20 +1 v 2,3,4");
  EXPECT_EQ(MeetingText(standings, c.meetings[3], table), "forfeit won +3 v 5");
  const StandingRow& d = RowOf(table, "d");
  EXPECT_EQ(MeetingText(standings, d.meetings[2], table), "withdrew");
  EXPECT_EQ(MeetingText(standings, d.meetings[3], table), "forfeit lost v 1");
  EXPECT_EQ(MeetingText(standings, RowOf(table, "b").meetings.back(), table), "adjustment -1");
  EXPECT_EQ(MeetingText(standings, RowOf(table, "e").meetings[0], table), "bye +3");
  Grid grid = WholeGrid(CrossTableRows(standings, table));
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
}  // namespace referee::reports
