// DealLabel: a label kept as the numbers it is made from reads, and compares, as its words.
#include "referee/core/deal_label.h"

#include <gtest/gtest.h>

#include "referee/core/match.h"

namespace referee {
namespace {

std::string Tricks(const DealLabel::Facts& facts) {
  return "dealer " + std::to_string(facts[0]) + "; tricks " + std::to_string(facts[1]);
}

TEST(DealLabel, AKeptLabelIsWordedOnlyWhenRead) {
  static int worded;
  worded = 0;
  auto counting = [](const DealLabel::Facts& facts) {
    ++worded;
    return Tricks(facts);
  };
  DealLabel label(+counting, DealLabel::Facts{2, 7});
  EXPECT_EQ(worded, 0);
  EXPECT_EQ(label.Text(), "dealer 2; tricks 7");
  EXPECT_EQ(worded, 1);
}

TEST(DealLabel, LabelsCompareByWhatTheyReadNotHowTheyAreKept) {
  DealLabel kept(&Tricks, DealLabel::Facts{2, 7});
  EXPECT_EQ(kept, DealLabel("dealer 2; tricks 7"));
  EXPECT_NE(kept, DealLabel("dealer 2; tricks 8"));
  EXPECT_NE(kept, DealLabel(&Tricks, DealLabel::Facts{2, 8}));
  EXPECT_EQ(DealLabel().Text(), "");

  ScoreSheet::Row row{.deal = 1, .label = DealLabel(&Tricks, DealLabel::Facts{0, 3})};
  ScoreSheet::Row same{.deal = 1, .label = "dealer 0; tricks 3"};
  EXPECT_EQ(row, same);
}

}  // namespace
}  // namespace referee
