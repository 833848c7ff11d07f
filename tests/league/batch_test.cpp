// Verifying on several threads gives the verdicts in input order, and reports progress once per
// record.
#include "verifier/batch.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "formats/yaml_reader.h"
#include "verifier/verifier.h"

namespace referee::verifier {
namespace {

std::string ReadSample(const std::string& name) {
  std::ifstream file(std::string(REFEREE_SOURCE_DIR) + "/samples/" + name);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST(Batch, VerdictsComeBackInInputOrder) {
  std::vector<std::string> names = {"collusion/valid/deduction.yaml",
                                    "collusion/invalid/revoke.yaml", "plonk/valid/target-150.yaml",
                                    "cahoots/valid/seeded.yaml"};
  std::vector<BatchInput> inputs;
  for (int copy = 0; copy < 5; ++copy) {
    for (const std::string& name : names) {
      inputs.push_back({name, 0, formats::ParseYaml(ReadSample(name))});
    }
  }
  inputs.push_back({"broken", 0, Fail(Malformed("yaml-syntax", "", "broken"))});
  std::vector<size_t> progress;
  std::vector<Verdict> verdicts = VerifyBatch(inputs, 4, [&](size_t done, size_t total) {
    EXPECT_EQ(total, inputs.size());
    progress.push_back(done);
  });
  ASSERT_EQ(verdicts.size(), inputs.size());
  for (size_t i = 0; i + 1 < inputs.size(); ++i) {
    EXPECT_EQ(verdicts[i].source, inputs[i].source);
    Verdict alone = VerifyNode(*inputs[i].node, inputs[i].source);
    EXPECT_EQ(verdicts[i].status, alone.status) << inputs[i].source;
    EXPECT_EQ(verdicts[i].scores.totals, alone.scores.totals) << inputs[i].source;
  }
  EXPECT_EQ(verdicts.back().status, Status::kMalformed);
  std::vector<size_t> expected(inputs.size());
  for (size_t i = 0; i < expected.size(); ++i) expected[i] = i + 1;
  EXPECT_EQ(progress, expected);
}

TEST(Batch, NoInputsNoVerdicts) { EXPECT_TRUE(VerifyBatch({}, 0).empty()); }

}  // namespace
}  // namespace referee::verifier
