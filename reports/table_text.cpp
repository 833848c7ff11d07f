// Tables and fields as the text formats write them (table_text.h).
#include "reports/table_text.h"

#include <algorithm>
#include <sstream>

#include "referee/core/printable.h"
#include "reports/text_columns.h"

namespace referee::reports {
namespace {

// The widest cell of each column, `width` of each cell counting its display columns.
template <typename Width>
std::vector<size_t> ColumnWidths(const GridRows& rows, size_t columns, size_t at_least,
                                 Width width) {
  std::vector<size_t> widths(columns, at_least);
  rows([&](const GridRow& line) {
    for (size_t c = 0; c < line.size() && c < widths.size(); ++c) {
      widths[c] = std::max(widths[c], width(line[c]));
    }
  });
  return widths;
}

// A line set cell by cell straight into `out`: a cross-table's cell holds every meeting of a
// round (megabytes in a league of 100,000 records) and is not copied into a line. Spaces are held
// back until text follows them, so that a line ends without the spaces that pad its last cells.
class LineOut {
 public:
  explicit LineOut(std::ostream& out) : out_(out) {}

  void Spaces(size_t count) { held_ += count; }
  void Text(std::string_view text) {
    size_t last = text.find_last_not_of(' ');
    if (last == std::string_view::npos) {
      held_ += text.size();
      return;
    }
    static const std::string kSpaces(64, ' ');
    for (size_t n; held_ > 0; held_ -= n) {
      n = std::min(held_, kSpaces.size());
      out_.write(kSpaces.data(), static_cast<std::streamsize>(n));
    }
    out_.write(text.data(), static_cast<std::streamsize>(last + 1));
    held_ = text.size() - last - 1;
  }
  // `write` writes a cell of `shown` display columns through Text, padded to `width`.
  template <typename Write>
  void Padded(size_t shown, size_t width, Align align, Write write) {
    size_t pad = width > shown ? width - shown : 0;
    if (align == Align::kRight) Spaces(pad);
    write();
    if (align == Align::kLeft) Spaces(pad);
  }
  void End() {
    held_ = 0;
    out_.put('\n');
  }

 private:
  std::ostream& out_;
  size_t held_ = 0;
};

// The characters Markdown would act on in a table cell.
constexpr std::string_view kMarkdownSpecials = "\\`*_[]<>&|";

// Printable text with the characters Markdown would act on escaped by a backslash, handed to
// `write` a piece at a time, so that a table measures and writes a cell without making it whole.
void ForEachMarkdownPiece(std::string_view cell,
                          const std::function<void(std::string_view)>& write) {
  ForEachPrintablePiece(cell, [&write](std::string_view piece) {
    for (size_t special; (special = piece.find_first_of(kMarkdownSpecials)) != piece.npos;) {
      write(piece.substr(0, special));
      write("\\");
      write(piece.substr(special, 1));
      piece.remove_prefix(special + 1);
    }
    write(piece);
  });
}

// A number as the reports write one: "-1", "0.33", "-2.5".
bool IsPlainNumber(std::string_view text) {
  if (!text.empty() && text.front() == '-') text.remove_prefix(1);
  size_t point = text.find('.');
  std::string_view whole = text.substr(0, point);
  std::string_view fraction = point == text.npos ? "" : text.substr(point + 1);
  auto digits = [](std::string_view part) {
    return std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  return !whole.empty() && digits(whole) && digits(fraction) &&
         (point == text.npos || !fraction.empty());
}

}  // namespace

GridRows RowsOf(const Grid& grid) {
  return [&grid](const std::function<void(const GridRow&)>& each) {
    for (const GridRow& row : grid) each(row);
  };
}

// Written a row at a time, each cell straight to `out` as Printable shows it: each copy of a
// cross-table's cell counted in the peak memory of `referee standings`.
void WriteAlignedGrid(const GridRows& rows, const std::vector<Align>& aligns, std::ostream& out) {
  auto width = [](const std::string& cell) { return DisplayWidth(cell); };
  std::vector<size_t> widths = ColumnWidths(rows, aligns.size(), 0, width);
  LineOut line(out);
  auto write = [&line](std::string_view cell) {
    ForEachPrintablePiece(cell, [&line](std::string_view piece) { line.Text(piece); });
  };
  rows([&](const GridRow& cells) {
    for (size_t c = 0; c < cells.size() && c < widths.size(); ++c) {
      if (c > 0) line.Spaces(2);
      line.Padded(width(cells[c]), widths[c], aligns[c], [&] { write(cells[c]); });
    }
    line.End();
  });
}

void WriteAlignedGrid(const Grid& grid, const std::vector<Align>& aligns, std::ostream& out) {
  WriteAlignedGrid(RowsOf(grid), aligns, out);
}

std::string AlignedTable(const Grid& grid, const std::vector<Align>& aligns) {
  std::ostringstream out;
  WriteAlignedGrid(grid, aligns, out);
  return std::move(out).str();
}

// The same as a string: a name cannot end a table cell, open a link or emphasis, or become raw
// HTML.
std::string MarkdownCell(const std::string& cell) {
  std::string escaped;
  ForEachMarkdownPiece(cell, [&escaped](std::string_view piece) { escaped.append(piece); });
  return escaped;
}

// A code span that no backtick inside can close early: the fence is longer than any run of
// backticks in the text (CommonMark).
std::string MarkdownCode(const std::string& text) {
  std::string shown = Printable(text);
  size_t longest = 0;
  for (size_t run = 0, i = 0; i < shown.size(); ++i) {
    run = shown[i] == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  std::string fence(longest + 1, '`');
  std::string pad = longest > 0 ? " " : "";
  return fence + pad + shown + pad + fence;
}

// A Markdown table whose source lines up as well: cells padded to their column's display width,
// and the rule under the header as wide (at least three dashes, CommonMark).
void WriteMarkdownTable(const GridRows& rows, const std::vector<Align>& aligns, std::ostream& out) {
  auto width = [](const std::string& cell) {
    size_t columns = 0;
    ForEachMarkdownPiece(cell,
                         [&columns](std::string_view piece) { columns += DisplayWidth(piece); });
    return columns;
  };
  std::vector<size_t> widths = ColumnWidths(rows, aligns.size(), 3, width);
  LineOut line(out);
  auto write_escaped = [&](std::string_view cell) {
    ForEachMarkdownPiece(cell, [&line](std::string_view piece) { line.Text(piece); });
  };
  bool header = true;
  rows([&](const GridRow& cells) {
    line.Text("|");
    for (size_t c = 0; c < cells.size() && c < widths.size(); ++c) {
      line.Spaces(1);
      line.Padded(width(cells[c]), widths[c], aligns[c], [&] { write_escaped(cells[c]); });
      line.Text(" |");
    }
    line.End();
    if (!header) return;
    header = false;
    std::string rule = "|";
    for (size_t c = 0; c < widths.size(); ++c) {
      bool left = aligns[c] == Align::kLeft;
      rule += std::string(widths[c] + (left ? 2 : 1), '-') + (left ? "|" : ":|");
    }
    out << rule << "\n";
  });
}

std::string MarkdownTable(const Grid& grid, const std::vector<Align>& aligns) {
  std::ostringstream out;
  WriteMarkdownTable(RowsOf(grid), aligns, out);
  return std::move(out).str();
}

std::string MarkdownList(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += "- " + MarkdownCell(line) + "\n";
  return text;
}

// A spreadsheet takes a cell that starts with = + - @, a tab or a carriage return for a formula
// (OWASP, "CSV Injection"): a name such as =HYPERLINK(...) would run in the organiser's
// spreadsheet. Such a cell is written after a single quote, which spreadsheets show as text, and
// so is one that starts with a quote, so that reading one quote off gives back the text exactly
// (CsvRows). Numbers, "-1" among them, are left as numbers.
std::string GuardFormula(std::string text) {
  constexpr std::string_view kFormulaStarts = "=+-@\t\r'";
  if (text.empty() || kFormulaStarts.find(text.front()) == std::string_view::npos) return text;
  if (IsPlainNumber(text)) return text;
  return "'" + text;
}

// RFC 4180 quoting, of Printable text guarded against formulas.
std::string CsvField(const std::string& field) {
  std::string shown = GuardFormula(Printable(field));
  if (shown.find_first_of(",\"") == std::string::npos) return shown;
  std::string quoted = "\"";
  for (char c : shown) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string CsvLine(const std::vector<std::string>& cells) {
  std::string line;
  for (size_t c = 0; c < cells.size(); ++c) line += (c == 0 ? "" : ",") + CsvField(cells[c]);
  return line + "\n";
}

}  // namespace referee::reports
