// A name in a league file or a record, or a file name, may hold escape sequences, line breaks,
// bidirectional overrides or bytes that are not UTF-8: every output format shows it harmlessly.
#include <gtest/gtest.h>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/text_checks.h"
#include "league/standings.h"
#include "referee/core/printable.h"
#include "reports/standings_grids.h"
#include "reports/standings_html.h"
#include "reports/standings_output.h"
#include "reports/table_text.h"

namespace referee::league {
namespace {

// Sets the terminal's title and turns the text red; C1 CSI (U+009B); a right-to-left override;
// a line break that would forge a line of the report; a byte that is not UTF-8.
const std::string kHostile =
    "\x1b]0;owned\x07\x1b[31mRed\xc2\x9b"
    "1m\xe2\x80\xae"
    "evil\nforged: line\xff";

TEST(StandingsEscape, PrintableEscapesWhatATerminalActsOn) {
  EXPECT_EQ(Printable(kHostile),
            "\\x1b]0;owned\\x07\\x1b[31mRed\\u009b1m\\u202eevil\\x0aforged: line\\xff");
  EXPECT_EQ(Printable("Zoë Ørsted 李"), "Zoë Ørsted 李");   // letters stay
  EXPECT_EQ(Printable("tab\there\x7f"), "tab\there\\x7f");  // a tab only moves to a tab stop
  EXPECT_EQ(Printable("\xc0\xaf overlong \xed\xa0\x80 surrogate \xf4\x90\x80\x80 past"),
            "\\xc0\\xaf overlong \\xed\\xa0\\x80 surrogate \\xf4\\x90\\x80\\x80 past");
  EXPECT_EQ(Printable("cut \xe2\x80"), "cut \\xe2\\x80");
  EXPECT_EQ(ValidUtf8(kHostile), kHostile.substr(0, kHostile.size() - 1) + "\\xff");
}

Standings HostileStandings() {
  League league;
  league.name = kHostile;
  league.game = "collusion";
  league.players = {{"a", kHostile, {}, ""}, {"b", "Bob", {}, ""}};
  league.descriptor = games::FindGame("collusion");
  league.scheme = DefaultScheme(*league.descriptor);
  league.tie_breaks = DefaultTieBreaks(*league.descriptor, league.scheme.kind);
  league.adjustments = {{"a", 1, std::string("1"), kHostile, {}}};
  PlayedRecord uploaded;
  uploaded.source = "records/" + kHostile + ".yaml";
  uploaded.status = verifier::Status::kInvalid;
  uploaded.SetReason(kHostile);
  Standings standings = ComputeStandings(league, {uploaded});
  standings.warnings.push_back({"two-tables", {}, kHostile});
  return standings;
}

// No byte a terminal acts on, no line that the report did not make.
void ExpectHarmless(const std::string& output, const std::string& format) {
  for (unsigned char c : output) {
    EXPECT_TRUE(c >= 0x20 || c == '\n') << format << ": byte " << static_cast<int>(c);
    if (c < 0x20 && c != '\n') break;
  }
  EXPECT_EQ(output.find("\xc2\x9b"), std::string::npos) << format;
  EXPECT_EQ(output.find("\xe2\x80\xae"), std::string::npos) << format;
  EXPECT_EQ(output.find("\xff"), std::string::npos) << format;
  EXPECT_EQ(output.find("\nforged"), std::string::npos) << format;
  EXPECT_NE(output.find("\\x1b[31mRed"), std::string::npos) << format;  // shown, visibly
}

TEST(StandingsEscape, TextMarkdownCsvAndHtmlShowHostileTextVisibly) {
  Standings standings = HostileStandings();
  ExpectHarmless(reports::FormatStandingsText(standings), "text");
  ExpectHarmless(reports::FormatStandingsMarkdown(standings), "markdown");
  ExpectHarmless(reports::FormatStandingsCsv(standings), "csv");
  std::string html = reports::FormatStandingsHtml(standings);
  ExpectHarmless(html, "html");
  EXPECT_EQ(html.find("<script"), std::string::npos);
}

TEST(StandingsEscape, MarkdownCannotOpenLinksHtmlOrCodeSpans) {
  Standings standings = HostileStandings();
  standings.league = "<img src=x onerror=alert(1)> [click](http://x) *bold* a|b";
  standings.not_counted = {{"a`b``c.yaml", "invalid", "x"}};
  std::string markdown = reports::FormatStandingsMarkdown(standings);
  EXPECT_NE(markdown.find("# \\<img src=x onerror=alert(1)\\> \\[click\\](http://x) \\*bold\\* "
                          "a\\|b\n"),
            std::string::npos)
      << markdown;
  EXPECT_NE(markdown.find("- ``` a`b``c.yaml ```: invalid: x\n"), std::string::npos) << markdown;
}

TEST(StandingsEscape, CsvQuotesAndJsonEscapes) {
  Standings standings = HostileStandings();
  standings.tables[0].rows[0].name = "Smith, \"Jr\"";
  std::string csv = reports::FormatStandingsCsv(standings);
  EXPECT_NE(csv.find(",\"Smith, \"\"Jr\"\"\","), std::string::npos) << csv;
  std::string json = formats::WriteJson(reports::StandingsTree(standings), true);
  EXPECT_NE(json.find("\\u001B[31mRed"), std::string::npos);
  EXPECT_EQ(json.find('\x1b'), std::string::npos);
  // Well-formed UTF-8, with the bytes that are not UTF-8 shown as text. (referee's own JSON
  // reader refuses the control characters a record may not hold, so it cannot be the judge.)
  EXPECT_TRUE(formats::IsValidUtf8(json));
  EXPECT_NE(json.find("line\\\\xff"), std::string::npos) << json;
}

}  // namespace
}  // namespace referee::league
