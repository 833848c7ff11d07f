// What adding a game costs (tests/plugin/eights.h): a game defined in the tests alone is verified,
// generated with faults, refereed live and ranked in a league by the shipped modules, unchanged;
// and the properties every game must have hold for it.
#include "tests/plugin/eights.h"

#include <gtest/gtest.h>

#include <optional>

#include "formats/json_writer.h"
#include "formats/yaml_reader.h"
#include "generator/deals.h"
#include "generator/faults.h"
#include "generator/generator.h"
#include "league/league_file.h"
#include "league/standings.h"
#include "live/live_script.h"
#include "live/session.h"
#include "referee/core/check.h"
#include "referee/games/game_record.h"
#include "referee/record/record_writer.h"
#include "reports/verdict_text.h"
#include "tests/shared/every_game.h"
#include "verifier/verifier.h"

namespace referee::testing {

INSTANTIATE_TEST_SUITE_P(Plugin, EveryGame, ::testing::Values(&eights::Descriptor()), GameName);

namespace {

class Eights : public ::testing::Test {
 protected:
  const games::GameDescriptor& game() const { return eights::Descriptor(); }

  std::vector<generator::GeneratedRecord> Generate(int count, int faults) {
    generator::GenerateOptions options;
    options.game = &game();
    options.count = count;
    options.seed = "eights";
    options.rules = RuleOptions(game().options);
    options.players = {"ann", "bob", "cy", "dee"};
    options.faults = faults;
    auto records = generator::Generate(options);
    EXPECT_TRUE(records.has_value()) << (records ? "" : records.error().message);
    return records.has_value() ? std::move(*records) : std::vector<generator::GeneratedRecord>{};
  }

 private:
  games::ScopedGame registration_{eights::Descriptor()};
};

TEST_F(Eights, GeneratedRecordsVerifyAndTheirFaultsAreFoundFirst) {
  std::vector<generator::GeneratedRecord> records = Generate(12, 6);
  ASSERT_EQ(records.size(), 12u);
  int faulted = 0;
  for (const generator::GeneratedRecord& generated : records) {
    verifier::Verdict verdict =
        verifier::VerifyNode(record::WriteRecord(generated.record), generated.name);
    if (!generated.expected) {
      EXPECT_EQ(verdict.status, verifier::Status::kValid) << generated.name;
      continue;
    }
    ++faulted;
    EXPECT_TRUE(generator::VerifierAgrees(generated.record, *generated.expected))
        << generated.name << ": " << generated.expected->fault;
  }
  EXPECT_EQ(faulted, 6);
}

TEST_F(Eights, TheVerdictCarriesItsTypedResult) {
  verifier::Verdict verdict =
      verifier::VerifyNode(record::WriteRecord(Generate(1, 0).at(0).record), "eights.yaml");
  ASSERT_EQ(verdict.status, verifier::Status::kValid);
  ASSERT_EQ(verdict.outcome.sides.size(), 4u);
  int64_t tricks = 0;
  for (const SideResult& side : verdict.outcome.sides) tricks += side.statistics.at(0);
  EXPECT_EQ(tricks, 4 * 8);  // four deals of eight tricks
  std::string json = formats::WriteJson(reports::VerdictTree(verdict), false);
  EXPECT_NE(json.find("\"game\":\"eights\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"statistics\":{\"tricks\":"), std::string::npos) << json;
}

TEST_F(Eights, ALiveSessionPlaysItOut) {
  record::Record record = Generate(1, 0).at(0).record;
  live::LiveScript script = live::ScriptFor(record);
  auto session = live::Session::Start(script.header);
  ASSERT_TRUE(session.has_value()) << session.error().message;
  for (const record::Node& line : script.events) {
    live::Reply reply = session->Handle(line);
    ASSERT_TRUE(reply.accepted.has_value()) << formats::WriteJson(reply.line, false);
  }
  EXPECT_TRUE(session->IsOver());
  EXPECT_EQ(session->Verdict().status, verifier::Status::kValid);
}

TEST_F(Eights, ALeagueRanksItsPlayers) {
  auto tree = formats::ParseYaml(
      "format: referee-league/1\nname: Eights club\ngame: eights\n"
      "entrants: [{id: ann}, {id: bob}, {id: cy}, {id: dee}]\nrecords: [records/]\n");
  ASSERT_TRUE(tree.has_value());
  Result<league::League> league = league::ReadLeague(*tree);
  ASSERT_TRUE(league.has_value()) << league.error().message;
  std::vector<league::PlayedRecord> played;
  for (const generator::GeneratedRecord& generated : Generate(3, 0)) {
    record::Node document = record::WriteRecord(generated.record);
    verifier::Verdict verdict = verifier::VerifyNode(document, generated.name);
    played.push_back(league::SummarizeRecord(*league, verdict, &document, std::string("1")));
  }
  league::Standings standings = league::ComputeStandings(*league, std::move(played));
  EXPECT_EQ(standings.records_counted, 3);
  ASSERT_EQ(standings.tables.size(), 1u);
  int64_t points = 0;
  for (const league::StandingRow& row : standings.tables[0].rows) points += row.points;
  EXPECT_EQ(points, 3 * (3 + 2 + 1 + 0) * league::kPointUnit);  // placement, shared on ties
}

TEST_F(Eights, ReferenceDealPrintsItsBoards) {
  generator::DealRequest request{&game(), RuleOptions(game().options), "club", {1, 2}, 0};
  auto tree = generator::DealTree(request);
  ASSERT_TRUE(tree.has_value()) << tree.error().message;
  EXPECT_EQ(tree->Find("boards")->items().size(), 2u);
  EXPECT_NE(generator::DealText(*tree).find("board 2, dealer E"), std::string::npos);
}

// A league keeps a side's players as the bits of one 32-bit word: a game that could seat more is
// refused when it is registered, not when its 33rd player's record reaches the standings.
TEST(GameRegistration, AGameThatSeatsMoreThanThirtyTwoPlayersIsRefused) {
  games::GameDescriptor crowd = eights::Descriptor();
  crowd.name = "crowd";
  crowd.max_players = games::kMostPlayers + 1;
  EXPECT_THROW(games::ScopedGame registration(crowd), InternalError);
  EXPECT_EQ(games::FindGame("crowd"), nullptr);
  crowd.max_players = games::kMostPlayers;
  games::ScopedGame registration(crowd);
  EXPECT_NE(games::FindGame("crowd"), nullptr);
}

// A league keeps a record's level as its game's own word for it, so the level option must be a
// choice: a game whose level is a number or names no option is refused when registered.
TEST(GameRegistration, AGameWhoseLevelIsNotAChoiceIsRefused) {
  games::GameDescriptor levelled = eights::Descriptor();
  levelled.name = "levelled";
  levelled.league.level_option = "no-such-option";
  EXPECT_THROW(games::ScopedGame registration(levelled), InternalError);
  levelled.options.push_back({.name = "stakes", .type = OptionSpec::Type::kInteger, .max = 9});
  levelled.league.level_option = "stakes";
  EXPECT_THROW(games::ScopedGame registration(levelled), InternalError);
  levelled.options.back() = {.name = "stakes",
                             .type = OptionSpec::Type::kChoice,
                             .choices = {"low", "high"},
                             .default_value = std::string("low")};
  levelled.league.level_option = "stakes";
  games::ScopedGame registration(levelled);
  EXPECT_NE(games::FindGame("levelled"), nullptr);
}

// A game declares its league vocabulary in types (referee/games/league_traits.h): a statistic
// tie-break reads one of its side statistics, and the standings' own lists hold none of them.
TEST(GameRegistration, ATieBreakOnAStatisticTheGameDoesNotKeepIsRefused) {
  games::GameDescriptor counted = eights::Descriptor();
  counted.name = "counted";
  counted.league.statistic_tie_breaks = {{.name = "most-eights", .statistic = "eights"}};
  EXPECT_THROW(games::ScopedGame registration(counted), InternalError);
  counted.league.statistic_tie_breaks.clear();
  counted.league.default_tie_breaks.push_back(games::TieBreakKind::kStatistic);
  EXPECT_THROW(games::ScopedGame registration(counted), InternalError);
  counted.league.default_tie_breaks.pop_back();
  counted.side_statistics = {{"eights", "eights played"}};
  counted.league.statistic_tie_breaks = {
      {.name = "most-eights", .statistic = "eights", .by_default = true}};
  games::ScopedGame registration(counted);
  const games::GameDescriptor& game = *games::FindGame("counted");
  std::vector<std::string> names;
  for (const league::TieBreak& tie_break :
       league::DefaultTieBreaks(game, games::SchemeKind::kPlacement)) {
    names.push_back(tie_break.name);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"wins", "total-score", "most-eights"}));
}

}  // namespace
}  // namespace referee::testing
