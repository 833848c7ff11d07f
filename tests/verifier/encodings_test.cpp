// One reader for every encoding: a record written as JSON, as YAML, or handed over as a tree, is
// read by the same code and gets the same verdict, whether it is legal, faulted, claimed wrongly
// or mutated as text into something broken. Only the places (line and column) differ, as the texts
// do.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <array>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/yaml_writer.h"
#include "generator/generator.h"
#include "referee/games/game_record.h"
#include "referee/games/trick/trick_events.h"
#include "referee/record/record_writer.h"
#include "reports/verdict_text.h"
#include "tests/shared/every_game.h"
#include "tests/shared/playout.h"
#include "verifier/verifier.h"
#include "verifier/verify_text.h"

namespace referee::testing {
namespace {

// The verdict as the JSON output writes it, without the places in the text.
std::string Unplaced(verifier::Verdict verdict) {
  for (Finding& finding : verdict.findings) {
    finding.place.line = 0;
    finding.place.column = 0;
  }
  return formats::WriteJson(reports::VerdictTree(verdict), false);
}

std::string JsonVerdict(const std::string& text) {
  return Unplaced(verifier::VerifyText(text, formats::InputFormat::kJson, 1, {}, "record", 0));
}

std::string YamlVerdict(const std::string& text) {
  return Unplaced(verifier::VerifyText(text, formats::InputFormat::kYaml, 1, {}, "record", 0));
}

// Where a value starts and ends in a JSON text: a scalar, or a list or map with all it holds.
struct Span {
  size_t begin = 0;
  size_t end = 0;
};

std::vector<Span> ValueSpans(std::string_view text) {
  std::vector<Span> spans;
  std::vector<size_t> open;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      size_t start = i;
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\\') ++i;
      }
      spans.push_back({start, i + 1});
    } else if (c == '[' || c == '{') {
      open.push_back(i);
    } else if ((c == ']' || c == '}') && !open.empty()) {
      spans.push_back({open.back(), i + 1});
      open.pop_back();
    } else if (c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n') {
      size_t start = i;
      while (i + 1 < text.size() && std::string_view(",]} \n").find(text[i + 1]) == text.npos) ++i;
      spans.push_back({start, i + 1});
    }
  }
  return spans;
}

// The text with one value replaced: by another type, another card, a value out of range, an
// extra item, nothing, or itself twice.
std::string MutateJson(const std::string& text, std::mt19937& rng) {
  static constexpr std::array<std::string_view, 24> kReplacements = {"\"x\"",
                                                                     "0",
                                                                     "-1",
                                                                     "7",
                                                                     "99999999999999999999",
                                                                     "1.5",
                                                                     "null",
                                                                     "true",
                                                                     "[]",
                                                                     "{}",
                                                                     "\"AS\"",
                                                                     "\"10H\"",
                                                                     "\"AS\", \"2C\"",
                                                                     "[\"AS\"]",
                                                                     "{\"a\": 1}",
                                                                     "\"\"",
                                                                     "\"ann\"",
                                                                     "\"2 1 3\"",
                                                                     "\"play\"",
                                                                     "\"\\u0041S\"",
                                                                     "12",
                                                                     "\"KS QS\"",
                                                                     "1e3",
                                                                     "\"red 3 2\""};
  std::vector<Span> spans = ValueSpans(text);
  if (spans.empty()) return text;
  Span span = spans[rng() % spans.size()];
  std::string value = text.substr(span.begin, span.end - span.begin);
  std::string replacement;
  switch (rng() % 4) {
    case 0:
      replacement = value + ", " + value;
      break;
    case 1:
      replacement = "";
      break;
    default:
      replacement = std::string(kReplacements[rng() % kReplacements.size()]);
  }
  return text.substr(0, span.begin) + replacement + text.substr(span.end);
}

// The same document as YAML, where the JSON text is JSON at all.
std::optional<std::string> AsYaml(const std::string& json) {
  Result<record::Node> tree = formats::ParseJson(json);
  if (!tree.has_value()) return std::nullopt;
  return formats::WriteYaml(*tree);
}

// The verdicts of a JSON text, of the same document as YAML, and of its tree, agree.
void CheckEncodingsAgree(const std::string& json) {
  std::optional<std::string> yaml = AsYaml(json);
  if (!yaml) return;  // not JSON: nothing to compare
  std::string from_json = JsonVerdict(json);
  RC_ASSERT(from_json == YamlVerdict(*yaml));
  RC_ASSERT(from_json == Unplaced(verifier::VerifyNode(*formats::ParseJson(json), "record")));
}

std::string JsonOf(const record::Record& record) {
  return formats::WriteJson(record::WriteRecord(record), false);
}

// `count` records of `game` played by the generator from `seed` with the default rules, the
// options changed by `change` (faults, wrong claims).
auto Generated(const games::GameDescriptor& game, const std::string& seed, int count,
               const std::function<void(generator::GenerateOptions&)>& change = {}) {
  generator::GenerateOptions options;
  options.game = &game;
  options.count = count;
  options.seed = seed;
  options.rules = RuleOptions(game.options);
  if (change) change(options);
  return generator::Generate(options);
}

TEST_P(EveryGame, JsonYamlAndTreesGiveOneVerdictOnPlayedAndMutatedRecords) {
  Check("JSON, YAML and trees agree on played and mutated records", [this] {
    std::mt19937 rng(*rc::gen::arbitrary<uint32_t>());
    Playout playout =
        PlayRandomly(game(), rng, "seed-" + std::to_string(*rc::gen::arbitrary<uint32_t>()));
    std::string text = JsonOf(playout.record);
    CheckEncodingsAgree(text);
    for (int i = 0; i < 16; ++i) {
      std::string mutated = MutateJson(text, rng);
      RC_LOG() << mutated << "\n";
      CheckEncodingsAgree(mutated);
    }
  });
}

TEST_P(EveryGame, JsonYamlAndTreesGiveOneVerdictOnFaultsAndWrongClaims) {
  auto records = Generated(game(), "encodings", 6, [](generator::GenerateOptions& options) {
    options.faults = 3;
    options.wrong_claims = true;
  });
  ASSERT_TRUE(records.has_value()) << records.error().message;
  for (const generator::GeneratedRecord& generated : *records) {
    std::string json = JsonOf(generated.record);
    std::string yaml = formats::WriteYaml(record::WriteRecord(generated.record));
    EXPECT_EQ(JsonVerdict(json), YamlVerdict(yaml)) << generated.name;
  }
}

// A card played twice in a deal is found at its second play, whichever encoding the record is in;
// the deal's later events go unchecked and the later deals are checked.
TEST(OneReader, ACardPlayedTwiceInADealIsFoundAtItsSecondPlay) {
  for (const games::GameDescriptor* game : games::BuiltInGames()) {
    EXPECT_TRUE(rc::check(game->name + ": a card played twice is found", [&] {
      std::mt19937 rng(*rc::gen::arbitrary<uint32_t>());
      Playout playout = PlayRandomly(*game, rng, "run-" + std::to_string(rng()));
      record::Record& record = playout.record;
      std::vector<size_t> plays;  // the plays of the first deal
      for (size_t i = 0; i < record.entries.size(); ++i) {
        const Event* event = record.EventAt(i);
        if (event != nullptr && event->deal == 1 && event->As<games::trick::PlayEvent>()) {
          plays.push_back(i);
        }
      }
      if (plays.empty()) return;  // not a trick game
      RC_ASSERT(plays.size() >= 8);
      size_t earlier = *rc::gen::inRange<size_t>(0, plays.size() - 4);
      size_t later = *rc::gen::inRange<size_t>(earlier + 4, plays.size());
      record.EventAt<games::trick::PlayEvent>(plays[later])->card =
          record.EventAt<games::trick::PlayEvent>(plays[earlier])->card;
      std::string json = JsonOf(record);
      verifier::Verdict verdict =
          verifier::VerifyText(json, formats::InputFormat::kJson, 1, {}, "record", 0);
      RC_ASSERT(verdict.status == verifier::Status::kInvalid);
      RC_ASSERT(!verdict.findings.empty());
      // The deal's tricks of four, in order: the later play's place in them.
      std::string later_path =
          "/deals/0/tricks/" + std::to_string(later / 4) + "/" + std::to_string(later % 4);
      RC_ASSERT(verdict.findings.front().place.path == later_path);
      RC_ASSERT(verdict.findings.front().place.line == 1u);
      RC_ASSERT(JsonVerdict(json) == YamlVerdict(formats::WriteYaml(record::WriteRecord(record))));
    }));
  }
}

}  // namespace
}  // namespace referee::testing
