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

}  // namespace
}  // namespace referee::verifier
