// CSV text split into rows of fields (csv_reader.h).
#include "formats/csv_reader.h"

#include "referee/core/finding.h"

namespace referee::formats {
namespace {

using Row = std::vector<std::string>;

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

}  // namespace referee::formats
