// Standings from hand-made verdicts: every scheme, every tie-break, the hand-made entries, shared
// places and the explanations, and a property that the order of the records never matters.
#include "league/standings.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/yaml_reader.h"
#include "referee/core/printable.h"
#include "referee/games/game_record.h"
#include "referee/games/registry.h"
#include "referee/record/record_writer.h"
#include "reports/standings_grids.h"
#include "reports/standings_output.h"
#include "reports/table_text.h"
#include "tests/league/standings_fixtures.h"
#include "verifier/verifier.h"
#include "verifier/verify_text.h"

namespace referee::league {
namespace {

using namespace standings_fixtures;  // NOLINT: the fixtures of every standings test

// Two matches after which a and b are level on 3 points: a won once, b never.
std::vector<PlayedRecord> LevelOnThree() {
  return {Collusion("r1", "1", {"a", "b", "c", "d"}, {100, 80, 50, 10}, "N"),
          Collusion("r2", "2", {"a", "b", "c", "d"}, {10, 50, 100, 80}, "S")};
}

TEST(Standings, SharedPlacesSplitTheirPoints) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  Standings standings = ComputeStandings(
      league, {Collusion("r1", "1", {"a", "b", "c", "d"}, {100, 30, 30, 10}, "N")});
  const StandingsTable& table = standings.tables.at(0);
  EXPECT_EQ(RowOf(table, "a").points, 3 * kPointUnit);
  EXPECT_EQ(RowOf(table, "b").points, 3 * kPointUnit / 2);  // (2 + 1) / 2
  EXPECT_EQ(FormatPoints(RowOf(table, "c").points), "1.5");
  EXPECT_EQ(RowOf(table, "d").points, 0);
  EXPECT_EQ(RowOf(table, "b").rank, 2);
  EXPECT_EQ(RowOf(table, "c").rank, 2);
  EXPECT_TRUE(RowOf(table, "c").shared);
  EXPECT_EQ(RowOf(table, "d").rank, 4);
}

TEST(Standings, WinsSeparateALevelPair) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  Standings standings = ComputeStandings(league, LevelOnThree());
  const StandingsTable& table = standings.tables.at(0);
  EXPECT_EQ(Order(table), (std::vector<std::string>{"c", "a", "b", "d"}));
  ASSERT_EQ(table.explanations.size(), 1u);
  EXPECT_EQ(table.explanations[0], "a above b: level on 3 points, separated by wins (1 to 0)");
}

TEST(Standings, TotalScoreSeparatesALevelPair) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  league.tie_breaks = {Named(league, "total-score")};
  Standings standings = ComputeStandings(league, LevelOnThree());
  EXPECT_EQ(Order(standings.tables[0]), (std::vector<std::string>{"c", "b", "a", "d"}));
  EXPECT_EQ(standings.tables[0].explanations[0],
            "b above a: level on 3 points, separated by total-score (130 to 110)");
}

TEST(Standings, NothingSeparatesAndThePlaceIsShared) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  league.tie_breaks = {Named(league, "head-to-head")};  // a beat b once, b beat a once
  Standings standings = ComputeStandings(league, LevelOnThree());
  const StandingsTable& table = standings.tables[0];
  EXPECT_EQ(RowOf(table, "a").rank, 2);
  EXPECT_EQ(RowOf(table, "b").rank, 2);
  EXPECT_EQ(table.explanations[0],
            "a and b share 2nd place: level on 3 points and on every tie-break "
            "(head-to-head 2)");
  league.tie_breaks = {};
  EXPECT_EQ(ComputeStandings(league, LevelOnThree()).tables[0].explanations[0],
            "a and b share 2nd place: level on 3 points, and no tie-breaks are set");
}

// p beat q; p lost to r; q beat s; r beat s: p and q are level on 2 points, r has 4.
std::vector<PlayedRecord> PlonkSeason() {
  return {Pairs("plonk", "r1", "1", {"p1", "q1", "p2", "q2"}, 200, 100),
          Pairs("plonk", "r2", "2", {"r1", "p1", "r2", "p2"}, 300, 100),
          Pairs("plonk", "r3", "3", {"q1", "s1", "q2", "s2"}, 150, 50),
          Pairs("plonk", "r4", "3", {"r1", "s1", "r2", "s2"}, 100, 50)};
}

League PlonkLeague() {
  League league = MakeLeague("plonk", {"p1", "p2", "q1", "q2", "r1", "r2", "s1", "s2"});
  AddGroups(league, league.partnerships, {{"p1", "p2"}, {"q1", "q2"}, {"r1", "r2"}, {"s1", "s2"}});
  return league;
}

TEST(Standings, HeadToHeadSeparatesALevelPair) {
  League league = PlonkLeague();
  league.tie_breaks = {Named(league, "head-to-head")};
  Standings standings = ComputeStandings(league, PlonkSeason());
  ASSERT_EQ(standings.tables.size(), 2u);
  EXPECT_EQ(standings.tables[0].kind, "partnerships");
  EXPECT_EQ(Order(standings.tables[0]), (std::vector<std::string>{"r1r2", "p1p2", "q1q2", "s1s2"}));
  EXPECT_EQ(standings.tables[0].explanations[0],
            "p1p2 above q1q2: level on 2 points, separated by head-to-head (2 to 0)");
  // The players table credits both partners, who never meet each other.
  EXPECT_EQ(RowOf(standings.tables[1], "p2").points, 2 * kPointUnit);
  EXPECT_EQ(RowOf(standings.tables[1], "p1").rank, RowOf(standings.tables[1], "p2").rank);
}

TEST(Standings, PointDifferenceSeparatesALevelPair) {
  League league = PlonkLeague();
  league.tie_breaks = {Named(league, "point-difference")};
  Standings standings = ComputeStandings(league, PlonkSeason());
  EXPECT_EQ(standings.tables[0].explanations[0],
            "q1q2 above p1p2: level on 2 points, separated by point-difference (0 to -100)");
}

TEST(Standings, CallsMadeReadsTheSidesStatistic) {
  League league = MakeLeague("conspiracy", {"n", "e", "s", "w"});
  AddGroups(league, league.partnerships, {{"n", "s"}, {"e", "w"}});
  league.tie_breaks = {Named(league, "calls-made")};
  // The game counts a side's made calls over its scored deals (tricks, calls, calls-made).
  verifier::Verdict verdict = PairsVerdict("conspiracy", 5, 5);
  verdict.outcome.sides[0].statistics = {9, 1, 0};
  verdict.outcome.sides[1].statistics = {7, 1, 1};
  PlayedRecord drawn = Describe(verdict, "r1", "1", {"n", "e", "s", "w"});
  Standings standings = ComputeStandings(league, {drawn});
  EXPECT_EQ(Order(standings.tables[0]), (std::vector<std::string>{"ew", "ns"}));
  EXPECT_EQ(standings.tables[0].explanations[0],
            "ew above ns: level on 1 points, separated by calls-made (1 to 0)");
}

TEST(Standings, CahootsWeighsWinsThenGoalsThenFewestTurns) {
  League league = MakeLeague("cahoots", {"a", "b", "c", "d", "e", "f"});
  AddGroups(league, league.teams, {{"a", "b"}, {"c", "d"}, {"e", "f"}});
  Standings standings =
      ComputeStandings(league, {Cahoots("r1", "1", {"a", "b"}, true, 5, 30, "normal"),
                                Cahoots("r2", "1", {"c", "d"}, true, 5, 20, "normal"),
                                Cahoots("r3", "1", {"e", "f"}, true, 5, 40, "beginner"),
                                Cahoots("r4", "2", {"e", "f"}, false, 3, 50, "insane")});
  const StandingsTable& table = standings.tables[0];
  EXPECT_EQ(Order(table), (std::vector<std::string>{"cd", "ab", "ef"}));
  EXPECT_EQ(RowOf(table, "ef").points, 1 * kPointUnit);
  EXPECT_EQ(table.explanations[0],
            "cd above ab: level on 2 points, separated by fewest-turns (20 to 30, fewer is "
            "better)");
  league.tie_breaks = {Named(league, "goals-completed")};
  Standings by_goals =
      ComputeStandings(league, {Cahoots("r1", "1", {"a", "b"}, false, 2, 30, "normal"),
                                Cahoots("r2", "1", {"c", "d"}, false, 4, 20, "normal")});
  EXPECT_EQ(by_goals.tables[0].explanations[0],
            "cd above ab: level on 0 points, separated by goals-completed (4 to 2)");
}

TEST(Standings, ByesForfeitsAdjustmentsAndMatchesPlayed) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d", "e"});
  league.tie_breaks = {Named(league, "matches-played")};
  league.byes = {{"1", "e", std::nullopt, "odd number"}};
  league.forfeits = {{"2", "d", {"c"}, "no show"}};
  league.adjustments = {{"b", -1, std::string("1"), "late"}};
  Standings standings = ComputeStandings(
      league, {Collusion("r1", "1", {"a", "b", "c", "d"}, {100, 80, 50, 10}, "N")});
  const StandingsTable& table = standings.tables[0];
  EXPECT_EQ(RowOf(table, "e").points, 3 * kPointUnit);  // a bye scores a win
  EXPECT_EQ(RowOf(table, "e").played, 0);
  EXPECT_EQ(RowOf(table, "c").points, 4 * kPointUnit);  // 1 for third, 3 for the forfeit
  EXPECT_EQ(RowOf(table, "c").won, 1);
  EXPECT_EQ(RowOf(table, "d").lost, 2);
  EXPECT_EQ(RowOf(table, "b").points, 1 * kPointUnit);
  EXPECT_EQ(RowOf(table, "b").by_round, (std::vector<int64_t>{kPointUnit, kPointUnit}));
  EXPECT_EQ(RowOf(table, "c").by_round, (std::vector<int64_t>{kPointUnit, 4 * kPointUnit}));
  ASSERT_EQ(table.explanations.size(), 1u);
  EXPECT_EQ(table.explanations[0],
            "a above e: level on 3 points, separated by matches-played (1 to 0)");
  EXPECT_EQ(standings.entries,
            (std::vector<std::string>{"forfeit, round 2: d forfeited to c (no show)",
                                      "bye, round 1: e (odd number)",
                                      "adjustment, round 1: b -1 points (late)"}));
}

// The standings keep a record's game as its descriptor, not its name: a valid record of another
// game is still told apart, and named in the reason.
TEST(Standings, AValidRecordOfAnotherGameIsNotCounted) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  PlayedRecord plonk = Pairs("plonk", "other", "1", {"a", "b", "c", "d"}, 100, 90);
  PlayedRecord collusion = Collusion("same", "1", {"a", "b", "c", "d"}, {100, 1, 2, 3}, "N");
  Standings standings = ComputeStandings(league, {plonk, collusion});
  ASSERT_EQ(standings.not_counted.size(), 1u);
  EXPECT_EQ(standings.not_counted[0].source, "other");
  EXPECT_EQ(standings.not_counted[0].reason, "a plonk record in a collusion league");
  EXPECT_EQ(standings.records_counted, 1);
}

TEST(Standings, ShowsWhatWasNotCountedAndWhy) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  league.withdrawals = {{"d", "1", "moved"}};
  verifier::Verdict broken = Finished("collusion", {"N", "E", "S", "W"}, {0, 0, 0, 0}, "");
  broken.status = verifier::Status::kInvalid;
  broken.findings = {Note("unchecked", {}, "a note comes first"),
                     Illegal("revoke", {"/deals/0/tricks/1/2", {1, {"trick", 2}, "E", "6H"}, 3, 7},
                             "expected E to follow suit")};
  PlayedRecord invalid = Describe(broken, "bad", "1", {"a", "b", "c", "d"});
  verifier::Verdict half = Finished("collusion", {"N", "E", "S", "W"}, {5, 5, 5, 5}, "");
  half.status = verifier::Status::kIncomplete;
  half.outcome.summary = "not finished after 2 deals";
  PlayedRecord unfinished = Describe(half, "half", "1", {"a", "b", "c", "d"});
  PlayedRecord guest = Collusion("guest", "1", {"a", "b", "c", "zed"}, {100, 1, 2, 3}, "N");
  PlayedRecord late = Collusion("late", "2", {"a", "b", "c", "d"}, {100, 1, 2, 3}, "N");
  PlayedRecord roundless = Collusion("roundless", "", {"a", "b", "c", "d"}, {100, 1, 2, 3}, "N");
  Standings standings = ComputeStandings(league, {invalid, unfinished, guest, late, roundless});
  ASSERT_EQ(standings.not_counted.size(), 5u);
  EXPECT_EQ(standings.not_counted[0].reason,
            "revoke at /deals/0/tricks/1/2 (line 3): deal 1, trick 2, E, 6H: expected E to "
            "follow suit");
  EXPECT_EQ(standings.not_counted[1].reason, "player 'zed' is not an entrant");
  EXPECT_EQ(standings.not_counted[2].status, "incomplete");
  EXPECT_EQ(standings.not_counted[2].reason, "not finished after 2 deals");
  EXPECT_EQ(standings.not_counted[3].reason, "d withdrew after round 1");
  EXPECT_EQ(standings.not_counted[4].reason.substr(0, 9), "no round:");
  EXPECT_EQ(standings.records_counted, 0);
  EXPECT_EQ(RowOf(standings.tables[0], "d").withdrawn_after, "1");
}

// Board 1 of seed "s" at three tables; NS scored 10, 0, 10 and EW 0, 5, 0. NS at table 1 beat
// table 2 (2) and tied table 3 (1): 3. EW at table 2 beat both: 4. Seed "t" was played once: no
// table to compare with.
TEST(Standings, DuplicateMatchpointsByHand) {
  League league =
      MakeLeague("plonk", {"a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1", "e2", "f1", "f2"});
  AddGroups(league, league.partnerships,
            {{"a1", "a2"}, {"b1", "b2"}, {"c1", "c2"}, {"d1", "d2"}, {"e1", "e2"}, {"f1", "f2"}});
  league.scheme.kind = SchemeKind::kDuplicate;
  league.tie_breaks = {};
  auto table = [](const std::string& source, std::vector<std::string> players, int ns, int ew) {
    PlayedRecord played = Pairs("plonk", source, "1", std::move(players), ns, ew);
    SetDeals(played, "s", {{1, {ns, ew}}});
    return played;
  };
  PlayedRecord once = table("t4", {"a1", "b1", "a2", "b2"}, 7, 7);
  SetDeals(once, "t", {{1, {7, 7}}});
  Standings standings =
      ComputeStandings(league, {table("t1", {"a1", "b1", "a2", "b2"}, 10, 0),
                                table("t2", {"c1", "d1", "c2", "d2"}, 0, 5),
                                table("t3", {"e1", "f1", "e2", "f2"}, 10, 0), once});
  const StandingsTable& pairs = standings.tables[0];
  EXPECT_EQ(RowOf(pairs, "a1a2").points, 3 * kPointUnit);
  EXPECT_EQ(RowOf(pairs, "b1b2").points, 1 * kPointUnit);
  EXPECT_EQ(RowOf(pairs, "c1c2").points, 0);
  EXPECT_EQ(RowOf(pairs, "d1d2").points, 4 * kPointUnit);
  EXPECT_EQ(RowOf(pairs, "e1e2").points, 3 * kPointUnit);
  EXPECT_EQ(RowOf(pairs, "f1f2").points, 1 * kPointUnit);
  EXPECT_EQ(standings.notes,
            std::vector<std::string>{"board 1 of seed 't' was played at one table only: no "
                                     "matchpoints"});
}

// A forfeit win took no turns: counted in fewest-turns it ranked a walkover above a real win.
TEST(Standings, ForfeitWinIsNotAZeroTurnWin) {
  League league = MakeLeague("cahoots", {"a", "b", "c", "d", "e", "f"});
  AddGroups(league, league.teams, {{"a", "b"}, {"c", "d"}, {"e", "f"}});
  league.tie_breaks = {Named(league, "fewest-turns")};
  league.forfeits = {{"2", "ef", {"ab"}, "no show", {}}};
  // ab: a win in 40 turns and a forfeit win; cd: a win in 30 turns and another in 30.
  Standings standings =
      ComputeStandings(league, {Cahoots("r1", "1", {"a", "b"}, true, 5, 40, "normal"),
                                Cahoots("r2", "1", {"c", "d"}, true, 5, 30, "normal"),
                                Cahoots("r3", "2", {"c", "d"}, true, 5, 30, "normal")});
  const StandingsTable& table = standings.tables[0];
  EXPECT_EQ(RowOf(table, "ab").won, 2);  // the forfeit is a win in the table and for points
  EXPECT_EQ(RowOf(table, "ab").points, RowOf(table, "cd").points);
  EXPECT_EQ(*TieBreakValue(Named(league, "fewest-turns"), RowOf(table, "ab")), 4000);  // 40, not 20
  EXPECT_EQ(Order(table), (std::vector<std::string>{"cd", "ab", "ef"}));
  EXPECT_EQ(table.explanations[0],
            "cd above ab: level on 4 points, separated by fewest-turns (30 to 40, fewer is "
            "better)");
}

// Rounds 01 and 1 are one round, whether a record or its league entry names it.
TEST(Standings, RoundsWithLeadingZerosAreOneRound) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  Standings standings =
      ComputeStandings(league, {Collusion("r1", "01", {"a", "b", "c", "d"}, {9, 8, 7, 6}, "N"),
                                Collusion("r2", "1", {"a", "b", "c", "d"}, {9, 8, 7, 6}, "N")});
  EXPECT_EQ(standings.rounds, std::vector<std::string>{"1"});
  EXPECT_EQ(RowOf(standings.tables[0], "a").by_round, std::vector<int64_t>{6 * kPointUnit});
}

// Two files holding the same match (ContentDigest equal) count once, as the first by name.
TEST(Standings, ACopyOfAMatchCountsOnce) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  PlayedRecord first = Collusion("x/r1.yaml", "1", {"a", "b", "c", "d"}, {9, 8, 7, 6}, "N");
  PlayedRecord copy = Collusion("y/r1-again.json", "2", {"a", "b", "c", "d"}, {9, 8, 7, 6}, "N");
  PlayedRecord other = Collusion("z.yaml", "2", {"a", "b", "c", "d"}, {6, 9, 8, 7}, "E");
  first.content = copy.content = Sha256Digest{1};
  other.content = Sha256Digest{2};
  Standings standings = ComputeStandings(league, {copy, other, first});
  EXPECT_EQ(standings.records_counted, 2);
  EXPECT_EQ(RowOf(standings.tables[0], "a").played, 2);
  ASSERT_EQ(standings.not_counted.size(), 1u);
  EXPECT_EQ(standings.not_counted[0].source, "y/r1-again.json");
  EXPECT_EQ(standings.not_counted[0].status, "duplicate");
  EXPECT_EQ(standings.not_counted[0].reason,
            "the same match as x/r1.yaml, counted once, as x/r1.yaml");
}

std::string Sample(const std::string& name) {
  std::ifstream file(std::string(REFEREE_SOURCE_DIR) + "/samples/" + name, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

record::Record ReadSample(const std::string& text, bool json) {
  Result<record::Node> node = json ? formats::ParseJson(text) : formats::ParseYaml(text);
  EXPECT_TRUE(node.has_value());
  Result<record::Record> record = record::ReadRecord(*node);
  EXPECT_TRUE(record.has_value()) << record.error().message;
  return *record;
}

// The same match as YAML and as JSON, with other metadata, has one digest; another match not.
TEST(Standings, ContentDigestIsTheMatchWhateverItsFormatOrMetadata) {
  std::string yaml = Sample("collusion/valid/first-to-100.yaml");
  record::Record record = ReadSample(yaml, false);
  record::Record renamed = record;
  renamed.metadata = {{"id", "another-upload"}, {"round", "7"}, {"table", "3"}};
  std::string json = formats::WriteJson(record::WriteRecord(renamed), true);
  EXPECT_EQ(ContentDigest(ReadSample(json, true)), ContentDigest(record));
  record::Record swapped = record;
  std::swap(swapped.players[0], swapped.players[1]);
  EXPECT_NE(ContentDigest(swapped), ContentDigest(record));
  EXPECT_NE(ContentDigest(ReadSample(Sample("collusion/valid/deduction.yaml"), false)),
            ContentDigest(record));
}

// A document that is not a record (a file listed by mistake) is not quoted in the report.
TEST(Standings, ANonRecordIsNotQuoted) {
  League league = MakeLeague("collusion", {});
  Result<record::Node> passwd = formats::ParseYaml("root:x:0:0:root:/root:/bin/bash\n");
  ASSERT_TRUE(passwd.has_value());
  verifier::Verdict verdict = verifier::VerifyText("root:x:0:0:root:/root:/bin/bash\n",
                                                   formats::InputFormat::kYaml, 1, {}, "passwd", 0);
  ASSERT_NE(verdict.findings.at(0).message.find("root:x"), std::string::npos);
  PlayedRecord played = DescribeRecord(league, verdict, nullptr, &*passwd, std::nullopt);
  EXPECT_EQ(played.Reason().find("root"), std::string::npos) << played.Reason();
  EXPECT_EQ(played.Reason(), "not a record: bad-type (line 1); its content is not shown");
  Result<record::Node> record = formats::ParseYaml("format: referee/1\ngame: colusion\n");
  verifier::Verdict misspelt = verifier::VerifyNode(*record, "misspelt");
  PlayedRecord shown = DescribeRecord(league, misspelt, nullptr, &*record, std::nullopt);
  EXPECT_NE(shown.Reason().find("colusion"), std::string::npos) << shown.Reason();
}

TEST(Standings, AnEntrantAtTwoTablesInOneRoundIsAWarning) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d", "e", "f", "g"});
  league.forfeits = {{"2", "g", {"a"}, "no show", {"/forfeits/0", {}, 12, 5}}};
  Standings standings =
      ComputeStandings(league, {Collusion("t1", "1", {"a", "b", "c", "d"}, {9, 8, 7, 6}, "N"),
                                Collusion("t2", "1", {"a", "e", "f", "b"}, {9, 8, 7, 6}, "N"),
                                Collusion("t3", "2", {"a", "b", "c", "d"}, {9, 8, 7, 6}, "N")});
  ASSERT_EQ(standings.warnings.size(), 2u);
  EXPECT_EQ(standings.warnings[0].code, "two-tables");
  EXPECT_EQ(standings.warnings[0].message, "a, b are at 2 tables in round 1: t1, t2");
  EXPECT_TRUE(standings.warnings[0].place.path.empty());
  EXPECT_EQ(standings.warnings[1].message,
            "a is at 2 tables in round 2: t3, the forfeit /forfeits/0");
  EXPECT_EQ(standings.warnings[1].place.line, 12u);
  EXPECT_EQ(standings.records_counted, 3);  // counted as the league file says
  EXPECT_EQ(reports::WarningText(standings.warnings[1]),
            "two-tables at /forfeits/0 (line 12): a is at 2 tables in round 2: t3, the forfeit "
            "/forfeits/0");
}

TEST(Standings, AByeInARoundTheEntrantPlayedIsAWarning) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d", "e"});
  league.byes = {{"1", "e", std::nullopt, "odd number", {"/byes/0", {}, 9, 5}},
                 {"1", "b", std::nullopt, "mistake", {"/byes/1", {}, 10, 5}}};
  Standings standings =
      ComputeStandings(league, {Collusion("t1", "1", {"a", "b", "c", "d"}, {9, 8, 7, 6}, "N")});
  ASSERT_EQ(standings.warnings.size(), 1u);
  EXPECT_EQ(standings.warnings[0].code, "bye-in-played-round");
  EXPECT_EQ(standings.warnings[0].place.path, "/byes/1");
  EXPECT_EQ(standings.warnings[0].message,
            "b has a bye in round 1, a round b played (t1): both count");
  EXPECT_EQ(RowOf(standings.tables[0], "b").points, (2 + 3) * kPointUnit);
}

// A board played at many tables is scored from sorted scores; the result is the pairwise one.
TEST(Standings, DuplicateMatchpointsOfManyTablesArePairwise) {
  League league = MakeLeague("plonk", {});
  league.scheme.kind = SchemeKind::kDuplicate;
  league.tie_breaks = {};
  std::vector<PlayedRecord> records;
  std::vector<int> ns = {0, 5, 5, 5, 10};
  for (size_t t = 0; t < ns.size(); ++t) {
    std::string n = "n" + std::to_string(t), e = "e" + std::to_string(t);
    std::string s2 = "s" + std::to_string(t), w = "w" + std::to_string(t);
    for (const std::string& id : {n, e, s2, w}) league.players.push_back({id, id, {}, ""});
    PlayedRecord played = Pairs("plonk", "t" + std::to_string(t), "1", {n, e, s2, w}, ns[t], 0);
    SetDeals(played, "s", {{1, {ns[t], 0}}});
    records.push_back(played);
  }
  Standings standings = ComputeStandings(league, records);
  // Table 1 (5 points): beats table 0 (2), ties tables 2 and 3 (1 + 1), loses to table 4: 4.
  EXPECT_EQ(RowOf(standings.tables[0], "n1").points, 4 * kPointUnit);
  EXPECT_EQ(RowOf(standings.tables[0], "n4").points, 8 * kPointUnit);
  EXPECT_EQ(RowOf(standings.tables[0], "n0").points, 0);
  EXPECT_EQ(RowOf(standings.tables[0], "e0").points, 4 * kPointUnit);  // EW all 0: 4 ties
}

TEST(Standings, OrderOfRecordsNeverChangesTheStandings) {
  EXPECT_TRUE(rc::check([](uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<std::string> names = {"a", "b", "c", "d", "e", "f"};
    League league = MakeLeague("collusion", names);
    std::vector<PlayedRecord> records;
    for (int i = 0; i < 10; ++i) {
      std::vector<std::string> seats = names;
      std::shuffle(seats.begin(), seats.end(), rng);
      seats.resize(4);
      std::vector<int> totals;  // a small range, so ties are common
      for (int s = 0; s < 4; ++s) totals.push_back(static_cast<int>(rng() % 4) * 10);
      std::string winner = "N";
      records.push_back(
          Collusion("r" + std::to_string(i), std::to_string(1 + i % 3), seats, totals, winner));
    }
    std::string expected = reports::FormatStandingsText(ComputeStandings(league, records));
    std::shuffle(records.begin(), records.end(), rng);
    RC_ASSERT(reports::FormatStandingsText(ComputeStandings(league, records)) == expected);
  }));
}

// A summary keeps the record's names once and each side as the seats on it: a side's players are
// read back in seat order, and its statistics from the record's one list, side after side.
TEST(Standings, ASummaryKeepsNamesOnceAndGivesEachSideItsPlayersAndStatistics) {
  verifier::Verdict verdict = PairsVerdict("plonk", 120, 80);
  verdict.outcome.sides[0].statistics = {7};
  verdict.outcome.sides[1].statistics = {6};
  PlayedRecord played = Describe(verdict, "r1", "1", {"ann", "bob", "cat", "dan"});
  EXPECT_EQ(played.players.All(), (std::vector<std::string>{"ann", "bob", "cat", "dan"}));
  EXPECT_EQ(played.SidePlayers(0), (std::vector<std::string>{"ann", "cat"}));
  EXPECT_EQ(played.SidePlayers(1), (std::vector<std::string>{"bob", "dan"}));
  EXPECT_TRUE(played.SidePlayers(2).empty());
  ASSERT_EQ(played.SideStatistics(0).size(), 1u);
  EXPECT_EQ(played.SideStatistics(0)[0], 7);
  EXPECT_EQ(played.SideStatistics(1)[0], 6);
  EXPECT_TRUE(played.SideStatistics(2).empty());
}

// A side the game gives fewer statistics than another counts 0 for the ones it lacks, so that
// every side's statistics are at the same place in the record's list.
TEST(Standings, ASideWithFewerStatisticsCountsZeroForTheRest) {
  verifier::Verdict verdict = PairsVerdict("plonk", 120, 80);
  verdict.outcome.sides[0].statistics = {};
  verdict.outcome.sides[1].statistics = {4};
  PlayedRecord played = Describe(verdict, "r1", "1", {"ann", "bob", "cat", "dan"});
  ASSERT_EQ(played.SideStatistics(0).size(), 1u);
  EXPECT_EQ(played.SideStatistics(0)[0], 0);
  EXPECT_EQ(played.SideStatistics(1)[0], 4);
}

// Names are kept in one string, each after its length: any names come back as they went in,
// empty ones, long ones (a length of more than one byte) and ones with any byte included.
RC_GTEST_PROP(PlayerNamesProperty, NamesComeBackAsTheyWentIn, ()) {
  auto long_name = rc::gen::map(rc::gen::inRange<size_t>(100, 20000),
                                [](size_t length) { return std::string(length, 'x'); });
  auto name = rc::gen::oneOf(rc::gen::arbitrary<std::string>(), long_name);
  std::vector<std::string> names = *rc::gen::container<std::vector<std::string>>(name);
  PlayerNames packed(names);
  RC_ASSERT(packed.size() == names.size());
  RC_ASSERT(packed.All() == names);
}

// A summary's rarely set texts are kept out of line and shared by its copies: changing a copy's
// changes only the copy, and a summary without them keeps none.
TEST(Standings, ASummarysTextsAreItsOwnWhenCopied) {
  PlayedRecord played = Collusion("r1", "1", {"a", "b", "c", "d"}, {100, 30, 20, 10}, "N");
  EXPECT_EQ(played.Reason(), "");
  EXPECT_EQ(played.Table(), "");
  EXPECT_EQ(played.Level(), "");
  played.SetTable("7");
  PlayedRecord copy = played;
  copy.SetTable("8");
  copy.SetReason("why");
  EXPECT_EQ(played.Table(), "7");
  EXPECT_EQ(played.Reason(), "");
  EXPECT_EQ(copy.Table(), "8");
  EXPECT_EQ(copy.Reason(), "why");
}

// The columns say what they count: at a table of four each for themselves, the places finished
// (a player who was second four times has 8 points, not "won 0 lost 4"); the wins tie-break is not
// a second copy of the first places; a duplicate event shows matchpoints, not who won at the
// table. A key under each table and above each cross-table says so.
TEST(Standings, ColumnsAreNamedByWhatTheyCount) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  league.tie_breaks = {Named(league, "wins"), Named(league, "buchholz")};
  std::vector<PlayedRecord> records;
  for (int i = 0; i < 4; ++i) {
    records.push_back(Collusion("r" + std::to_string(i), std::to_string(i + 1),
                                {"a", "b", "c", "d"}, {40, 30, 20 - i, 10}, "N"));
  }
  Standings standings = ComputeStandings(league, records);
  const StandingsTable& table = standings.tables[0];
  reports::Grid grid = reports::StandingsGrid(standings, table);
  EXPECT_EQ(grid[0], (reports::GridRow{"rank", "entrant", "name", "played", "1st", "2nd", "3rd",
                                       "4th", "points", "buchholz"}));
  // b met a (12 points), c (4) and d (0) four times: Buchholz 64.
  EXPECT_EQ(grid[2], (reports::GridRow{"2", "b", "b", "4", "0", "4", "0", "0", "8", "64"}));
  EXPECT_EQ(RowOf(table, "b").placings, (std::vector<int>{0, 4}));
  std::vector<std::string> key = reports::TableKey(standings);
  ASSERT_GE(key.size(), 3u);
  EXPECT_EQ(key[1].substr(0, 49), "1st to 4th: matches finished in each place, a sha");
  EXPECT_EQ(key[2], "the tie-break wins is the 1st column");
  EXPECT_EQ(
      reports::CrossTableKey(standings, table),
      "\"N 1st 40 +3 v 2,3,4\" reads: N the seat, 1st the place (2nd= when shared), 40 the "
      "score, +3 the points it gave, v 2,3,4 the opponents, by their number in this table (by "
      "id when ranked in another)");

  League pairs = MakeLeague("plonk", {"a", "b", "c", "d"});
  Standings played =
      ComputeStandings(pairs, {Pairs("plonk", "r1", "1", {"a", "b", "c", "d"}, 9, 4)});
  EXPECT_EQ(reports::StandingsGrid(played, played.tables[0])[0],
            (reports::GridRow{"rank", "entrant", "name", "played", "won", "drawn", "lost", "points",
                              "point-difference"}));
  // a and c share 1st (listed by id), b and d 3rd: a met numbers 3 and 4.
  EXPECT_EQ(reports::CrossTableKey(played, played.tables[0])
                .rfind("\"NS won 9-4 +2 v 3,4\" reads: NS the direction sat, won the result", 0),
            0u)
      << reports::CrossTableKey(played, played.tables[0]);

  pairs.scheme.kind = SchemeKind::kDuplicate;
  pairs.tie_breaks = DefaultTieBreaks(*pairs.descriptor, SchemeKind::kDuplicate);
  Standings duplicate =
      ComputeStandings(pairs, {Pairs("plonk", "r1", "1", {"a", "b", "c", "d"}, 9, 4)});
  EXPECT_EQ(reports::StandingsGrid(duplicate, duplicate.tables[0])[0],
            (reports::GridRow{"rank", "entrant", "name", "played", "matchpoints", "percentage",
                              "total-score"}));
}

}  // namespace
}  // namespace referee::league
