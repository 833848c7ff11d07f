// The Cahoots samples replay as their names say: every valid sample finishes with the claimed
// result and no finding; every invalid sample stops with the finding its file name names
// (claim-mismatch and result-mismatch-*: the claimed result differs; solo: the reader's
// out-of-range).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "formats/yaml_reader.h"
#include "referee/games/cahoots/cahoots_match.h"
#include "referee/games/game_record.h"
#include "referee/games/registry.h"
#include "verifier/sha256.h"

namespace referee::games::cahoots {
namespace {

namespace fs = std::filesystem;

struct Replay {
  std::string code;  // the first finding's code, or "" when none
  std::string claim_mismatch;
  bool over = false;
  std::vector<Finding> notes;
};

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void CompareClaims(const record::Record& record, const Outcome& outcome, Replay& replay) {
  if (!record.result) return;
  for (const record::ClaimedFact& claim : *record.result) {
    const Fact* actual = FindFact(outcome.facts, claim.key);
    if (actual == nullptr || !(actual->value == claim.value)) replay.claim_mismatch = claim.key;
  }
}

Replay ReplayFile(const fs::path& path) {
  Replay replay;
  auto node = formats::ParseYaml(ReadFile(path));
  if (!node) return Replay{node.error().code};
  auto record = record::ReadRecord(*node);
  if (!record) return Replay{record.error().code};
  MatchSetup setup{record->rules, record->players, record->seed, &verifier::Sha256};
  std::unique_ptr<Match> match = record->game->new_match(setup);
  for (const record::Record::Entry& entry : record->entries) {
    auto ruling = match->Apply(std::get<Event>(entry.item));
    if (!ruling) return Replay{ruling.error().code};
  }
  replay.over = match->IsOver();
  replay.notes = dynamic_cast<CahootsMatch&>(*match).Notes();
  CompareClaims(*record, match->GetOutcome(), replay);
  return replay;
}

std::vector<fs::path> Samples(const std::string& kind) {
  std::vector<fs::path> paths;
  fs::path folder = fs::path(REFEREE_SOURCE_DIR) / "samples" / "cahoots" / kind;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.path().extension() == ".yaml") paths.push_back(entry.path());
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

TEST(CahootsSamples, ValidSamplesFinishWithTheirClaimedResult) {
  std::vector<fs::path> samples = Samples("valid");
  ASSERT_GE(samples.size(), 10u);
  for (const fs::path& path : samples) {
    Replay replay = ReplayFile(path);
    EXPECT_EQ(replay.code, "") << path;
    EXPECT_TRUE(replay.over) << path;
    EXPECT_EQ(replay.claim_mismatch, "") << path;
    bool untimed = path.stem() == "speed-untimed";
    EXPECT_EQ(replay.notes.size(), untimed ? 1u : 0u) << path;
  }
}

TEST(CahootsSamples, InvalidSamplesStopWithTheFindingTheyAreNamedAfter) {
  std::vector<fs::path> samples = Samples("invalid");
  ASSERT_GE(samples.size(), 10u);
  for (const fs::path& path : samples) {
    std::string name = path.stem().string();
    Replay replay = ReplayFile(path);
    EXPECT_TRUE(ReadFile(path).starts_with("# ")) << path << ": says what is wrong";
    if (name == "claim-mismatch" || name.starts_with("result-mismatch-")) {
      EXPECT_EQ(replay.code, "") << path;
      EXPECT_EQ(replay.claim_mismatch, "outcome") << path;
    } else {
      EXPECT_EQ(replay.code, name == "solo" ? "out-of-range" : name) << path;
    }
  }
}

}  // namespace
}  // namespace referee::games::cahoots
