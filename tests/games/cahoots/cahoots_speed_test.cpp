// Speed Cahoots and its timer (rules.md section 1, ruling 9 and its ruled paragraph;
// docs/rules/cahoots.md, "Speed"): no turn order; the timer decides the outcome, it never makes a
// turn illegal. A turn played more than `speed_seconds` after the first play comes after the
// timer rang: it is legal and checked as usual, and the game is lost on time.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "formats/json_writer.h"
#include "formats/yaml_reader.h"
#include "reports/verdict_text.h"
#include "tests/games/cahoots/cahoots_test_util.h"
#include "tests/support/facts.h"
#include "verifier/verifier.h"

namespace referee::games::cahoots {
namespace {

using cahoots_test::At;
using cahoots_test::Cards;
using cahoots_test::Completing;
using cahoots_test::Drawing;
using cahoots_test::Goal;
using cahoots_test::kGreen;
using cahoots_test::MakeDeck;
using cahoots_test::NewMatch;
using cahoots_test::SetupOf;
using cahoots_test::SetupWith;
using cahoots_test::Turn;
using cahoots_test::TurnOf;

// A goal that no pile tops in these tests meet.
GoalSpec Never() { return Goal("sum-all", {}, {28}); }

// ann and bob; piles 1O 2P 3G 4G. bob's 2G on pile 2 makes three green tops (goal "green 3").
std::vector<NumberCard> GreenDeck() {
  return MakeDeck({"1G 6P 7O 1P", "2G 6O 7U 6U"}, "1O 2P 3G 4G");
}

// ann and bob; piles 1O 2O 3O 3O. ann can play 1O, then 2O, each on its own copy, drawing 6G and
// 7G; then nobody holds a card of orange or of 1, 2 or 3: no player can play.
std::vector<NumberCard> StuckDeck() {
  return MakeDeck({"1O 2O 4G 5G", "4P 5P 6P 7P"}, "1O 2O 3O 3O", "6G 7G");
}

CahootsMatch SpeedMatch(int goal_count, int seconds = 240) {
  return NewMatch(2, {{"goal_count", OptionValue(int64_t{goal_count})},
                      {"variant", OptionValue(std::string("speed"))},
                      {"speed_seconds", OptionValue(int64_t{seconds})}});
}

Event TimedTurn(int player, const std::string& card, int pile, std::optional<int64_t> at_ms) {
  Event turn = Turn(player, card, pile);
  TurnOf(turn).at_ms = at_ms;
  return turn;
}

std::string Fact(const CahootsMatch& match, const std::string& key) {
  return test_support::FactText(match.GetOutcome(), key);
}

void ExpectRejected(CahootsMatch& match, const Event& event, const std::string& code) {
  std::string before = match.Describe();
  auto ruling = match.Apply(event);
  ASSERT_FALSE(ruling.has_value()) << "expected " << code;
  EXPECT_EQ(ruling.error().code, code) << ruling.error().message;
  EXPECT_EQ(match.Describe(), before);
}

TEST(CahootsSpeed, AnyPlayerHoldingCardsMayPlay) {
  CahootsMatch match = SpeedMatch(2);
  ASSERT_TRUE(match.Apply(SetupWith(GreenDeck(), {Goal("pile-count", {kGreen}, {3}), Never()}))
                  .has_value());
  EXPECT_FALSE(match.Next().actor.has_value());
  ASSERT_TRUE(match.Apply(TimedTurn(1, "6O", 1, 0)).has_value());
  EXPECT_FALSE(match.Apply(TimedTurn(1, "7U", 2, std::nullopt)).has_value());  // no match
  ASSERT_TRUE(match.Apply(TimedTurn(0, "7O", 1, 1000)).has_value());
}

// Regression: a goal completed after the limit was rejected as `speed-timeout`, the record made
// invalid. The ruling: the turn is legal and checked as usual; the team has lost on time, and play
// may go on after the timer rang.
TEST(CahootsSpeed, TurnsAfterTheTimerAreLegalAndTheGameIsLostOnTime) {
  CahootsMatch match = SpeedMatch(2);
  ASSERT_TRUE(match.Apply(SetupWith(GreenDeck(), {Goal("pile-count", {kGreen}, {3}), Never()}))
                  .has_value());
  ASSERT_TRUE(match.Apply(TimedTurn(1, "6O", 1, 0)).has_value());
  EXPECT_FALSE(match.IsOver());
  auto late = match.Apply(TimedTurn(0, "7O", 1, 241000));  // completes nothing
  ASSERT_TRUE(late.has_value());
  EXPECT_TRUE(match.IsOver());  // decided: lost on time
  EXPECT_EQ(Fact(match, "outcome"), "loss");
  EXPECT_EQ(Fact(match, "reason"), "time");
  ASSERT_EQ(late->announcements.size(), 2u);
  EXPECT_EQ(late->announcements[1].kind, "end");
  EXPECT_EQ(late->announcements[1].text,
            "loss on time: turn 2 was played 241 s after turn 1, past the 240 s Speed limit; "
            "0 of 2 goals completed in 2 turns");
  // Play goes on: the turn is still anyone's, and a goal completed now is completed.
  EXPECT_EQ(match.Next().kind, "turn");
  EXPECT_FALSE(match.LegalEvents().empty());
  auto completes = match.Apply(TimedTurn(1, "2G", 2, 250000));
  ASSERT_TRUE(completes.has_value()) << completes.error().message;
  EXPECT_EQ(match.completed_goals(), std::vector<int>{0});
  EXPECT_EQ(Fact(match, "reason"), "time");
  EXPECT_EQ(Fact(match, "goals"), "1");
  EXPECT_EQ(Fact(match, "turns"), "3");
  // Times going backwards stay illegal after the timer rang.
  ExpectRejected(match, TimedTurn(0, "1G", 2, 1000), "time-goes-back");
}

// The win needs every goal completed with the timer still running: the last goal completed after
// it is a loss on time, and play is over (there is nothing left to play for).
TEST(CahootsSpeed, TheLastGoalCompletedAfterTheTimerIsALossOnTime) {
  CahootsMatch match = SpeedMatch(1);
  ASSERT_TRUE(match.Apply(SetupWith(GreenDeck(), {Goal("pile-count", {kGreen}, {3})})).has_value());
  ASSERT_TRUE(match.Apply(TimedTurn(1, "6O", 1, 5000)).has_value());
  ASSERT_TRUE(match.Apply(TimedTurn(1, "2G", 2, 245001)).has_value());
  EXPECT_TRUE(match.IsOver());
  EXPECT_EQ(match.end(), CahootsMatch::End::kWin);  // how play ended
  EXPECT_EQ(match.Next().phase, Phase::kOver);
  EXPECT_EQ(test_support::FactTexts(match.GetOutcome()),
            (std::vector<std::pair<std::string, std::string>>{
                {"outcome", "loss"}, {"reason", "time"}, {"goals", "1"}, {"turns", "2"}}));
  EXPECT_EQ(match.GetOutcome().summary,
            "loss on time: turn 2 was played 240.001 s after turn 1, past the 240 s Speed limit; "
            "1 of 1 goals completed in 2 turns, the last after the limit");
  ExpectRejected(match, TimedTurn(0, "1G", 1, 246000), "play-after-end");
}

// "More than the limit after the first play": a turn exactly at the limit is in time.
TEST(CahootsSpeed, TheLastGoalCompletedAtTheLimitIsAWin) {
  CahootsMatch match = SpeedMatch(1, 60);
  ASSERT_TRUE(match.Apply(SetupWith(GreenDeck(), {Goal("pile-count", {kGreen}, {3})})).has_value());
  ASSERT_TRUE(match.Apply(TimedTurn(1, "6O", 1, 5000)).has_value());
  ASSERT_TRUE(match.Apply(TimedTurn(1, "2G", 2, 65000)).has_value());
  EXPECT_TRUE(match.IsOver());
  EXPECT_EQ(Fact(match, "outcome"), "win");
  EXPECT_EQ(Fact(match, "reason"), "(none)");
}

// A game that ends in another loss before the timer rings keeps that loss; one that ends in
// another way after it had already been lost on time.
TEST(CahootsSpeed, NoPlayerCanPlayBeforeOrAfterTheTimer) {
  CahootsMatch in_time = SpeedMatch(1);
  ASSERT_TRUE(in_time.Apply(SetupWith(StuckDeck(), {Never()})).has_value());
  ASSERT_TRUE(in_time.Apply(TimedTurn(0, "1O", 1, 0)).has_value());
  ASSERT_TRUE(in_time.Apply(TimedTurn(0, "2O", 2, 240000)).has_value());
  EXPECT_EQ(in_time.end(), CahootsMatch::End::kStuck);
  EXPECT_EQ(Fact(in_time, "outcome"), "loss");
  EXPECT_EQ(Fact(in_time, "reason"), "cannot-play");
  EXPECT_EQ(in_time.GetOutcome().summary,
            "loss: no player can play, 0 of 1 goals completed in 2 turns");

  CahootsMatch late = SpeedMatch(1);
  ASSERT_TRUE(late.Apply(SetupWith(StuckDeck(), {Never()})).has_value());
  ASSERT_TRUE(late.Apply(TimedTurn(0, "1O", 1, 0)).has_value());
  ASSERT_TRUE(late.Apply(TimedTurn(0, "2O", 2, 240500)).has_value());
  EXPECT_EQ(late.end(), CahootsMatch::End::kStuck);
  EXPECT_EQ(late.Next().phase, Phase::kOver);
  EXPECT_EQ(Fact(late, "reason"), "time");
  EXPECT_EQ(late.GetOutcome().summary,
            "loss on time: turn 2 was played 240.5 s after turn 1, past the 240 s Speed limit; "
            "0 of 1 goals completed in 2 turns, then no player could play");
}

// A record that stops before the timer rang, unfinished, is unfinished: the timer is not assumed.
TEST(CahootsSpeed, StoppingBeforeTheTimerIsUnfinished) {
  CahootsMatch match = SpeedMatch(2);
  ASSERT_TRUE(match.Apply(SetupWith(GreenDeck(), {Goal("pile-count", {kGreen}, {3}), Never()}))
                  .has_value());
  ASSERT_TRUE(match.Apply(TimedTurn(1, "6O", 1, 0)).has_value());
  ASSERT_TRUE(match.Apply(TimedTurn(0, "7O", 1, 240000)).has_value());
  EXPECT_FALSE(match.IsOver());
  EXPECT_FALSE(match.GetOutcome().over);
  EXPECT_EQ(Fact(match, "outcome"), "(none)");
}

// Without a time on every turn the timer cannot be verified: a note, and a win stays a win.
TEST(CahootsSpeed, UntimedTurnsMakeTheTimerNotVerifiable) {
  CahootsMatch match = SpeedMatch(1);
  ASSERT_TRUE(match.Apply(SetupWith(GreenDeck(), {Goal("pile-count", {kGreen}, {3})})).has_value());
  auto ruling = match.Apply(Turn(1, "2G", 2));
  ASSERT_TRUE(ruling.has_value());
  ASSERT_EQ(match.Notes().size(), 1u);
  EXPECT_EQ(match.Notes()[0].code, "timer-not-verifiable");
  EXPECT_EQ(match.Notes()[0].severity, Severity::kNote);
  EXPECT_EQ(ruling->announcements[1].kind, "note");
  ASSERT_EQ(ruling->findings.size(), 1u);  // the note travels with the accepted turn
  EXPECT_EQ(ruling->findings[0].code, "timer-not-verifiable");
  EXPECT_EQ(Fact(match, "outcome"), "win");
}

// Times that are there still count: the first timed turn is no earlier than the first play, so a
// turn timed more than the limit after it was certainly played after the timer rang.
TEST(CahootsSpeed, AMixOfTimedAndUntimedTurnsStillShowsALossOnTime) {
  CahootsMatch match = SpeedMatch(2);
  ASSERT_TRUE(match.Apply(SetupWith(GreenDeck(), {Goal("pile-count", {kGreen}, {3}), Never()}))
                  .has_value());
  ASSERT_TRUE(match.Apply(TimedTurn(1, "6O", 1, std::nullopt)).has_value());
  ASSERT_TRUE(match.Apply(TimedTurn(0, "7O", 1, 10000)).has_value());
  EXPECT_FALSE(match.IsOver());
  ASSERT_TRUE(match.Apply(TimedTurn(1, "2G", 2, 250001)).has_value());
  EXPECT_TRUE(match.IsOver());
  EXPECT_EQ(Fact(match, "reason"), "time");
  EXPECT_EQ(match.Notes().size(), 1u);
  EXPECT_NE(match.GetOutcome().summary.find("turn 3 was played 240.001 s after turn 2"),
            std::string::npos)
      << match.GetOutcome().summary;
}

// Outside Speed there is no timer: times are read, never ruled on.
TEST(CahootsSpeed, OtherVariantsHaveNoTimer) {
  CahootsMatch match = NewMatch(2, {{"goal_count", OptionValue(int64_t{2})}});
  ASSERT_TRUE(match.Apply(SetupWith(GreenDeck(), {Goal("pile-count", {kGreen}, {3}), Never()}))
                  .has_value());
  ASSERT_TRUE(match.Apply(TimedTurn(0, "7O", 1, 0)).has_value());
  ASSERT_TRUE(match.Apply(TimedTurn(1, "6O", 1, 3600000)).has_value());
  EXPECT_FALSE(match.IsOver());
  EXPECT_TRUE(match.Notes().empty());
}

// The other losses say why too, so a claimed `reason` can be compared.
TEST(CahootsSpeed, EveryLossHasAReason) {
  CahootsMatch stuck = NewMatch(2, {{"goal_count", OptionValue(int64_t{1})}});
  auto deck = MakeDeck({"5P 6P 7P 5O", "1G 6O 7U 6U"}, "1G 2G 3G 4G");
  ASSERT_TRUE(stuck.Apply(SetupWith(deck, {Never()})).has_value());
  EXPECT_EQ(Fact(stuck, "reason"), "cannot-play");
}

std::string SampleText(const std::string& name) {
  std::ifstream in(std::filesystem::path(REFEREE_SOURCE_DIR) / "samples" / "cahoots" / name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

verifier::Verdict VerifyText(const std::string& text, const std::string& name) {
  auto node = formats::ParseYaml(text);
  EXPECT_TRUE(node.has_value()) << name;
  return node ? verifier::VerifyNode(*node, name) : verifier::Verdict{};
}

verifier::Verdict VerifySample(const std::string& name) {
  return VerifyText(SampleText(name), name);
}

std::string VerdictJson(const verifier::Verdict& verdict) {
  return formats::WriteJson(*reports::VerdictTree(verdict).Find("verdict"), false);
}

// Regression: these records were rejected as `speed-timeout`. A loss on time truthfully recorded
// is valid, and so is a record that stops with the game going on past the timer (a finished game,
// not an unfinished record); the JSON verdict carries the reason.
TEST(CahootsSpeed, ALossOnTimeTruthfullyRecordedIsValid) {
  for (const char* name :
       {"valid/speed-lost-on-time.yaml", "valid/speed-stopped-after-time.yaml"}) {
    verifier::Verdict verdict = VerifySample(name);
    EXPECT_EQ(verdict.status, verifier::Status::kValid) << VerdictJson(verdict);
    EXPECT_TRUE(verdict.findings.empty()) << VerdictJson(verdict);
    EXPECT_NE(VerdictJson(verdict).find(R"("facts":{"outcome":"loss","reason":"time",)"),
              std::string::npos)
        << VerdictJson(verdict);
  }
}

TEST(CahootsSpeed, AWinClaimedForALossOnTimeIsAResultMismatch) {
  verifier::Verdict verdict = VerifySample("invalid/result-mismatch-speed-win.yaml");
  EXPECT_EQ(verdict.status, verifier::Status::kInvalid);
  ASSERT_EQ(verdict.findings.size(), 1u) << VerdictJson(verdict);
  EXPECT_EQ(verdict.findings[0].code, "result-mismatch");
  EXPECT_EQ(verdict.findings[0].place.path, "/result/outcome");
  EXPECT_EQ(verdict.findings[0].message, "expected outcome loss, found a claim of win");
}

TEST(CahootsSpeed, AClaimedReasonIsCompared) {
  std::string text = SampleText("valid/speed-lost-on-time.yaml");
  size_t at = text.find("reason: time");
  ASSERT_NE(at, std::string::npos);
  verifier::Verdict verdict =
      VerifyText(text.replace(at, 12, "reason: cannot-play"), "cannot-play claimed");
  EXPECT_EQ(verdict.status, verifier::Status::kInvalid);
  ASSERT_EQ(verdict.findings.size(), 1u) << VerdictJson(verdict);
  EXPECT_EQ(verdict.findings[0].code, "result-mismatch");
  EXPECT_EQ(verdict.findings[0].message, "expected reason time, found a claim of cannot-play");
}

}  // namespace
}  // namespace referee::games::cahoots
