// The fast path of verification (library/verify_text.h, referee/record/record_stream.h) against
// the tree readers: on every game's records, played, faulted, claimed wrongly and mutated as text,
// the fast path gives the verdict the tree gives, byte for byte, or leaves the record to the tree.
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

#include "formats/json_locator.h"
#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "generator/generator.h"
#include "library/verify_text.h"
#include "referee/games/trick/trick_events.h"
#include "referee/record/record_writer.h"
#include "reports/verdict_text.h"
#include "tests/shared/every_game.h"
#include "tests/shared/playout.h"
#include "verifier/verifier.h"

namespace referee::testing {
namespace {

std::string VerdictText(const verifier::Verdict& verdict) {
  return formats::WriteJson(reports::VerdictTree(verdict), false);
}

// The verdict the tree readers give on a JSON text, its findings placed in it.
std::string TreeVerdict(const std::string& text) {
  Result<record::Node> node = formats::ParseJson(text);
  if (!node.has_value()) {
    return VerdictText(verifier::MalformedVerdict("record", 0, std::move(node).error()));
  }
  verifier::Verdict verdict = verifier::VerifyNode(*node, "record");
  formats::PlaceJsonFindings(text, 1, verdict.findings);
  return VerdictText(verdict);
}

std::optional<std::string> FastVerdict(const std::string& text) {
  std::optional<verifier::Verdict> verdict = library::VerifyJsonTextFast(text, 1, {}, "record", 0);
  if (!verdict) return std::nullopt;
  return VerdictText(*verdict);
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

std::string JsonOf(const record::Record& record) {
  return formats::WriteJson(record::WriteRecord(record), false);
}

// Whether a verdict has no finding at all: a record the fast path must read, where its game has
// one (the fast path gives up on anything with a finding, and the tree words it).
bool WithoutFindings(const std::string& verdict) {
  return verdict.find("\"findings\":[]") != std::string::npos;
}

bool HasFastPath(const games::GameDescriptor& game) { return game.replay_body != nullptr; }

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

TEST_P(EveryGame, TheFastPathGivesTheTreeVerdictOnPlayedRecords) {
  Check("fast and tree verdicts agree on played and mutated records", [this] {
    std::mt19937 rng(*rc::gen::arbitrary<uint32_t>());
    Playout playout =
        PlayRandomly(game(), rng, "seed-" + std::to_string(*rc::gen::arbitrary<uint32_t>()));
    std::string text = JsonOf(playout.record);
    std::optional<std::string> fast = FastVerdict(text);
    std::string tree = TreeVerdict(text);
    // A game with a fast path reads its own legal records with it.
    if (HasFastPath(game()) && WithoutFindings(tree)) RC_ASSERT(fast.has_value());
    if (fast) RC_ASSERT(*fast == tree);
    for (int i = 0; i < 16; ++i) {
      std::string mutated = MutateJson(text, rng);
      std::optional<std::string> mutated_fast = FastVerdict(mutated);
      RC_LOG() << mutated << "\n";
      if (mutated_fast) RC_ASSERT(*mutated_fast == TreeVerdict(mutated));
    }
  });
}

TEST_P(EveryGame, TheFastPathGivesTheTreeVerdictOnFaultsAndWrongClaims) {
  auto records = Generated(game(), "fast-path", 6, [](generator::GenerateOptions& options) {
    options.faults = 3;
    options.wrong_claims = true;
  });
  ASSERT_TRUE(records.has_value()) << records.error().message;
  for (const generator::GeneratedRecord& generated : *records) {
    std::string text = JsonOf(generated.record);
    std::optional<std::string> fast = FastVerdict(text);
    if (fast) {
      EXPECT_EQ(*fast, TreeVerdict(text)) << generated.name;
    }
  }
}

// What a league receives by the thousand, generated records without a fault, is read by the fast
// path, and read as the tree reads it.
TEST_P(EveryGame, TheFastPathReadsGeneratedRecordsAsTheTreeDoes) {
  auto records = Generated(game(), "fast-path-clean", 8);
  ASSERT_TRUE(records.has_value()) << records.error().message;
  for (const generator::GeneratedRecord& generated : *records) {
    std::string text = JsonOf(generated.record);
    std::optional<std::string> fast = FastVerdict(text);
    std::string tree = TreeVerdict(text);
    if (HasFastPath(game()) && WithoutFindings(tree)) {
      EXPECT_TRUE(fast.has_value()) << generated.name;
    }
    if (fast) {
      EXPECT_EQ(*fast, tree) << generated.name;
    }
  }
}

// The fast path replays a trick game's whole deal at once, with no event for a card; a card that
// breaks the rules in the middle of a deal must still get the finding, and leave the counts of
// checked and unchecked events, that the card's own event gives: the fast path gives the record
// up to the tree. A card of the first deal is written again in a later trick of it, where it can
// never be legal.
TEST(FastPathDeals, ACardPlayedTwiceInADealIsLeftToTheTreeWhichGivesItsFinding) {
  for (const games::GameDescriptor* game : games::BuiltInGames()) {
    EXPECT_TRUE(rc::check(game->name + ": a card played twice is left to the tree", [&] {
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
      std::string text = JsonOf(record);
      RC_ASSERT(!FastVerdict(text).has_value());
      std::string verdict = VerdictText(library::VerifyJsonText(text, 1, {}, "record", 0));
      RC_ASSERT(verdict == TreeVerdict(text));
      RC_ASSERT(verdict.find("\"status\":\"invalid\"") != std::string::npos);
    }));
  }
}

}  // namespace
}  // namespace referee::testing
