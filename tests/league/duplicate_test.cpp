// Duplicate scoring: matchpoints, Neuberg's formula for boards played at fewer tables, the tops and
// percentages, travellers, and an event ranked by direction.
#include "league/duplicate.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <map>
#include <random>

#include "tests/league/standings_fixtures.h"

namespace referee::league {
namespace {

using namespace standings_fixtures;  // NOLINT: the fixtures of every standings test

// The Wikipedia article "Neuberg formula" (its worked example): a board played 6 times where the
// others were played 7 times; 4 matchpoints out of 10 become (4 + 1) x 7/6 - 1 = 4.8333 out of 12,
// and 9 become (9 + 1) x 7/6 - 1 = 10.6667.
TEST(Duplicate, NeubergWorkedExample) {
  EXPECT_EQ(NeubergUnits(4, 6, 7), 29 * kPointUnit / 6);
  EXPECT_EQ(FormatPoints(NeubergUnits(4, 6, 7)), "4.83");
  EXPECT_EQ(NeubergUnits(9, 6, 7), 32 * kPointUnit / 3);
  EXPECT_EQ(FormatPoints(NeubergUnits(9, 6, 7)), "10.67");
}

// EBU, "The Neuberg Formula" (Max Bavin): a board due 16 times (top 30) played 8 times; each
// result counts twice, so a top of 14 becomes 29 and a bottom of 0 becomes 1.
TEST(Duplicate, NeubergEbuExampleOfHalfTheTables) {
  EXPECT_EQ(NeubergUnits(14, 8, 16), 29 * kPointUnit);
  EXPECT_EQ(NeubergUnits(0, 8, 16), 1 * kPointUnit);
  // A board played once where three results were due scores an average: half the top of 4.
  EXPECT_EQ(NeubergUnits(0, 1, 3), 2 * kPointUnit);
}

TEST(Duplicate, NeubergOfAFullBoardIsTheIdentity) {
  EXPECT_TRUE(rc::check([](uint8_t tables_byte, uint8_t share) {
    int tables = 1 + tables_byte % 40;
    int64_t matchpoints = share % (2 * (tables - 1) + 1);
    RC_ASSERT(NeubergUnits(matchpoints, tables, tables) == matchpoints * kPointUnit);
  }));
}

// Six partnerships at three tables, seed "s": board 1 at all three, board 2 at tables 1 and 2
// only. Board 1: NS scored 10, 0, 10 (3, 0, 3 matchpoints), EW 0, 5, 0 (1, 4, 1). Board 2 (due at
// 3 tables, played at 2): NS 10 and 0 score 2 and 0, scaled to (2 + 1) x 3/2 - 1 = 3.5 and
// (0 + 1) x 3/2 - 1 = 0.5; EW 0 and 5 score 0.5 and 3.5. Every board's top is 4.
std::vector<PlayedRecord> ThreeTables() {
  auto table = [](const std::string& source, std::vector<std::string> players,
                  std::vector<PlayedBoard> boards) {
    PlayedRecord played = Pairs("plonk", source, "1", std::move(players), 100, 90);
    SetDeals(played, "s", std::move(boards));
    played.SetTable(source.substr(1));
    return played;
  };
  return {table("t1", {"a1", "b1", "a2", "b2"}, {{1, {10, 0}}, {2, {10, 0}}}),
          table("t2", {"c1", "d1", "c2", "d2"}, {{1, {0, 5}}, {2, {0, 5}}}),
          table("t3", {"e1", "f1", "e2", "f2"}, {{1, {10, 0}}})};
}

League SixPairs() {
  League league =
      MakeLeague("plonk", {"a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1", "e2", "f1", "f2"});
  AddGroups(league, league.partnerships,
            {{"a1", "a2"}, {"b1", "b2"}, {"c1", "c2"}, {"d1", "d2"}, {"e1", "e2"}, {"f1", "f2"}});
  league.scheme.kind = SchemeKind::kDuplicate;
  league.tie_breaks = {};
  return league;
}

TEST(Duplicate, NeubergScalesABoardPlayedAtFewerTables) {
  Standings standings = ComputeStandings(SixPairs(), ThreeTables());
  const StandingsTable& pairs = standings.tables[0];
  EXPECT_EQ(RowOf(pairs, "a1a2").points, 13 * kPointUnit / 2);  // 3 + 3.5
  EXPECT_EQ(RowOf(pairs, "c1c2").points, kPointUnit / 2);       // 0 + 0.5
  EXPECT_EQ(RowOf(pairs, "e1e2").points, 3 * kPointUnit);
  EXPECT_EQ(RowOf(pairs, "b1b2").points, 3 * kPointUnit / 2);   // 1 + 0.5
  EXPECT_EQ(RowOf(pairs, "d1d2").points, 15 * kPointUnit / 2);  // 4 + 3.5
  EXPECT_EQ(RowOf(pairs, "f1f2").points, 1 * kPointUnit);
  EXPECT_EQ(standings.notes,
            std::vector<std::string>{"board 2 of seed 's' was played at 2 of 3 tables: its "
                                     "matchpoints are scaled by Neuberg's formula"});
}

// Percentages are matchpoints over the tops of the boards played: a1a2 6.5 of 8, e1e2 3 of 4.
TEST(Duplicate, PercentagesAreOfTheTopsPlayed) {
  Standings standings = ComputeStandings(SixPairs(), ThreeTables());
  const StandingsTable& pairs = standings.tables[0];
  EXPECT_EQ(RowOf(pairs, "a1a2").tops, 8 * kPointUnit);
  EXPECT_EQ(PercentageHundredths(RowOf(pairs, "a1a2")), 8125);
  EXPECT_EQ(PercentageHundredths(RowOf(pairs, "e1e2")), 7500);
  EXPECT_EQ(PercentageHundredths(RowOf(pairs, "f1f2")), 2500);
  EXPECT_EQ(PercentageHundredths(RowOf(pairs, "b1b2")), 1875);
  EXPECT_EQ(FormatHundredths(8125), "81.25");
  // Ranked by matchpoints, b1b2 (1.5) is above f1f2 (1); by percentage f1f2 (25%) is above
  // b1b2 (18.75%): a raw total favours those who played more boards.
  EXPECT_EQ(Order(pairs),
            (std::vector<std::string>{"d1d2", "a1a2", "e1e2", "b1b2", "f1f2", "c1c2"}));
  League league = SixPairs();
  league.scheme.rank_by_percentage = true;
  Standings by_percentage = ComputeStandings(league, ThreeTables());
  EXPECT_EQ(Order(by_percentage.tables[0]),
            (std::vector<std::string>{"d1d2", "a1a2", "e1e2", "f1f2", "b1b2", "c1c2"}));
}

TEST(Duplicate, TravellersListEveryTableOfABoard) {
  Standings standings = ComputeStandings(SixPairs(), ThreeTables());
  ASSERT_EQ(standings.travellers.size(), 2u);
  const Traveller& second = standings.travellers[1];
  EXPECT_EQ(second.board, 2);
  EXPECT_EQ(second.tables, 2);
  EXPECT_EQ(second.expected, 3);
  EXPECT_EQ(second.top, 4 * kPointUnit);
  EXPECT_EQ(second.directions, (std::vector<std::string>{"NS", "EW"}));
  ASSERT_EQ(second.lines.size(), 2u);
  EXPECT_EQ(second.lines[0].entrants, (std::vector<std::string>{"a1a2", "b1b2"}));
  EXPECT_EQ(second.lines[0].scores, (std::vector<int64_t>{10, 0}));
  EXPECT_EQ(second.lines[0].matchpoints,
            (std::vector<int64_t>{7 * kPointUnit / 2, kPointUnit / 2}));
  EXPECT_EQ(second.lines[1].table, "2");
}

// The games are not zero-sum: NS and EW are compared on their own, and at a table their
// matchpoints need not add up to the top (in bridge they always do). Board 1 at three tables, NS
// 10, 0, 10 and EW 0, 0, 5: NS score 3, 0, 3 and EW 1, 1, 4, so table 2 makes 1 of a top of 4
// and table 3 makes 7.
TEST(Duplicate, DirectionsAtATableNeedNotSumToTheTop) {
  std::vector<PlayedRecord> records = ThreeTables();
  SetDeals(records[0], "s", {{1, {10, 0}}});
  SetDeals(records[1], "s", {{1, {0, 0}}});
  SetDeals(records[2], "s", {{1, {10, 5}}});
  std::vector<const PlayedRecord*> matches;
  for (const PlayedRecord& record : records) matches.push_back(&record);
  std::vector<ScoredBoard> boards = ScoreBoards(matches);
  ASSERT_EQ(boards.size(), 1u);
  EXPECT_EQ(boards[0].top, 4 * kPointUnit);
  std::map<std::string, int64_t> per_table;
  for (const BoardSide& result : boards[0].results) {
    per_table[result.match->source] += result.matchpoints;
  }
  EXPECT_EQ(per_table["t1"], 4 * kPointUnit);
  EXPECT_EQ(per_table["t2"], 1 * kPointUnit);
  EXPECT_EQ(per_table["t3"], 7 * kPointUnit);
}

TEST(Duplicate, AnEventByDirectionRanksEachDirection) {
  League league = SixPairs();
  league.scheme.rank_by_percentage = true;
  league.scheme.directions = {{"NS", {"a1a2", "c1c2", "e1e2"}, {}},
                              {"EW", {"b1b2", "d1d2", "f1f2"}, {}}};
  Standings standings = ComputeStandings(league, ThreeTables());
  ASSERT_EQ(standings.tables.size(), 4u);
  EXPECT_EQ(standings.tables[0].Title(), "partnerships NS");
  EXPECT_EQ(Order(standings.tables[0]), (std::vector<std::string>{"a1a2", "e1e2", "c1c2"}));
  EXPECT_EQ(Order(standings.tables[1]), (std::vector<std::string>{"d1d2", "f1f2", "b1b2"}));
  EXPECT_EQ(standings.tables[2].Title(), "players NS");
  EXPECT_EQ(standings.tables[2].rows.size(), 6u);
  EXPECT_TRUE(standings.warnings.empty());
  // A partnership that sat in the other direction is counted in its own, with a warning.
  league.scheme.directions = {{"NS", {"b1b2", "c1c2", "e1e2"}, {"/scheme/directions/NS", {}, 9, 5}},
                              {"EW", {"a1a2", "d1d2", "f1f2"}, {}}};
  Standings swapped = ComputeStandings(league, ThreeTables());
  ASSERT_EQ(swapped.warnings.size(), 2u);
  EXPECT_EQ(swapped.warnings[0].code, "wrong-direction");
  EXPECT_EQ(swapped.warnings[0].message,
            "a1a2 sat NS in t1, declared EW: its matchpoints there are NS's, counted in the EW "
            "ranking");
  EXPECT_EQ(swapped.warnings[1].place.line, 9u);
}

// Random duplicate events: every entrant's percentage of its boards is within 0..100, and its
// matchpoints never exceed its tops.
TEST(Duplicate, PercentagesAreWithinZeroAndAHundred) {
  EXPECT_TRUE(rc::check([](uint32_t seed) {
    std::mt19937 rng(seed);
    League league = SixPairs();
    std::vector<PlayedRecord> records;
    std::vector<std::vector<std::string>> tables = {
        {"a1", "b1", "a2", "b2"}, {"c1", "d1", "c2", "d2"}, {"e1", "f1", "e2", "f2"}};
    for (size_t t = 0; t < tables.size(); ++t) {
      PlayedRecord played = Pairs("plonk", "t" + std::to_string(t), "1", tables[t], 1, 0);
      std::vector<PlayedBoard> boards;
      for (int board = 1; board <= 1 + static_cast<int>(rng() % 4); ++board) {
        boards.push_back({board, {static_cast<int>(rng() % 3), static_cast<int>(rng() % 3)}});
      }
      SetDeals(played, "s", std::move(boards));
      records.push_back(played);
    }
    // Held in a variable: a range-for over a member of a temporary reads it after it is gone.
    Standings standings = ComputeStandings(league, records);
    for (const StandingRow& row : standings.tables[0].rows) {
      std::optional<int64_t> percentage = PercentageHundredths(row);
      RC_ASSERT(row.points <= row.tops);
      RC_ASSERT(!percentage || (*percentage >= 0 && *percentage <= 10000));
    }
  }));
}

}  // namespace
}  // namespace referee::league
