// Every form of a record gets its verdict: a record written by referee's writer, and the same
// record rewritten at random by a second writer into the other forms the record format allows
// (tests/support/record_forms.h), verify alike, for every registered game and its variants. And
// the second writer does write those forms: a property that never met a pack order, a `10` or a
// flow-style YAML map would prove nothing.
#include "tests/support/record_forms.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <map>
#include <random>
#include <string>

#include "formats/json_writer.h"
#include "referee/games/game_record.h"
#include "referee/record/record_writer.h"
#include "reports/verdict_text.h"
#include "tests/shared/every_game.h"
#include "tests/shared/playout.h"
#include "verifier/verifier.h"
#include "verifier/verify_text.h"

namespace referee::testing {
namespace {

// The verdict as the JSON output writes it, but for where its findings are in the text.
std::string Unplaced(verifier::Verdict verdict) {
  for (Finding& finding : verdict.findings) {
    finding.place.line = 0;
    finding.place.column = 0;
  }
  return formats::WriteJson(reports::VerdictTree(verdict), false);
}

std::string VerdictOf(const WrittenRecord& written) {
  return Unplaced(verifier::VerifyText(written.text, written.format, 1, {}, "record", 0));
}

// The record with every card its seed dealt written out beside the seed, as the generator and a
// tablet write it: the hands of each deal, the Cahoots deck.
record::Record WithCardsShown(record::Record record) {
  std::unique_ptr<Match> match = NewMatchFor(record);
  for (record::Record::Entry& entry : record.entries) {
    Event* event = std::get_if<Event>(&entry.item);
    if (event == nullptr) continue;
    bool dealt = match->Next().phase == Phase::kDeal;
    if (!match->Apply(*event).has_value()) break;
    if (dealt) *event = match->WithCardsWritten(std::move(*event));
  }
  return record;
}

TEST_P(EveryGame, EveryFormOfARecordGetsItsVerdict) {
  Check("every form of a played record verifies as the record does", [this] {
    std::mt19937 rng(*rc::gen::arbitrary<uint32_t>());
    // Played to the end, one time in four stopped early: an unfinished record has its verdict too.
    int max_steps = rng() % 4 == 0 ? 1 + static_cast<int>(rng() % 200) : 200000;
    Playout playout = PlayRandomly(game(), RandomRules(game(), rng), rng,
                                   "forms-" + std::to_string(rng()), max_steps);
    if (playout.record.entries.empty()) return;  // rules the game refuses at set-up
    if (rng() % 4 != 0) playout.record = WithCardsShown(std::move(playout.record));
    std::string canonical = formats::WriteJson(record::WriteRecord(playout.record), false);
    verifier::Verdict verdict =
        verifier::VerifyText(canonical, formats::InputFormat::kJson, 1, {}, "record", 0);
    RC_ASSERT(verdict.status != verifier::Status::kMalformed);
    RC_ASSERT(verdict.status != verifier::Status::kInvalid);
    std::string expected = Unplaced(verdict);
    for (int form = 0; form < 8; ++form) {
      WrittenRecord written = AnotherForm(playout.record, verdict, rng);
      RC_LOG() << written.text << "\n";
      RC_ASSERT(VerdictOf(written) == expected);
    }
  });
}

// Over many draws, the second writer writes each form it claims to.
TEST(RecordForms, EveryFormIsWritten) {
  std::map<std::string, int> seen;
  auto count = [&](const std::string& form, bool present) { seen[form] += present ? 1 : 0; };
  std::mt19937 rng(7);
  for (const games::GameDescriptor* game : games::BuiltInGames()) {
    for (int record_number = 0; record_number < 6; ++record_number) {
      Playout playout = PlayRandomly(*game, rng, "forms-" + std::to_string(record_number));
      playout.record = WithCardsShown(std::move(playout.record));
      verifier::Verdict verdict = verifier::VerifyRecord(playout.record, "record");
      for (int form = 0; form < 8; ++form) {
        WrittenRecord written = AnotherForm(playout.record, verdict, rng);
        const std::string& text = written.text;
        count("yaml", written.format == formats::InputFormat::kYaml);
        count("json", written.format == formats::InputFormat::kJson);
        count("yaml flow map", written.format == formats::InputFormat::kYaml &&
                                   text.find(": {") != std::string::npos);
        count("yaml block list",
              text.find("\n- ") != std::string::npos || text.find("\n  - ") != std::string::npos);
        count("ten",
              text.find("10") != std::string::npos && text.find("\"10") != std::string::npos);
        count("suit symbol",
              text.find("\u2660") != std::string::npos || text.find("\u2664") != std::string::npos);
        count("pack order",
              text.find("deck") != std::string::npos && text.find("hands") == std::string::npos);
        count("claim", text.find("claim") != std::string::npos);
        count("result", text.find("result") != std::string::npos);
        count("no result", text.find("result") == std::string::npos);
        count("long card",
              text.find("-green") != std::string::npos || text.find("-Green") != std::string::npos);
        count("turn map", text.find("\"pile\"") != std::string::npos ||
                              text.find("pile:") != std::string::npos);
        count("double space", text.find("  ") != std::string::npos);
      }
    }
  }
  for (const auto& [form, times] : seen) EXPECT_GT(times, 0) << form;
}

}  // namespace
}  // namespace referee::testing
