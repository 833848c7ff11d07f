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
    ".scroll{overflow-x:auto;max-width:100%}"
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
    "svg.chart text{font-size:19px}}";

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

}  // namespace

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
  out << "<div class=\"scroll\"><table class=\"" << cls << "\""
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
