// The verifier's replay: claims, voided deals, stops, and the status of a verdict.
#include "verifier/verifier.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "formats/yaml_reader.h"
#include "verifier/verify_text.h"

namespace referee::verifier {
namespace {

std::string Sample(const std::string& path) {
  std::ifstream file(std::filesystem::path(REFEREE_SOURCE_DIR) / path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

Verdict Verify(const std::string& yaml) {
  return VerifyText(yaml, formats::InputFormat::kYaml, 1, {}, "test.yaml", 0);
}

std::vector<std::string> Codes(const Verdict& verdict) {
  std::vector<std::string> codes;
  for (const Finding& finding : verdict.findings) codes.push_back(finding.code);
  return codes;
}

// The first two deals of a real Collusion match.
std::string TwoDeals() {
  std::string text = Sample("samples/collusion/invalid/incomplete.yaml");
  std::string second = Sample("samples/collusion/invalid/wrong-dealer.yaml");
  second = second.substr(second.find("  - dealer: W"));
  size_t at = second.find("dealer: W");
  second.replace(at, 9, "dealer: S");
  return text + second;
}

TEST(Verifier, TwoLegalDealsAreIncompleteNotInvalid) {
  Verdict verdict = Verify(TwoDeals());
  EXPECT_EQ(verdict.status, Status::kIncomplete)
      << (verdict.findings.empty() ? "" : verdict.findings[0].message);
  EXPECT_TRUE(verdict.findings.empty());
  EXPECT_EQ(verdict.scores.rows.size(), 2u);
}

// Regression: a stray card after a finished deal (extra-trick) voided the *next* deal, which then
// got a false wrong-dealer.
TEST(Verifier, AnExtraTrickDoesNotVoidTheNextDeal) {
  std::string text = TwoDeals();
  size_t claim = text.find("    claim: {N: 12");
  text.insert(claim, "      - 2C 3C 4C 5C\n");
  Verdict verdict = Verify(text);
  EXPECT_EQ(Codes(verdict), (std::vector<std::string>{"extra-trick", "unchecked"}));
  ASSERT_EQ(verdict.scores.rows.size(), 2u);
  EXPECT_FALSE(verdict.scores.rows[0].void_deal);
  EXPECT_FALSE(verdict.scores.rows[1].void_deal);
}

TEST(Verifier, AVoidedDealTakesItsClaimedPointsAndLaterDealsAreStillChecked) {
  std::string text = TwoDeals();
  size_t trick = text.find("- 8C AC 6C 3C");
  text.replace(trick, 13, "- 8C AC 6C 6H");  // E revokes in deal 1
  size_t second = text.find("- 7D 8D TD QD");
  text.replace(second, 13, "- 8D 7D TD QD");  // and the wrong card leads deal 2
  Verdict verdict = Verify(text);
  EXPECT_EQ(Codes(verdict),
            (std::vector<std::string>{"revoke", "wrong-leader", "unchecked", "unchecked"}));
  EXPECT_EQ(verdict.status, Status::kInvalid);
  ASSERT_EQ(verdict.scores.rows.size(), 2u);
  EXPECT_TRUE(verdict.scores.rows[0].void_deal);
  EXPECT_EQ(verdict.scores.rows[0].points, (std::vector<int>{12, 12, 5, 4}));  // the claim
}

// A claim is compared with its deal's row unit by unit, in the order the record gives the units,
// and each finding points at its unit's value.
TEST(Verifier, EachMismatchedUnitOfAClaimIsAFindingAtItsOwnValue) {
  std::string text = TwoDeals();
  size_t claim = text.find("    claim: {N: 12, E: 12, S: 5, W: 4}");
  text.replace(claim, 37, "    claim: {W: 5, E: 12, N: 11, S: 5}");
  Verdict verdict = Verify(text);
  ASSERT_EQ(Codes(verdict), (std::vector<std::string>{"claim-mismatch", "claim-mismatch"}));
  EXPECT_EQ(verdict.findings[0].place.path, "/deals/0/claim/W");
  EXPECT_EQ(verdict.findings[0].place.game.actor, "W");
  EXPECT_NE(verdict.findings[0].message.find("expected W to score 4 in deal 1"), std::string::npos)
      << verdict.findings[0].message;
  EXPECT_EQ(verdict.findings[1].place.path, "/deals/0/claim/N");
  EXPECT_NE(verdict.findings[1].message.find("expected N to score 12"), std::string::npos);
}

// Every key of a claim is looked at before its values: a unit the game does not score is the
// finding even where a value before it is out of range.
TEST(Verifier, AClaimsUnknownUnitIsTheFindingWhateverItsValuesSay) {
  std::string text = TwoDeals();
  size_t claim = text.find("    claim: {N: 12, E: 12, S: 5, W: 4}");
  text.replace(claim, 37, "    claim: {N: 9999999, E: 12, NS: 5, W: 4}");
  Verdict verdict = Verify(text);
  ASSERT_EQ(Codes(verdict), (std::vector<std::string>{"unknown-key"}));
  EXPECT_EQ(verdict.findings[0].place.path, "/deals/0/claim/NS");
}

TEST(Verifier, AClaimForAnUnfinishedDealIsAFinding) {
  std::string text = Sample("samples/collusion/invalid/incomplete.yaml");
  size_t last = text.find("      - AD 4D KS QC\n");
  text.erase(last, std::string("      - AD 4D KS QC\n").size());
  Verdict verdict = Verify(text);
  EXPECT_EQ(Codes(verdict), (std::vector<std::string>{"claim-unfinished-deal"}));
}

TEST(Verifier, AWinnerClaimedForAnUnfinishedMatchIsAMismatch) {
  Verdict verdict =
      Verify(Sample("samples/collusion/invalid/incomplete.yaml") + "result: {N: 12, winner: N}\n");
  EXPECT_EQ(Codes(verdict), (std::vector<std::string>{"result-mismatch"}));
  EXPECT_EQ(verdict.findings[0].place.path, "/result/winner");
}

TEST(Verifier, PositionsAreFilledFromTheRecord) {
  Verdict verdict = Verify(Sample("samples/collusion/invalid/revoke.yaml"));
  ASSERT_FALSE(verdict.findings.empty());
  EXPECT_EQ(verdict.findings[0].place.line, 13u);
  EXPECT_EQ(verdict.findings[0].place.column, 18u);
}

// A valid match of 11 deals with one slip in it, as a scorer makes one.
std::string FirstToHundred() { return Sample("samples/collusion/valid/first-to-100.yaml"); }

std::vector<const Finding*> Errors(const Verdict& verdict) {
  std::vector<const Finding*> errors;
  for (const Finding& finding : verdict.findings) {
    if (finding.severity != Severity::kNote) errors.push_back(&finding);
  }
  return errors;
}

// Regression: deal 1's dealer written N for E gave wrong-leader in deal 1, then wrong-dealer in
// every later deal (each checked against the rotation from the voided deal, and voided in turn),
// then result-mismatch, with a few events checked of the whole match.
TEST(VerifierRecovery, ADealerChangedInDealOneIsOneFinding) {
  std::string text = FirstToHundred();
  Verdict valid = Verify(text);
  ASSERT_EQ(valid.status, Status::kValid);
  text.replace(text.find("  - dealer: E"), 13, "  - dealer: N");
  Verdict verdict = Verify(text);
  EXPECT_EQ(verdict.status, Status::kInvalid);
  std::vector<const Finding*> errors = Errors(verdict);
  ASSERT_EQ(errors.size(), 1u) << ::testing::PrintToString(Codes(verdict));
  EXPECT_EQ(errors[0]->code, "wrong-leader");
  EXPECT_EQ(errors[0]->place.game.deal, 1);
  EXPECT_EQ(errors[0]->place.game.step.number, 1);
  // Deal 1's 52 cards went unchecked; every other deal was checked.
  EXPECT_EQ(verdict.events_checked, valid.events_checked - 52);
}

// A dealer changed later in the match: the next deal passes on from the dealer the rotation
// expected, so the slip is one finding.
TEST(VerifierRecovery, ADealerChangedInALaterDealIsOneFinding) {
  std::string text = FirstToHundred();
  Verdict valid = Verify(text);
  size_t third =
      text.find("  - dealer:", text.find("  - dealer:", text.find("  - dealer:") + 1) + 1);
  std::string written = text.substr(third + 12, 1);
  text.replace(third + 12, 1, written == "N" ? "S" : "N");
  Verdict verdict = Verify(text);
  std::vector<const Finding*> errors = Errors(verdict);
  ASSERT_EQ(errors.size(), 1u) << ::testing::PrintToString(Codes(verdict));
  EXPECT_EQ(errors[0]->code, "wrong-dealer");
  EXPECT_EQ(errors[0]->place.game.deal, 3);
  EXPECT_GE(verdict.events_checked, valid.events_checked - 53);
}

// Regression: trick 7 of deal 2 left out gave wrong-leader at a later trick and never said the
// deal had 12 tricks.
TEST(VerifierRecovery, ATrickDroppedFromDealTwoIsSaidToBeMissing) {
  std::string text = FirstToHundred();
  Verdict valid = Verify(text);
  size_t deal = text.find("  - dealer:", text.find("  - dealer:") + 1);
  size_t trick = text.find("    tricks:\n", deal) + 12;
  for (int skip = 0; skip < 6; ++skip) trick = text.find('\n', trick) + 1;
  text.erase(trick, text.find('\n', trick) + 1 - trick);
  Verdict verdict = Verify(text);
  EXPECT_EQ(verdict.status, Status::kInvalid);
  std::vector<const Finding*> errors = Errors(verdict);
  ASSERT_EQ(errors.size(), 1u) << ::testing::PrintToString(Codes(verdict));
  EXPECT_EQ(errors[0]->code, "missing-trick");
  EXPECT_EQ(errors[0]->place.game.deal, 2);
  EXPECT_EQ(errors[0]->place.game.step.number, 7);
  EXPECT_EQ(errors[0]->place.path, "/deals/1/tricks/6");
  EXPECT_NE(errors[0]->message.find("expected 13 tricks in deal 2, found 12 tricks"),
            std::string::npos)
      << errors[0]->message;
  // Every card of the record was checked, the deal with its missing trick put back.
  EXPECT_EQ(verdict.events_checked, valid.events_checked - 4);
  EXPECT_EQ(verdict.events_unchecked, 0);
  EXPECT_EQ(verdict.outcome, valid.outcome);
}

}  // namespace
}  // namespace referee::verifier
