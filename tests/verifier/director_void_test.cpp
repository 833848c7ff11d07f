// A deal the director voids after it was played (a league's `voids:`, docs/standings.md, "Voided
// deals"): the record is checked as it was played, and scored as if the deal had not counted.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "referee/games/game_record.h"
#include "referee/games/registry.h"
#include "tests/shared/game_param.h"
#include "tests/shared/playout.h"
#include "verifier/verifier.h"

namespace referee::testing {
namespace {

int DealsOf(const verifier::Verdict& verdict) {
  return static_cast<int>(verdict.scores.rows.size());
}

// Each unit's total is the sum of its points on the deals that were not voided.
void CheckTotalsAreTheRows(const ScoreSheet& sheet) {
  for (size_t unit = 0; unit < sheet.totals.size(); ++unit) {
    int sum = 0;
    for (const ScoreSheet::Row& row : sheet.rows) {
      if (!row.void_deal) sum += row.points[unit];
    }
    RC_ASSERT(sheet.totals[unit] == sum);
  }
}

size_t Errors(const verifier::Verdict& verdict) {
  return static_cast<size_t>(
      std::count_if(verdict.findings.begin(), verdict.findings.end(),
                    [](const Finding& f) { return f.severity == Severity::kError; }));
}

class DirectorVoid : public ::testing::TestWithParam<const games::GameDescriptor*> {};

TEST_P(DirectorVoid, LeavesTheDealOutOfTheScoresAndNothingElse) {
  const games::GameDescriptor& game = *GetParam();
  EXPECT_TRUE(rc::check(game.name + ": a voided deal is not scored", [&] {
    std::mt19937 rng(*rc::gen::arbitrary<uint32_t>());
    Playout playout =
        PlayRandomly(game, rng, "seed-" + std::to_string(*rc::gen::arbitrary<uint32_t>()));
    record::Record record = std::move(playout.record);
    record.metadata.emplace_back("id", "table-7");
    record::Node written = record::WriteRecord(record);
    verifier::Verdict played = verifier::VerifyNode(written, "record");
    RC_ASSERT(played.status == verifier::Status::kValid);
    RC_PRE(DealsOf(played) >= 1);
    CheckTotalsAreTheRows(played.scores);
    int deal = *rc::gen::inRange(1, DealsOf(played) + 1);
    verifier::DirectorVoids voids = {{"table-7", {{deal, "a fouled board"}}}};

    verifier::Verdict voided = verifier::VerifyNode(written, "record", 0, &voids);
    RC_LOG() << "deal " << deal << " of " << DealsOf(played) << "\n";
    for (const Finding& finding : voided.findings) RC_LOG() << finding.message << "\n";
    RC_ASSERT(voided.voided_by_director == std::vector<int>{deal});
    RC_ASSERT(voided.events_checked == played.events_checked);
    // The record's own check is unchanged; the only error a void may add is a conflict (the
    // match would have ended sooner without the deal, or not at all), which keeps the record from
    // counting.
    RC_ASSERT(Errors(voided) == 0 ||
              (Errors(voided) == 1 && voided.status == verifier::Status::kInvalid));
    if (Errors(voided) == 1) {
      RC_ASSERT(std::any_of(voided.findings.begin(), voided.findings.end(),
                            [](const Finding& f) { return f.code == "director-void-conflict"; }));
    } else {
      RC_ASSERT(voided.status == verifier::Status::kValid);
    }
    auto note = std::find_if(voided.findings.begin(), voided.findings.end(),
                             [](const Finding& f) { return f.code == "director-void"; });
    RC_ASSERT(note != voided.findings.end());
    RC_ASSERT(note->severity == Severity::kNote);
    RC_ASSERT(note->place.game.deal == deal);
    // The deals before it score as they did; it scores nothing, with the director's reason.
    RC_ASSERT(voided.scores.rows.size() >= static_cast<size_t>(deal));
    for (int before = 1; before < deal; ++before) {
      RC_ASSERT(voided.scores.rows[before - 1] == played.scores.rows[before - 1]);
    }
    const ScoreSheet::Row& row = voided.scores.rows[deal - 1];
    RC_ASSERT(row.deal == deal);
    RC_ASSERT(row.void_deal);
    RC_ASSERT(row.board == played.scores.rows[deal - 1].board);
    RC_ASSERT(std::all_of(row.points.begin(), row.points.end(), [](int p) { return p == 0; }));
    RC_ASSERT(row.label.Text() == "voided by the director: a fouled board");
    CheckTotalsAreTheRows(voided.scores);
  }));
}

TEST_P(DirectorVoid, OfAnotherRecordOrOfADealNotPlayedChangesNothing) {
  const games::GameDescriptor& game = *GetParam();
  std::mt19937 rng(7);
  Playout playout = PlayRandomly(game, rng, "seed-void");
  record::Record record = std::move(playout.record);
  record.metadata.emplace_back("id", "table-7");
  record::Node written = record::WriteRecord(record);
  verifier::Verdict played = verifier::VerifyNode(written, "record");
  int beyond = DealsOf(played) + 1;
  verifier::DirectorVoids voids = {{"table-8", {{1, "another table"}}},
                                   {"table-7", {{beyond, "a deal never played"}}}};
  verifier::Verdict voided = verifier::VerifyNode(written, "record", 0, &voids);
  EXPECT_TRUE(voided.voided_by_director.empty());
  EXPECT_EQ(voided.scores.rows, played.scores.rows);
  EXPECT_EQ(voided.scores.totals, played.scores.totals);
  EXPECT_EQ(voided.outcome, played.outcome);
  EXPECT_EQ(voided.findings.size(), played.findings.size());
}

bool PlaysToATarget(const games::GameDescriptor& game) {
  return std::any_of(game.options.begin(), game.options.end(),
                     [](const OptionSpec& option) { return option.name == "target"; });
}

// A match played to a target ends on the deal that reaches it: voided, the match has no end, so
// the record has no result to count (a silent count of an unfinished match would rank its
// players on half a match).
class DirectorVoidToATarget : public DirectorVoid {};

TEST_P(DirectorVoidToATarget, OfTheDealThatReachedItLeavesNoResultToCount) {
  const games::GameDescriptor& game = *GetParam();
  for (uint32_t seed = 1; seed <= 5; ++seed) {
    std::mt19937 rng(seed);
    Playout playout = PlayRandomly(game, rng, "seed-target-" + std::to_string(seed));
    record::Record record = std::move(playout.record);
    record.metadata.emplace_back("id", "table-7");
    record::Node written = record::WriteRecord(record);
    verifier::Verdict played = verifier::VerifyNode(written, "record");
    ASSERT_EQ(played.status, verifier::Status::kValid);
    ASSERT_TRUE(played.outcome.over);
    verifier::DirectorVoids voids = {{"table-7", {{DealsOf(played), "cards exposed"}}}};

    verifier::Verdict voided = verifier::VerifyNode(written, "record", 0, &voids);
    EXPECT_EQ(voided.status, verifier::Status::kInvalid);
    EXPECT_FALSE(voided.outcome.over);
    auto conflict =
        std::find_if(voided.findings.begin(), voided.findings.end(),
                     [](const Finding& f) { return f.code == "director-void-conflict"; });
    ASSERT_NE(conflict, voided.findings.end());
    EXPECT_NE(conflict->message.find("the match is not finished"), std::string::npos)
        << conflict->message;
    EXPECT_EQ(conflict->place.game.deal, DealsOf(played));
  }
}

std::vector<const games::GameDescriptor*> GamesWithDeals() {
  std::vector<const games::GameDescriptor*> found;
  for (const games::GameDescriptor* game : games::BuiltInGames()) {
    const std::vector<std::string>& keys = game->body_keys;
    if (std::find(keys.begin(), keys.end(), "deals") != keys.end()) found.push_back(game);
  }
  return found;
}

std::vector<const games::GameDescriptor*> GamesPlayedToATarget() {
  std::vector<const games::GameDescriptor*> found = GamesWithDeals();
  std::erase_if(found, [](const games::GameDescriptor* game) { return !PlaysToATarget(*game); });
  return found;
}

std::string GameName(const ::testing::TestParamInfo<const games::GameDescriptor*>& info) {
  return info.param->name;
}

INSTANTIATE_TEST_SUITE_P(Registered, DirectorVoid, ::testing::ValuesIn(GamesWithDeals()), GameName);
INSTANTIATE_TEST_SUITE_P(Registered, DirectorVoidToATarget,
                         ::testing::ValuesIn(GamesPlayedToATarget()), GameName);

}  // namespace
}  // namespace referee::testing
