// The properties every game must have (tests/shared/every_game_test.cpp), as a suite any test can
// instantiate for a game of its own: the shipped games are instantiated there, a game of the
// tests' own (tests/plugin/) where it is defined.
#pragma once

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <optional>
#include <string>

#include "referee/games/registry.h"
#include "tests/shared/game_param.h"

namespace referee::testing {

class EveryGame : public ::testing::TestWithParam<const games::GameDescriptor*> {
 protected:
  // A game the registry does not list (a game of the tests' own) is listed while its tests run,
  // so that records naming it can be read.
  void SetUp() override {
    if (games::FindGame(game().name) != &game()) registration_.emplace(game());
  }
  const games::GameDescriptor& game() const { return *GetParam(); }
  // RapidCheck inside a parameterised test: the property runs for this game.
  template <typename Property>
  void Check(const std::string& name, Property property) {
    EXPECT_TRUE(rc::check(game().name + ": " + name, property));
  }

 private:
  std::optional<games::ScopedGame> registration_;
};

inline std::string GameName(const ::testing::TestParamInfo<const games::GameDescriptor*>& info) {
  return info.param->name;
}

}  // namespace referee::testing
