// Telling a journal from a file of records by its first lines (live::LooksLikeJournal), as every
// file of JSON Lines is asked.
#include <gtest/gtest.h>

#include <string>

#include "live/journal.h"

namespace referee::testing {
namespace {

const std::string kHeader =
    R"({"format":"referee/1","game":"plonk","id":"x","players":{"N":"a","E":"b","S":"c","W":"d"}})";
// A record's line: its metadata may name an event, but it names its format.
const std::string kRecord =
    R"({"format":"referee/1","game":"plonk","event":"club night","players":{"N":"a"},"deals":[]})";

TEST(JournalSniff, AHeaderThenEventsIsAJournal) {
  EXPECT_TRUE(live::LooksLikeJournal(kHeader + "\n" + R"({"event":"deal","seat":"N"})" + "\n"));
  EXPECT_TRUE(live::LooksLikeJournal(kHeader + "\n" + R"({"organiser":"cancel","at":"0.000"})" +
                                     "\n" + R"({"event":"deal"})" + "\n"));
}

TEST(JournalSniff, RecordsAreNotAJournal) {
  EXPECT_FALSE(live::LooksLikeJournal(kRecord + "\n" + kRecord + "\n"));
  EXPECT_FALSE(live::LooksLikeJournal(kHeader + "\n" + kRecord + "\n"));
}

// A journal has at least its header and one line after it.
TEST(JournalSniff, ALoneLineIsNotAJournal) {
  EXPECT_FALSE(live::LooksLikeJournal(kHeader + "\n"));
  EXPECT_FALSE(live::LooksLikeJournal(kHeader));
  EXPECT_FALSE(live::LooksLikeJournal(""));
}

// The first line must be a header (it names a format); the second must be an event or an
// organiser's line, and parse.
TEST(JournalSniff, AnEventLineNeedsAHeaderBeforeIt) {
  std::string event = R"({"event":"deal"})";
  EXPECT_FALSE(live::LooksLikeJournal(event + "\n" + event + "\n"));
  EXPECT_FALSE(live::LooksLikeJournal("not json\n" + event + "\n"));
  EXPECT_FALSE(live::LooksLikeJournal(kHeader + "\n" + R"({"seat":"N"})" + "\n"));
  EXPECT_FALSE(live::LooksLikeJournal(kHeader + "\n" + R"(["event"])" + "\n"));
  EXPECT_FALSE(live::LooksLikeJournal(kHeader + "\n{\"event\":\n"));
}

}  // namespace
}  // namespace referee::testing
