// Helpers of the live referee's tests: a random legal match of any game as the lines a client
// sends, and small JSON shortcuts.
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "live/live_script.h"
#include "live/session.h"
#include "referee/games/registry.h"
#include "tests/shared/every_game.h"
#include "tests/shared/playout.h"

namespace referee::testing {

// A whole random legal match of `game`, dealt from `seed`, and its live script.
struct ScriptedMatch {
  Playout playout;
  live::LiveScript script;
};
inline ScriptedMatch RandomScript(const games::GameDescriptor& game, uint32_t seed) {
  std::mt19937 rng(seed);
  ScriptedMatch match{PlayRandomly(game, rng, "live-" + std::to_string(seed)), {}};
  match.script = live::ScriptFor(match.playout.record);
  return match;
}

inline std::string Json(const record::Node& node) { return formats::WriteJson(node, false); }

inline record::Node ParseLine(const std::string& text) {
  auto node = formats::ParseJson(text);
  EXPECT_TRUE(node.has_value()) << text;
  return node.has_value() ? *node : record::Node();
}

inline bool IsOk(const record::Node& reply) {
  const record::Node* ok = reply.Find("ok");
  return ok != nullptr && ok->text() == "true";
}

inline std::string CodeOf(const record::Node& reply) {
  const record::Node* code = reply.Find("code");
  return code != nullptr ? code->text() : "";
}

}  // namespace referee::testing
