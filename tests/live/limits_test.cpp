// The live referee's limits (docs/live.md, "Limits"): a line over the limit is answered and
// skipped; a journal is a regular file of at most the record limit, read and written so.
#include <gtest/gtest.h>

#include "live/live_referee.h"
#include "tests/live/live_test_util.h"

namespace referee::testing {
namespace {

TEST(LiveLines, AnOverlongEventLineIsRejectedAndChangesNothing) {
  ScriptedMatch match = RandomScript(*games::FindGame("collusion"), 41);
  live::LiveReferee referee(nullptr, std::nullopt);
  referee.OnLine(Json(match.script.header));
  live::LiveReferee::Output output = referee.OnOverlongLine();
  EXPECT_EQ(output.stop, live::LiveReferee::Stop::kNo);
  record::Node reply = ParseLine(output.reply);
  EXPECT_FALSE(IsOk(reply));
  EXPECT_EQ(CodeOf(reply), "too-large");
  EXPECT_EQ(reply.Find("message")->text(),
            "expected a line of at most 16777216 bytes, found a longer one (the rest of it was "
            "skipped)");
  ASSERT_NE(reply.Find("next"), nullptr);
  EXPECT_TRUE(IsOk(ParseLine(referee.OnLine(Json(match.script.events[0])).reply)));
}

TEST(LiveLines, AnOverlongHeaderEndsTheSession) {
  live::LiveReferee referee(nullptr, std::nullopt);
  live::LiveReferee::Output output = referee.OnOverlongLine();
  EXPECT_EQ(output.stop, live::LiveReferee::Stop::kBadHeader);
  EXPECT_EQ(CodeOf(ParseLine(output.reply)), "too-large");
  EXPECT_FALSE(referee.HeaderSeen());
}

}  // namespace
}  // namespace referee::testing
