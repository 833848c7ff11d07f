// The live referee's limits (docs/live.md, "Limits"): a line over the limit is answered and
// skipped; a journal is a regular file of at most the record limit, read and written so.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "live/journal_file.h"
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

// A scratch journal path, removed at the end of the test.
class JournalFileLimits : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() /
              ("referee-journal-limits-" + std::to_string(getpid()));
    std::filesystem::create_directories(folder_);
  }
  void TearDown() override {
    std::error_code error;
    std::filesystem::remove_all(folder_, error);
  }
  // A journal of `size` bytes (sparse: it costs no disk).
  std::string SizedJournal(uintmax_t size) {
    std::string path = (folder_ / "sized.journal").string();
    { std::ofstream file(path); }
    std::filesystem::resize_file(path, size);
    return path;
  }
  std::filesystem::path folder_;
};

TEST_F(JournalFileLimits, AJournalIsNeverWrittenPastTheLimit) {
  auto journal = live::JournalFile::Open(SizedJournal(live::kMaxJournalBytes - 10));
  ASSERT_TRUE(journal.has_value()) << journal.error().message;
  EXPECT_TRUE((*journal)->Append("0123456789").has_value());
  Result<void, Error> refused = (*journal)->Append("x");
  ASSERT_FALSE(refused.has_value());
  EXPECT_NE(refused.error().message.find("it would grow past 16777216 bytes"), std::string::npos)
      << refused.error().message;
  EXPECT_EQ((*journal)->Size(), live::kMaxJournalBytes);
  EXPECT_EQ(std::filesystem::file_size(folder_ / "sized.journal"), live::kMaxJournalBytes);
}

TEST_F(JournalFileLimits, AJournalOverTheLimitIsNotReadWhole) {
  auto journal = live::JournalFile::Open(SizedJournal(live::kMaxJournalBytes + 1));
  ASSERT_TRUE(journal.has_value()) << journal.error().message;
  auto text = (*journal)->ReadAll();
  ASSERT_FALSE(text.has_value());
  EXPECT_NE(text.error().message.find("larger than 16777216 bytes"), std::string::npos)
      << text.error().message;
}

TEST_F(JournalFileLimits, OnlyARegularFileIsAJournal) {
  for (const std::string& path :
       {std::string("/dev/null"), std::string("/dev/zero"), folder_.string()}) {
    auto journal = live::JournalFile::Open(path);
    ASSERT_FALSE(journal.has_value()) << path;
    EXPECT_EQ(journal.error().message, "cannot open the journal " + path + ": not a regular file");
  }
}

// Was: `referee live --journal` made its journal 0644 under the usual umask, and 0666 under 0:
// the journal holds the seed, and with it every hand, until the match is over.
TEST_F(JournalFileLimits, ANewJournalIsPrivateWhateverTheUmask) {
  mode_t before = ::umask(0);
  auto journal = live::JournalFile::Open((folder_ / "new.journal").string());
  ::umask(before);
  ASSERT_TRUE(journal.has_value()) << journal.error().message;
  auto permissions = std::filesystem::status(folder_ / "new.journal").permissions();
  EXPECT_EQ(permissions, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
}

}  // namespace
}  // namespace referee::testing
