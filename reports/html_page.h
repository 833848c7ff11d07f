// The pieces every self-contained HTML page of reports/ shares (the standings, the ratings): the
// document's head with a viewport and one inline style sheet, escaping, and tables in a container
// that scrolls sideways instead of overflowing a phone's screen.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "reports/standings_output.h"

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

}  // namespace referee::reports
