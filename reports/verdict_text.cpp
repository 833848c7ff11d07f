#include "reports/verdict_text.h"

#include <fmt/format.h>

#include <algorithm>

#include "referee/core/printable.h"
#include "referee/games/registry.h"
#include "referee/record/record_writer.h"
#include "reports/text_columns.h"

namespace referee::reports {
namespace {

using record::Node;

std::string Location(const std::string& source, const Place& place) {
  std::string file = Printable(source);
  if (place.line == 0) return file;
  if (place.column == 0) return fmt::format("{}:{}", file, place.line);
  return fmt::format("{}:{}:{}", file, place.line, place.column);
}

// A byte offset moved forward to the start of a UTF-8 character.
size_t CharacterStart(std::string_view text, size_t offset) {
  while (offset < text.size() && (static_cast<unsigned char>(text[offset]) & 0xC0) == 0x80) {
    ++offset;
  }
  return offset;
}

// The part of a line a snippet shows: the whole line when it is short, else the bytes around the
// column, so that a finding in a one-line JSON record or a hostile line of megabytes quotes a
// screenful, not the line.
struct Window {
  size_t begin = 0;
  size_t end = 0;
};
Window WindowAround(std::string_view line, size_t at) {
  constexpr size_t kWholeLine = 240;
  constexpr size_t kContext = 80;
  if (line.size() <= kWholeLine) return {0, line.size()};
  size_t begin = CharacterStart(line, at > kContext ? at - kContext : 0);
  size_t end = CharacterStart(line, std::min(line.size(), at + kContext));
  return {begin, end};
}

// The quoted line and a caret under the column, the way compilers show them. The line is shown
// escaped (referee/core/printable.h), and the caret goes as many columns in as the escaped text
// before the column takes; the line's tabs are copied, so that they line up whatever the tab
// stops. A long line is cut around the column, "..." marking each cut.
std::string Snippet(const SourceText& text, const Place& place) {
  std::string_view line = text.Line(place.line);
  if (line.empty() || place.column == 0) return "";
  size_t at = std::min<size_t>(place.column - 1, line.size());
  Window window = WindowAround(line, at);
  std::string gutter = fmt::format("{:>5} | ", place.line);
  std::string shown = window.begin > 0 ? "..." : "";
  std::string caret(gutter.size() - 2, ' ');
  caret += "| " + std::string(shown.size(), ' ');
  for (size_t offset = window.begin; offset < window.end;) {
    PrintableChar next = NextPrintable(line.substr(offset));
    if (offset < at) {
      caret += next.shown == "\t" ? std::string("\t") : std::string(next.columns, ' ');
    }
    shown += next.shown;
    offset += next.bytes;
  }
  if (window.end < line.size()) shown += "...";
  return gutter + shown + "\n" + caret + "^\n";
}

// Each unit's column is at least six display columns, as wide as its name and its numbers, and
// right-aligned; "total" takes one column more than "deal", so the first total is one narrower.
std::vector<size_t> ScoreColumns(const ScoreSheet& sheet) {
  std::vector<size_t> widths;
  for (size_t i = 0; i < sheet.units.size(); ++i) {
    size_t width = std::max<size_t>(6, DisplayWidth(Printable(sheet.units[i])));
    for (const ScoreSheet::Row& row : sheet.rows) {
      if (i < row.points.size()) width = std::max(width, std::to_string(row.points[i]).size());
    }
    if (i < sheet.totals.size()) {
      width = std::max(width, std::to_string(sheet.totals[i]).size() + (i == 0 ? 1 : 0));
    }
    widths.push_back(width);
  }
  return widths;
}

std::string ScoreTable(const ScoreSheet& sheet) {
  if (sheet.units.empty()) return "";
  std::vector<size_t> widths = ScoreColumns(sheet);
  auto cell = [&](const std::string& text, size_t i) {
    return " " + Padded(text, widths[i], Align::kRight);
  };
  std::string table = "  deal";
  for (size_t i = 0; i < sheet.units.size(); ++i) table += cell(Printable(sheet.units[i]), i);
  table += "\n";
  for (const ScoreSheet::Row& row : sheet.rows) {
    table += fmt::format("  {:>4}", row.deal);
    for (size_t i = 0; i < row.points.size() && i < widths.size(); ++i) {
      table += cell(std::to_string(row.points[i]), i);
    }
    table += "   " + Printable(row.label.Text()) + "\n";
  }
  table += "  total";
  for (size_t i = 0; i < sheet.totals.size() && i < widths.size(); ++i) {
    table += i == 0 ? Padded(std::to_string(sheet.totals[i]), widths[i], Align::kRight)
                    : cell(std::to_string(sheet.totals[i]), i);
  }
  return table + "\n";
}

std::string CountText(const std::vector<Finding>& findings) {
  auto count = [&](Severity severity) {
    return std::count_if(findings.begin(), findings.end(),
                         [&](const Finding& f) { return f.severity == severity; });
  };
  auto noun = [](long n, const char* word) {
    return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
  };
  long errors = count(Severity::kError) + count(Severity::kMalformed);
  return noun(errors, "error") + ", " + noun(count(Severity::kNote), "note");
}

// Every text in the tree is escaped like the terminal output: JSON output stays valid UTF-8
// whatever bytes a file name or a record held.
Node Text(std::string_view text) { return record::StringNode(Printable(text)); }
Node Integer(int64_t value) { return record::IntegerNode(value); }
Node Bool(bool value) { return Node::Scalar(Node::Kind::kBool, value ? "true" : "false", {}); }

// A number as a JSON number, words as one string ("S W"), in the order the record or the engine
// gave them.
Node FactNode(const FactValue& value) {
  if (value.IsNumber()) return Integer(value.number());
  std::string text;
  for (const std::string& word : value.words()) text += (text.empty() ? "" : " ") + word;
  return Text(text);
}

Node FindingTree(const Finding& finding) {
  Node node = Node::Map({});
  node.AddMember("code", {}, Text(finding.code));
  node.AddMember("severity", {}, Text(std::string(SeverityName(finding.severity))));
  node.AddMember("path", {}, Text(finding.place.path));
  const GamePlace& game = finding.place.game;
  if (game.deal > 0) node.AddMember("deal", {}, Integer(game.deal));
  if (game.step.number > 0) {
    node.AddMember(std::string(game.step.unit), {}, Integer(game.step.number));
  }
  if (!game.actor.empty()) node.AddMember("actor", {}, Text(game.actor));
  if (!game.card.empty()) node.AddMember("card", {}, Text(game.card));
  node.AddMember("message", {}, Text(finding.message));
  if (finding.expected) node.AddMember("expected", {}, FactNode(*finding.expected));
  if (finding.found) node.AddMember("found", {}, FactNode(*finding.found));
  return node;
}

Node IntegerList(const std::vector<int>& values) {
  Node list = Node::List({});
  for (int value : values) list.Append(Integer(value));
  return list;
}

// The statistics of a deal or a side under the names the game gives them.
Node StatisticsTree(const std::vector<games::StatisticSpec>& specs,
                    const std::vector<std::vector<int>>& per_unit) {
  Node node = Node::Map({});
  for (size_t s = 0; s < specs.size() && s < per_unit.size(); ++s) {
    node.AddMember(specs[s].name, {}, IntegerList(per_unit[s]));
  }
  return node;
}

Node ScoresTree(const ScoreSheet& sheet, const games::GameDescriptor* game) {
  Node node = Node::Map({});
  Node units = Node::List({});
  for (const std::string& unit : sheet.units) units.Append(Text(unit));
  node.AddMember("units", {}, std::move(units));
  Node deals = Node::List({});
  for (const ScoreSheet::Row& row : sheet.rows) {
    Node entry = Node::Map({});
    entry.AddMember("deal", {}, Integer(row.deal));
    entry.AddMember("board", {}, Integer(row.board));
    entry.AddMember("points", {}, IntegerList(row.points));
    entry.AddMember("label", {}, Text(row.label.Text()));
    entry.AddMember("void", {}, Bool(row.void_deal));
    if (game != nullptr) {
      entry.AddMember("statistics", {}, StatisticsTree(game->deal_statistics, row.statistics));
    }
    deals.Append(std::move(entry));
  }
  node.AddMember("deals", {}, std::move(deals));
  node.AddMember("totals", {}, IntegerList(sheet.totals));
  return node;
}

Node SideTree(const SideResult& side, const games::GameDescriptor* game) {
  Node node = Node::Map({});
  Node actors = Node::List({});
  for (int actor : side.actors) actors.Append(Integer(actor));
  node.AddMember("actors", {}, std::move(actors));
  node.AddMember("total", {}, Integer(side.total));
  node.AddMember("place", {}, Integer(side.place + 1));
  node.AddMember("won", {}, Bool(side.won));
  node.AddMember("drew", {}, Bool(side.drew));
  Node statistics = Node::Map({});
  for (size_t s = 0; game != nullptr && s < game->side_statistics.size(); ++s) {
    if (s < side.statistics.size()) {
      statistics.AddMember(game->side_statistics[s].name, {}, Integer(side.statistics[s]));
    }
  }
  node.AddMember("statistics", {}, std::move(statistics));
  return node;
}

Node OutcomeTree(const Outcome& outcome, const games::GameDescriptor* game) {
  Node node = Node::Map({});
  node.AddMember("over", {}, Bool(outcome.over));
  node.AddMember("summary", {}, Text(outcome.summary));
  Node facts = Node::Map({});
  for (const Fact& fact : outcome.facts) facts.AddMember(fact.key, {}, FactNode(fact.value));
  node.AddMember("facts", {}, std::move(facts));
  Node sides = Node::List({});
  for (const SideResult& side : outcome.sides) sides.Append(SideTree(side, game));
  node.AddMember("sides", {}, std::move(sides));
  return node;
}

}  // namespace

std::string FormatFinding(const Finding& finding, const std::string& source,
                          const SourceText* text) {
  std::string where = GamePlaceText(finding.place.game);
  std::string out = fmt::format("{}: {}[{}]: {}{}\n", Location(source, finding.place),
                                SeverityName(finding.severity), finding.code,
                                where.empty() ? "" : where + ": ", Printable(finding.message));
  // Notes point at the same place as the error they follow: one quote of the line is enough.
  if (text != nullptr && finding.severity != Severity::kNote) out += Snippet(*text, finding.place);
  if (!finding.place.path.empty()) out += "      at " + Printable(finding.place.path) + "\n";
  return out;
}

std::string FormatVerdict(const verifier::Verdict& verdict, const SourceText* text,
                          bool with_scores) {
  std::string out;
  for (const Finding& finding : verdict.findings)
    out += FormatFinding(finding, verdict.source, text);
  std::string game = verdict.game.empty() ? "" : " (" + Printable(verdict.game) + ")";
  out += fmt::format("{}: {}{}: {}", Printable(verdict.source),
                     verifier::StatusName(verdict.status), game, CountText(verdict.findings));
  if (verdict.status != verifier::Status::kMalformed) {
    out += fmt::format("; {} events checked, {} unchecked", verdict.events_checked,
                       verdict.events_unchecked);
  }
  out += "\n";
  if (verdict.status == verifier::Status::kMalformed || !with_scores) return out;
  out += ScoreTable(verdict.scores);
  out += "  result: " + Printable(verdict.outcome.summary) + "\n";
  return out;
}

std::string FormatTally(const StatusTally& tally) {
  return fmt::format("{} record{}: {} valid, {} invalid, {} incomplete, {} malformed",
                     tally.Total(), tally.Total() == 1 ? "" : "s",
                     tally.Of(verifier::Status::kValid), tally.Of(verifier::Status::kInvalid),
                     tally.Of(verifier::Status::kIncomplete),
                     tally.Of(verifier::Status::kMalformed));
}

Node VerdictTree(const verifier::Verdict& verdict) {
  Node source = Node::Map({});
  source.AddMember("file", {}, Text(verdict.source));
  // 1-based, as the "#N" that names a record of a stream in "file".
  source.AddMember("record", {}, Integer(verdict.record_index + 1));
  Node locations = Node::Map({});
  for (const Finding& finding : verdict.findings) {
    std::string path = Printable(finding.place.path);
    if (finding.place.line == 0 || locations.Has(path)) continue;
    locations.AddMember(path, {},
                        IntegerList({static_cast<int>(finding.place.line),
                                     static_cast<int>(finding.place.column)}));
  }
  Node body = Node::Map({});
  body.AddMember("format", {}, Text(std::string(kVerdictFormat)));
  body.AddMember("status", {}, Text(std::string(verifier::StatusName(verdict.status))));
  body.AddMember("game", {}, Text(verdict.game));
  Node findings = Node::List({});
  for (const Finding& finding : verdict.findings) findings.Append(FindingTree(finding));
  body.AddMember("findings", {}, std::move(findings));
  body.AddMember("events_checked", {}, Integer(verdict.events_checked));
  body.AddMember("events_unchecked", {}, Integer(verdict.events_unchecked));
  if (verdict.status != verifier::Status::kMalformed) {
    const games::GameDescriptor* game = games::FindGame(verdict.game);
    body.AddMember("scores", {}, ScoresTree(verdict.scores, game));
    body.AddMember("outcome", {}, OutcomeTree(verdict.outcome, game));
  }
  Node root = Node::Map({});
  root.AddMember("source", {}, std::move(source));
  root.AddMember("locations", {}, std::move(locations));
  root.AddMember("verdict", {}, std::move(body));
  return root;
}

Node UnreadableTree(const std::string& file, const std::string& problem) {
  Node source = Node::Map({});
  source.AddMember("file", {}, Text(file));
  Node error = Node::Map({});
  error.AddMember("format", {}, Text(std::string(kVerdictFormat)));
  error.AddMember("code", {}, Text("unreadable"));
  error.AddMember("message", {}, Text(problem));
  Node root = Node::Map({});
  root.AddMember("source", {}, std::move(source));
  root.AddMember("unreadable", {}, std::move(error));
  return root;
}

}  // namespace referee::reports
