// The record generator: the same arguments give the same bytes, generated corpora of every game
// verify valid, and every injected fault is what the verifier reports first, at its place.
#include "generator/generator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/yaml_reader.h"
#include "formats/yaml_writer.h"
#include "generator/faults.h"
#include "referee/games/game_record.h"
#include "referee/record/record_writer.h"
#include "verifier/verifier.h"

namespace referee::generator {
namespace {

GenerateOptions Options(const std::string& game, int count, BotChoice bots,
                        const std::string& seed = "test") {
  const games::GameDescriptor* descriptor = games::FindGame(game);
  EXPECT_NE(descriptor, nullptr);
  return GenerateOptions{descriptor, count, seed, bots, RuleOptions(descriptor->options)};
}

std::vector<GeneratedRecord> Generated(const GenerateOptions& options) {
  auto records = Generate(options);
  EXPECT_TRUE(records.has_value()) << (records ? "" : records.error().message);
  return records ? std::move(*records) : std::vector<GeneratedRecord>{};
}

std::string Yaml(const GeneratedRecord& generated) {
  return formats::WriteYaml(record::WriteRecord(generated.record));
}

// The verdict of a record as a reader sees it: written as text, parsed, verified.
verifier::Verdict VerifyText(const GeneratedRecord& generated, bool json) {
  record::Node tree = record::WriteRecord(generated.record);
  auto parsed = json ? formats::ParseJson(formats::WriteJson(tree, false))
                     : formats::ParseYaml(formats::WriteYaml(tree));
  EXPECT_TRUE(parsed.has_value()) << generated.name;
  return verifier::VerifyNode(*parsed, generated.name);
}

const Finding* FirstError(const verifier::Verdict& verdict) {
  for (const Finding& finding : verdict.findings) {
    if (finding.severity != Severity::kNote) return &finding;
  }
  return nullptr;
}

std::vector<std::string> GameNames() {
  std::vector<std::string> names;
  for (const games::GameDescriptor* game : games::AllGames()) names.push_back(game->name);
  return names;
}

class GeneratedCorpus : public testing::TestWithParam<std::string> {};

TEST_P(GeneratedCorpus, TheSameArgumentsGiveTheSameBytes) {
  GenerateOptions options = Options(GetParam(), 2, BotChoice::kMixed);
  options.faults = 1;
  std::vector<GeneratedRecord> first = Generated(options);
  std::vector<GeneratedRecord> second = Generated(options);
  ASSERT_EQ(first.size(), 2u);
  ASSERT_EQ(second.size(), 2u);
  for (size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(Yaml(first[i]), Yaml(second[i]));
    EXPECT_EQ(formats::WriteJson(ExpectedNode(first[i]), false),
              formats::WriteJson(ExpectedNode(second[i]), false));
  }
  EXPECT_NE(Yaml(first[0]), Yaml(first[1]));  // match 2 has its own seed
  options.seed = "other";
  EXPECT_NE(Yaml(Generated(options)[0]), Yaml(first[0]));
}

TEST_P(GeneratedCorpus, ACorpusOfBothBotsVerifiesValid) {
  for (BotChoice bots : {BotChoice::kHeuristic, BotChoice::kRandom}) {
    std::vector<GeneratedRecord> records = Generated(Options(GetParam(), 10, bots));
    ASSERT_EQ(records.size(), 10u);
    for (const GeneratedRecord& generated : records) {
      EXPECT_FALSE(generated.expected.has_value());
      verifier::Verdict verdict = VerifyText(generated, bots == BotChoice::kRandom);
      EXPECT_EQ(verdict.status, verifier::Status::kValid) << Yaml(generated);
      EXPECT_EQ(FirstError(verdict), nullptr) << FirstError(verdict)->message;
      // Seeded, and the cards written out as well, so the verifier compared both.
      EXPECT_TRUE(generated.record.seed.has_value());
      EXPECT_NE(Yaml(generated).find(GetParam() == "cahoots" ? "deck:" : "hands:"),
                std::string::npos);
      EXPECT_NE(Yaml(generated).find("result:"), std::string::npos);
    }
  }
}

TEST_P(GeneratedCorpus, EveryInjectedFaultIsFoundFirstAtItsPlace) {
  std::vector<std::string> kinds = FaultKinds(*games::FindGame(GetParam()));
  GenerateOptions options =
      Options(GetParam(), static_cast<int>(kinds.size()) + 4, BotChoice::kMixed, "faults");
  options.faults = static_cast<int>(kinds.size());
  std::set<std::string> injected;
  int untouched = 0;
  for (const GeneratedRecord& generated : Generated(options)) {
    verifier::Verdict verdict = VerifyText(generated, false);
    if (!generated.expected) {
      ++untouched;
      EXPECT_EQ(verdict.status, verifier::Status::kValid) << generated.name;
      continue;
    }
    injected.insert(generated.expected->fault);
    const Finding* first = FirstError(verdict);
    ASSERT_NE(first, nullptr) << generated.name;
    EXPECT_EQ(first->code, generated.expected->code) << generated.name;
    EXPECT_EQ(first->place.path, generated.expected->path) << generated.name;
    EXPECT_EQ(verdict.status, verifier::Status::kInvalid);
  }
  EXPECT_EQ(untouched, 4);
  EXPECT_EQ(injected, std::set<std::string>(kinds.begin(), kinds.end()));
}

TEST_P(GeneratedCorpus, WrongClaimsAreFoundAsClaimMismatches) {
  GenerateOptions options = Options(GetParam(), 3, BotChoice::kHeuristic);
  options.wrong_claims = true;
  for (const GeneratedRecord& generated : Generated(options)) {
    ASSERT_TRUE(generated.expected.has_value());
    verifier::Verdict verdict = VerifyText(generated, true);
    const Finding* first = FirstError(verdict);
    ASSERT_NE(first, nullptr);
    EXPECT_EQ(first->code, GetParam() == "cahoots" ? "result-mismatch" : "claim-mismatch");
    EXPECT_EQ(first->place.path, generated.expected->path);
  }
}

INSTANTIATE_TEST_SUITE_P(Generator, GeneratedCorpus, testing::ValuesIn(GameNames()));

TEST(Generator, MatchSeedsAndRecordNames) {
  EXPECT_EQ(MatchSeed("S", 3), "S/3");
  std::vector<GeneratedRecord> records = Generated(Options("plonk", 1, BotChoice::kRandom));
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].name, "plonk-0001");
  EXPECT_EQ(records[0].record.seed, "test/1");
  EXPECT_NE(Yaml(records[0]).find("id: plonk-0001"), std::string::npos);
}

// Regression: names were padded to four digits whatever the count, so with more than 9999 records
// "collusion-10000" sorted before "collusion-9999" and a folder listed them out of order.
TEST(Generator, RecordNamesSortInOrderHoweverManyThereAre) {
  EXPECT_EQ(RecordName("plonk", 7, 20), "plonk-0007");
  EXPECT_EQ(RecordName("plonk", 9999, 9999), "plonk-9999");
  EXPECT_EQ(RecordName("plonk", 7, 10000), "plonk-00007");
  EXPECT_EQ(RecordName("plonk", 100000, 100000), "plonk-100000");
  for (int count : {9, 10000, 12345, 100000}) {
    std::vector<std::string> names;
    for (int index = 1; index <= count; ++index) names.push_back(RecordName("g", index, count));
    EXPECT_TRUE(std::is_sorted(names.begin(), names.end())) << count;
  }
}

TEST(Generator, RulesAndPlayersAreApplied) {
  const games::GameDescriptor& game = *games::FindGame("conspiracy");
  auto rules = ParseRules(game, {"deals=4"});
  ASSERT_TRUE(rules.has_value());
  GenerateOptions options = Options("conspiracy", 1, BotChoice::kHeuristic);
  options.rules = *rules;
  options.players = {"ann", "bob", "cat", "dan"};
  std::vector<GeneratedRecord> records = Generated(options);
  ASSERT_EQ(records.size(), 1u);
  std::string yaml = Yaml(records[0]);
  EXPECT_NE(yaml.find("rules: {deals: 4}"), std::string::npos) << yaml;
  EXPECT_NE(yaml.find("players: {\"N\": ann, E: bob, S: cat, W: dan}"), std::string::npos);
  EXPECT_NE(yaml.find("board: 4"), std::string::npos);
  EXPECT_EQ(yaml.find("board: 5"), std::string::npos);
}

TEST(Generator, BadOptionsAreErrors) {
  GenerateOptions options = Options("collusion", 2, BotChoice::kRandom);
  options.faults = 3;
  EXPECT_FALSE(Generate(options).has_value());
  options.faults = 0;
  options.players = {"one", "two"};
  EXPECT_FALSE(Generate(options).has_value());
  EXPECT_FALSE(ParseRules(*games::FindGame("collusion"), {"target"}).has_value());
  EXPECT_FALSE(ParseRules(*games::FindGame("collusion"), {"colour=red"}).has_value());
  EXPECT_FALSE(ParseRules(*games::FindGame("cahoots"), {"edition=klingon"}).has_value());
}

}  // namespace
}  // namespace referee::generator
