// The HTML standings page in a real browser: headless Chromium renders the shipped sample, and
// the rendered DOM holds the table rows and one chart line per entrant; a screenshot is drawn.
// Chromium is a test dependency (scripts/setup.sh installs it): without it this test fails.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <regex>

#include "tests/support/shell.h"

namespace {

namespace fs = std::filesystem;

std::string RunShell(const std::string& command, int& exit_code) {
  referee::testing::ShellResult result = referee::testing::RunShell(command);
  exit_code = result.exit_code;
  return result.output;
}

std::string Chromium() {
  for (const char* name : {"chromium", "chromium-browser"}) {
    int code = -1;
    std::string path = RunShell(std::string("command -v ") + name + " 2>/dev/null", code);
    if (code == 0 && !path.empty()) return path.substr(0, path.find('\n'));
  }
  return "";
}

size_t Count(const std::string& text, const std::regex& pattern) {
  return static_cast<size_t>(
      std::distance(std::sregex_iterator(text.begin(), text.end(), pattern), {}));
}

TEST(StandingsHtml, RendersTheTableAndTheChartInChromium) {
  std::string chromium = Chromium();
  ASSERT_FALSE(chromium.empty()) << "chromium is missing: run scripts/setup.sh";
  fs::path page = fs::path(REFEREE_SOURCE_DIR) / "samples/league/collusion/expected/standings.html";
  ASSERT_TRUE(fs::exists(page));
  fs::path profile = fs::temp_directory_path() / ("referee-chromium-" + std::to_string(getpid()));
  fs::path screenshot = profile / "page.png";
  fs::create_directories(profile);
  std::string flags =
      " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
      "--disable-background-networking --disable-component-update --disable-sync "
      "--user-data-dir='" +
      profile.string() + "' ";
  int code = -1;
  std::string dom = RunShell("timeout 60 '" + chromium + "'" + flags + "--dump-dom 'file://" +
                                 page.string() + "' 2>/dev/null",
                             code);
  ASSERT_EQ(code, 0) << dom;
  // Eight entrants: eight body rows in the standings table and eight chart lines.
  std::string table = dom.substr(dom.find("<table class=\"standings\""));
  table = table.substr(0, table.find("</table>"));
  EXPECT_EQ(Count(table, std::regex("<tr[ >]")), 9u) << table;  // the header and 8 rows
  EXPECT_EQ(Count(dom, std::regex("<polyline class=\"entrant\"")), 8u);
  for (const char* name : {"Alice Archer", "Hugo Hale", "data-entrant=\"erin\""}) {
    EXPECT_NE(dom.find(name), std::string::npos) << name;
  }
  EXPECT_NE(dom.find("r3-t3-wrong-winner.yaml"), std::string::npos);  // the rejected records
  RunShell("timeout 60 '" + chromium + "'" + flags + "--window-size=1200,900 --screenshot='" +
               screenshot.string() + "' 'file://" + page.string() + "' >/dev/null 2>&1",
           code);
  EXPECT_EQ(code, 0);
  ASSERT_TRUE(fs::exists(screenshot));
  EXPECT_GT(fs::file_size(screenshot), 10000u);  // a drawn page, not a blank one
  fs::remove_all(profile);
}

}  // namespace
