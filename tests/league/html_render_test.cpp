// The HTML standings and ratings pages in a real browser, at desktop width (1200 px) and on a phone
// (400 px): headless Chromium lays out the shipped sample pages and a script measures them. Nothing
// may stick out of the viewport sideways except inside the containers that scroll; the rank, the
// name and the points of every row are on screen without scrolling; the travellers show the table,
// the sides, the scores and the matchpoints, on screen on a phone, and never a file's path; the
// contents link to every part; text meets WCAG AA contrast and chart lines 3:1; every box that
// scrolls can be reached and scrolled from the keyboard, with a visible focus; the tables and the
// charts are on screen, the charts side by side on a desktop and one above the other on a phone;
// every chart line has its markers, no two lines coincide, and the legend draws each line's dash
// and marker as the chart does; no heading is repeated as a caption. The print style sheet, laid
// out at the width of a page, leaves nothing wider than the paper. A screenshot at each width is
// kept in the build tree (tests/artefacts/referee-standings-SEASON-WIDTH.png) for people to look
// at.
// Chromium is a test dependency (scripts/setup.sh installs it): without it this test fails.
//
// Chromium keeps a headless window at least 500 px wide, so the page is measured inside an iframe
// of the width asked for: the iframe is the page's viewport, its media queries included.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "formats/json_reader.h"
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

std::string ReadAll(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

std::string AttributeEscaped(const std::string& html) {
  std::string out;
  for (char c : html) {
    if (c == '&') {
      out += "&amp;";
    } else if (c == '"') {
      out += "&quot;";
    } else {
      out += c;
    }
  }
  return out;
}

// Measures the page in the iframe once it is laid out and writes what it found, as JSON, into
// <pre id="layout"> of the outer page, which --dump-dom prints.
constexpr const char* kMeasure = R"JS(
window.addEventListener('load', () => {
  const doc = document.getElementById('page').contentDocument;
  const width = doc.documentElement.clientWidth;
  const box = (e) => e.getBoundingClientRect();
  const overflow = [];
  for (const e of doc.body.querySelectorAll('*')) {
    if (e.parentElement.closest('.scroll') || e.parentElement.closest('svg')) continue;
    const r = box(e);
    if (r.width === 0 && r.height === 0) continue;
    if (r.left < -0.5 || r.right > width + 0.5) overflow.push(e.tagName + ' ' + e.className);
  }
  const charts = [...doc.querySelectorAll('svg.chart')].map((svg) => {
    const r = box(svg);
    const lines = [...svg.querySelectorAll('polyline.entrant')];
    const points = lines.map((l) => l.getAttribute('points'));
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width,
            height: r.height, lines: lines.length,
            markers: [...svg.querySelectorAll('g.series')].map((g) => g.children.length - 1),
            points: points.length, distinct: new Set(points).size,
            dashes: lines.map((l) => l.getAttribute('stroke-dasharray') || ''),
            colours: lines.map((l) => l.getAttribute('stroke')),
            grid: svg.querySelectorAll('line.grid').length,
            titles: [...svg.querySelectorAll('text.axis-title')].map((t) => t.textContent)};
  });
  const legends = [...doc.querySelectorAll('ul.legend')].map((ul) =>
      [...ul.querySelectorAll('li line')].map((l) =>
          [l.getAttribute('stroke'), l.getAttribute('stroke-dasharray') || '']));
  const scrolls = [...doc.querySelectorAll('.scroll')].map((s) => ({
      right: box(s).right, client: s.clientWidth, scroll: s.scrollWidth}));
  const tables = [...doc.querySelectorAll('table.standings,table.ratings')].map((t) => ({
      height: box(t).height, top: box(t).top}));
  // The cells that must be on screen without scrolling: rank, name and points (rating).
  const key = [...doc.querySelectorAll('table.standings td, table.ratings td')]
      .filter((td) => td.matches('.rank,.name,.points')).map(box);
  const keyCells = {count: key.length, left: Math.min(...key.map((r) => r.left)),
                    right: Math.max(...key.map((r) => r.right))};
  const travellers = [...doc.querySelectorAll('table.traveller')].map((t) => ({
      headers: [...t.querySelectorAll('th')].map((th) => th.textContent.trim()),
      right: Math.max(...[...t.querySelectorAll('th,td')].map((c) => box(c).right)),
      paths: [...t.querySelectorAll('td')].filter((td) => /[/\\]|\.(ya?ml|json)/.test(td.textContent))
                 .length}));
  const links = [...doc.querySelectorAll('nav.toc a')].map((a) => a.getAttribute('href'));
  const missingTargets = links.filter((href) => !doc.getElementById(href.slice(1)));
  // WCAG AA: 4.5:1 for text (3:1 when large), 3:1 for the lines of a chart.
  const view = doc.defaultView;
  const parse = (text) => {
    let m = /^#([0-9a-f]{6})$/i.exec(text || '');
    if (m) return {r: parseInt(m[1].slice(0, 2), 16), g: parseInt(m[1].slice(2, 4), 16),
                   b: parseInt(m[1].slice(4, 6), 16), a: 1};
    m = /rgba?\(([^)]+)\)/.exec(text || '');
    if (!m) return null;
    const p = m[1].split(',').map(Number);
    return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
  };
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
  const white = {r: 255, g: 255, b: 255, a: 1};
  const background = (e) => {
    for (let n = e; n; n = n.parentElement) {
      const c = parse(view.getComputedStyle(n).backgroundColor);
      if (c && c.a > 0) return c;
    }
    return white;
  };
  const lowContrast = [];
  for (const e of doc.body.querySelectorAll('*')) {
    if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== '')) continue;
    const style = view.getComputedStyle(e);
    const colour = parse(e.closest('svg') ? style.fill : style.color);
    if (!colour) continue;
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (parseInt(style.fontWeight) >= 700 && size >= 18.66);
    const r = ratio(colour, background(e));
    if (r < (large ? 3 : 4.5)) lowContrast.push(e.tagName + ' ' + r.toFixed(2) + ' ' + e.textContent.trim().slice(0, 30));
  }
  for (const line of doc.querySelectorAll('polyline.entrant')) {
    const r = ratio(parse(line.getAttribute('stroke')), white);
    if (r < 3) lowContrast.push('line ' + line.getAttribute('stroke') + ' ' + r.toFixed(2));
  }
  // From a keyboard: each box that scrolls takes the focus, is named by an element that exists,
  // and shows where the focus is.
  const keyboard = [...doc.querySelectorAll('.scroll')].map((s) => {
    s.focus();
    const named = s.getAttribute('aria-labelledby');
    const style = view.getComputedStyle(s);
    return {tabindex: s.getAttribute('tabindex'), role: s.getAttribute('role'),
            named: named ? doc.getElementById(named) !== null : s.hasAttribute('aria-label'),
            focused: doc.activeElement === s,
            outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0};
  });
  doc.activeElement.blur();
  const all = [...doc.body.querySelectorAll('*')].filter((e) => !e.parentElement.closest('svg'));
  const overflowAnywhere = all.filter((e) => { const r = box(e); return (r.width > 0 || r.height > 0) && r.right > width + 0.5; })
      .map((e) => e.tagName + ' ' + e.className);
  const toc = doc.querySelector('nav.toc');
  const tocShown = toc !== null && box(toc).height > 0;
  const headings = [...doc.querySelectorAll('h1,h2,h3')].map((h) => h.textContent.trim());
  const captions = [...doc.querySelectorAll('caption,figcaption')].map((c) => c.textContent.trim());
  const viewport = doc.querySelector('meta[name=viewport]') !== null;
  const pre = document.createElement('pre');
  pre.id = 'layout';
  pre.textContent = JSON.stringify({width, page: doc.documentElement.scrollWidth, overflow, charts,
                                    legends, scrolls, tables, headings, captions, viewport,
                                    keyCells, travellers, links, missingTargets, lowContrast,
                                    keyboard, overflowAnywhere, tocShown});
  document.body.appendChild(pre);
});
)JS";

class Browser {
 public:
  Browser() : chromium_(Chromium()) {
    profile_ = fs::temp_directory_path() / ("referee-chromium-" + std::to_string(getpid()));
    fs::create_directories(profile_);
  }
  ~Browser() { fs::remove_all(profile_); }

  const std::string& chromium() const { return chromium_; }

  // The page inside an iframe `width` pixels wide; the layout as the script measured it.
  referee::Result<referee::record::Node> Measure(const std::string& page, int width) {
    fs::path outer = Wrap(page, width, true);
    int code = -1;
    std::string dom = RunShell(
        Command(width + 100, 1600) + "--dump-dom 'file://" + outer.string() + "' 2>/dev/null",
        code);
    std::smatch found;
    if (code != 0 || !std::regex_search(dom, found, std::regex("<pre id=\"layout\">(.*)</pre>"))) {
      return referee::Fail(referee::Malformed("no-layout", "", dom.substr(0, 2000)));
    }
    std::string json = std::regex_replace(found[1].str(), std::regex("&quot;"), "\"");
    json = std::regex_replace(json, std::regex("&amp;"), "&");
    return referee::formats::ParseJson(json);
  }

  // A screenshot of the page at `width`, kept in the build tree as a test artefact.
  fs::path Screenshot(const std::string& page, int width, const std::string& name) {
    fs::path outer = Wrap(page, width, false);
    fs::path folder = fs::path(REFEREE_BUILD_DIR) / "tests/artefacts";
    fs::create_directories(folder);
    fs::path shot = folder / name;
    int code = -1;
    RunShell(Command(std::max(width, 500), 2400) + "--screenshot='" + shot.string() + "' 'file://" +
                 outer.string() + "' >/dev/null 2>&1",
             code);
    return shot;
  }

 private:
  std::string Command(int width, int height) const {
    return "timeout 90 '" + chromium_ +
           "' --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
           "--disable-background-networking --disable-component-update --disable-sync "
           "--hide-scrollbars --user-data-dir='" +
           profile_.string() + "' --window-size=" + std::to_string(width) + "," +
           std::to_string(height) + " ";
  }

  fs::path Wrap(const std::string& page, int width, bool measure) {
    std::string html =
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head>"
        "<body style=\"margin:0\"><iframe id=\"page\" style=\"border:0;width:" +
        std::to_string(width) + "px;height:2400px\" srcdoc=\"" + AttributeEscaped(page) +
        "\"></iframe>" + (measure ? "<script>" + std::string(kMeasure) + "</script>" : "") +
        "</body></html>";
    fs::path outer = profile_ / ("outer-" + std::to_string(width) + ".html");
    std::ofstream(outer, std::ios::binary) << html;
    return outer;
  }

  std::string chromium_;
  fs::path profile_;
};

using referee::record::Node;

double Number(const Node& map, std::string_view key) { return std::stod(map.Find(key)->text()); }

std::vector<std::string> Texts(const Node& list) {
  std::vector<std::string> texts;
  for (const Node& item : list.items()) texts.push_back(item.text());
  return texts;
}

void ExpectReadable(const Node& layout, int width, const std::string& what) {
  SCOPED_TRACE(what + " at " + std::to_string(width) + " px");
  EXPECT_EQ(layout.Find("viewport")->text(), "true");
  EXPECT_EQ(Number(layout, "width"), width);
  EXPECT_LE(Number(layout, "page"), width) << "the page scrolls sideways";
  EXPECT_TRUE(layout.Find("overflow")->items().empty())
      << "outside the viewport: " << ::testing::PrintToString(Texts(*layout.Find("overflow")));
  for (const Node& scroll : layout.Find("scrolls")->items()) {
    EXPECT_LE(Number(scroll, "right"), width + 0.5);
    EXPECT_LE(Number(scroll, "client"), width);
  }
  for (const Node& table : layout.Find("tables")->items()) EXPECT_GT(Number(table, "height"), 50);
  std::vector<std::string> headings = Texts(*layout.Find("headings"));
  for (const std::string& caption : Texts(*layout.Find("captions"))) {
    EXPECT_EQ(std::count(headings.begin(), headings.end(), caption), 0) << caption;
  }
}

// The rank, name and points (rating) of every row are on screen without scrolling sideways.
void ExpectKeyColumnsOnScreen(const Node& layout, int width) {
  SCOPED_TRACE("rank, name and points at " + std::to_string(width) + " px");
  const Node& cells = *layout.Find("keyCells");
  EXPECT_GE(Number(cells, "count"), 3 * 3);  // three rows at least
  EXPECT_GE(Number(cells, "left"), 0);
  EXPECT_LE(Number(cells, "right"), width + 0.5);
}

// Readable by everyone: contrast, a keyboard, the contents.
void ExpectAccessible(const Node& layout) {
  EXPECT_TRUE(layout.Find("lowContrast")->items().empty())
      << ::testing::PrintToString(Texts(*layout.Find("lowContrast")));
  EXPECT_GE(layout.Find("links")->items().size(), 2u) << "no table of contents";
  EXPECT_TRUE(layout.Find("missingTargets")->items().empty())
      << ::testing::PrintToString(Texts(*layout.Find("missingTargets")));
  EXPECT_EQ(layout.Find("tocShown")->text(), "true");
  for (const Node& scroll : layout.Find("keyboard")->items()) {
    EXPECT_EQ(scroll.Find("tabindex")->text(), "0");
    EXPECT_EQ(scroll.Find("role")->text(), "region");
    EXPECT_EQ(scroll.Find("named")->text(), "true");
    EXPECT_EQ(scroll.Find("focused")->text(), "true");
    EXPECT_EQ(scroll.Find("outline")->text(), "true") << "no visible focus";
  }
}

// The page as the print style sheet lays it out, on a page's width: rewritten so that its print
// rules apply on screen (Chromium's screenshots and layout are of the screen).
std::string AsPrinted(std::string html) {
  size_t at = html.find("@media print{");
  if (at != std::string::npos) html.replace(at, 13, "@media all{");
  return html;
}

void ExpectPrintable(const Node& layout, int width) {
  SCOPED_TRACE("printed, " + std::to_string(width) + " px");
  EXPECT_TRUE(layout.Find("overflowAnywhere")->items().empty())
      << "wider than the paper: "
      << ::testing::PrintToString(Texts(*layout.Find("overflowAnywhere")));
  EXPECT_EQ(layout.Find("tocShown")->text(), "false");
}

void ExpectCharts(const Node& layout, int width, size_t entrants_first_table) {
  SCOPED_TRACE("charts at " + std::to_string(width) + " px");
  const std::vector<Node>& charts = layout.Find("charts")->items();
  ASSERT_GE(charts.size(), 2u);
  for (const Node& chart : charts) {
    EXPECT_GE(Number(chart, "left"), 0);
    EXPECT_LE(Number(chart, "right"), width + 0.5);
    EXPECT_GE(Number(chart, "width"), std::min(width - 40, 500));  // readable, not a thumbnail
    EXPECT_GT(Number(chart, "height"), 150);
    EXPECT_EQ(Number(chart, "distinct"), Number(chart, "points")) << "two lines coincide";
    EXPECT_GE(Number(chart, "grid"), 4);
    EXPECT_EQ(Texts(*chart.Find("titles")).size(), 2u);  // both axes are labelled
    for (const Node& markers : chart.Find("markers")->items())
      EXPECT_GE(std::stoi(markers.text()), 1);
  }
  EXPECT_EQ(Number(charts[0], "lines"), entrants_first_table);
  // Points and rank of a table: side by side on a desktop, one above the other on a phone.
  if (width >= 1000) {
    EXPECT_GT(Number(charts[1], "left"), Number(charts[0], "right"));
  } else {
    EXPECT_GE(Number(charts[1], "top"), Number(charts[0], "bottom"));
  }
  // The legend draws each line in its colour and dash pattern.
  const Node& legend = layout.Find("legends")->items().at(0);
  const std::vector<Node>& items = legend.items();
  ASSERT_EQ(items.size(), static_cast<size_t>(Number(charts[0], "lines")));
  std::vector<std::string> colours = Texts(*charts[0].Find("colours"));
  std::vector<std::string> dashes = Texts(*charts[0].Find("dashes"));
  for (size_t i = 0; i < items.size(); ++i) {
    EXPECT_EQ(items[i].items()[0].text(), colours[i]) << i;
    EXPECT_EQ(items[i].items()[1].text(), dashes[i]) << i;
  }
}

struct Page {
  std::string season;
  size_t entrants;          // in its first table
  bool scrolls_on_a_phone;  // some table is wider than a phone and scrolls in its container
};

TEST(StandingsHtml, ReadsOnADesktopAndOnAPhone) {
  Browser browser;
  ASSERT_FALSE(browser.chromium().empty()) << "chromium is missing: run scripts/setup.sh";
  for (const Page& page : {Page{"collusion", 8, true}, Page{"plonk-pairs", 3, true}}) {
    fs::path file =
        fs::path(REFEREE_SOURCE_DIR) / "samples/league" / page.season / "expected/standings.html";
    std::string html = ReadAll(file);
    ASSERT_FALSE(html.empty()) << file;
    for (int width : {1200, 400}) {
      referee::Result<Node> layout = browser.Measure(html, width);
      ASSERT_TRUE(layout.has_value()) << layout.error().message;
      ExpectReadable(*layout, width, page.season);
      ExpectKeyColumnsOnScreen(*layout, width);
      ExpectAccessible(*layout);
      ExpectCharts(*layout, width, page.entrants);
      if (width == 400 && page.scrolls_on_a_phone) {
        bool scrolls = false;
        for (const Node& scroll : layout->Find("scrolls")->items()) {
          scrolls = scrolls || Number(scroll, "scroll") > Number(scroll, "client");
        }
        EXPECT_TRUE(scrolls) << page.season << ": no table scrolls on a phone";
      }
      fs::path shot = browser.Screenshot(
          html, width, "referee-standings-" + page.season + "-" + std::to_string(width) + ".png");
      ASSERT_TRUE(fs::exists(shot)) << shot;
      EXPECT_GT(fs::file_size(shot), 10000u) << shot;  // a drawn page, not a blank one
    }
  }
}

// The ratings page: its table on screen, nothing outside the viewport at either width (the table
// scrolls in its container on a phone), the viewport declared, no heading repeated as a caption.
TEST(RatingsHtml, ReadsOnADesktopAndOnAPhone) {
  Browser browser;
  ASSERT_FALSE(browser.chromium().empty()) << "chromium is missing: run scripts/setup.sh";
  for (const char* season : {"collusion", "plonk"}) {
    fs::path file =
        fs::path(REFEREE_SOURCE_DIR) / "samples/league" / season / "expected/ratings.html";
    std::string html = ReadAll(file);
    ASSERT_FALSE(html.empty()) << file;
    for (int width : {1200, 400}) {
      referee::Result<Node> layout = browser.Measure(html, width);
      ASSERT_TRUE(layout.has_value()) << layout.error().message;
      ExpectReadable(*layout, width, std::string("ratings of ") + season);
      ExpectKeyColumnsOnScreen(*layout, width);
      ExpectAccessible(*layout);
      EXPECT_EQ(layout->Find("tables")->items().size(), 1u) << season;
      EXPECT_GE(layout->Find("scrolls")->items().size(), 1u) << season;
      fs::path shot = browser.Screenshot(
          html, width,
          std::string("referee-ratings-") + season + "-" + std::to_string(width) + ".png");
      ASSERT_TRUE(fs::exists(shot)) << shot;
      EXPECT_GT(fs::file_size(shot), 10000u) << shot;
    }
  }
}

// A duplicate event's travellers: on a phone, the table, each direction's side, score and
// matchpoints are on screen, and no file's path is shown.
TEST(StandingsHtml, TravellersShowTheResultsNotTheFiles) {
  Browser browser;
  ASSERT_FALSE(browser.chromium().empty()) << "chromium is missing: run scripts/setup.sh";
  std::string html =
      ReadAll(fs::path(REFEREE_SOURCE_DIR) / "samples/league/plonk-pairs/expected/standings.html");
  referee::Result<Node> layout = browser.Measure(html, 400);
  ASSERT_TRUE(layout.has_value()) << layout.error().message;
  const std::vector<Node>& travellers = layout->Find("travellers")->items();
  ASSERT_GE(travellers.size(), 1u);
  for (const Node& traveller : travellers) {
    EXPECT_EQ(Texts(*traveller.Find("headers")),
              (std::vector<std::string>{"table", "NS", "score", "MP", "EW", "score", "MP"}));
    EXPECT_LE(Number(traveller, "right"), 400.5);
    EXPECT_EQ(Number(traveller, "paths"), 0);
  }
  EXPECT_EQ(html.find("samples/league/plonk-pairs/records/", html.find("id=\"travellers\"")),
            std::string::npos);
}

// Printing: the print style sheet lays every part out within a page's width (about 700 CSS
// pixels of A4 inside its margins), without the contents.
TEST(StandingsHtml, PrintsOnPaper) {
  Browser browser;
  ASSERT_FALSE(browser.chromium().empty()) << "chromium is missing: run scripts/setup.sh";
  for (const char* file :
       {"collusion/expected/standings.html", "plonk-pairs/expected/standings.html",
        "collusion/expected/ratings.html"}) {
    SCOPED_TRACE(file);
    std::string html = ReadAll(fs::path(REFEREE_SOURCE_DIR) / "samples/league" / file);
    ASSERT_NE(html.find("@media print{"), std::string::npos);
    referee::Result<Node> layout = browser.Measure(AsPrinted(html), 700);
    ASSERT_TRUE(layout.has_value()) << layout.error().message;
    ExpectPrintable(*layout, 700);
  }
}

// The rendered page holds every row and every chart line of the sample.
TEST(StandingsHtml, RendersTheTableAndTheChartInChromium) {
  Browser browser;
  ASSERT_FALSE(browser.chromium().empty()) << "chromium is missing: run scripts/setup.sh";
  fs::path page = fs::path(REFEREE_SOURCE_DIR) / "samples/league/collusion/expected/standings.html";
  int code = -1;
  std::string dom = RunShell(
      "timeout 90 '" + browser.chromium() +
          "' --headless --no-sandbox --disable-gpu --no-first-run "
          "--disable-background-networking --user-data-dir='" +
          (fs::temp_directory_path() / ("referee-dom-" + std::to_string(getpid()))).string() +
          "' --dump-dom 'file://" + page.string() + "' 2>/dev/null",
      code);
  ASSERT_EQ(code, 0) << dom;
  std::string table = dom.substr(dom.find("<table class=\"standings\""));
  table = table.substr(0, table.find("</table>"));
  auto count = [](const std::string& text, const char* pattern) {
    std::regex regex(pattern);
    return std::distance(std::sregex_iterator(text.begin(), text.end(), regex), {});
  };
  EXPECT_EQ(count(table, "<tr[ >]"), 9) << table;            // the header and 8 rows
  EXPECT_EQ(count(dom, "<polyline class=\"entrant\""), 16);  // points and rank, 8 lines each
  for (const char* name : {"Alice Archer", "Hugo Hale", "data-entrant=\"erin\"",
                           "r3-t3-wrong-winner.yaml", "Cross-table", "made by: referee"}) {
    EXPECT_NE(dom.find(name), std::string::npos) << name;
  }
  fs::remove_all(fs::temp_directory_path() / ("referee-dom-" + std::to_string(getpid())));
}

}  // namespace
