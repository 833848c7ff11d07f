// DocumentStream: reads JSON Lines records one at a time from a stream.
//
// One record per line; blank lines are skipped; CRLF line endings and a byte order mark at the
// start of the stream are accepted. Each record is read with ParseJson, and the line of every
// finding is the line in the stream. Memory does not grow with the number of records: a line
// longer than ReadLimits::max_document_bytes is not kept; it becomes a `too-large` record and
// reading carries on at the next line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>

#include "formats/read_limits.h"
#include "referee/core/result.h"
#include "referee/record/node.h"

namespace referee::formats {

// One line of the stream, not parsed yet: reading lines is sequential, parsing them is not.
struct StreamedLine {
  size_t index = 0;         // 0-based among the records
  uint32_t first_line = 0;  // 1-based line of the stream
  std::string text;         // without its line break; only a prefix when too_long
  bool too_long = false;    // over ReadLimits::max_document_bytes
};

struct StreamedDocument {
  size_t index = 0;         // 0-based among the records (blank lines are not records)
  uint32_t first_line = 0;  // 1-based line of the stream the record is on
  Result<record::Node> node;
};

// A JSON record that starts on line `first_line` of its stream: as ParseJson, with its finding
// placed on the line of the stream.
Result<record::Node> ParseJsonOnLine(std::string_view text, uint32_t first_line,
                                     const ReadLimits& limits);

class DocumentStream {
 public:
  // `in` must outlive the DocumentStream.
  explicit DocumentStream(std::istream& in, const ReadLimits& limits = {});

  // The next record, or nullopt at the end of the stream.
  std::optional<StreamedDocument> Next();
  // The next record's line, unparsed, or nullopt at the end of the stream.
  std::optional<StreamedLine> NextLine();
  // A line as its record: findings carry the line of the stream. Safe on any thread.
  static StreamedDocument Parse(const StreamedLine& line, const ReadLimits& limits);

 private:
  // Reads the next line into line_, without its line break. Returns false at the end of the
  // stream. Sets too_long_ (and keeps only a prefix) when the line is over the limit.
  bool ReadLine();

  std::istream& in_;
  ReadLimits limits_;
  std::string line_;
  bool too_long_ = false;
  size_t line_length_ = 0;
  uint32_t line_number_ = 0;
  size_t next_index_ = 0;
};

}  // namespace referee::formats
