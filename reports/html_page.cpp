#include "reports/html_page.h"

#include <sstream>

#include "referee/core/printable.h"

namespace referee::reports {
namespace {

constexpr const char* kStyle =
    "*{box-sizing:border-box}"
    "body{font-family:system-ui,sans-serif;margin:0 auto;padding:1rem;color:#222;"
    "max-width:72rem;line-height:1.4}"
    "h1{font-size:1.6rem;margin:.4rem 0}"
    "h2{font-size:1.3rem;margin:1.6rem 0 .5rem;border-bottom:1px solid #ddd}"
    "h3{font-size:1.05rem;margin:1.1rem 0 .4rem}"
    "p,li{overflow-wrap:anywhere}"
    "a{color:#0b57a4}a:visited{color:#5b2a86}"
    // Keyboard users see where they are; a box that scrolls takes the focus, and arrow keys
    // scroll it.
    "a:focus,.scroll:focus{outline:3px solid #0b57a4;outline-offset:2px}"
    ".scroll{overflow-x:auto;max-width:100%}"
    "nav.toc{margin:1rem 0;padding:.4rem .8rem;border:1px solid #ddd;background:#fafafa}"
    "nav.toc h2{margin:.2rem 0;border:0;font-size:1.1rem}"
    "nav.toc ol{margin:.2rem 0;padding-left:1.3rem}nav.toc li{margin:.2rem 0}"
    "td.name{white-space:normal;text-align:left;min-width:7rem;max-width:16rem}"
    ".under{display:block;font-size:.85rem;color:#555}"
    "ul.key{font-size:.95rem}p.key{margin:.3rem 0}"
    "table{border-collapse:collapse;margin:.3rem 0}"
    "th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:right;white-space:nowrap}"
    "th{background:#f2f2f2}td.text,th.text{text-align:left}"
    "tr.shared td{background:#fffbe6}"
    ".charts{display:flex;flex-wrap:wrap;gap:1rem;margin:.6rem 0}"
    "figure{margin:0;flex:1 1 18rem;max-width:38rem;min-width:0}"
    "figure svg{width:100%;height:auto;display:block;background:#fff}"
    "figcaption{font-weight:600;margin:.2rem 0}"
    "svg text{font-size:13px;fill:#333}"
    "ul.legend{list-style:none;padding:0;margin:.4rem 0;display:flex;flex-wrap:wrap;"
    "gap:.3rem 1.2rem}"
    "ul.legend li{white-space:nowrap}ul.legend svg{vertical-align:middle;margin-right:.3rem}"
    "footer{margin-top:2rem;padding-top:.5rem;border-top:1px solid #ddd;font-size:.9rem;"
    "color:#555}"
    "code{overflow-wrap:anywhere;word-break:break-all}"
    "table.rejected td{white-space:normal;overflow-wrap:anywhere;min-width:8rem}"
    // On a phone the chart is drawn smaller than its 560 units: larger text keeps it legible.
    "@media (max-width:600px){body{padding:.6rem}th,td{padding:.2rem .35rem}h1{font-size:1.35rem}"
    "table.traveller th,table.traveller td{padding:.2rem .25rem}"
    "svg.chart text{font-size:19px}}"
    // Paper: every column on the page (cells wrap rather than scroll), no contents to click,
    // headings kept with what follows them, rows and charts not cut across pages.
    "@media print{body{max-width:none;padding:0;font-size:10pt;color:#000}"
    "nav.toc{display:none}.scroll{overflow:visible}"
    "table{font-size:8.5pt}th,td{white-space:normal;padding:.1rem .25rem}"
    "thead{display:table-header-group}tr,figure,li{break-inside:avoid}"
    "h2,h3{break-after:avoid}.charts{display:block}figure{max-width:16cm;margin:.5rem 0}"
    "a{color:#000;text-decoration:none}}"
    "@page{margin:1.5cm}";

// Printable text with the characters HTML would act on as entities, handed to `write` a piece at
// a time: a cross-table's cell is megabytes, and each copy of it counted in the peak memory of
// `referee standings`. HtmlEscape collects the same pieces.
template <typename Write>
void ForEachHtmlPiece(std::string_view text, Write&& write) {
  ForEachPrintablePiece(text, [&write](std::string_view piece) {
    for (size_t special; (special = piece.find_first_of("&<>\"")) != piece.npos;) {
      write(piece.substr(0, special));
      char c = piece[special];
      write(c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;" : "&quot;");
      piece.remove_prefix(special + 1);
    }
    write(piece);
  });
}

// A grid's cell escaped, written straight to `out`.
void WriteCell(std::ostream& out, const char* tag, std::string_view text, bool left) {
  out << '<' << tag << (left ? " class=\"text\">" : ">");
  ForEachHtmlPiece(text, [&out](std::string_view piece) {
    out.write(piece.data(), static_cast<std::streamsize>(piece.size()));
  });
  out << "</" << tag << '>';
}

// The box a table scrolls in: a region named by the table's heading, which the keyboard can reach
// (tab to it, then the arrow keys scroll it).
std::string ScrollStart(const std::string& labelled_by) {
  std::string name =
      labelled_by.empty() ? " aria-label=\"table\"" : " aria-labelledby=\"" + labelled_by + "\"";
  return "<div class=\"scroll\" tabindex=\"0\" role=\"region\"" + name + ">";
}

std::string CellClass(const HtmlColumn& column) {
  std::string cls = column.kind == HtmlColumn::Kind::kNumber ? "" : "text";
  if (column.kind == HtmlColumn::Kind::kName) cls += " name";
  if (!column.role.empty() && column.role != "name") cls += (cls.empty() ? "" : " ") + column.role;
  return cls.empty() ? "" : " class=\"" + cls + "\"";
}

void ContentsItems(const std::vector<HtmlContentsItem>& items, std::string& html) {
  html += "<ol>\n";
  for (const HtmlContentsItem& item : items) {
    html += "<li><a href=\"#" + item.id + "\">" + HtmlEscape(item.title) + "</a>";
    if (!item.items.empty()) ContentsItems(item.items, html);
    html += "</li>\n";
  }
  html += "</ol>\n";
}

}  // namespace

std::string HtmlTableText(const HtmlTable& table) {
  std::string html =
      ScrollStart(table.labelled_by) + "<table class=\"" + table.cls + "\"" +
      (table.labelled_by.empty() ? "" : " aria-labelledby=\"" + table.labelled_by + "\"") +
      ">\n<thead><tr>";
  for (const HtmlColumn& column : table.columns) {
    html += "<th" + CellClass(column) + " scope=\"col\">" + HtmlEscape(column.header) + "</th>";
  }
  html += "</tr></thead>\n<tbody>\n";
  for (const HtmlRow& row : table.rows) {
    std::string cls = (row.shared ? std::string("shared") : "") +
                      (row.shared && !row.cls.empty() ? " " : "") + row.cls;
    html += cls.empty() ? "<tr>" : "<tr class=\"" + cls + "\">";
    for (size_t c = 0; c < row.cells.size() && c < table.columns.size(); ++c) {
      const HtmlCell& cell = row.cells[c];
      html += "<td" + CellClass(table.columns[c]) + ">" + HtmlEscape(cell.text);
      if (!cell.under.empty())
        html += "<span class=\"under\">" + HtmlEscape(cell.under) + "</span>";
      html += "</td>";
    }
    html += "</tr>\n";
  }
  return html + "</tbody>\n</table></div>\n";
}

std::string HtmlContents(const std::vector<HtmlContentsItem>& items) {
  if (items.empty()) return "";
  std::string html =
      "<nav class=\"toc\" aria-labelledby=\"contents-title\">\n<h2 id=\"contents-title\">"
      "Contents</h2>\n";
  ContentsItems(items, html);
  return html + "</nav>\n";
}

std::string HtmlEscape(const std::string& text) {
  std::string out;
  ForEachHtmlPiece(text, [&out](std::string_view piece) { out.append(piece); });
  return out;
}

std::string HtmlPageStart(const std::string& title) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
         HtmlEscape(title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
}

std::string HtmlPageEnd() { return "</body>\n</html>\n"; }

// A grid as an HTML table in a container that scrolls sideways on a narrow screen. `left`: which
// columns are text; `shared`: rows to highlight (a shared place).
void WriteHtmlGrid(const GridRows& rows, const std::string& cls, const std::string& labelled_by,
                   const std::vector<bool>& left, const std::vector<bool>& shared,
                   std::ostream& out) {
  out << ScrollStart(labelled_by) << "<table class=\"" << cls << "\""
      << (labelled_by.empty() ? "" : " aria-labelledby=\"" + labelled_by + "\"") << ">\n";
  size_t r = 0;
  rows([&](const GridRow& row) {
    bool head = r == 0;
    bool highlight = !head && r - 1 < shared.size() && shared[r - 1];
    out << (head ? "<thead><tr>" : highlight ? "<tr class=\"shared\">" : "<tr>");
    for (size_t c = 0; c < row.size(); ++c) {
      WriteCell(out, head ? "th" : "td", row[c], c < left.size() && left[c]);
    }
    out << (head ? "</tr></thead>\n<tbody>\n" : "</tr>\n");
    ++r;
  });
  out << "</tbody>\n</table></div>\n";
}

std::string HtmlGrid(const Grid& grid, const std::string& cls, const std::string& labelled_by,
                     const std::vector<bool>& left, const std::vector<bool>& shared) {
  std::ostringstream out;
  WriteHtmlGrid(RowsOf(grid), cls, labelled_by, left, shared, out);
  return std::move(out).str();
}

std::string HtmlList(const std::string& cls, const std::vector<std::string>& items) {
  if (items.empty()) return "";
  std::string html = "<ul class=\"" + cls + "\">\n";
  for (const std::string& item : items) html += "<li>" + HtmlEscape(item) + "</li>\n";
  return html + "</ul>\n";
}

}  // namespace referee::reports
