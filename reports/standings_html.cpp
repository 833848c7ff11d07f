#include "reports/standings_html.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <sstream>

#include "referee/core/printable.h"
#include "reports/html_page.h"
#include "reports/standings_grids.h"
#include "reports/standings_output.h"

namespace referee::reports {
namespace {

// Distinct colours, each at least 4.5:1 against white (WCAG AA asks 3:1 of a chart's lines).
const char* const kColours[] = {"#1f5fa8", "#c0392b", "#1e7b34", "#b35900", "#6a3d9a", "#8c564b",
                                "#b0306f", "#595959", "#6b6b00", "#00758a", "#393b79", "#4f6b12"};
constexpr size_t kColourCount = sizeof(kColours) / sizeof(kColours[0]);
// Dash patterns and marker shapes cycle with other periods than the colours, so that two entrants
// never look alike and lines that coincide still show each of them.
const char* const kDashes[] = {"", "7 3", "2 3", "9 3 2 3"};
constexpr size_t kDashCount = sizeof(kDashes) / sizeof(kDashes[0]);
enum class Marker { kCircle, kSquare, kTriangle, kDiamond, kDown, kCross };
constexpr size_t kMarkerCount = 6;

std::string Number(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f", value);
  return text;
}

// An id for an element, from a table's title: letters and digits kept, the rest a hyphen.
std::string Anchor(const std::string& text) {
  std::string id;
  for (unsigned char c : text) id += std::isalnum(c) ? static_cast<char>(std::tolower(c)) : '-';
  return id;
}

struct SeriesStyle {
  std::string colour;
  std::string dash;
  Marker marker;
};

SeriesStyle StyleOf(size_t i) {
  return {kColours[i % kColourCount], kDashes[i % kDashCount],
          static_cast<Marker>(i % kMarkerCount)};
}

std::string DashAttribute(const SeriesStyle& style) {
  return style.dash.empty() ? "" : " stroke-dasharray=\"" + style.dash + "\"";
}

// A marker centred on (x, y), filled with the series' colour and edged in white so that markers
// on top of each other stay apart.
std::string MarkerSvg(const SeriesStyle& style, double x, double y) {
  const double r = 4.5;
  std::string paint = " fill=\"" + style.colour + "\" stroke=\"#fff\" stroke-width=\"1\"";
  auto point = [](double px, double py) { return Number(px) + "," + Number(py); };
  switch (style.marker) {
    case Marker::kCircle:
      return "<circle cx=\"" + Number(x) + "\" cy=\"" + Number(y) + "\" r=\"" + Number(r) + "\"" +
             paint + "/>";
    case Marker::kSquare:
      return "<rect x=\"" + Number(x - r) + "\" y=\"" + Number(y - r) + "\" width=\"" +
             Number(2 * r) + "\" height=\"" + Number(2 * r) + "\"" + paint + "/>";
    case Marker::kTriangle:
      return "<polygon points=\"" + point(x, y - r - 1) + " " + point(x + r + 1, y + r) + " " +
             point(x - r - 1, y + r) + "\"" + paint + "/>";
    case Marker::kDiamond:
      return "<polygon points=\"" + point(x, y - r - 1) + " " + point(x + r + 1, y) + " " +
             point(x, y + r + 1) + " " + point(x - r - 1, y) + "\"" + paint + "/>";
    case Marker::kDown:
      return "<polygon points=\"" + point(x - r - 1, y - r) + " " + point(x + r + 1, y - r) + " " +
             point(x, y + r + 1) + "\"" + paint + "/>";
    case Marker::kCross:
      return "<path d=\"M" + point(x - r, y - r) + "L" + point(x + r, y + r) + "M" +
             point(x - r, y + r) + "L" + point(x + r, y - r) + "\" stroke=\"" + style.colour +
             "\" stroke-width=\"3\"/>";
  }
  return "";
}

// One chart: the rounds along the bottom, a value axis with gridlines at `ticks`, one line per
// series. Series that coincide are dodged sideways by a few pixels each, so none hides another.
struct Chart {
  std::string label;                                  // for screen readers
  std::string y_title;                                // "points", "rank"
  std::vector<std::string> x_labels;                  // one per step
  std::vector<std::pair<double, std::string>> ticks;  // value and its label
  double low = 0, high = 1;                           // the value range; `inverted`: low at the top
  bool inverted = false;
  struct Series {
    std::string entrant, title;
    std::vector<double> values;  // one per step
  };
  std::vector<Series> series;
};

constexpr int kWidth = 560, kHeight = 320;
constexpr int kLeft = 52, kRight = 16, kTop = 14, kBottom = 46;

// The first and last rounds stand a little inside the axes, so that their markers (dodged
// sideways) stay clear of the value labels.
constexpr int kInset = 18;

double ChartX(const Chart& chart, size_t step) {
  size_t steps = chart.x_labels.size();
  double width = kWidth - kLeft - kRight - 2 * kInset;
  double left = kLeft + kInset;
  return left + (steps <= 1 ? width / 2 : width * static_cast<double>(step) / (steps - 1));
}

double ChartY(const Chart& chart, double value) {
  double share = (value - chart.low) / (chart.high - chart.low);
  double height = kHeight - kTop - kBottom;
  return chart.inverted ? kTop + height * share : kTop + height * (1 - share);
}

std::string AxesSvg(const Chart& chart) {
  std::string svg;
  double left = kLeft, right = kWidth - kRight, bottom = kHeight - kBottom;
  for (const auto& [value, label] : chart.ticks) {
    double y = ChartY(chart, value);
    svg += "<line class=\"grid\" x1=\"" + Number(left) + "\" y1=\"" + Number(y) + "\" x2=\"" +
           Number(right) + "\" y2=\"" + Number(y) + "\" stroke=\"#e3e3e3\"/>";
    svg += "<text x=\"" + Number(left - 6) + "\" y=\"" + Number(y + 4) + "\" text-anchor=\"end\">" +
           HtmlEscape(label) + "</text>\n";
  }
  for (size_t step = 0; step < chart.x_labels.size(); ++step) {
    double x = ChartX(chart, step);
    svg += "<line class=\"grid\" x1=\"" + Number(x) + "\" y1=\"" + Number(kTop) + "\" x2=\"" +
           Number(x) + "\" y2=\"" + Number(bottom) + "\" stroke=\"#f0f0f0\"/>";
    svg += "<text x=\"" + Number(x) + "\" y=\"" + Number(bottom + 17) +
           "\" text-anchor=\"middle\">" + HtmlEscape(chart.x_labels[step]) + "</text>\n";
  }
  svg += "<line class=\"axis\" x1=\"" + Number(left) + "\" y1=\"" + Number(bottom) + "\" x2=\"" +
         Number(right) + "\" y2=\"" + Number(bottom) + "\" stroke=\"#666\"/>";
  svg += "<line class=\"axis\" x1=\"" + Number(left) + "\" y1=\"" + Number(kTop) + "\" x2=\"" +
         Number(left) + "\" y2=\"" + Number(bottom) + "\" stroke=\"#666\"/>\n";
  svg += "<text class=\"axis-title\" x=\"" + Number((left + right) / 2) + "\" y=\"" +
         Number(kHeight - 6) + "\" text-anchor=\"middle\">round</text>";
  svg += "<text class=\"axis-title\" transform=\"translate(14," + Number((kTop + bottom) / 2) +
         ") rotate(-90)\" text-anchor=\"middle\">" + HtmlEscape(chart.y_title) + "</text>\n";
  return svg;
}

std::string SeriesSvg(const Chart& chart) {
  std::string svg;
  size_t count = chart.series.size();
  double spacing = count > 1 ? std::min(3.0, 24.0 / static_cast<double>(count - 1)) : 0;
  for (size_t i = 0; i < count; ++i) {
    const Chart::Series& series = chart.series[i];
    SeriesStyle style = StyleOf(i);
    double dodge = (static_cast<double>(i) - static_cast<double>(count - 1) / 2) * spacing;
    std::string points, markers;
    for (size_t step = 0; step < series.values.size(); ++step) {
      double x = ChartX(chart, step) + dodge, y = ChartY(chart, series.values[step]);
      points += (points.empty() ? "" : " ") + Number(x) + "," + Number(y);
      markers += MarkerSvg(style, x, y);
    }
    svg += "<g class=\"series\"><polyline class=\"entrant\" data-entrant=\"" +
           HtmlEscape(series.entrant) + "\" fill=\"none\" stroke=\"" + style.colour +
           "\" stroke-width=\"2\"" + DashAttribute(style) + " points=\"" + points + "\"><title>" +
           HtmlEscape(series.title) + "</title></polyline>" + markers + "</g>\n";
  }
  return svg;
}

std::string ChartSvg(const Chart& chart) {
  std::string size = std::to_string(kWidth) + " " + std::to_string(kHeight);
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 " + size +
         "\" width=\"" + std::to_string(kWidth) + "\" height=\"" + std::to_string(kHeight) +
         "\" role=\"img\" aria-label=\"" + HtmlEscape(chart.label) + "\">\n" + AxesSvg(chart) +
         SeriesSvg(chart) + "</svg>\n";
}

// The step between gridlines: 1, 2 or 5 times a power of ten points, for at most five steps.
int64_t TickStep(int64_t span) {
  for (int64_t scale = league::kPointUnit;; scale *= 10) {
    for (int64_t factor : {1, 2, 5}) {
      if (factor * scale * 5 >= span) return factor * scale;
    }
  }
}

// Gridline values for points, the range widened to whole steps.
std::vector<std::pair<double, std::string>> PointTicks(int64_t& low, int64_t& high) {
  int64_t step = TickStep(std::max<int64_t>(high - low, league::kPointUnit));
  low = (low >= 0 ? low / step : -((-low + step - 1) / step)) * step;
  high = ((high + step - 1) / step) * step;
  std::vector<std::pair<double, std::string>> ticks;
  for (int64_t value = low; value <= high; value += step) {
    ticks.emplace_back(static_cast<double>(value), league::FormatPoints(value));
  }
  return ticks;
}

std::string Legend(const league::StandingsTable& table) {
  std::string html = "<ul class=\"legend\">\n";
  for (size_t i = 0; i < table.rows.size(); ++i) {
    SeriesStyle style = StyleOf(i);
    html +=
        "<li><svg width=\"40\" height=\"14\" viewBox=\"0 0 40 14\" aria-hidden=\"true\">"
        "<line x1=\"2\" y1=\"7\" x2=\"38\" y2=\"7\" stroke=\"" +
        style.colour + "\" stroke-width=\"2\"" + DashAttribute(style) + "/>" +
        MarkerSvg(style, 20, 7) + "</svg>" + HtmlEscape(table.rows[i].name) + "</li>\n";
  }
  return html + "</ul>\n";
}

std::vector<bool> FirstColumnsText(size_t columns, size_t text) {
  std::vector<bool> left(columns, false);
  for (size_t c = 0; c < text && c < columns; ++c) left[c] = true;
  return left;
}

std::string RoundByRound(const league::Standings& standings, const league::StandingsTable& table,
                         const std::string& id) {
  std::string html = "<h3 id=\"" + id + "-rounds\">Round by round</h3>\n";
  Grid ranks = RankByRoundGrid(standings, table);
  html += HtmlGrid(ranks, "by-round", id + "-rounds", FirstColumnsText(ranks[0].size(), 1));
  html += "<div class=\"charts\">\n<figure>\n<figcaption>Points after each round</figcaption>\n" +
          PointsChartSvg(standings, table) + "</figure>\n";
  html += "<figure>\n<figcaption>Rank after each round</figcaption>\n" +
          RankChartSvg(standings, table) + "</figure>\n</div>\n";
  return html + Legend(table);
}

std::string TableId(const league::StandingsTable& table) {
  return "table-" + Anchor(table.Title());
}

// The standings as a phone shows them: rank, the name (the id under it) and the points first, on
// screen at 400 px; the matches, results, percentage and tie-breaks after them, scrolling inside
// the table's box.
HtmlTable StandingsHtmlTable(const league::Standings& standings,
                             const league::StandingsTable& table, const std::string& labelled_by) {
  using Kind = HtmlColumn::Kind;
  HtmlTable html{"standings", labelled_by, {}, {}};
  html.columns = {{"rank", Kind::kNumber, "rank"},
                  {"name", Kind::kName, "name"},
                  {PointsColumn(standings), Kind::kNumber, "points"}};
  if (standings.duplicate) html.columns.push_back({"percentage", Kind::kNumber, ""});
  html.columns.push_back({"played", Kind::kNumber, ""});
  for (const std::string& column : ResultColumns(standings)) {
    html.columns.push_back({column, Kind::kNumber, ""});
  }
  std::vector<league::TieBreak> tie_breaks = TieBreakColumns(standings);
  for (const league::TieBreak& tie_break : tie_breaks) {
    html.columns.push_back({std::string(TieBreakName(tie_break)), Kind::kNumber, ""});
  }
  Grid grid = StandingsGrid(standings, table);  // the same cells as every other format
  size_t results = ResultColumns(standings).size();
  for (size_t r = 0; r < table.rows.size(); ++r) {
    const GridRow& cells = grid[r + 1];
    const size_t points = 4 + results;  // rank, entrant, name, played, results, points
    HtmlRow row{{HtmlCell(cells[0]), HtmlCell(cells[2], cells[1]), HtmlCell(cells[points])},
                table.rows[r].shared,
                ""};
    size_t next = points + 1;
    if (standings.duplicate) row.cells.emplace_back(cells[next++]);
    row.cells.emplace_back(cells[3]);
    for (size_t c = 4; c < points; ++c) row.cells.emplace_back(cells[c]);
    for (; next < cells.size(); ++next) row.cells.emplace_back(cells[next]);
    html.rows.push_back(std::move(row));
  }
  return html;
}

// Written as it is made: the cross-table is made, written and dropped a row at a time.
void WriteTableSection(const league::Standings& standings, const league::StandingsTable& table,
                       std::ostream& out) {
  std::string id = TableId(table);
  out << "<section id=\"" << id << "\">\n<h2 id=\"" << id << "-title\">"
      << HtmlEscape(table.Title()) << "</h2>\n";
  out << HtmlTableText(StandingsHtmlTable(standings, table, id + "-title"));
  out << HtmlList("key", TableKey(standings));
  out << HtmlList("why", table.explanations);
  if (!standings.rounds.empty()) {
    out << RoundByRound(standings, table, id);
    std::vector<bool> text(CrossTableColumns(standings), true);
    text.front() = text.back() = false;
    out << "<h3 id=\"" << id << "-cross\">Cross-table</h3>\n";
    std::string key = CrossTableKey(standings, table);
    if (!key.empty()) out << "<p class=\"key\">Key: " << HtmlEscape(key) << "</p>\n";
    WriteHtmlGrid(CrossTableRows(standings, table), "cross", id + "-cross", text, {}, out);
  }
  out << "</section>\n";
}

// A traveller for people: per table (its `table:`, else its place in the list), who sat in each
// direction, their score and matchpoints. The record's file is for the organiser (text, CSV,
// JSON), not for a published page.
HtmlTable TravellerHtmlTable(const league::Traveller& traveller, const std::string& labelled_by) {
  using Kind = HtmlColumn::Kind;
  HtmlTable html{"traveller", labelled_by, {{"table", Kind::kText, ""}}, {}};
  for (const std::string& direction : traveller.directions) {
    html.columns.push_back({direction, Kind::kText, ""});
    html.columns.push_back({"score", Kind::kNumber, ""});
    html.columns.push_back({"MP", Kind::kNumber, ""});
  }
  for (size_t i = 0; i < traveller.lines.size(); ++i) {
    const league::TravellerLine& line = traveller.lines[i];
    HtmlRow row{
        {HtmlCell(line.table.empty() ? std::to_string(i + 1) : line.table, "round " + line.round)},
        false,
        ""};
    for (size_t side = 0; side < traveller.directions.size(); ++side) {
      row.cells.emplace_back(line.entrants[side]);
      row.cells.emplace_back(std::to_string(line.scores[side]));
      row.cells.emplace_back(league::FormatPoints(line.matchpoints[side]));
    }
    html.rows.push_back(std::move(row));
  }
  return html;
}

std::string TravellerHeading(const league::Traveller& traveller) {
  std::string heading = "Board " + std::to_string(traveller.board) + ": " +
                        std::to_string(traveller.tables) +
                        (traveller.tables == 1 ? " table" : " tables") + ", top " +
                        league::FormatPoints(traveller.top) + " (seed '" + traveller.seed + "')";
  if (traveller.tables < traveller.expected) {
    heading += "; " + std::to_string(traveller.expected) +
               " tables expected, matchpoints scaled by Neuberg's formula";
  }
  return heading;
}

std::string TravellersSection(const league::Standings& standings) {
  if (standings.travellers.empty()) return "";
  std::string html =
      "<section id=\"travellers\">\n<h2>Travellers</h2>\n<p class=\"key\">Each board's "
      "results at every table, each direction compared with the same direction at the other "
      "tables: MP, the matchpoints (2 for each table beaten, 1 for each tie).</p>\n";
  for (size_t i = 0; i < standings.travellers.size(); ++i) {
    const league::Traveller& traveller = standings.travellers[i];
    std::string id = "traveller-" + std::to_string(i + 1);
    html += "<h3 id=\"" + id + "\">" + HtmlEscape(TravellerHeading(traveller)) + "</h3>\n" +
            HtmlTableText(TravellerHtmlTable(traveller, id));
  }
  return html + "</section>\n";
}

std::vector<HtmlContentsItem> ContentsOf(const league::Standings& standings) {
  std::vector<HtmlContentsItem> items;
  if (!standings.warnings.empty()) items.push_back({"warnings", "Warnings", {}});
  for (const league::StandingsTable& table : standings.tables) {
    std::string id = TableId(table);
    HtmlContentsItem item{id, "Standings: " + table.Title(), {}};
    if (!standings.rounds.empty()) {
      item.items = {{id + "-rounds", "Round by round", {}}, {id + "-cross", "Cross-table", {}}};
    }
    items.push_back(std::move(item));
  }
  if (!standings.travellers.empty()) {
    HtmlContentsItem travellers{"travellers", "Travellers", {}};
    // Boards of several seeds share their numbers: the seed tells them apart.
    const std::string& first_seed = standings.travellers[0].seed;
    bool seeds = std::any_of(standings.travellers.begin(), standings.travellers.end(),
                             [&](const league::Traveller& t) { return t.seed != first_seed; });
    for (size_t i = 0; i < standings.travellers.size(); ++i) {
      const league::Traveller& traveller = standings.travellers[i];
      std::string title = "Board " + std::to_string(traveller.board);
      if (seeds) title += " of '" + traveller.seed + "'";
      travellers.items.push_back({"traveller-" + std::to_string(i + 1), title, {}});
    }
    items.push_back(std::move(travellers));
  }
  if (!standings.entries.empty()) items.push_back({"entries", "Entries", {}});
  items.push_back({"not-counted", "Not counted", {}});
  if (!standings.notes.empty()) items.push_back({"notes", "Notes", {}});
  items.push_back({"provenance", "Provenance", {}});
  return items;
}

// A row per record not counted, made as it is written: a league of hostile uploads can have many.
void WriteNotCountedSection(const league::Standings& standings, std::ostream& out) {
  out << "<section id=\"not-counted\">\n<h2 id=\"not-counted-title\">Not counted</h2>\n";
  if (standings.not_counted.empty()) {
    out << "<p>Every record was counted.</p>\n</section>\n";
    return;
  }
  GridRows rows = [&standings](const std::function<void(const GridRow&)>& each) {
    each({"record", "status", "first finding or reason"});
    for (const league::NotCounted& item : standings.not_counted) {
      each({item.source, item.status, item.reason});  // escaped as they are written
    }
  };
  WriteHtmlGrid(rows, "rejected", "not-counted-title", {true, true, true}, {}, out);
  out << "</section>\n";
}

std::string Summary(const league::Standings& standings) {
  std::string html = "<p class=\"summary\">";
  for (const std::string& line : HeadingLines(standings)) html += HtmlEscape(line) + "<br>";
  return html + "</p>\n";
}

std::string Footer(const league::Standings& standings) {
  std::vector<std::string> lines = ProvenanceLines(standings);
  std::string html = "<footer class=\"provenance\" id=\"provenance\">\n<p>";
  for (size_t i = 0; i < lines.size(); ++i) {
    html += (i == 0 ? "" : "<br>") + HtmlEscape(lines[i]);
  }
  return html +
         "<br>The digest is recomputed from the league file and the records as "
         "docs/standings.md (\"Provenance\") says; <code>referee standings --check</code> compares "
         "a published file with them.</p>\n</footer>\n";
}

void WriteSections(const league::Standings& standings, std::ostream& out) {
  std::vector<std::string> warnings;
  for (const league::Warning& warning : standings.warnings)
    warnings.push_back(WarningText(warning));
  if (!warnings.empty()) {
    out << "<section id=\"warnings\">\n<h2>Warnings</h2>\n"
        << HtmlList("warnings", warnings) << "</section>\n";
  }
  for (const league::StandingsTable& table : standings.tables)
    WriteTableSection(standings, table, out);
  out << TravellersSection(standings);
  if (!standings.entries.empty()) {
    out << "<section id=\"entries\">\n<h2>Entries</h2>\n"
        << HtmlList("entries", standings.entries) << "</section>\n";
  }
  WriteNotCountedSection(standings, out);
  if (!standings.notes.empty()) {
    out << "<section id=\"notes\">\n<h2>Notes</h2>\n"
        << HtmlList("notes", standings.notes) << "</section>\n";
  }
}

}  // namespace

std::string PointsChartSvg(const league::Standings& standings,
                           const league::StandingsTable& table) {
  Chart chart{"cumulative points after each round, " + table.Title(), "points", {"start"}};
  for (const std::string& round : standings.rounds) chart.x_labels.push_back(round);
  int64_t low = 0, high = league::kPointUnit;
  for (const league::StandingRow& row : table.rows) {
    for (int64_t value : row.by_round) {
      low = std::min(low, value);
      high = std::max(high, value);
    }
  }
  chart.ticks = PointTicks(low, high);
  chart.low = static_cast<double>(low);
  chart.high = static_cast<double>(high);
  for (const league::StandingRow& row : table.rows) {
    Chart::Series series{
        row.entrant, row.name + ": " + league::FormatPoints(row.points) + " points", {0}};
    for (int64_t value : row.by_round) series.values.push_back(static_cast<double>(value));
    chart.series.push_back(std::move(series));
  }
  return ChartSvg(chart);
}

std::string RankChartSvg(const league::Standings& standings, const league::StandingsTable& table) {
  Chart chart{"rank after each round, " + table.Title(), "rank", standings.rounds};
  size_t entrants = std::max<size_t>(table.rows.size(), 2);
  chart.low = 1;
  chart.high = static_cast<double>(entrants);
  chart.inverted = true;
  size_t step = entrants <= 12 ? 1 : (entrants + 9) / 10;
  for (size_t rank = 1; rank <= entrants; rank += step) {
    chart.ticks.emplace_back(static_cast<double>(rank), std::to_string(rank));
  }
  for (const league::StandingRow& row : table.rows) {
    Chart::Series series{row.entrant, row.name + ": rank " + std::to_string(row.rank), {}};
    for (const league::RoundRank& rank : row.rank_by_round) series.values.push_back(rank.rank);
    chart.series.push_back(std::move(series));
  }
  return ChartSvg(chart);
}

void WriteStandingsHtml(const league::Standings& standings, std::ostream& out) {
  out << HtmlPageStart(standings.league + ": standings") << "<header>\n<h1>"
      << HtmlEscape(standings.league) << "</h1>\n";
  out << "<p class=\"game\">Game: " << HtmlEscape(standings.game) << "</p>\n"
      << Summary(standings) << "</header>\n"
      << HtmlContents(ContentsOf(standings)) << "<main>\n";
  WriteSections(standings, out);
  out << "</main>\n" << Footer(standings) << HtmlPageEnd();
}

std::string FormatStandingsHtml(const league::Standings& standings) {
  std::ostringstream out;
  WriteStandingsHtml(standings, out);
  return std::move(out).str();
}

}  // namespace referee::reports
