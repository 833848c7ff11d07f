// The drawing of lots: reproducible from the league's seed (SHA-256 of seed, a zero byte and the
// entrant's id), applied only after the last tie-break, and independent of the records' order.
#include "league/lots.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <random>

#include "referee/core/printable.h"
#include "reports/standings_grids.h"
#include "reports/standings_output.h"
#include "reports/table_text.h"
#include "tests/league/standings_fixtures.h"

namespace referee::league {
namespace {

using namespace standings_fixtures;  // NOLINT: the fixtures of every standings test

// `printf 'spring-2026\0alice' | sha256sum`
TEST(Lots, ALotIsTheSha256OfTheSeedAndTheId) {
  EXPECT_EQ(HexDigest(DrawLot("spring-2026", "alice")),
            "cd7df3869c406f7b3e93b734a924a5d08be3645c8b3500aab3e68d878cc249a5");
  EXPECT_EQ(HexDigest(DrawLot("spring-2026", "bob")),
            "d07b8f3345f34099e9ea3ae6a5c8ac4eed7445a2157ffa7862158f287c66eeee");
}

// a, b and c level on everything: the lots of seed "x" are a 6149..., c 7f7c..., b 9c84....
std::vector<PlayedRecord> ThreeLevel() {
  return {Collusion("r1", "1", {"a", "b", "c", "d"}, {50, 50, 50, 10}, "")};
}

TEST(Lots, LotsSeparateWhatTheTieBreaksLeaveLevel) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  league.tie_breaks = {Named(league, "wins")};
  Standings shared = ComputeStandings(league, ThreeLevel());
  EXPECT_TRUE(RowOf(shared.tables[0], "c").shared);
  league.lots = Lots{"x"};
  Standings drawn = ComputeStandings(league, ThreeLevel());
  const StandingsTable& table = drawn.tables[0];
  EXPECT_EQ(Order(table), (std::vector<std::string>{"a", "c", "b", "d"}));
  EXPECT_EQ(RowOf(table, "b").rank, 3);
  EXPECT_FALSE(RowOf(table, "b").shared);
  EXPECT_EQ(table.explanations[0],
            "a above c: level on 2 points and on every tie-break (wins 0), separated by drawing "
            "of lots (seed 'x': 614968d9 before 7f7c6e18)");
}

TEST(Lots, PlacesFirstDrawsOnlyASharedFirstPlace) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d", "e"});
  league.tie_breaks = {};
  league.lots = Lots{"x", true};
  // a and b share first, c and d share third.
  Standings standings =
      ComputeStandings(league, {Collusion("r1", "1", {"a", "b", "c", "d"}, {50, 50, 20, 20}, ""),
                                Collusion("r2", "2", {"b", "a", "d", "c"}, {50, 50, 20, 20}, "")});
  const StandingsTable& table = standings.tables[0];
  EXPECT_EQ(RowOf(table, "a").rank, 1);
  EXPECT_EQ(RowOf(table, "b").rank, 2);
  EXPECT_EQ(RowOf(table, "c").rank, 3);
  EXPECT_TRUE(RowOf(table, "c").shared);
  EXPECT_TRUE(RowOf(table, "d").shared);
}

// Partners who always sit together cannot be told apart: lots rank the partnerships, and the
// players table keeps its shared places.
TEST(Lots, ThePlayersOfPartnershipsKeepSharedPlaces) {
  League league = MakeLeague("plonk", {"p1", "p2", "q1", "q2"});
  AddGroups(league, league.partnerships, {{"p1", "p2"}, {"q1", "q2"}});
  league.tie_breaks = {};
  league.lots = Lots{"x"};
  Standings standings =
      ComputeStandings(league, {Pairs("plonk", "r1", "1", {"p1", "q1", "p2", "q2"}, 100, 100)});
  EXPECT_FALSE(standings.tables[0].rows[0].shared);
  EXPECT_TRUE(standings.tables[1].rows[0].shared);
}

TEST(Lots, OrderOfRecordsNeverChangesTheDraw) {
  EXPECT_TRUE(rc::check([](uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<std::string> names = {"a", "b", "c", "d", "e", "f"};
    League league = MakeLeague("collusion", names);
    league.tie_breaks = {Named(league, "buchholz"), Named(league, "sonneborn-berger")};
    league.lots = Lots{"seed-" + std::to_string(seed % 7), seed % 2 == 0};
    std::vector<PlayedRecord> records;
    for (int i = 0; i < 8; ++i) {
      std::vector<std::string> seats = names;
      std::shuffle(seats.begin(), seats.end(), rng);
      seats.resize(4);
      std::vector<int> totals;
      for (int s = 0; s < 4; ++s) totals.push_back(static_cast<int>(rng() % 3) * 10);
      records.push_back(
          Collusion("r" + std::to_string(i), std::to_string(1 + i % 3), seats, totals, "N"));
    }
    std::string expected = reports::FormatStandingsCsv(ComputeStandings(league, records));
    std::shuffle(records.begin(), records.end(), rng);
    RC_ASSERT(reports::FormatStandingsCsv(ComputeStandings(league, records)) == expected);
  }));
}

}  // namespace
}  // namespace referee::league
