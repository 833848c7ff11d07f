// Tie-breaks by the strength of the opponents met: Buchholz and Sonneborn-Berger as the FIDE
// Handbook (C.07, Tie-Break Regulations) defines them, at tables of two sides and of four, with
// unplayed matches counted against dummy opponents who have the entrant's own points.
#include <gtest/gtest.h>

#include "league/standings.h"
#include "referee/core/printable.h"
#include "reports/standings_grids.h"
#include "reports/standings_output.h"
#include "reports/table_text.h"
#include "tests/league/standings_fixtures.h"

namespace referee::league {
namespace {

using namespace standings_fixtures;  // NOLINT: the fixtures of every standings test

// p beat q; r beat p; q beat s; r beat s (2 points a win): p 2, q 2, r 4, s 0.
std::vector<PlayedRecord> FourPairs() {
  return {Pairs("plonk", "r1", "1", {"p1", "q1", "p2", "q2"}, 200, 100),
          Pairs("plonk", "r2", "2", {"r1", "p1", "r2", "p2"}, 300, 100),
          Pairs("plonk", "r3", "3", {"q1", "s1", "q2", "s2"}, 150, 50),
          Pairs("plonk", "r4", "3", {"r1", "s1", "r2", "s2"}, 100, 50)};
}

League FourPairsLeague() {
  League league = MakeLeague("plonk", {"p1", "p2", "q1", "q2", "r1", "r2", "s1", "s2"});
  AddGroups(league, league.partnerships, {{"p1", "p2"}, {"q1", "q2"}, {"r1", "r2"}, {"s1", "s2"}});
  league.tie_breaks = {Named(league, "buchholz"), Named(league, "sonneborn-berger")};
  return league;
}

// Buchholz is the sum of the opponents' points: p met q (2) and r (4): 6; q met p (2) and s (0):
// 2. Sonneborn-Berger counts only those beaten: p beat q: 2; q beat s: 0; r beat p and s: 2.
TEST(OpponentsStrength, BuchholzAndSonnebornBergerOfPartnerships) {
  Standings standings = ComputeStandings(FourPairsLeague(), FourPairs());
  const StandingsTable& pairs = standings.tables[0];
  EXPECT_EQ(RowOf(pairs, "p1p2").opponents_points, 6 * kPointUnit);
  EXPECT_EQ(RowOf(pairs, "q1q2").opponents_points, 2 * kPointUnit);
  EXPECT_EQ(RowOf(pairs, "s1s2").opponents_points, 6 * kPointUnit);
  EXPECT_EQ(RowOf(pairs, "p1p2").sonneborn_berger, 2 * kPointUnit);
  EXPECT_EQ(RowOf(pairs, "q1q2").sonneborn_berger, 0);
  EXPECT_EQ(RowOf(pairs, "r1r2").sonneborn_berger, 2 * kPointUnit);
  EXPECT_EQ(standings.tables[0].explanations[0],
            "p1p2 above q1q2: level on 2 points, separated by buchholz (6 to 2)");
  // In the players table a player meets both players of the other side: p1 met q1, q2 (2 each)
  // and r1, r2 (4 each).
  EXPECT_EQ(RowOf(standings.tables[1], "p1").opponents_points, 12 * kPointUnit);
}

// A match's opponents are not kept in its meetings but read from its record when asked: the other
// partnership in the partnerships table, both its players in the players table, each with the
// place its side took (0-based: p lost to r in round 2).
TEST(OpponentsStrength, AMatchsOpponentsAreReadFromItsRecordInEachTable) {
  Standings standings = ComputeStandings(FourPairsLeague(), FourPairs());
  const StandingsTable& pairs = standings.tables[0];
  const StandingsTable& players = standings.tables[1];
  auto met = [&](const StandingsTable& table, const std::string& entrant, size_t meeting) {
    std::vector<std::string> words;
    for (const Meeting::Opponent& opponent :
         OpponentsOf(standings, table, RowOf(table, entrant).meetings.at(meeting))) {
      words.push_back(opponent.entrant + "@" + std::to_string(opponent.place));
    }
    return words;
  };
  EXPECT_EQ(met(pairs, "p1p2", 0), std::vector<std::string>{"q1q2@1"});
  EXPECT_EQ(met(pairs, "p1p2", 1), std::vector<std::string>{"r1r2@0"});
  EXPECT_EQ(met(players, "p1", 0), (std::vector<std::string>{"q1@1", "q2@1"}));
  EXPECT_EQ(met(players, "p2", 1), (std::vector<std::string>{"r1@0", "r2@0"}));
  EXPECT_EQ(OpponentIdsOf(standings, players, RowOf(players, "s1").meetings.at(0)),
            (std::vector<std::string>{"q1", "q2"}));
}

// One table of four, each for themselves: 100, 30, 30, 10 under 3/2/1/0 gives a 3, b and c 1.5
// each (sharing 2nd), d 0. a met b, c and d: Buchholz 3 and beat them all: Sonneborn-Berger 3. b
// beat d (0) and was level with c: half of 1.5.
TEST(OpponentsStrength, AtATableOfFourEveryOtherSeatIsAnOpponent) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  league.tie_breaks = {Named(league, "sonneborn-berger")};
  Standings standings = ComputeStandings(
      league, {Collusion("r1", "1", {"a", "b", "c", "d"}, {100, 30, 30, 10}, "N")});
  const StandingsTable& table = standings.tables[0];
  EXPECT_EQ(RowOf(table, "a").opponents_points, 3 * kPointUnit);
  EXPECT_EQ(RowOf(table, "b").opponents_points, 9 * kPointUnit / 2);
  EXPECT_EQ(RowOf(table, "d").opponents_points, 6 * kPointUnit);
  EXPECT_EQ(RowOf(table, "a").sonneborn_berger, 3 * kPointUnit);
  EXPECT_EQ(RowOf(table, "b").sonneborn_berger, 3 * kPointUnit / 4);
  EXPECT_EQ(
      FormatTieBreakValue(Named(league, "sonneborn-berger"), RowOf(table, "b").sonneborn_berger),
      "0.75");
  EXPECT_EQ(RowOf(table, "d").sonneborn_berger, 0);
}

// A forfeit and a bye are matches not played: each counts as a meeting with as many dummy
// opponents as a match of the game gives (three at a table of four), with the entrant's own
// points; a forfeit won beats them, a forfeit lost and a bye do not.
TEST(OpponentsStrength, UnplayedMatchesMeetDummyOpponents) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d", "e"});
  league.tie_breaks = {Named(league, "buchholz")};
  league.forfeits = {{"2", "d", {"a"}, "no show"}};
  league.byes = {{"1", "e", std::nullopt, "odd number"}};
  Standings standings = ComputeStandings(
      league, {Collusion("r1", "1", {"a", "b", "c", "d"}, {100, 30, 30, 10}, "N")});
  const StandingsTable& table = standings.tables[0];
  // a: 6 points; met b, c (1.5 each) and d (0); the forfeit won: 3 dummies of 6.
  EXPECT_EQ(RowOf(table, "a").points, 6 * kPointUnit);
  EXPECT_EQ(RowOf(table, "a").opponents_points, 21 * kPointUnit);
  EXPECT_EQ(RowOf(table, "a").sonneborn_berger, 21 * kPointUnit);
  // d: met a (6), b and c; the forfeit lost: 3 dummies of its own 0 points.
  EXPECT_EQ(RowOf(table, "d").opponents_points, 9 * kPointUnit);
  EXPECT_EQ(RowOf(table, "d").sonneborn_berger, 0);
  // e: a bye of 3 points, three dummies of 3; a bye beats nobody.
  EXPECT_EQ(RowOf(table, "e").opponents_points, 9 * kPointUnit);
  EXPECT_EQ(RowOf(table, "e").sonneborn_berger, 0);
}

TEST(OpponentsStrength, ShownAsPointsInEveryFormat) {
  Standings standings = ComputeStandings(FourPairsLeague(), FourPairs());
  reports::Grid grid = reports::StandingsGrid(standings, standings.tables[0]);
  EXPECT_EQ(grid[0].back(), "sonneborn-berger");
  EXPECT_EQ(grid[1][grid[1].size() - 2], "2");  // r1r2's Buchholz: p (2) and s (0)
}

}  // namespace
}  // namespace referee::league
