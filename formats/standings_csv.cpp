// The standings as CSV (RFC 4180), in sections, and a published CSV file read back into the tree
// StandingsTree makes, for --check.
#include <algorithm>
#include <map>
#include <ostream>
#include <sstream>

#include "reports/standings_output.h"

namespace referee::reports {
namespace {

using record::Node;
using Row = std::vector<std::string>;

}  // namespace

namespace {

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

namespace {

std::string JoinIds(const std::vector<std::string>& ids) {
  std::string text;
  for (const std::string& id : ids) text += (text.empty() ? "" : " ") + id;
  return text;
}

std::string ScoreText(const Standings& standings, const Meeting& meeting) {
  std::optional<int64_t> score = ScoreOf(standings, meeting);
  return score ? std::to_string(*score) : "";
}

const char* OutcomeWord(Meeting::Outcome outcome) {
  return outcome == Meeting::Outcome::kWon    ? "won"
         : outcome == Meeting::Outcome::kDrew ? "drew"
         : outcome == Meeting::Outcome::kLost ? "lost"
                                              : "";
}

// The standings tables: one header, then one line per entrant per table.
std::string TablesSection(const Standings& standings) {
  std::string text;
  for (const StandingsTable& table : standings.tables) {
    Grid grid = StandingsGrid(standings, table);
    for (size_t r = 0; r < grid.size(); ++r) {
      if (r == 0 && !text.empty()) continue;  // one header for every table
      Row cells = {r == 0 ? "table" : table.Title()};
      cells.insert(cells.end(), grid[r].begin(), grid[r].end());
      if (r > 0) {
        const StandingRow& row = table.rows[r - 1];
        cells[1] = std::to_string(row.rank);  // the shared mark has its own column in JSON
        cells[3] = row.name;                  // the withdrawal has its column
      }
      cells.push_back(r == 0 ? "withdrawn_after" : table.rows[r - 1].withdrawn_after.value_or(""));
      if (standings.lots) {
        const std::optional<Sha256Digest>& lot = r == 0 ? std::nullopt : table.rows[r - 1].lot;
        cells.push_back(r == 0 ? "lot" : lot ? HexDigest(*lot) : "");
      }
      text += CsvLine(cells);
    }
  }
  return text;
}

std::string RankByRoundSection(const Standings& standings) {
  std::string text =
      CsvLine({"rank_by_round", "table", "entrant", "round", "rank", "shared", "points"});
  for (const StandingsTable& table : standings.tables) {
    for (const StandingRow& row : table.rows) {
      for (size_t r = 0; r < row.rank_by_round.size() && r < standings.rounds.size(); ++r) {
        const RoundRank& rank = row.rank_by_round[r];
        text += CsvLine({"rank_by_round", table.Title(), row.entrant, standings.rounds[r],
                         std::to_string(rank.rank), rank.shared ? "true" : "false",
                         FormatPoints(row.by_round[r])});
      }
    }
  }
  return text;
}

// A line per meeting: written as made, never held whole.
void WriteCrossTableSection(const Standings& standings, std::ostream& out) {
  out << CsvLine({"cross_table", "table", "entrant", "round", "kind", "record", "at_table", "seat",
                  "opponents", "place", "result", "level", "score", "points", "reason"});
  for (const StandingsTable& table : standings.tables) {
    for (const StandingRow& row : table.rows) {
      for (const Meeting& meeting : row.meetings) {
        bool match = meeting.kind == Meeting::Kind::kMatch;
        const PlayedRecord* record = RecordOf(standings, meeting);
        out << CsvLine({"cross_table", table.Title(), row.entrant, RoundOf(standings, meeting),
                        std::string(MeetingKindName(meeting.kind)), record ? record->source : "",
                        record ? record->Table() : "", SeatOf(standings, meeting),
                        JoinIds(OpponentIdsOf(standings, table, meeting)),
                        match ? std::to_string(meeting.place + 1) : "",
                        OutcomeWord(meeting.outcome), record ? record->Level() : "",
                        ScoreText(standings, meeting), FormatPoints(meeting.points),
                        ReasonOf(standings, meeting)});
      }
    }
  }
}

void WriteTravellerSection(const Standings& standings, std::ostream& out) {
  out << CsvLine({"traveller", "seed", "board", "tables", "expected", "top", "record", "at_table",
                  "round", "direction", "entrants", "score", "matchpoints"});
  for (const Traveller& traveller : standings.travellers) {
    for (const TravellerLine& line : traveller.lines) {
      for (size_t side = 0; side < traveller.directions.size(); ++side) {
        out << CsvLine({"traveller", traveller.seed, std::to_string(traveller.board),
                        std::to_string(traveller.tables), std::to_string(traveller.expected),
                        FormatPoints(traveller.top), line.source, line.table, line.round,
                        traveller.directions[side], line.entrants[side],
                        std::to_string(line.scores[side]), FormatPoints(line.matchpoints[side])});
      }
    }
  }
}

void WriteProvenanceSection(const Standings& standings, std::ostream& out) {
  const Provenance& provenance = standings.provenance;
  auto hex = [](const std::optional<Sha256Digest>& digest) {
    return digest ? HexDigest(*digest) : "";
  };
  out << CsvLine({"provenance", "item", "value", "source"});
  out << CsvLine({"provenance", "referee", provenance.referee, ""});
  out << CsvLine({"provenance", "inputs", hex(provenance.inputs), ""});
  out << CsvLine({"provenance", "league", hex(provenance.league), ""});
  for (size_t index : provenance.records) {
    const PlayedRecord& record = standings.records[index];
    out << CsvLine({"provenance", "record", hex(record.text_digest), record.source});
  }
}

}  // namespace

void WriteStandingsCsv(const Standings& standings, std::ostream& out) {
  out << TablesSection(standings);
  if (!standings.rounds.empty()) {
    out << "\n" << RankByRoundSection(standings) << "\n";
    WriteCrossTableSection(standings, out);
  }
  if (!standings.travellers.empty()) {
    out << "\n";
    WriteTravellerSection(standings, out);
  }
  out << "\n";
  WriteProvenanceSection(standings, out);
}

std::string FormatStandingsCsv(const Standings& standings) {
  std::ostringstream out;
  WriteStandingsCsv(standings, out);
  return std::move(out).str();
}

namespace {

// A field as it was before GuardFormula: its leading quote read off.
std::string Unguarded(std::string field) {
  if (!field.empty() && field.front() == '\'') field.erase(0, 1);
  return field;
}

}  // namespace

Result<std::vector<std::vector<std::string>>> CsvRows(std::string_view text, size_t max_fields) {
  size_t fields = 0;
  std::vector<Row> rows;
  Row row;
  std::string field;
  bool quoted = false, any = false, started = false;
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
      quoted = started = true;
    } else if ((c == ',' || c == '\n' || c == '\r') && ++fields > max_fields) {
      return Fail(
          Malformed("too-large", "",
                    "expected at most " + std::to_string(max_fields) + " fields, found more"));
    } else if (c == ',') {
      row.push_back(Unguarded(std::move(field)));
      field.clear();
      started = true;
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      if (started || !field.empty()) row.push_back(Unguarded(std::move(field)));
      field.clear();
      rows.push_back(std::move(row));
      row.clear();
      started = false;
    } else {
      field += c;
      started = true;
    }
    any = true;
  }
  if (quoted) return Fail(Malformed("csv-syntax", "", "expected a closing quote, found the end"));
  if (any && (started || !row.empty())) {
    row.push_back(Unguarded(std::move(field)));
    rows.push_back(std::move(row));
  }
  return rows;
}

namespace {

const std::vector<std::string> kFixedColumns = {
    "table", "rank",   "entrant",    "name", "played",          "won", "drawn",
    "lost",  "points", "percentage", "tops", "withdrawn_after", "lot"};

const std::string kPoints = "points";

// "1st", "2nd", "11th": a column of placings.
bool IsOrdinal(const std::string& name) {
  size_t digits = name.find_first_not_of("0123456789");
  if (digits == 0 || digits == std::string::npos) return false;
  std::string suffix = name.substr(digits);
  return suffix == "st" || suffix == "nd" || suffix == "rd" || suffix == "th";
}

Node TextNode(const std::string& text) { return Node::Scalar(Node::Kind::kString, text, {}); }

// The fields of a line by the section's header.
std::map<std::string, std::string> Named(const Row& header, const Row& cells) {
  std::map<std::string, std::string> named;
  for (size_t c = 0; c < header.size() && c < cells.size(); ++c) named[header[c]] = cells[c];
  return named;
}

// The published tree CompareStandings reads, built section by section.
class CsvTree {
 public:
  Result<void> Add(const Row& header, const std::vector<Row>& lines, size_t first_line) {
    for (size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].size() != header.size()) {
        return Fail(Malformed("csv-syntax", "",
                              "line " + std::to_string(first_line + i) + ": expected " +
                                  std::to_string(header.size()) + " fields, found " +
                                  std::to_string(lines[i].size())));
      }
      const std::string& section = header.front();
      if (section == "table") AddRow(header, lines[i]);
      if (section == "rank_by_round") AddRank(Named(header, lines[i]));
      if (section == "cross_table") AddMeeting(Named(header, lines[i]));
      if (section == "traveller") AddTraveller(Named(header, lines[i]));
      if (section == "provenance") AddProvenance(Named(header, lines[i]));
    }
    return {};
  }

  Node Build() {
    Node root = Node::Map({});
    Node list = Node::List({});
    for (const std::string& title : order_) list.Append(BuildTable(title));
    root.AddMember("tables", {}, std::move(list));
    Node travellers = Node::List({});
    for (auto& [id, traveller] : travellers_) travellers.Append(BuildTraveller(traveller));
    root.AddMember("travellers", {}, std::move(travellers));
    if (has_provenance_) root.AddMember("provenance", {}, BuildProvenance());
    return root;
  }

 private:
  struct PublishedRow {
    Node fields = Node::Map({});
    Node ranks = Node::List({});
    Node meetings = Node::List({});
  };
  struct PublishedTraveller {
    std::string seed, board;
    std::vector<std::string> directions;
    std::map<std::string, std::map<std::string, std::pair<std::string, std::string>>> lines;
    std::vector<std::string> sources;
  };

  void AddRow(const Row& header, const Row& cells) {
    const std::string& title = cells[0];
    if (!rows_.count(title)) order_.push_back(title);
    PublishedRow row;
    Node tie_breaks = Node::Map({});
    for (size_t c = 1; c < header.size(); ++c) {
      // A duplicate event's points are its matchpoints; 1st, 2nd, ... count places.
      const std::string& name = header[c] == "matchpoints" ? kPoints : header[c];
      bool fixed =
          std::find(kFixedColumns.begin(), kFixedColumns.end(), name) != kFixedColumns.end() ||
          IsOrdinal(name);
      (fixed ? row.fields : tie_breaks).AddMember(name, {}, TextNode(cells[c]));
    }
    row.fields.AddMember("tie_breaks", {}, std::move(tie_breaks));
    entrants_[title].push_back(cells.size() > 2 ? cells[2] : "");
    rows_[title].push_back(std::move(row));
  }

  PublishedRow* RowOf(const std::string& title, const std::string& entrant) {
    auto table = rows_.find(title);
    if (table == rows_.end()) return nullptr;
    std::vector<std::string>& entrants = entrants_[title];
    auto at = std::find(entrants.begin(), entrants.end(), entrant);
    return at == entrants.end() ? nullptr : &table->second[at - entrants.begin()];
  }

  void AddRank(std::map<std::string, std::string> named) {
    PublishedRow* row = RowOf(named["table"], named["entrant"]);
    if (row == nullptr) return;
    Node item = Node::Map({});
    item.AddMember("rank", {}, TextNode(named["rank"]));
    item.AddMember("shared", {}, TextNode(named["shared"]));
    row->ranks.Append(std::move(item));
  }

  void AddMeeting(std::map<std::string, std::string> named) {
    PublishedRow* row = RowOf(named["table"], named["entrant"]);
    if (row == nullptr) return;
    Node item = Node::Map({});
    for (const char* key : {"round", "kind", "place", "result", "score", "points"}) {
      item.AddMember(key, {}, TextNode(named[key]));
    }
    item.AddMember("source", {}, TextNode(named["record"]));
    Node opponents = Node::List({});
    std::string ids = named["opponents"];
    for (size_t start = 0; start < ids.size();) {
      size_t end = std::min(ids.find(' ', start), ids.size());
      if (end > start) opponents.Append(TextNode(ids.substr(start, end - start)));
      start = end + 1;
    }
    item.AddMember("opponents", {}, std::move(opponents));
    row->meetings.Append(std::move(item));
  }

  void AddTraveller(std::map<std::string, std::string> named) {
    std::string id = named["seed"] + "\n" + named["board"];
    PublishedTraveller& traveller = travellers_[id];
    traveller.seed = named["seed"];
    traveller.board = named["board"];
    const std::string& direction = named["direction"];
    if (std::find(traveller.directions.begin(), traveller.directions.end(), direction) ==
        traveller.directions.end()) {
      traveller.directions.push_back(direction);
    }
    const std::string& source = named["record"];
    if (!traveller.lines.count(source)) traveller.sources.push_back(source);
    traveller.lines[source][direction] = {named["score"], named["matchpoints"]};
  }

  void AddProvenance(std::map<std::string, std::string> named) {
    has_provenance_ = true;
    const std::string& item = named["item"];
    if (item == "record") {
      provenance_records_.emplace_back(named["source"], named["value"]);
    } else {
      provenance_[item] = named["value"];
    }
  }

  Node BuildProvenance() {
    Node node = Node::Map({});
    node.AddMember("referee", {}, TextNode(provenance_["referee"]));
    node.AddMember("sha256", {}, TextNode(provenance_["inputs"]));
    node.AddMember("league_sha256", {}, TextNode(provenance_["league"]));
    Node records = Node::List({});
    for (const auto& [source, sha256] : provenance_records_) {
      Node record = Node::Map({});
      record.AddMember("source", {}, TextNode(source));
      record.AddMember("sha256", {}, TextNode(sha256));
      records.Append(std::move(record));
    }
    node.AddMember("records", {}, std::move(records));
    return node;
  }

  Node BuildTable(const std::string& title) {
    Node table = Node::Map({});
    size_t space = title.find(' ');
    table.AddMember("kind", {}, TextNode(title.substr(0, space)));
    table.AddMember("direction", {},
                    TextNode(space == std::string::npos ? "" : title.substr(space + 1)));
    Node rows = Node::List({});
    for (PublishedRow& row : rows_[title]) {
      row.fields.AddMember("rank_by_round", {}, std::move(row.ranks));
      row.fields.AddMember("cross_table", {}, std::move(row.meetings));
      rows.Append(std::move(row.fields));
    }
    table.AddMember("rows", {}, std::move(rows));
    return table;
  }

  static Node BuildTraveller(PublishedTraveller& traveller) {
    Node node = Node::Map({});
    node.AddMember("seed", {}, TextNode(traveller.seed));
    node.AddMember("board", {}, TextNode(traveller.board));
    Node directions = Node::List({});
    for (const std::string& direction : traveller.directions)
      directions.Append(TextNode(direction));
    node.AddMember("directions", {}, std::move(directions));
    Node lines = Node::List({});
    for (const std::string& source : traveller.sources) {
      Node line = Node::Map({});
      line.AddMember("source", {}, TextNode(source));
      Node scores = Node::List({});
      Node matchpoints = Node::List({});
      for (const std::string& direction : traveller.directions) {
        auto& [score, points] = traveller.lines[source][direction];
        scores.Append(TextNode(score));
        matchpoints.Append(TextNode(points));
      }
      line.AddMember("scores", {}, std::move(scores));
      line.AddMember("matchpoints", {}, std::move(matchpoints));
      lines.Append(std::move(line));
    }
    node.AddMember("lines", {}, std::move(lines));
    return node;
  }

  std::vector<std::string> order_;
  std::map<std::string, std::vector<PublishedRow>> rows_;
  std::map<std::string, std::vector<std::string>> entrants_;
  std::map<std::string, PublishedTraveller> travellers_;
  bool has_provenance_ = false;
  std::map<std::string, std::string> provenance_;
  std::vector<std::pair<std::string, std::string>> provenance_records_;
};

}  // namespace

Result<record::Node> ParseStandingsCsv(std::string_view text, size_t max_fields) {
  Result<std::vector<Row>> rows = CsvRows(text, max_fields);
  if (!rows) return Fail(std::move(rows).error());
  if (rows->empty() || rows->front().empty() || rows->front().front() != "table") {
    return Fail(Malformed("csv-syntax", "", "expected a header line starting with 'table'"));
  }
  CsvTree tree;
  for (size_t start = 0; start < rows->size();) {
    size_t end = start;
    while (end < rows->size() && !(*rows)[end].empty()) ++end;
    if (end > start) {
      const Row& header = (*rows)[start];
      std::vector<Row> lines(rows->begin() + start + 1, rows->begin() + end);
      REFEREE_TRY(tree.Add(header, lines, start + 2));
    }
    start = end + 1;
  }
  return tree.Build();
}

}  // namespace referee::reports
