// The standings' JSON and CSV are written to their stream as they are made: a league of 5,000
// records wrote 15.8 MB of JSON from one string built whole, and the tree before it (peak 129 MB
// against 24 MB for the text); a league of 100,000 took 519 MB. The bytes must not change.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <streambuf>

#include "formats/json_writer.h"
#include "library/standings_render.h"
#include "reports/standings_output.h"
#include "tests/league/standings_fixtures.h"

namespace referee::reports {
namespace {

using namespace standings_fixtures;  // NOLINT: the fixtures of every standings test

// A stream that keeps what it is given and counts the bytes of its largest single write.
class CountingBuffer : public std::streambuf {
 public:
  std::string text;
  size_t largest_write = 0;

 protected:
  std::streamsize xsputn(const char* bytes, std::streamsize count) override {
    text.append(bytes, static_cast<size_t>(count));
    largest_write = std::max(largest_write, static_cast<size_t>(count));
    return count;
  }
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) text += traits_type::to_char_type(c);
    return c;
  }
};

// Four players meeting at 2,000 tables: each row of the cross-table has 2,000 meetings.
Standings ManyMeetings() {
  League league = MakeLeague("collusion", {"ann", "bob", "cat", "dan"});
  std::vector<PlayedRecord> records;
  for (int i = 0; i < 2000; ++i) {
    records.push_back(Collusion("table-" + std::to_string(i) + ".yaml", "1",
                                {"ann", "bob", "cat", "dan"}, {100 + i % 7, 40, 30, 20}, "N"));
  }
  return ComputeStandings(league, std::move(records));
}

TEST(StandingsStream, JsonOfALargeLeagueIsWrittenAsItIsMadeWithTheBytesOfTheWholeTree) {
  Standings standings = ManyMeetings();
  CountingBuffer buffer;
  std::ostream out(&buffer);
  library::WriteStandings(standings, "json", out);
  EXPECT_EQ(buffer.text, formats::WriteJson(StandingsTree(standings), true) + "\n");
  ASSERT_GT(buffer.text.size(), 1'000'000u);
  // Blocks of about 64 KB and a piece of the tree at most, never the document at once.
  EXPECT_LT(buffer.largest_write, 200'000u);
}

TEST(StandingsStream, CsvOfALargeLeagueIsWrittenAsItIsMadeWithTheSameBytes) {
  Standings standings = ManyMeetings();
  CountingBuffer buffer;
  std::ostream out(&buffer);
  library::WriteStandings(standings, "csv", out);
  EXPECT_EQ(buffer.text, FormatStandingsCsv(standings));
  ASSERT_GT(buffer.text.size(), 500'000u);
  EXPECT_LT(buffer.largest_write, 200'000u);
}

}  // namespace
}  // namespace referee::reports
