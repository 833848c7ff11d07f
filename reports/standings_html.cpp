#include "reports/standings_html.h"

#include <algorithm>
#include <cstdio>

#include "reports/standings_output.h"

namespace referee::reports {
namespace {

// Distinct colours that stay readable on white; entrants beyond them repeat with a dash.
const char* const kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
                                "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939"};
constexpr int kColourCount = sizeof(kColours) / sizeof(kColours[0]);

constexpr const char* kStyle =
    "body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:72em}"
    "table{border-collapse:collapse;margin:1em 0}"
    "th,td{border:1px solid #ccc;padding:.3em .6em;text-align:right}"
    "th{background:#f2f2f2}td.text,th.text{text-align:left}"
    "tr.shared td{background:#fffbe6}ul.why{font-size:.95em}"
    "svg{background:#fff;border:1px solid #ddd}svg text{font-size:12px;fill:#333}"
    "caption{font-weight:bold;text-align:left}";

// Printable text with the characters HTML gives a meaning escaped.
std::string Escape(const std::string& text) {
  std::string out;
  for (char c : Printable(text)) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string Number(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f", value);
  return text;
}

// The grid every format shows, as HTML; shared places are highlighted.
std::string HtmlTable(const Standings& standings, const StandingsTable& table) {
  std::vector<std::vector<std::string>> grid = StandingsGrid(standings, table);
  std::string html = "<table class=\"standings\" id=\"table-" + Escape(table.kind) +
                     "\">\n<caption>" + Escape(table.kind) + "</caption>\n";
  for (size_t r = 0; r < grid.size(); ++r) {
    bool head = r == 0;
    html += head ? "<thead><tr>" : (table.rows[r - 1].shared ? "<tr class=\"shared\">" : "<tr>");
    for (size_t c = 0; c < grid[r].size(); ++c) {
      std::string tag = head ? "th" : "td";
      std::string cls = c == 1 || c == 2 ? " class=\"text\"" : "";
      html += "<" + tag + cls + ">" + Escape(grid[r][c]) + "</" + tag + ">";
    }
    html += head ? "</tr></thead>\n<tbody>\n" : "</tr>\n";
  }
  return html + "</tbody>\n</table>\n";
}

std::string List(const std::string& cls, const std::vector<std::string>& items) {
  if (items.empty()) return "";
  std::string html = "<ul class=\"" + cls + "\">\n";
  for (const std::string& item : items) html += "<li>" + Escape(item) + "</li>\n";
  return html + "</ul>\n";
}

std::string NotCountedTable(const Standings& standings) {
  if (standings.not_counted.empty()) return "<p>Every record was counted.</p>\n";
  std::string html =
      "<table class=\"rejected\">\n<thead><tr><th class=\"text\">record</th>"
      "<th class=\"text\">status</th><th class=\"text\">first finding or reason</th></tr>"
      "</thead>\n<tbody>\n";
  for (const NotCounted& item : standings.not_counted) {
    html += "<tr><td class=\"text\">" + Escape(item.source) + "</td><td class=\"text\">" +
            Escape(item.status) + "</td><td class=\"text\">" + Escape(item.reason) + "</td></tr>\n";
  }
  return html + "</tbody>\n</table>\n";
}

}  // namespace

std::string PointsChartSvg(const Standings& standings, const StandingsTable& table) {
  constexpr int kLeft = 50, kTop = 20, kPlotWidth = 560, kPlotHeight = 300, kLegend = 200;
  const size_t steps = standings.rounds.size();  // plus the start
  int64_t low = 0, high = kPointUnit;
  for (const StandingRow& row : table.rows) {
    for (int64_t value : row.by_round) {
      low = std::min(low, value);
      high = std::max(high, value);
    }
  }
  auto x = [&](size_t step) {
    return kLeft + (steps == 0 ? 0.0 : static_cast<double>(kPlotWidth) * step / steps);
  };
  auto y = [&](int64_t value) {
    return kTop + kPlotHeight * static_cast<double>(high - value) / static_cast<double>(high - low);
  };
  int width = kLeft + kPlotWidth + kLegend, height = kTop + kPlotHeight + 40;
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"" +
                    std::to_string(width) + "\" height=\"" + std::to_string(height) +
                    "\" viewBox=\"0 0 " + std::to_string(width) + " " + std::to_string(height) +
                    "\" role=\"img\" aria-label=\"cumulative points by round, " +
                    Escape(table.kind) + "\">\n";
  svg += "<line x1=\"" + Number(x(0)) + "\" y1=\"" + Number(y(0)) + "\" x2=\"" + Number(x(steps)) +
         "\" y2=\"" + Number(y(0)) + "\" stroke=\"#999\"/>\n";
  svg += "<text x=\"4\" y=\"" + Number(y(high) + 4) + "\">" + FormatPoints(high) + "</text>\n";
  svg += "<text x=\"4\" y=\"" + Number(y(low) + 4) + "\">" + FormatPoints(low) + "</text>\n";
  for (size_t step = 0; step <= steps; ++step) {
    std::string label = step == 0 ? "start" : "round " + standings.rounds[step - 1];
    svg += "<text class=\"round\" x=\"" + Number(x(step)) + "\" y=\"" +
           std::to_string(kTop + kPlotHeight + 20) + "\" text-anchor=\"middle\">" + Escape(label) +
           "</text>\n";
  }
  for (size_t i = 0; i < table.rows.size(); ++i) {
    const StandingRow& row = table.rows[i];
    std::string points = Number(x(0)) + "," + Number(y(0));
    for (size_t step = 0; step < row.by_round.size(); ++step) {
      points += " " + Number(x(step + 1)) + "," + Number(y(row.by_round[step]));
    }
    std::string colour = kColours[i % kColourCount];
    std::string dash = i >= kColourCount ? " stroke-dasharray=\"6 3\"" : "";
    svg += "<polyline class=\"entrant\" data-entrant=\"" + Escape(row.entrant) +
           "\" fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"2\"" + dash + " points=\"" +
           points + "\"><title>" + Escape(row.name) + ": " + FormatPoints(row.points) +
           " points</title></polyline>\n";
    int legend_y = kTop + 10 + static_cast<int>(i) * 18;
    int legend_x = kLeft + kPlotWidth + 20;
    svg += "<rect x=\"" + std::to_string(legend_x) + "\" y=\"" + std::to_string(legend_y - 9) +
           "\" width=\"12\" height=\"4\" fill=\"" + colour + "\"/><text class=\"legend\" x=\"" +
           std::to_string(legend_x + 18) + "\" y=\"" + std::to_string(legend_y) + "\">" +
           Escape(row.name) + " (" + FormatPoints(row.points) + ")</text>\n";
  }
  return svg + "</svg>\n";
}

std::string FormatStandingsHtml(const Standings& standings) {
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  html += "<title>" + Escape(standings.league) + ": standings</title>\n<style>" + kStyle +
          "</style>\n</head>\n<body>\n<h1>" + Escape(standings.league) + "</h1>\n";
  std::string tie_breaks;
  for (TieBreak tie_break : standings.tie_breaks) {
    tie_breaks += (tie_breaks.empty() ? "" : ", ") + std::string(TieBreakName(tie_break));
  }
  html += "<p>Game: " + Escape(standings.game) + ". Scheme: " + Escape(standings.scheme) +
          ". Tie-breaks: " + Escape(tie_breaks.empty() ? "none" : tie_breaks) + ". " +
          std::to_string(standings.records_counted) + " records counted, " +
          std::to_string(standings.not_counted.size()) + " not counted.</p>\n";
  std::vector<std::string> warnings;
  for (const Warning& warning : standings.warnings) warnings.push_back(WarningText(warning));
  if (!warnings.empty()) html += "<h2>Warnings</h2>\n" + List("warnings", warnings);
  for (const StandingsTable& table : standings.tables) {
    html += "<section>\n<h2>" + Escape(table.kind) + "</h2>\n" + HtmlTable(standings, table);
    html += List("why", table.explanations);
    html += "<figure>\n" + PointsChartSvg(standings, table) +
            "<figcaption>Cumulative points by round</figcaption>\n</figure>\n</section>\n";
  }
  if (!standings.entries.empty()) html += "<h2>Entries</h2>\n" + List("entries", standings.entries);
  html += "<h2>Not counted</h2>\n" + NotCountedTable(standings);
  if (!standings.notes.empty()) html += "<h2>Notes</h2>\n" + List("notes", standings.notes);
  return html + "</body>\n</html>\n";
}

}  // namespace referee::reports
