// The pieces every self-contained HTML page of reports/ shares (the standings, the ratings): the
// document's head with a viewport and one inline style sheet, escaping, and tables in a container
// that scrolls sideways instead of overflowing a phone's screen.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "reports/table_text.h"

namespace referee::reports {

// Printable text with the characters HTML gives a meaning escaped (& < > ").
std::string HtmlEscape(const std::string& text);

// From `<!DOCTYPE html>` to `<body>`: charset, viewport, the escaped title and the style sheet.
std::string HtmlPageStart(const std::string& title);
// `</body></html>`.
std::string HtmlPageEnd();

// A grid as an HTML table in a container that scrolls sideways on a narrow screen. `left`: which
// columns are text; `shared`: rows to highlight (a shared place). Every cell is escaped.
std::string HtmlGrid(const Grid& grid, const std::string& cls, const std::string& labelled_by,
                     const std::vector<bool>& left, const std::vector<bool>& shared = {});
// The same, written to `out` a row at a time.
void WriteHtmlGrid(const GridRows& rows, const std::string& cls, const std::string& labelled_by,
                   const std::vector<bool>& left, const std::vector<bool>& shared,
                   std::ostream& out);

// A list of escaped items, or nothing when there are none.
std::string HtmlList(const std::string& cls, const std::vector<std::string>& items);

// A table laid out for a phone: the columns that matter (rank, name, points) first, so that they
// are on screen at 400 px, the others scrolling inside the table's box. A name cell may wrap and
// carries a second line under it (the entrant's id).
struct HtmlColumn {
  enum class Kind { kNumber, kText, kName };
  std::string header;
  Kind kind = Kind::kNumber;
  std::string role;  // "rank", "name" or "points": the cells' class, for styles and tests
};
struct HtmlCell {
  HtmlCell(std::string text, std::string under = "")  // NOLINT: a cell is written as its text
      : text(std::move(text)), under(std::move(under)) {}
  std::string text;
  std::string under;  // a second, smaller line (an id under a name); empty for none
};
struct HtmlRow {
  std::vector<HtmlCell> cells;
  bool shared = false;  // a shared place, highlighted
  std::string cls;      // a further class of the row ("provisional")
};
struct HtmlTable {
  std::string cls;
  std::string labelled_by;  // the id of its heading
  std::vector<HtmlColumn> columns;
  std::vector<HtmlRow> rows;
};
std::string HtmlTableText(const HtmlTable& table);

// The table of contents of a page: links to its sections, and theirs.
struct HtmlContentsItem {
  std::string id;
  std::string title;
  std::vector<HtmlContentsItem> items;
};
std::string HtmlContents(const std::vector<HtmlContentsItem>& items);

}  // namespace referee::reports
