// The standings JSON gives numbers as JSON numbers (docs/json-output.md): points, tie-break values
// and points round by round, with the exact fraction beside every point value that a shared
// place may split in thirds.
#include <gtest/gtest.h>

#include "formats/json_writer.h"
#include "league/standings.h"
#include "referee/core/printable.h"
#include "reports/standings_grids.h"
#include "reports/standings_output.h"
#include "reports/table_text.h"

namespace referee::league {
namespace {

StandingRow Row(std::string entrant, int64_t twelfths) {
  StandingRow row;
  row.entrant = entrant;
  row.name = entrant;
  row.rank = 1;
  row.points = twelfths;
  row.by_round = {twelfths};
  return row;
}

// Two Cahoots teams: one shares a placement three ways (a third of a point), one wins.
Standings SharedThirds() {
  Standings standings;
  standings.game = "cahoots";
  const games::GameDescriptor& game = *games::FindGame("cahoots");
  standings.tie_breaks = {*TieBreakNamed("wins", game), *TieBreakNamed("fewest-turns", game)};
  standings.shown_tie_breaks = standings.tie_breaks;
  standings.rounds = {"1"};
  StandingRow third = Row("third", kPointUnit / 3);
  StandingRow winner = Row("winner", 3 * kPointUnit / 2);
  winner.won = winner.won_played = 2;
  winner.statistic_totals = {10, 25};   // goals, turns
  winner.statistic_in_wins = {10, 25};  // 12.5 turns per win
  standings.tables.push_back({"teams", {winner, third}, {}});
  return standings;
}

TEST(StandingsJson, PointsAreNumbersWithTheirExactFraction) {
  std::string json = formats::WriteJson(reports::StandingsTree(SharedThirds()), false);
  EXPECT_NE(json.find("\"points\":0.33,\"points_exact\":{\"numerator\":1,\"denominator\":3}"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"points\":1.5,\"points_exact\":{\"numerator\":3,\"denominator\":2}"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"by_round\":[0.33],\"by_round_exact\":[{\"numerator\":1,"
                      "\"denominator\":3}]"),
            std::string::npos)
      << json;
}

TEST(StandingsJson, TieBreakValuesAreNumbersOrNull) {
  std::string json = formats::WriteJson(reports::StandingsTree(SharedThirds()), false);
  EXPECT_NE(json.find("\"tie_breaks\":{\"wins\":2,\"fewest-turns\":12.5}"), std::string::npos)
      << json;
  // No win played: no mean number of turns, which ranks last.
  EXPECT_NE(json.find("\"tie_breaks\":{\"wins\":0,\"fewest-turns\":null}"), std::string::npos)
      << json;
}

}  // namespace
}  // namespace referee::league
