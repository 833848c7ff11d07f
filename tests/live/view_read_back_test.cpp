// A seat's view is read back by the game that wrote it (games::LiveHooks::read_view), from the
// table's public header alone: a client plays from what its seat may see, and nothing else. At
// every step of random matches of every game, each actor's view read back writes out again as it
// was; the public header holds no seed, pack order or goal pile.
#include <gtest/gtest.h>

#include "referee/games/game_record.h"
#include "tests/live/live_test_util.h"
#include "tests/shared/game_param.h"

namespace referee::testing {
namespace {

using games::GameDescriptor;
using record::Node;

// The view as written, without the score totals, which read_view leaves out.
std::string WithoutScores(const Node& view) {
  Node kept = Node::Map({});
  for (const Node::Member& member : view.members()) {
    if (member.key != "scores") kept.AddMember(member.key, {}, member.value);
  }
  return Json(kept);
}

int Actors(const live::Session& session) {
  return session.record().game->player_shape == games::PlayerShape::kFourSeats
             ? 4
             : static_cast<int>(session.record().players.size());
}

void ExpectViewsReadBack(const live::Session& session, const record::Record& public_record) {
  const games::LiveHooks& live = session.record().game->live;
  for (int actor = 0; actor < Actors(session); ++actor) {
    Node written = live.write_view(session.match().ViewFor(actor), session.record());
    record::Document document = record::DocumentOf(written);
    auto read = live.read_view(document.Root(), public_record);
    ASSERT_TRUE(read.has_value()) << Json(written) << "\n" << read.error().message;
    EXPECT_EQ(WithoutScores(live.write_view(*read, public_record)), WithoutScores(written));
  }
}

class LiveViewReadBack : public ::testing::TestWithParam<const GameDescriptor*> {};

TEST_P(LiveViewReadBack, EveryViewReadsBackFromThePublicHeader) {
  for (uint32_t seed = 1; seed <= 3; ++seed) {
    ScriptedMatch match = RandomScript(*GetParam(), seed);
    auto session = live::Session::Start(match.script.header);
    ASSERT_TRUE(session.has_value()) << session.error().message;
    Node shown = session->PublicHeader();
    for (const char* key : {"seed", "deck", "goals"}) EXPECT_FALSE(shown.Has(key)) << key;
    auto public_record = record::ReadRecordHeader(shown);
    ASSERT_TRUE(public_record.has_value()) << public_record.error().message;
    for (const Node& line : match.script.events) {
      ASSERT_TRUE(IsOk(session->Handle(line).line)) << Json(line);
      ExpectViewsReadBack(*session, *public_record);
      if (::testing::Test::HasFailure()) return;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, LiveViewReadBack, ::testing::ValuesIn(games::BuiltInGames()),
                         GameName);

// Was: GET /tables/ID showed a Cahoots table's whole goal pile, in order, goals not yet turned
// up included: every seat knew which goal would come next.
TEST(LiveLeak, CahootsPublicHeaderShowedTheGoalPile) {
  auto session = live::Session::Start(ParseLine(
      R"({"format":"referee/1","game":"cahoots","rules":{"goal_count":5},"players":["ann","bob"],)"
      R"("seed":"s","goals":[{"kind":"sum-all","total":10},{"kind":"sum-all","total":11},)"
      R"({"kind":"sum-all","total":12},{"kind":"sum-all","total":13},)"
      R"({"kind":"sum-all","total":14}]})"));
  ASSERT_TRUE(session.has_value()) << session.error().message;
  std::string shown = Json(session->PublicHeader());
  EXPECT_EQ(shown.find("goals"), std::string::npos) << shown;
  EXPECT_EQ(shown.find("\"s\""), std::string::npos) << shown;
  EXPECT_EQ(shown, R"({"format":"referee/1","game":"cahoots","rules":{"goal_count":5},)"
                   R"("players":["ann","bob"]})");
}

}  // namespace
}  // namespace referee::testing
