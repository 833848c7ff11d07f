// A published ratings file in the CSV output format read back into the tree RatingsTree makes,
// for `ratings --check` (csv_reader.h).
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

// A CSV section's lines as maps by its header; the players' "1=" is rank 1, shared.
Node SectionList(const Row& header, const std::vector<Row>& lines) {
  Node list = Node::List({});
  for (const Row& line : lines) {
    Node item = Node::Map({});
    for (size_t c = 0; c < header.size(); ++c) {
      std::string cell = line[c];
      if (header[c] == "rank") {
        bool shared = !cell.empty() && cell.back() == '=';
        if (shared) cell.pop_back();
        item.AddMember("shared", {}, record::StringNode(shared ? "true" : "false"));
      }
      item.AddMember(header[c], {}, record::StringNode(cell));
    }
    list.Append(std::move(item));
  }
  return list;
}

Node ParametersOf(const std::vector<Row>& lines) {
  Node map = Node::Map({});
  for (const Row& line : lines) map.AddMember(line[0], {}, record::StringNode(line[1]));
  return map;
}

}  // namespace

Result<record::Node> ParseRatingsCsv(std::string_view text, size_t max_fields) {
  Result<std::vector<Row>> rows = CsvRows(text, max_fields);
  if (!rows) return Fail(std::move(rows).error());
  if (rows->empty() || rows->front().empty() || rows->front().front() != "rank") {
    return Fail(Malformed("csv-syntax", "", "expected a header line starting with 'rank'"));
  }
  // The players' header of this version, with `provisional`, and of the version before it.
  const std::multimap<std::string, Row> kHeaders = {
      {"rank", {"rank", "player", "name", "rating", "mu", "sigma", "matches", "provisional"}},
      {"rank", {"rank", "player", "name", "rating", "mu", "sigma", "matches"}},
      {"league",
       {"league", "name", "rated", "not_rated", "not_counted", "already_rated", "inputs_sha256"}},
      {"parameter", {"parameter", "value"}}};
  Node root = Node::Map({});
  for (size_t start = 0; start < rows->size();) {
    size_t end = start;
    while (end < rows->size() && !(*rows)[end].empty()) ++end;
    if (end > start) {
      const Row& header = (*rows)[start];
      auto [first, last] = kHeaders.equal_range(header.front());
      bool known =
          std::any_of(first, last, [&](const auto& item) { return item.second == header; });
      if (!known) {
        return Fail(Malformed("csv-syntax", "",
                              "line " + std::to_string(start + 1) +
                                  ": expected the header of the players, leagues or parameters, "
                                  "found '" +
                                  header.front() + ",...'"));
      }
      std::vector<Row> lines(rows->begin() + start + 1, rows->begin() + end);
      for (size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].size() == header.size()) continue;
        return Fail(Malformed("csv-syntax", "",
                              "line " + std::to_string(start + 2 + i) + ": expected " +
                                  std::to_string(header.size()) + " fields, found " +
                                  std::to_string(lines[i].size())));
      }
      const std::string& section = header.front();
      if (root.Find(section == "rank" ? "players" : section + "s") != nullptr) {
        return Fail(Malformed(
            "csv-syntax", "",
            "line " + std::to_string(start + 1) + ": a second '" + section + "' section"));
      }
      if (section == "rank") root.AddMember("players", {}, SectionList(header, lines));
      if (section == "league") root.AddMember("leagues", {}, SectionList(header, lines));
      if (section == "parameter") root.AddMember("parameters", {}, ParametersOf(lines));
    }
    start = end + 1;
  }
  return root;
}

}  // namespace referee::formats
