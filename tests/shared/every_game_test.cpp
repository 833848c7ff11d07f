// Properties every registered game must have, run over the registry: a new game gets them for
// free, and a meta-test checks that its folder, tests, samples and rules page exist.
#include "tests/shared/every_game.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/yaml_reader.h"
#include "formats/yaml_writer.h"
#include "referee/games/game_record.h"
#include "referee/games/registry.h"
#include "referee/record/record_writer.h"
#include "reports/verdict_text.h"
#include "tests/shared/playout.h"
#include "verifier/verifier.h"

namespace referee::testing {
namespace {

namespace fs = std::filesystem;
using games::GameDescriptor;

std::string RandomSeed() { return "seed-" + std::to_string(*rc::gen::arbitrary<uint32_t>()); }

std::mt19937 RandomEngine() { return std::mt19937(*rc::gen::arbitrary<uint32_t>()); }

// The "verdict" part of a record's verdict as JSON text: what must not depend on the encoding.
std::string VerdictJson(const record::Node& root) {
  verifier::Verdict verdict = verifier::VerifyNode(root, "record");
  record::Node tree = reports::VerdictTree(verdict);
  return formats::WriteJson(*tree.Find("verdict"), false);
}

TEST_P(EveryGame, DescriptorIsComplete) {
  EXPECT_FALSE(game().title.empty());
  EXPECT_FALSE(game().source.empty());
  EXPECT_FALSE(game().body_keys.empty());
  EXPECT_FALSE(game().result_keys.empty());
  EXPECT_NE(game().read_body, nullptr);
  EXPECT_NE(game().write_body, nullptr);
  EXPECT_NE(game().new_match, nullptr);
  EXPECT_NE(game().deal_board, nullptr);
  // A view holds the actor's own cards: a game that named none of its members as the actor's own
  // would show them to the scorer whenever every actor's happened to be alike.
  EXPECT_FALSE(game().live.own_view_keys.empty());
  EXPECT_EQ(games::FindGame(game().name), &game());
}

// What the outer modules ask of a game is declared, and fits together: the league's schemes,
// tie-breaks and statistic tie-breaks name things the game has; its faults can be injected.
TEST_P(EveryGame, DeclaresWhatALeagueAndTheGeneratorNeed) {
  const games::LeagueTraits& league = game().league;
  EXPECT_FALSE(league.schemes.empty());
  EXPECT_FALSE(league.tie_breaks.empty());
  for (games::TieBreakKind kind : league.default_tie_breaks) {
    EXPECT_NE(std::find(league.tie_breaks.begin(), league.tie_breaks.end(), kind),
              league.tie_breaks.end())
        << static_cast<int>(kind);
  }
  for (const games::StatisticTieBreak& own : league.statistic_tie_breaks) {
    auto named = [&](const games::StatisticSpec& spec) { return spec.name == own.statistic; };
    EXPECT_TRUE(std::any_of(game().side_statistics.begin(), game().side_statistics.end(), named))
        << own.name;
  }
  if (!league.level_option.empty()) {
    const OptionSpec* level = nullptr;
    for (const OptionSpec& option : game().options) {
      if (option.name == league.level_option) level = &option;
    }
    ASSERT_NE(level, nullptr);
    EXPECT_EQ(level->choices.size(), league.level_weights.size());
  }
  EXPECT_FALSE(game().faults.empty());
  for (const games::FaultSpec& fault : game().faults) EXPECT_NE(fault.inject, nullptr);
}

TEST(Registry, EveryShippedGameHasItsTestsSamplesAndRulesPage) {
  const fs::path root = REFEREE_SOURCE_DIR;
  for (const GameDescriptor* game : games::BuiltInGames()) {
    EXPECT_TRUE(fs::exists(root / "docs/rules" / (game->name + ".md"))) << game->name;
    std::ifstream tests(root / "tests/games" / game->name / "tests.cmake");
    std::stringstream listed;
    listed << tests.rdbuf();
    EXPECT_NE(listed.str().find("_test.cpp"), std::string::npos) << game->name << ": no tests";
    for (std::string kind : {"valid", "invalid"}) {
      int records = 0;
      for (const auto& entry : fs::directory_iterator(root / "samples" / game->name / kind)) {
        std::string extension = entry.path().extension().string();
        records += extension == ".yaml" || extension == ".json" || extension == ".jsonl";
      }
      EXPECT_GE(records, kind == "valid" ? 3 : 1) << game->name << " " << kind;
    }
  }
}

// The registry, the game folders, the test folders and the sample folders name the same games.
TEST(Registry, FoldersAndTheRegistryAgree) {
  const fs::path root = REFEREE_SOURCE_DIR;
  std::set<std::string> registered;
  for (const GameDescriptor* game : games::BuiltInGames()) registered.insert(game->name);
  auto folders = [&](const fs::path& parent) {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(parent)) {
      if (entry.is_directory() && entry.path().filename() != "trick") {
        names.insert(entry.path().filename().string());
      }
    }
    return names;
  };
  EXPECT_EQ(folders(root / "referee/games"), registered);
  EXPECT_EQ(folders(root / "tests/games"), registered);
  std::set<std::string> samples = folders(root / "samples");
  for (const std::string& name : registered) EXPECT_TRUE(samples.count(name)) << name;
}

TEST_P(EveryGame, RandomLegalPlayoutsEnd) {
  Check("random legal playouts end", [this] {
    std::mt19937 rng = RandomEngine();
    Playout playout = PlayRandomly(game(), rng, RandomSeed());
    RC_ASSERT(playout.match->IsOver());
    RC_ASSERT(playout.match->GetOutcome().over);
  });
}

TEST_P(EveryGame, EveryLegalEventApplies) {
  Check("every listed event is accepted", [this] {
    std::mt19937 rng = RandomEngine();
    int checked = 0;
    PlayRandomly(game(), rng, RandomSeed(), 400, [&](Match& match) {
      for (const Event& event : match.LegalEvents()) {
        std::unique_ptr<Match> copy = match.Clone();
        auto ruling = copy->Apply(event);
        RC_ASSERT(ruling.has_value());
        ++checked;
      }
    });
    // A Cahoots table can be lost at set-up (the first player cannot play): nothing to check.
    RC_PRE(checked > 0);
  });
}

TEST_P(EveryGame, UnlistedEventsAreRejectedAndChangeNothing) {
  Check("an event not listed is rejected and leaves the state as it was", [this] {
    std::mt19937 rng = RandomEngine();
    int rejected = 0;
    PlayRandomly(game(), rng, RandomSeed(), 400, [&](Match& match) {
      if (rng() % 4 != 0) return;
      for (const Event& event : UnlistedEvents(match, rng)) {
        std::string before = match.Describe();
        auto ruling = match.Apply(event);
        RC_ASSERT(!ruling.has_value());
        RC_ASSERT(match.Describe() == before);
        ++rejected;
      }
    });
    RC_TAG(rejected > 0);
  });
}

// The verifier replays with MatchSetup::announce off; that may only drop the wording of
// announcements, never change a ruling: the same events are accepted with the same findings and
// leave the same state, and the same unlisted events are rejected with the same finding.
TEST_P(EveryGame, MatchesWithoutAnnouncementsRuleTheSame) {
  Check("a match without announcements rules as one with them", [this] {
    std::mt19937 rng = RandomEngine();
    Playout playout = PlayRandomly(game(), rng, RandomSeed());
    std::unique_ptr<Match> loud = NewMatchFor(playout.record);
    MatchSetup quiet_setup = verifier::SetupFor(playout.record);
    quiet_setup.announce = false;
    std::unique_ptr<Match> quiet = game().new_match(quiet_setup);
    int announced = 0;
    for (const record::Record::Entry& entry : playout.record.entries) {
      const Event* event = std::get_if<Event>(&entry.item);
      if (event == nullptr) continue;
      if (rng() % 8 == 0) {
        for (const Event& unlisted : UnlistedEvents(*loud, rng)) {
          auto loud_rejection = loud->Apply(unlisted);
          auto quiet_rejection = quiet->Apply(unlisted);
          RC_ASSERT(!loud_rejection.has_value());
          RC_ASSERT(!quiet_rejection.has_value());
          RC_ASSERT(loud_rejection.error() == quiet_rejection.error());
        }
      }
      auto loud_ruling = loud->Apply(*event);
      auto quiet_ruling = quiet->Apply(*event);
      RC_ASSERT(loud_ruling.has_value());
      RC_ASSERT(quiet_ruling.has_value());
      RC_ASSERT(loud_ruling->findings == quiet_ruling->findings);
      RC_ASSERT(quiet_ruling->announcements.empty());
      announced += static_cast<int>(loud_ruling->announcements.size());
      RC_ASSERT(loud->Describe() == quiet->Describe());
    }
    RC_ASSERT(announced > 0);
    RC_ASSERT(loud->Scores().rows == quiet->Scores().rows);
    RC_ASSERT(loud->GetOutcome().summary == quiet->GetOutcome().summary);
  });
}

TEST_P(EveryGame, RecordsGiveTheSameVerdictInYamlAndJson) {
  Check("playout, write, read and replay agree in YAML and JSON", [this] {
    std::mt19937 rng = RandomEngine();
    Playout playout = PlayRandomly(game(), rng, RandomSeed());
    record::Node written = record::WriteRecord(playout.record);
    auto from_yaml = formats::ParseYaml(formats::WriteYaml(written));
    auto from_json = formats::ParseJson(formats::WriteJson(written, false));
    RC_ASSERT(from_yaml.has_value());
    RC_ASSERT(from_json.has_value());
    std::string yaml_verdict = VerdictJson(*from_yaml);
    RC_ASSERT(yaml_verdict == VerdictJson(*from_json));
    verifier::Verdict verdict = verifier::VerifyNode(*from_yaml, "record");
    RC_ASSERT(verdict.status == verifier::Status::kValid);
  });
}

// The index of the first record entry a finding's path points into (or at), or -1.
int EntryIndex(const record::Record& record, const std::string& path) {
  for (size_t i = 0; i < record.entries.size(); ++i) {
    const auto& item = record.entries[i].item;
    std::string entry_path = std::holds_alternative<Event>(item)
                                 ? std::get<Event>(item).path.str()
                                 : std::get<record::DealClaim>(item).path.str();
    if (entry_path == path || path.starts_with(entry_path + "/") ||
        entry_path.starts_with(path + "/")) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

// Whether an event is a player's choice (a call, a play, a turn), not a deal, a table set up,
// a record's marker or a conference.
bool IsChoice(const Event& event) {
  for (std::string_view kind : {"deal", "setup", "deal-end", "conference"}) {
    if (event.kind == kind) return false;
  }
  return true;
}

// The index of the n-th choice event (a call, a play or a turn) among the entries.
int ChoiceIndex(const record::Record& record, int n) {
  for (size_t i = 0; i < record.entries.size(); ++i) {
    const auto* event = std::get_if<Event>(&record.entries[i].item);
    if (event == nullptr || !IsChoice(*event)) continue;
    if (n-- == 0) return static_cast<int>(i);
  }
  return -1;
}

TEST_P(EveryGame, OneChangedEventIsReportedThereOrEarlier) {
  Check("a changed event is reported at that event or an earlier one", [this] {
    std::mt19937 rng = RandomEngine();
    Playout playout = PlayRandomly(game(), rng, RandomSeed());
    record::Record& record = playout.record;
    std::vector<size_t> choices;
    for (size_t i = 0; i < record.entries.size(); ++i) {
      const Event& event = std::get<Event>(record.entries[i].item);
      if (event.kind != "deal" && event.kind != "setup") choices.push_back(i);
    }
    RC_PRE(!choices.empty());
    size_t pick = rng() % choices.size();
    std::unique_ptr<Match> match = NewMatchFor(record);
    for (size_t i = 0; i < choices[pick]; ++i) {
      RC_ASSERT(match->Apply(std::get<Event>(record.entries[i].item)).has_value());
    }
    std::vector<Event> unlisted = UnlistedEvents(*match, rng);
    RC_PRE(!unlisted.empty());
    record.entries[choices[pick]].item = unlisted.front();
    auto node = formats::ParseYaml(formats::WriteYaml(record::WriteRecord(record)));
    RC_ASSERT(node.has_value());
    verifier::Verdict verdict = verifier::VerifyNode(*node, "record");
    RC_ASSERT(verdict.status != verifier::Status::kValid);
    auto first = std::find_if(verdict.findings.begin(), verdict.findings.end(),
                              [](const Finding& f) { return f.severity != Severity::kNote; });
    RC_ASSERT(first != verdict.findings.end());
    auto reread = record::ReadRecord(*node);
    int changed = ChoiceIndex(reread.has_value() ? *reread : record, static_cast<int>(pick));
    int reported = reread.has_value() ? EntryIndex(*reread, first->place.path) : changed;
    RC_LOG() << first->code << " at " << first->place.path << ": " << first->message << "\n";
    RC_ASSERT(reported >= 0);
    RC_ASSERT(reported <= changed);
  });
}

}  // namespace

INSTANTIATE_TEST_SUITE_P(Registered, EveryGame, ::testing::ValuesIn(games::BuiltInGames()),
                         GameName);
}  // namespace referee::testing
