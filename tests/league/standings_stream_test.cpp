// The standings are written to their stream as they are made: a league of 5,000 records wrote
// 15.8 MB of JSON from one string built whole, and the tree before it (peak 129 MB against 24 MB
// for the text); a league of 100,000 took 519 MB. HTML was one string too (115 MB for 100,000
// Collusion records), and every format held the whole cross-table, whose cells in such a league
// are megabytes each. The bytes must not change.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <streambuf>

#include "formats/json_writer.h"
#include "referee/core/printable.h"
#include "reports/standings_grids.h"
#include "reports/standings_html.h"
#include "reports/standings_output.h"
#include "reports/standings_render.h"
#include "reports/table_text.h"
#include "tests/league/standings_fixtures.h"

namespace referee::league {
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

// What reports::WriteStandings writes in `format`, and the bytes of its largest single write.
struct Written {
  std::string text;
  size_t largest_write = 0;
};
Written WrittenAs(const Standings& standings, std::string_view format) {
  CountingBuffer buffer;
  std::ostream out(&buffer);
  reports::WriteStandings(standings, format, out);
  return {std::move(buffer.text), buffer.largest_write};
}

TEST(StandingsStream, JsonOfALargeLeagueIsWrittenAsItIsMadeWithTheBytesOfTheWholeTree) {
  Standings standings = ManyMeetings();
  Written json = WrittenAs(standings, "json");
  EXPECT_EQ(json.text, formats::WriteJson(reports::StandingsTree(standings), true) + "\n");
  ASSERT_GT(json.text.size(), 1'000'000u);
  // Blocks of about 64 KB and a piece of the tree at most, never the document at once.
  EXPECT_LT(json.largest_write, 200'000u);
}

TEST(StandingsStream, CsvOfALargeLeagueIsWrittenAsItIsMadeWithTheSameBytes) {
  Standings standings = ManyMeetings();
  Written csv = WrittenAs(standings, "csv");
  EXPECT_EQ(csv.text, reports::FormatStandingsCsv(standings));
  ASSERT_GT(csv.text.size(), 500'000u);
  EXPECT_LT(csv.largest_write, 200'000u);
}

// HTML was one string; text and Markdown set the cross-table in columns, so they make its rows
// twice, to measure them and to write them. Each writes a row of the cross-table at most (2,000
// meetings of about 20 bytes), never the document at once.
TEST(StandingsStream, HtmlTextAndMarkdownOfALargeLeagueAreWrittenARowAtATime) {
  Standings standings = ManyMeetings();
  for (const auto& [format, whole] :
       {std::pair{"html", reports::FormatStandingsHtml(standings)},
        std::pair{"text", reports::FormatStandingsText(standings)},
        std::pair{"markdown", reports::FormatStandingsMarkdown(standings)}}) {
    Written written = WrittenAs(standings, format);
    EXPECT_EQ(written.text, whole) << format;
    ASSERT_GT(written.text.size(), 150'000u) << format;
    EXPECT_LT(written.largest_write, 100'000u) << format;
  }
}

TEST(StandingsStream, TheCrossTablesRowsAreMadeOneAtATimeAsTheWholeGridHasThem) {
  Standings standings = ManyMeetings();
  const StandingsTable& table = standings.tables[0];
  reports::Grid whole = WholeGrid(reports::CrossTableRows(standings, table));
  ASSERT_EQ(whole.size(), table.rows.size() + 1);
  size_t made = 0;
  reports::CrossTableRows(standings, table)([&](const reports::GridRow& row) {
    ASSERT_LT(made, whole.size());
    EXPECT_EQ(row, whole[made]);
    EXPECT_EQ(row.size(), reports::CrossTableColumns(standings));
    ++made;
  });
  EXPECT_EQ(made, whole.size());
}

}  // namespace
}  // namespace referee::league
