// A published standings file in the CSV output format read back into the tree StandingsTree makes,
// for --check (csv_reader.h).
#include <algorithm>
#include <map>
#include <utility>

#include "formats/csv_reader.h"
#include "referee/core/finding.h"
#include "referee/record/record_writer.h"

namespace referee::formats {
namespace {

using record::Node;
using Row = std::vector<std::string>;

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
      (fixed ? row.fields : tie_breaks).AddMember(name, {}, record::StringNode(cells[c]));
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
    item.AddMember("rank", {}, record::StringNode(named["rank"]));
    item.AddMember("shared", {}, record::StringNode(named["shared"]));
    row->ranks.Append(std::move(item));
  }

  void AddMeeting(std::map<std::string, std::string> named) {
    PublishedRow* row = RowOf(named["table"], named["entrant"]);
    if (row == nullptr) return;
    Node item = Node::Map({});
    for (const char* key : {"round", "kind", "place", "result", "score", "points"}) {
      item.AddMember(key, {}, record::StringNode(named[key]));
    }
    item.AddMember("source", {}, record::StringNode(named["record"]));
    Node opponents = Node::List({});
    std::string ids = named["opponents"];
    for (size_t start = 0; start < ids.size();) {
      size_t end = std::min(ids.find(' ', start), ids.size());
      if (end > start) opponents.Append(record::StringNode(ids.substr(start, end - start)));
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
    node.AddMember("referee", {}, record::StringNode(provenance_["referee"]));
    node.AddMember("sha256", {}, record::StringNode(provenance_["inputs"]));
    node.AddMember("league_sha256", {}, record::StringNode(provenance_["league"]));
    Node records = Node::List({});
    for (const auto& [source, sha256] : provenance_records_) {
      Node record = Node::Map({});
      record.AddMember("source", {}, record::StringNode(source));
      record.AddMember("sha256", {}, record::StringNode(sha256));
      records.Append(std::move(record));
    }
    node.AddMember("records", {}, std::move(records));
    return node;
  }

  Node BuildTable(const std::string& title) {
    Node table = Node::Map({});
    size_t space = title.find(' ');
    table.AddMember("kind", {}, record::StringNode(title.substr(0, space)));
    table.AddMember("direction", {},
                    record::StringNode(space == std::string::npos ? "" : title.substr(space + 1)));
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
    node.AddMember("seed", {}, record::StringNode(traveller.seed));
    node.AddMember("board", {}, record::StringNode(traveller.board));
    Node directions = Node::List({});
    for (const std::string& direction : traveller.directions)
      directions.Append(record::StringNode(direction));
    node.AddMember("directions", {}, std::move(directions));
    Node lines = Node::List({});
    for (const std::string& source : traveller.sources) {
      Node line = Node::Map({});
      line.AddMember("source", {}, record::StringNode(source));
      Node scores = Node::List({});
      Node matchpoints = Node::List({});
      for (const std::string& direction : traveller.directions) {
        auto& [score, points] = traveller.lines[source][direction];
        scores.Append(record::StringNode(score));
        matchpoints.Append(record::StringNode(points));
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

}  // namespace referee::formats
