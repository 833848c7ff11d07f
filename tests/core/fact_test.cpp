// FactValue: a claimed result's value compared with the computed one.
#include "referee/core/fact.h"

#include <gtest/gtest.h>

namespace referee {
namespace {

FactValue Words(std::vector<std::string> words) { return FactValue::Words(std::move(words)); }

TEST(FactValue, WordsCompareAsSetsWhateverTheirOrder) {
  EXPECT_EQ(Words({"N", "S"}), Words({"S", "N"}));
  EXPECT_EQ(Words({"E", "W", "N"}), Words({"N", "E", "W"}));
  EXPECT_NE(Words({"N", "S"}), Words({"N", "E"}));
  EXPECT_EQ(Words({"N"}), Words({"N"}));
  EXPECT_NE(Words({"N"}), Words({"S"}));
  EXPECT_EQ(Words({}), Words({}));
  // A word named twice is not the same as once, nor as two different words.
  EXPECT_NE(Words({"N", "N"}), Words({"N"}));
  EXPECT_NE(Words({"N", "N"}), Words({"N", "S"}));
}

TEST(FactValue, ANumberIsNeverWords) {
  EXPECT_EQ(FactValue::Number(3), FactValue::Number(3));
  EXPECT_NE(FactValue::Number(3), FactValue::Number(4));
  EXPECT_NE(FactValue::Number(3), Words({"3"}));
  EXPECT_NE(Words({"3"}), FactValue::Number(3));
}

}  // namespace
}  // namespace referee
