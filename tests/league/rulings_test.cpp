// The four rulings of docs/standings.md ("Rulings") on what the rest of that page leaves open,
// each as the standings compute it.
#include <gtest/gtest.h>

#include "league/standings.h"
#include "league/standings_sources.h"
#include "referee/core/printable.h"
#include "reports/standings_grids.h"
#include "reports/standings_output.h"
#include "reports/table_text.h"
#include "tests/league/standings_fixtures.h"

namespace referee::league {
namespace {

using namespace standings_fixtures;  // NOLINT: the fixtures of every standings test

// A copy of one match, as the league's entry `entry` lists it (SourceKind, then depth).
PlayedRecord Copy(const std::string& source, const std::string& round, int entry, SourceKind kind) {
  PlayedRecord played = Collusion(source, round, {"a", "b", "c", "d"}, {40, 30, 20, 10}, "N");
  Sha256Digest same{};
  same[0] = 7;
  played.content = same;
  played.entry = entry;
  played.specificity = (static_cast<uint32_t>(kind) << 24) | 2;
  return played;
}

League CopiesLeague() {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  league.records = {{"records/", std::nullopt, {"/records/0", {}, 6, 5}},
                    {"records/b.json", std::string("2"), {"/records/1", {}, 7, 5}},
                    {"late/*.json", std::string("3"), {"/records/2", {}, 8, 5}}};
  return league;
}

// Ruling 1. The copy listed by the most specific entry counts, with that entry's round, whatever
// the names: records/a.yaml (the folder's, no round) sorts first, but records/b.json is listed by
// name with round 2. Before the ruling a.yaml was chosen as the first name, was not counted (no
// round), and b.json was dropped as its copy: the match was lost.
TEST(Rulings, CopiesOfOneMatchCountWithTheMostSpecificEntrysRound) {
  Standings standings =
      ComputeStandings(CopiesLeague(), {Copy("records/a.yaml", "", 0, SourceKind::kFolder),
                                        Copy("records/b.json", "2", 1, SourceKind::kFile)});
  EXPECT_FALSE(standings.league_error.has_value());
  EXPECT_EQ(standings.records_counted, 1);
  EXPECT_EQ(standings.rounds, std::vector<std::string>{"2"});
  ASSERT_EQ(standings.not_counted.size(), 1u);
  EXPECT_EQ(standings.not_counted[0].source, "records/a.yaml");
  EXPECT_EQ(standings.not_counted[0].status, "duplicate");
  EXPECT_EQ(standings.not_counted[0].reason,
            "the same match as records/b.json, counted once, as records/b.json");
  EXPECT_EQ(RowOf(standings.tables[0], "a").points, 3 * kPointUnit);
}

TEST(Rulings, CopiesEquallySpecificOfDifferentRoundsConflict) {
  Standings standings =
      ComputeStandings(CopiesLeague(), {Copy("late/x.json", "3", 2, SourceKind::kGlob),
                                        Copy("records/b.json", "2", 1, SourceKind::kGlob)});
  ASSERT_TRUE(standings.league_error.has_value());
  EXPECT_EQ(standings.league_error->code, "conflicting-rounds");
  // At the entry of the copy not chosen: late/x.json sorts first.
  EXPECT_EQ(standings.league_error->place.line, 7u);
  EXPECT_NE(standings.league_error->message.find("round 3 and round 2"), std::string::npos)
      << standings.league_error->message;
}

TEST(Rulings, CopiesEquallySpecificOfOneRoundCountAsTheFirstName) {
  Standings standings =
      ComputeStandings(CopiesLeague(), {Copy("records/b.json", "2", 0, SourceKind::kFolder),
                                        Copy("records/a.yaml", "2", 0, SourceKind::kFolder)});
  EXPECT_FALSE(standings.league_error.has_value());
  EXPECT_EQ(standings.records_counted, 1);
  ASSERT_EQ(standings.not_counted.size(), 1u);
  EXPECT_EQ(standings.not_counted[0].source, "records/b.json");
}

// Ruling 2. In an event by direction, Buchholz counts the opponents of the other direction at
// their points in their own table.
TEST(Rulings, BuchholzByDirectionCountsTheOtherDirectionsPoints) {
  League league = MakeLeague("plonk", {"a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2"});
  AddGroups(league, league.partnerships, {{"a1", "a2"}, {"b1", "b2"}, {"c1", "c2"}, {"d1", "d2"}});
  league.scheme.kind = SchemeKind::kDuplicate;
  league.scheme.directions = {{"NS", {"a1a2", "c1c2"}, {}}, {"EW", {"b1b2", "d1d2"}, {}}};
  league.tie_breaks = {Named(league, "buchholz")};
  std::vector<PlayedRecord> records = {Pairs("plonk", "t1", "1", {"a1", "b1", "a2", "b2"}, 1, 0),
                                       Pairs("plonk", "t2", "1", {"c1", "d1", "c2", "d2"}, 1, 0)};
  SetDeals(records[0], "s", {{1, {10, 5}}});
  SetDeals(records[1], "s", {{1, {0, 0}}});
  Standings standings = ComputeStandings(league, records);
  ASSERT_EQ(standings.tables[0].Title(), "partnerships NS");
  ASSERT_EQ(standings.tables[1].Title(), "partnerships EW");
  const StandingRow& b = RowOf(standings.tables[1], "b1b2");
  const StandingRow& d = RowOf(standings.tables[1], "d1d2");
  EXPECT_EQ(b.points, 2 * kPointUnit);  // EW 5 against 0
  EXPECT_EQ(d.points, 0);
  EXPECT_EQ(RowOf(standings.tables[0], "a1a2").opponents_points, b.points);  // a met b
  EXPECT_EQ(RowOf(standings.tables[0], "c1c2").opponents_points, d.points);  // c met d
  EXPECT_EQ(RowOf(standings.tables[1], "b1b2").opponents_points,
            RowOf(standings.tables[0], "a1a2").points);
}

// Ruling 3. A forfeit between a player and a partnership: in the partnerships table the player,
// who has no row there, is named by id; in the players table everyone is ranked and numbered.
TEST(Rulings, AForfeitBetweenAPlayerAndAPartnershipNamesTheOpponentByIdInEachTable) {
  League league = MakeLeague("plonk", {"ann", "bo", "cy", "di", "eve"});
  AddGroups(league, league.partnerships, {{"ann", "bo"}, {"cy", "di"}});
  league.forfeits = {{"1", "eve", {"cydi"}, "no show"}, {"2", "cydi", {"eve"}, "late"}};
  Standings standings =
      ComputeStandings(league, {Pairs("plonk", "r1", "1", {"ann", "cy", "bo", "di"}, 10, 5)});
  const StandingsTable& pairs = standings.tables[0];
  ASSERT_EQ(pairs.kind, "partnerships");
  const StandingRow& cydi = RowOf(pairs, "cydi");
  ASSERT_EQ(cydi.meetings.size(), 3u);
  EXPECT_EQ(reports::MeetingText(standings, cydi.meetings[1], pairs), "forfeit won +2 v eve");
  EXPECT_EQ(reports::MeetingText(standings, cydi.meetings[2], pairs), "forfeit lost v eve");
  const StandingsTable& players = standings.tables[1];
  const StandingRow& eve = RowOf(players, "eve");
  std::vector<std::string> order = Order(players);
  auto number = [&order](const std::string& id) {
    return std::to_string(std::find(order.begin(), order.end(), id) - order.begin() + 1);
  };
  std::string cy = number("cy"), di = number("di");
  ASSERT_EQ(eve.meetings.size(), 2u);
  EXPECT_EQ(reports::MeetingText(standings, eve.meetings[0], players),
            "forfeit lost v " + cy + "," + di);
  EXPECT_EQ(reports::MeetingText(standings, eve.meetings[1], players),
            "forfeit won +2 v " + cy + "," + di);
}

// Ruling 4. A withdrawal's after_round is not a round of the season: `--after-round 5` is not a
// round here, and no round 5 is shown.
TEST(Rulings, AWithdrawalAddsNoRound) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  league.withdrawals = {{"d", "5", "moved"}};
  Standings standings =
      ComputeStandings(league, {Collusion("r1", "1", {"a", "b", "c", "d"}, {40, 30, 20, 10}, "N"),
                                Collusion("r2", "2", {"a", "b", "c", "d"}, {10, 20, 30, 40}, "W")});
  EXPECT_EQ(standings.rounds, (std::vector<std::string>{"1", "2"}));
  EXPECT_EQ(standings.season_rounds, (std::vector<std::string>{"1", "2"}));
  EXPECT_EQ(RowOf(standings.tables[0], "d").withdrawn_after, "5");
  EXPECT_EQ(RowOf(standings.tables[0], "d").by_round.size(), 2u);
}

}  // namespace
}  // namespace referee::league
