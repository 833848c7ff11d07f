#include "reports/standings_output.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <map>
#include <numeric>

#include "reports/text_columns.h"

namespace referee::reports {
namespace {

using record::Node;

const std::vector<TieBreak>& ShownTieBreaks(const Standings& standings) {
  return standings.shown_tie_breaks;
}

bool ShowsDraws(const Standings& standings) { return standings.shows_draws; }

std::string RankText(const StandingRow& row) {
  return std::to_string(row.rank) + (row.shared ? "=" : "");
}

}  // namespace

std::string WarningText(const Warning& warning) {
  std::string where = warning.place.path.empty() ? "" : " at " + warning.place.path;
  if (warning.place.line > 0) where += " (line " + std::to_string(warning.place.line) + ")";
  return warning.code + where + ": " + warning.message;
}

namespace {

std::string NameText(const StandingRow& row) {
  return row.withdrawn_after ? row.name + " (withdrawn after round " + *row.withdrawn_after + ")"
                             : row.name;
}

using Grid = std::vector<std::vector<std::string>>;

Grid TableGrid(const Standings& standings, const StandingsTable& table) {
  const std::vector<TieBreak>& shown = ShownTieBreaks(standings);
  std::vector<std::string> header = {"rank", "entrant", "name", "played", "won"};
  if (ShowsDraws(standings)) header.push_back("drawn");
  header.insert(header.end(), {"lost", "points"});
  for (const TieBreak& tie_break : shown) header.emplace_back(TieBreakName(tie_break));
  Grid grid = {header};
  for (const StandingRow& row : table.rows) {
    std::vector<std::string> cells = {RankText(row), row.entrant, NameText(row),
                                      std::to_string(row.played), std::to_string(row.won)};
    if (ShowsDraws(standings)) cells.push_back(std::to_string(row.drawn));
    cells.insert(cells.end(), {std::to_string(row.lost), FormatPoints(row.points)});
    for (const TieBreak& tie_break : shown) {
      cells.push_back(FormatTieBreakValue(tie_break, *TieBreakValue(tie_break, row)));
    }
    for (std::string& cell : cells) cell = Printable(cell);
    grid.push_back(std::move(cells));
  }
  return grid;
}

// The widest cell of each column, in display columns (a wide character takes two).
std::vector<size_t> ColumnWidths(const Grid& grid, size_t at_least = 0) {
  std::vector<size_t> widths(grid.front().size(), at_least);
  for (const auto& line : grid) {
    for (size_t c = 0; c < line.size(); ++c) widths[c] = std::max(widths[c], DisplayWidth(line[c]));
  }
  return widths;
}

// Rank, entrant and name are people's text, left-aligned; the rest are numbers, right-aligned.
Align ColumnAlign(size_t column) { return column <= 2 ? Align::kLeft : Align::kRight; }

std::string AlignedGrid(const Grid& grid) {
  std::vector<size_t> widths = ColumnWidths(grid);
  std::string text;
  for (const auto& line : grid) {
    std::string out;
    for (size_t c = 0; c < line.size(); ++c) {
      out += (c == 0 ? "" : "  ") + Padded(line[c], widths[c], ColumnAlign(c));
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    text += out + "\n";
  }
  return text;
}

std::string Heading(const Standings& standings) {
  std::string rounds;
  for (const std::string& round : standings.rounds) rounds += (rounds.empty() ? "" : ", ") + round;
  std::string tie_breaks;
  for (const TieBreak& tie_break : standings.tie_breaks) {
    tie_breaks += (tie_breaks.empty() ? "" : ", ") + std::string(TieBreakName(tie_break));
  }
  return "scheme: " + standings.scheme +
         "\ntie-breaks: " + (tie_breaks.empty() ? "none" : tie_breaks) +
         "\nrecords: " + std::to_string(standings.records_counted) + " counted, " +
         std::to_string(standings.not_counted.size()) +
         " not counted; rounds: " + (rounds.empty() ? "none" : Printable(rounds)) + "\n";
}

std::string NotCountedLine(const NotCounted& item) {
  return item.source + ": " + item.status + ": " + item.reason;
}

std::vector<std::string> WarningLines(const Standings& standings) {
  std::vector<std::string> lines;
  for (const Warning& warning : standings.warnings) lines.push_back(WarningText(warning));
  return lines;
}

// Each line Printable: a line break or an escape sequence in a name cannot start a forged line.
std::string TextList(const std::string& title, const std::vector<std::string>& lines) {
  if (lines.empty()) return "";
  std::string text = "\n" + title + ":\n";
  for (const std::string& line : lines) text += "  " + Printable(line) + "\n";
  return text;
}

// RFC 4180 quoting, of Printable text.
std::string CsvField(const std::string& field) {
  std::string shown = Printable(field);
  if (shown.find_first_of(",\"") == std::string::npos) return shown;
  std::string quoted = "\"";
  for (char c : shown) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

// Printable text with the characters Markdown would act on escaped by a backslash: a name cannot
// end a table cell, open a link or emphasis, or become raw HTML.
std::string MarkdownCell(const std::string& cell) {
  std::string escaped;
  for (char c : Printable(cell)) {
    if (std::string_view("\\`*_[]<>&|").find(c) != std::string_view::npos) escaped += '\\';
    escaped += c;
  }
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
std::string MarkdownTable(Grid grid) {
  for (auto& line : grid) {
    for (std::string& cell : line) cell = MarkdownCell(cell);
  }
  std::vector<size_t> widths = ColumnWidths(grid, 3);
  std::string text;
  for (size_t r = 0; r < grid.size(); ++r) {
    std::string line = "|";
    for (size_t c = 0; c < grid[r].size(); ++c) {
      line += " " + Padded(grid[r][c], widths[c], ColumnAlign(c)) + " |";
    }
    text += line + "\n";
    if (r > 0) continue;
    std::string rule = "|";
    for (size_t c = 0; c < grid[r].size(); ++c) {
      bool left = ColumnAlign(c) == Align::kLeft;
      rule += std::string(widths[c] + (left ? 2 : 1), '-') + (left ? "|" : ":|");
    }
    text += rule + "\n";
  }
  return text;
}

}  // namespace

std::vector<std::vector<std::string>> StandingsGrid(const Standings& standings,
                                                    const StandingsTable& table) {
  return TableGrid(standings, table);
}

std::string FormatStandingsText(const Standings& standings) {
  std::string text =
      Printable(standings.league) + " (" + standings.game + ")\n" + Heading(standings);
  text += TextList("warnings", WarningLines(standings));
  for (const StandingsTable& table : standings.tables) {
    text += "\n" + table.kind + "\n" + AlignedGrid(TableGrid(standings, table));
    text += TextList("why", table.explanations);
  }
  text += TextList("entries", standings.entries);
  std::vector<std::string> rejected;
  for (const NotCounted& item : standings.not_counted) rejected.push_back(NotCountedLine(item));
  text += TextList("not counted", rejected);
  text += TextList("notes", standings.notes);
  return text;
}

std::string FormatStandingsMarkdown(const Standings& standings) {
  std::string text = "# " + MarkdownCell(standings.league) + "\n\n";
  std::string heading = Heading(standings);
  for (size_t start = 0, end; (end = heading.find('\n', start)) != std::string::npos;
       start = end + 1) {
    text += "- " + MarkdownCell(heading.substr(start, end - start)) + "\n";
  }
  std::vector<std::string> warnings = WarningLines(standings);
  if (!warnings.empty()) text += "\n## Warnings\n\n";
  for (const std::string& line : warnings) text += "- " + MarkdownCell(line) + "\n";
  for (const StandingsTable& table : standings.tables) {
    text += "\n## " + table.kind + "\n\n";
    text += MarkdownTable(TableGrid(standings, table));
    if (!table.explanations.empty()) text += "\n";
    for (const std::string& line : table.explanations) text += "- " + MarkdownCell(line) + "\n";
  }
  auto section = [&](const std::string& title, const std::vector<std::string>& lines) {
    if (lines.empty()) return;
    text += "\n## " + title + "\n\n";
    for (const std::string& line : lines) text += "- " + line + "\n";
  };
  std::vector<std::string> entries;
  for (const std::string& line : standings.entries) entries.push_back(MarkdownCell(line));
  section("Entries", entries);
  std::vector<std::string> rejected;
  for (const NotCounted& item : standings.not_counted) {
    rejected.push_back(MarkdownCode(item.source) + ": " +
                       MarkdownCell(item.status + ": " + item.reason));
  }
  section("Not counted", rejected);
  std::vector<std::string> notes;
  for (const std::string& line : standings.notes) notes.push_back(MarkdownCell(line));
  section("Notes", notes);
  return text;
}

std::string FormatStandingsCsv(const Standings& standings) {
  std::string text;
  for (const StandingsTable& table : standings.tables) {
    Grid grid = TableGrid(standings, table);
    for (size_t r = 0; r < grid.size(); ++r) {
      if (r == 0 && !text.empty()) continue;  // one header for every table
      std::string line = CsvField(r == 0 ? "table" : table.kind);
      for (size_t c = 0; c < grid[r].size(); ++c) {
        std::string cell = grid[r][c];
        if (c == 2 && r > 0) cell = table.rows[r - 1].name;  // the withdrawal has its column
        if (c == 0 && r > 0) cell = std::to_string(table.rows[r - 1].rank);
        line += "," + CsvField(cell);
      }
      std::string withdrawn =
          r == 0 ? "withdrawn_after" : table.rows[r - 1].withdrawn_after.value_or("");
      text += line + "," + CsvField(withdrawn) + "\n";
    }
  }
  return text;
}

namespace {

// Names may come from file names, which need not be UTF-8; JSON must be.
Node Text(const std::string& text) {
  return Node::Scalar(Node::Kind::kString, ValidUtf8(text), {});
}
Node Integer(int64_t value) {
  return Node::Scalar(Node::Kind::kInteger, std::to_string(value), {});
}
Node Bool(bool value) { return Node::Scalar(Node::Kind::kBool, value ? "true" : "false", {}); }
Node Points(int64_t twelfths) {
  std::string text = FormatPoints(twelfths);
  bool whole = text.find('.') == std::string::npos;
  return Node::Scalar(whole ? Node::Kind::kInteger : Node::Kind::kDecimal, text, {});
}
// Points exactly, {"numerator", "denominator"} in lowest terms: a place shared by three splits
// its points in thirds, which "points" can only show rounded (docs/json-output.md).
Node ExactPoints(int64_t twelfths) {
  int64_t divisor = std::gcd(twelfths, kPointUnit);
  Node node = Node::Map({});
  node.AddMember("numerator", {}, Integer(twelfths / divisor));
  node.AddMember("denominator", {}, Integer(kPointUnit / divisor));
  return node;
}
// A tie-break's value as a number: a count, a score, or a mean per won match in hundredths,
// written as a decimal; null where there is none (no win played).
Node TieBreakNode(const TieBreak& tie_break, int64_t value) {
  if (IsMeanTieBreak(tie_break) && (value == std::numeric_limits<int64_t>::max() ||
                                    value == std::numeric_limits<int64_t>::min())) {
    return Node::Scalar(Node::Kind::kNull, "null", {});
  }
  std::string text = FormatTieBreakValue(tie_break, value);
  bool whole = text.find('.') == std::string::npos;
  return Node::Scalar(whole ? Node::Kind::kInteger : Node::Kind::kDecimal, text, {});
}
Node TextList(const std::vector<std::string>& items) {
  Node list = Node::List({});
  for (const std::string& item : items) list.Append(Text(item));
  return list;
}

Node RowTree(const Standings& standings, const StandingRow& row) {
  Node node = Node::Map({});
  node.AddMember("rank", {}, Integer(row.rank));
  node.AddMember("shared", {}, Bool(row.shared));
  node.AddMember("entrant", {}, Text(row.entrant));
  node.AddMember("name", {}, Text(row.name));
  node.AddMember("played", {}, Integer(row.played));
  node.AddMember("won", {}, Integer(row.won));
  node.AddMember("drawn", {}, Integer(row.drawn));
  node.AddMember("lost", {}, Integer(row.lost));
  node.AddMember("points", {}, Points(row.points));
  node.AddMember("points_exact", {}, ExactPoints(row.points));
  Node tie_breaks = Node::Map({});
  for (const TieBreak& tie_break : ShownTieBreaks(standings)) {
    tie_breaks.AddMember(std::string(TieBreakName(tie_break)), {},
                         TieBreakNode(tie_break, *TieBreakValue(tie_break, row)));
  }
  node.AddMember("tie_breaks", {}, std::move(tie_breaks));
  Node by_round = Node::List({});
  Node by_round_exact = Node::List({});
  for (int64_t points : row.by_round) {
    by_round.Append(Points(points));
    by_round_exact.Append(ExactPoints(points));
  }
  node.AddMember("by_round", {}, std::move(by_round));
  node.AddMember("by_round_exact", {}, std::move(by_round_exact));
  node.AddMember("withdrawn_after", {},
                 row.withdrawn_after ? Text(*row.withdrawn_after)
                                     : Node::Scalar(Node::Kind::kNull, "null", {}));
  return node;
}

}  // namespace

record::Node StandingsTree(const Standings& standings) {
  Node root = Node::Map({});
  root.AddMember("format", {}, Text("referee-standings/1"));
  root.AddMember("league", {}, Text(standings.league));
  root.AddMember("game", {}, Text(standings.game));
  root.AddMember("scheme", {}, Text(standings.scheme));
  std::vector<std::string> tie_breaks;
  for (const TieBreak& tie_break : standings.tie_breaks)
    tie_breaks.emplace_back(TieBreakName(tie_break));
  root.AddMember("tie_breaks", {}, TextList(tie_breaks));
  root.AddMember("rounds", {}, TextList(standings.rounds));
  root.AddMember("records_counted", {}, Integer(standings.records_counted));
  Node tables = Node::List({});
  for (const StandingsTable& table : standings.tables) {
    Node node = Node::Map({});
    node.AddMember("kind", {}, Text(table.kind));
    Node rows = Node::List({});
    for (const StandingRow& row : table.rows) rows.Append(RowTree(standings, row));
    node.AddMember("rows", {}, std::move(rows));
    node.AddMember("explanations", {}, TextList(table.explanations));
    tables.Append(std::move(node));
  }
  root.AddMember("tables", {}, std::move(tables));
  root.AddMember("entries", {}, TextList(standings.entries));
  Node rejected = Node::List({});
  for (const NotCounted& item : standings.not_counted) {
    Node node = Node::Map({});
    node.AddMember("source", {}, Text(item.source));
    node.AddMember("status", {}, Text(item.status));
    node.AddMember("reason", {}, Text(item.reason));
    rejected.Append(std::move(node));
  }
  root.AddMember("not_counted", {}, std::move(rejected));
  root.AddMember("notes", {}, TextList(standings.notes));
  Node warnings = Node::List({});
  for (const Warning& warning : standings.warnings) {
    Node node = Node::Map({});
    node.AddMember("code", {}, Text(warning.code));
    node.AddMember("path", {}, Text(warning.place.path));
    node.AddMember("line", {}, Integer(warning.place.line));
    node.AddMember("column", {}, Integer(warning.place.column));
    node.AddMember("message", {}, Text(warning.message));
    warnings.Append(std::move(node));
  }
  root.AddMember("warnings", {}, std::move(warnings));
  return root;
}

namespace {

// Splits CSV text into rows of fields (RFC 4180 quoting; CRLF accepted), at most `max_fields`.
Result<std::vector<std::vector<std::string>>> CsvRows(std::string_view text, size_t max_fields) {
  size_t fields = 0;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false, any = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if ((c == ',' || c == '\n' || c == '\r') && ++fields > max_fields) {
      return Fail(
          Malformed("too-large", "",
                    "expected at most " + std::to_string(max_fields) + " fields, found more"));
    } else if (c == ',') {
      row.push_back(std::move(field));
      field.clear();
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      row.push_back(std::move(field));
      field.clear();
      rows.push_back(std::move(row));
      row.clear();
    } else {
      field += c;
    }
    any = true;
  }
  if (quoted) return Fail(Malformed("csv-syntax", "", "expected a closing quote, found the end"));
  if (any && (!field.empty() || !row.empty())) {
    row.push_back(std::move(field));
    rows.push_back(std::move(row));
  }
  return rows;
}

const std::vector<std::string> kFixedColumns = {
    "table", "rank",  "entrant", "name",   "played",
    "won",   "drawn", "lost",    "points", "withdrawn_after"};

}  // namespace

Result<record::Node> ParseStandingsCsv(std::string_view text, size_t max_fields) {
  Result<std::vector<std::vector<std::string>>> rows = CsvRows(text, max_fields);
  if (!rows) return Fail(std::move(rows).error());
  if (rows->empty() || rows->front().empty() || rows->front().front() != "table") {
    return Fail(Malformed("csv-syntax", "", "expected a header line starting with 'table'"));
  }
  const std::vector<std::string>& header = rows->front();
  std::map<std::string, Node> tables;
  std::vector<std::string> order;
  for (size_t r = 1; r < rows->size(); ++r) {
    const std::vector<std::string>& cells = (*rows)[r];
    if (cells.size() != header.size()) {
      return Fail(Malformed("csv-syntax", "",
                            "line " + std::to_string(r + 1) + ": expected " +
                                std::to_string(header.size()) + " fields, found " +
                                std::to_string(cells.size())));
    }
    Node row = Node::Map({});
    Node tie_breaks = Node::Map({});
    for (size_t c = 1; c < header.size(); ++c) {
      bool fixed =
          std::find(kFixedColumns.begin(), kFixedColumns.end(), header[c]) != kFixedColumns.end();
      (fixed ? row : tie_breaks).AddMember(header[c], {}, Text(cells[c]));
    }
    row.AddMember("tie_breaks", {}, std::move(tie_breaks));
    if (!tables.count(cells[0])) {
      order.push_back(cells[0]);
      tables.emplace(cells[0], Node::List({}));
    }
    tables.at(cells[0]).Append(std::move(row));
  }
  Node root = Node::Map({});
  Node list = Node::List({});
  for (const std::string& kind : order) {
    Node table = Node::Map({});
    table.AddMember("kind", {}, Text(kind));
    table.AddMember("rows", {}, std::move(tables[kind]));
    list.Append(std::move(table));
  }
  root.AddMember("tables", {}, std::move(list));
  return root;
}

namespace {

std::string Field(const Node& row, std::string_view key) {
  const Node* node = row.IsMap() ? row.Find(key) : nullptr;
  return node != nullptr && node->IsScalar() ? node->text() : "";
}

// A published tie-break value as FormatTieBreakValue writes it: the JSON output gives "no value"
// (a mean in wins without a win) as null, the CSV output and older JSON as "none".
std::string PublishedTieBreak(const Node& tie_breaks, std::string_view name) {
  const Node* node = tie_breaks.Find(name);
  if (node != nullptr && node->kind() == Node::Kind::kNull) return "none";
  return Field(tie_breaks, name);
}

std::string Who(const std::string& entrant, const std::string& points) {
  return entrant + " (" + points + " points)";
}

// Differences in one table, position by position.
void CompareTable(const StandingsTable& table, const Node* published, const std::string& prefix,
                  const Standings& standings, std::vector<std::string>& differences) {
  const Node* rows = published != nullptr ? published->Find("rows") : nullptr;
  size_t count = rows != nullptr && rows->IsList() ? rows->items().size() : 0;
  for (size_t i = 0; i < std::max(table.rows.size(), count); ++i) {
    const StandingRow* mine = i < table.rows.size() ? &table.rows[i] : nullptr;
    const Node* theirs = i < count ? &rows->items()[i] : nullptr;
    std::string at = prefix + "rank " + std::to_string(mine ? mine->rank : i + 1) + ": ";
    std::string expected = mine ? Who(mine->entrant, FormatPoints(mine->points)) : "nothing";
    std::string found =
        theirs ? Who(Field(*theirs, "entrant"), Field(*theirs, "points")) : "nothing";
    if (expected != found) {
      differences.push_back(at + "expected " + expected + ", published " + found);
      continue;
    }
    if (std::to_string(mine->rank) != Field(*theirs, "rank")) {
      differences.push_back(at + "expected " + mine->entrant + " at rank " +
                            std::to_string(mine->rank) + ", published rank " +
                            Field(*theirs, "rank"));
    }
    const Node* tie_breaks = theirs->Find("tie_breaks");
    for (const TieBreak& tie_break : ShownTieBreaks(standings)) {
      std::string name(TieBreakName(tie_break));
      if (tie_breaks == nullptr || !tie_breaks->IsMap() || !tie_breaks->Has(name)) continue;
      std::string value = FormatTieBreakValue(tie_break, *TieBreakValue(tie_break, *mine));
      std::string published = PublishedTieBreak(*tie_breaks, name);
      if (value == published) continue;
      differences.push_back(at + mine->entrant + ": expected " + name + " " + value +
                            ", published " + name + " " + published);
    }
  }
}

}  // namespace

std::vector<std::string> CompareStandings(const Standings& standings,
                                          const record::Node& published) {
  std::vector<std::string> differences;
  const Node* tables = published.IsMap() ? published.Find("tables") : nullptr;
  if (tables == nullptr || !tables->IsList()) {
    return {"expected a standings file (JSON or CSV output of referee standings), found no tables"};
  }
  for (const StandingsTable& table : standings.tables) {
    const Node* match = nullptr;
    for (const Node& candidate : tables->items()) {
      if (Field(candidate, "kind") == table.kind) match = &candidate;
    }
    if (match == nullptr) {
      differences.push_back("expected a " + table.kind + " table, published none");
      continue;
    }
    std::string prefix = standings.tables.size() > 1 ? table.kind + ", " : "";
    CompareTable(table, match, prefix, standings, differences);
  }
  return differences;
}

}  // namespace referee::reports
