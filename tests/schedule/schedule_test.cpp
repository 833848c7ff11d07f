#include "schedule/schedule.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "formats/yaml_reader.h"
#include "tests/schedule/schedule_test.h"

namespace referee::schedule {
namespace {

using testing::Id;
using testing::MakeAll;
using testing::TestLeague;

Field FieldFor(const league::League& league, const Schedule& schedule) {
  Result<Field> field = FieldOf(league, schedule);
  EXPECT_TRUE(field.has_value());
  return *field;
}

std::vector<std::string> Rules(const std::vector<Breach>& breaches) {
  std::vector<std::string> rules;
  for (const Breach& breach : breaches) rules.push_back(breach.rule);
  return rules;
}

const Table* TableOf(const Round& round, const std::string& entrant) {
  for (const Table& table : round.tables) {
    if (std::count(table.seats.begin(), table.seats.end(), entrant) > 0) return &table;
  }
  return nullptr;
}

TEST(ScheduleMethods, FollowHowALeagueRanksTheGame) {
  EXPECT_EQ(MethodsFor(*games::FindGame("collusion")).front(), Method::kSwiss);
  EXPECT_EQ(MethodsFor(*games::FindGame("plonk")).front(), Method::kMitchell);
  EXPECT_EQ(MethodsFor(*games::FindGame("cahoots")), std::vector<Method>{Method::kTeams});
  EXPECT_EQ(EntrantsPerTable(*games::FindGame("collusion")), 4);
  EXPECT_EQ(EntrantsPerTable(*games::FindGame("conspiracy")), 2);
}

// Six pairs, three tables: the NS pairs stay, EW move up a table and the boards down a table
// after each round, so EW 1 (who began at table 1 with set 1) sits at table 2 in round 2 with the
// set that began at table 3.
TEST(Mitchell, OddTablesMoveEastWestUpAndBoardsDown) {
  league::League league = TestLeague("plonk", 6);
  Schedule schedule{Method::kMitchell, "s", 3, {}, {}};
  Schedule made = MakeAll(FieldFor(league, schedule), schedule);
  ASSERT_EQ(made.made.size(), 3u);
  // In league order the first half sits NS: e01, e02, e03 at tables 1-3; e04, e05, e06 EW.
  const Round& second = made.made[1];
  const Table* table = TableOf(second, Id(4));
  ASSERT_NE(table, nullptr);
  EXPECT_EQ(table->number, 2);
  EXPECT_EQ(table->seats, (std::vector<std::string>{Id(2), Id(4)}));
  EXPECT_EQ(table->boards, 3);
  // The NS pair of table 1 meets every EW pair once and plays every set once.
  std::set<std::string> met;
  std::set<int> sets;
  for (const Round& round : made.made) {
    const Table* at = TableOf(round, Id(1));
    met.insert(at->seats[1]);
    sets.insert(at->boards);
    EXPECT_EQ(at->number, 1);
  }
  EXPECT_EQ(met, (std::set<std::string>{Id(4), Id(5), Id(6)}));
  EXPECT_EQ(sets, (std::set<int>{1, 2, 3}));
  EXPECT_TRUE(Check(FieldFor(league, made), made).empty());
}

// Eight pairs, four tables: an even count, so EW skip a table after half the rounds (round 3
// here), and the movement has three rounds: a fourth would meet the first round's opponents.
TEST(Mitchell, EvenTablesSkipATableHalfway) {
  league::League league = TestLeague("plonk", 8);
  Schedule schedule{Method::kMitchell, "s", 3, {}, {}};
  Field field = FieldFor(league, schedule);
  Schedule made = MakeAll(field, schedule);
  EXPECT_EQ(TableOf(made.made[0], Id(5))->number, 1);
  EXPECT_EQ(TableOf(made.made[1], Id(5))->number, 2);
  EXPECT_EQ(TableOf(made.made[2], Id(5))->number, 4);  // skipped table 3
  std::set<int> sets;
  for (const Round& round : made.made) sets.insert(TableOf(round, Id(5))->boards);
  EXPECT_EQ(sets.size(), 3u);
  EXPECT_TRUE(Check(field, made).empty());
  Schedule too_long = made;
  too_long.rounds = 4;
  Result<Round, referee::Error> fourth = NextRound(field, too_long, {});
  ASSERT_FALSE(fourth.has_value());
  EXPECT_EQ(fourth.error().message, "a mitchell of 8 pairs has at most 3 rounds");
}

// Without the skip an even Mitchell brings EW back to boards they played: the checker says so.
TEST(Mitchell, WithoutTheSkipTheCheckerFindsBoardsReplayed) {
  league::League league = TestLeague("plonk", 8);
  Schedule schedule{Method::kMitchell, "s", 3, {}, {}};
  Field field = FieldFor(league, schedule);
  Schedule made = MakeAll(field, schedule);
  // Round 3 as a plain Mitchell: EW e at table e + 2, boards (t + 2).
  Round& third = made.made[2];
  for (Table& table : third.tables) {
    int t = table.number - 1;
    table.seats[1] = Id(5 + (t + 4 - 2) % 4);
  }
  std::vector<std::string> rules = Rules(Check(field, made));
  EXPECT_NE(std::find(rules.begin(), rules.end(), "board-replayed"), rules.end());
}

TEST(Mitchell, AnOddCountSitsOutThePairFacingTheEmptyPlace) {
  league::League league = TestLeague("plonk", 7);
  Schedule schedule{Method::kMitchell, "s", 3, {}, {}};
  Field field = FieldFor(league, schedule);
  Schedule made = MakeAll(field, schedule);
  for (const Round& round : made.made) {
    EXPECT_EQ(round.tables.size(), 3u);
    EXPECT_EQ(round.sitting_out.size(), 1u);
  }
  EXPECT_TRUE(Check(field, made).empty());
}

TEST(Howell, EveryPairMeetsEveryOtherOnce) {
  league::League league = TestLeague("conspiracy", 6);
  Schedule schedule{Method::kHowell, "s", 5, {}, {}};
  Field field = FieldFor(league, schedule);
  Schedule made = MakeAll(field, schedule);
  std::set<std::pair<std::string, std::string>> met;
  for (const Round& round : made.made) {
    EXPECT_EQ(round.tables.size(), 3u);
    for (const Table& table : round.tables) {
      EXPECT_EQ(table.boards, round.number);
      EXPECT_TRUE(met.insert(std::minmax(table.seats[0], table.seats[1])).second);
    }
  }
  EXPECT_EQ(met.size(), 15u);  // 6 choose 2
  EXPECT_TRUE(Check(field, made).empty());
  Result<Round, referee::Error> sixth =
      NextRound(field, Schedule{Method::kHowell, "s", 6, {}, made.made}, {});
  EXPECT_FALSE(sixth.has_value());
}

// Swiss: the tables are filled from the top of the points; nobody meets again while an
// arrangement avoids it; the sit-out goes to the lowest on points who has not sat out.
TEST(Swiss, SeatsTheLeadersTogetherWithoutRepeats) {
  league::League league = TestLeague("collusion", 17);
  Schedule schedule{Method::kSwiss, "club", 3, {}, {}};
  Field field = FieldFor(league, schedule);
  Result<Round, referee::Error> first = NextRound(field, schedule, {});
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->tables.size(), 4u);
  ASSERT_EQ(first->sitting_out.size(), 1u);
  schedule.made.push_back(*first);
  Points points;
  int score = 100;
  // The first round's tables in order: the first table's players lead.
  for (const Table& table : first->tables) {
    for (const std::string& entrant : table.seats) points[entrant] = score--;
  }
  points[first->sitting_out[0]] = 0;
  Result<Round, referee::Error> second = NextRound(field, schedule, points);
  ASSERT_TRUE(second.has_value());
  // The one who sat out plays; someone else sits out.
  EXPECT_NE(second->sitting_out[0], first->sitting_out[0]);
  // The leader's table holds nobody the leader met.
  const Table* top = TableOf(*second, first->tables[0].seats[0]);
  for (const std::string& entrant : top->seats) {
    if (entrant == first->tables[0].seats[0]) continue;
    EXPECT_EQ(std::count(first->tables[0].seats.begin(), first->tables[0].seats.end(), entrant), 0)
        << entrant;
  }
  schedule.made.push_back(*second);
  EXPECT_TRUE(Check(field, schedule).empty());
}

// The lots come from the event's seed: another seed, another first round; the same seed, the same.
TEST(Swiss, TheFirstRoundIsDrawnFromTheSeed) {
  league::League league = TestLeague("collusion", 16);
  Field field = FieldFor(league, Schedule{Method::kSwiss, "a", 1, {}, {}});
  auto first = [&](const std::string& seed) {
    return NextRound(field, Schedule{Method::kSwiss, seed, 1, {}, {}}, {})->tables.front().seats;
  };
  EXPECT_EQ(first("a"), first("a"));
  EXPECT_NE(first("a"), first("b"));
}

TEST(Individual, FivePlayersSitOutInTurn) {
  league::League league = TestLeague("collusion", 5);
  Schedule schedule{Method::kIndividual, "s", 5, {}, {}};
  Field field = FieldFor(league, schedule);
  Schedule made = MakeAll(field, schedule);
  std::set<std::string> sat_out;
  for (const Round& round : made.made) {
    ASSERT_EQ(round.sitting_out.size(), 1u);
    sat_out.insert(round.sitting_out[0]);
  }
  EXPECT_EQ(sat_out.size(), 5u);
  EXPECT_TRUE(Check(field, made).empty());
}

// Sixteen players over two rounds: nobody need meet anyone twice, and nobody does. (With eight,
// two tables of four, a second round must seat two of a first-round table together.)
TEST(Individual, MeetsNewPlayersWhileThereAreAny) {
  league::League league = TestLeague("collusion", 16);
  Schedule schedule{Method::kIndividual, "s", 2, {}, {}};
  Field field = FieldFor(league, schedule);
  Schedule made = MakeAll(field, schedule);
  for (const Table& table : made.made[1].tables) {
    for (const std::string& a : table.seats) {
      const Table* before = TableOf(made.made[0], a);
      for (const std::string& b : table.seats) {
        if (a == b) continue;
        EXPECT_EQ(std::count(before->seats.begin(), before->seats.end(), b), 0);
      }
    }
  }
}

TEST(Teams, EveryTeamHasItsTableEveryRound) {
  league::League league = TestLeague("cahoots", 3);
  Schedule schedule{Method::kTeams, "s", 2, {}, {}};
  Field field = FieldFor(league, schedule);
  Schedule made = MakeAll(field, schedule);
  EXPECT_EQ(made.made[1].tables.size(), 3u);
  EXPECT_EQ(made.made[1].tables[2].seats, std::vector<std::string>{Id(3)});
  EXPECT_TRUE(Check(field, made).empty());
}

TEST(Field, ArrivalsAndWithdrawalsSayWhoIsPresent) {
  league::League league =
      TestLeague("collusion", 9, "withdrawals:\n  - {entrant: e02, after_round: 1, reason: ill}\n");
  Schedule schedule{Method::kSwiss, "s", 3, {Arrival{"e09", 2, ""}}, {}};
  Field field = FieldFor(league, schedule);
  EXPECT_TRUE(field.Present("e02", 1));
  EXPECT_FALSE(field.Present("e02", 2));
  EXPECT_FALSE(field.Present("e09", 1));
  EXPECT_TRUE(field.Present("e09", 3));
  Schedule made = MakeAll(field, schedule);
  EXPECT_EQ(TableOf(made.made[1], "e02"), nullptr);
  EXPECT_TRUE(Check(field, made).empty());
}

// The checker names each rule a hand-made schedule breaks.
TEST(Checker, NamesEachRuleBroken) {
  league::League league = TestLeague("collusion", 16);
  Schedule schedule{Method::kSwiss, "s", 2, {}, {}};
  Field field = FieldFor(league, schedule);
  Schedule made = MakeAll(field, schedule);
  auto broken = [&](auto change) {
    Schedule copy = made;
    change(copy);
    return Rules(Check(field, copy));
  };
  using Rules = std::vector<std::string>;
  EXPECT_EQ(
      broken([](Schedule& s) { s.made[0].tables[1].seats[0] = s.made[0].tables[0].seats[0]; }),
      (Rules{"seated-twice", "board-replayed", "missing-entrant", "repeat-meeting"}));
  EXPECT_EQ(broken([](Schedule& s) { s.made[0].tables[1].seats[0] = "zed"; }),
            (Rules{"unknown-entrant", "missing-entrant"}));
  EXPECT_EQ(broken([](Schedule& s) { s.made[1].tables[0].seats.pop_back(); }),
            (Rules{"table-size", "missing-entrant"}));
  EXPECT_EQ(broken([](Schedule& s) { s.made[1] = s.made[0], s.made[1].number = 2; }),
            (Rules{"board-replayed", "board-replayed", "board-replayed", "board-replayed",
                   "board-replayed", "board-replayed", "board-replayed", "board-replayed",
                   "board-replayed", "board-replayed", "board-replayed", "board-replayed",
                   "board-replayed", "board-replayed", "board-replayed", "board-replayed",
                   "repeat-meeting"}));
  EXPECT_EQ(broken([](Schedule& s) { s.made[1].number = 3; }), (Rules{"round-order"}));
  EXPECT_EQ(broken([](Schedule& s) { s.rounds = 1; }), (Rules{"too-many-rounds"}));
}

TEST(Checker, SitOutsGoRound) {
  league::League league = TestLeague("collusion", 5);
  Schedule schedule{Method::kIndividual, "s", 2, {}, {}};
  Field field = FieldFor(league, schedule);
  Schedule made = MakeAll(field, schedule);
  // Round 2 sits out the one who sat out in round 1 again, seating someone who never did.
  std::string first = made.made[0].sitting_out[0];
  Round& second = made.made[1];
  std::string other = second.sitting_out[0];
  for (Table& table : second.tables)
    std::replace(table.seats.begin(), table.seats.end(), first, other);
  second.sitting_out[0] = first;
  std::vector<std::string> rules = Rules(Check(field, made));
  EXPECT_NE(std::find(rules.begin(), rules.end(), "uneven-sit-outs"), rules.end());
}

TEST(Checker, AMovementMeetsOnceAndKeepsDirections) {
  league::League league = TestLeague("plonk", 6);
  Schedule schedule{Method::kMitchell, "s", 3, {}, {}};
  Field field = FieldFor(league, schedule);
  Schedule made = MakeAll(field, schedule);
  Schedule swapped = made;
  std::swap(swapped.made[1].tables[0].seats[0], swapped.made[1].tables[0].seats[1]);
  EXPECT_EQ(Rules(Check(field, swapped)),
            (std::vector<std::string>{"direction-changed", "direction-changed"}));
  Schedule once = made;
  once.made.resize(1);
  once.rounds = 1;
  std::vector<std::string> rules = Rules(Check(field, once));
  EXPECT_EQ(std::count(rules.begin(), rules.end(), "board-at-one-table"), 3);
}

TEST(Checker, AbsentEntrantsAreNotSeated) {
  league::League league = TestLeague("collusion", 8);
  Schedule schedule{Method::kSwiss, "s", 2, {}, {}};
  Field field = FieldFor(league, schedule);
  Schedule made = MakeAll(field, schedule);
  made.arrivals.push_back(Arrival{"e01", 2, ""});
  Field later = FieldFor(league, made);
  std::vector<std::string> rules = Rules(Check(later, made));
  EXPECT_NE(std::find(rules.begin(), rules.end(), "absent-seated"), rules.end());
}

TEST(ScheduleNode, ReadsBackWhatItWrites) {
  league::League league = TestLeague("plonk", 8);
  Schedule schedule{Method::kMitchell, "s", 3, {Arrival{"e08", 2, ""}}, {}};
  Field field = FieldFor(league, schedule);
  Schedule made = MakeAll(field, schedule);
  Result<Schedule> read = ReadSchedule(ScheduleNode(made), "/schedule", league);
  ASSERT_TRUE(read.has_value()) << read.error().message;
  EXPECT_EQ(ScheduleNode(*read).members().size(), ScheduleNode(made).members().size());
  ASSERT_EQ(read->made.size(), 3u);
  EXPECT_EQ(read->made[2].tables[1].seats, made.made[2].tables[1].seats);
  EXPECT_EQ(read->arrivals[0].entrant, "e08");
}

TEST(ScheduleNode, RefusesAMethodThatDoesNotFitWithItsPlace) {
  league::League league = TestLeague("collusion", 8);
  auto read = [&](const std::string& yaml) {
    return ReadSchedule(*formats::ParseYaml(yaml), "/schedule", league);
  };
  Result<Schedule> unfit = read("{method: mitchell, seed: s, planned_rounds: 2}");
  ASSERT_FALSE(unfit.has_value());
  EXPECT_EQ(unfit.error().code, "method-unfit");
  EXPECT_EQ(unfit.error().place.path, "/schedule/method");
  Result<Schedule> typo = read("{method: swis, seed: s, planned_rounds: 2}");
  ASSERT_FALSE(typo.has_value());
  EXPECT_EQ(typo.error().code, "unknown-method");
  EXPECT_NE(typo.error().message.find("did you mean 'swiss'"), std::string::npos);
  Result<Schedule> bad_boards = read(
      "{method: swiss, seed: s, planned_rounds: 2, rounds: [{round: 1, tables: [{table: 1, "
      "seats: [e01, e02, e03, e04], boards: 0}]}]}");
  ASSERT_FALSE(bad_boards.has_value());
  EXPECT_EQ(bad_boards.error().place.path, "/schedule/rounds/0/tables/0/boards");
  Result<Schedule> extra = read("{method: swiss, seed: s, planned_rounds: 2, pairing: dutch}");
  ASSERT_FALSE(extra.has_value());
  EXPECT_EQ(extra.error().code, "unknown-key");
}

}  // namespace
}  // namespace referee::schedule
