// FixedList: a list held in place, compared by the values it holds.
#include "referee/core/fixed_list.h"

#include <gtest/gtest.h>

#include <vector>

namespace referee {
namespace {

TEST(FixedList, HoldsWhatItIsGivenInOrder) {
  FixedList<int, 3> list = {4, 1};
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0], 4);
  EXPECT_EQ(list.back(), 1);
  std::vector<int> from_span = {7, 8, 9};
  FixedList<int, 3> full(from_span);
  EXPECT_EQ(std::vector<int>(full.begin(), full.end()), from_span);
}

// Two lists are equal when they hold the same values: what a cleared list held before does not
// count.
TEST(FixedList, ListsAreEqualByTheValuesTheyHold) {
  FixedList<int, 3> reused = {5, 6, 7};
  reused.clear();
  reused.push_back(5);
  EXPECT_EQ(reused, (FixedList<int, 3>{5}));
  EXPECT_NE(reused, (FixedList<int, 3>{5, 6}));
  EXPECT_NE(reused, (FixedList<int, 3>{6}));
  EXPECT_EQ((FixedList<int, 3>{}), (FixedList<int, 3>{}));
}

}  // namespace
}  // namespace referee
