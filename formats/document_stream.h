// DocumentStream: reads JSON Lines records one at a time from a stream; YamlDocumentReader: the
// documents of a YAML stream (separated by `---` lines) one at a time, as texts to parse.
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

// A YAML document that starts on line `first_line` of its stream: as ParseYaml, with its finding
// placed on the line of the stream.
Result<record::Node> ParseYamlOnLine(std::string_view text, uint32_t first_line,
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
  uint32_t line_number_ = 0;
  size_t next_index_ = 0;
};

// One document of a YAML stream, not parsed yet: its text runs from its first line (blank lines
// and comments before its `---` included) to the line before the next `---`.
struct YamlDocumentText {
  size_t index = 0;         // 0-based among the documents
  uint32_t first_line = 0;  // 1-based line of the stream the text starts on
  std::string text;         // empty when too_long
  bool too_long = false;    // over ReadLimits::max_document_bytes
};

// Cuts a YAML stream into its documents, as `referee convert --to yaml` writes them for several
// records: a line that is `---` (alone, or followed by a space or tab and the document's start)
// begins a document, and one that is `...` ends it. The blank lines, comments and directives
// before a `---` go with the document it begins. A document of nothing (`---` then `---`) is
// none, as a blank line of JSON Lines is none; a stream of no document at all is one, empty, for
// the reader to refuse. Memory and reading are bounded by one document: a document over
// ReadLimits::max_document_bytes is not kept (too_long) and ends the stream, whose rest is not
// read (one endless line would never end). A byte order mark at the start is skipped; CRLF line
// breaks become LF.
class YamlDocumentReader {
 public:
  // `in` must outlive the reader.
  explicit YamlDocumentReader(std::istream& in, const ReadLimits& limits = {});

  // The next document, or nullopt at the end of the stream.
  std::optional<YamlDocumentText> Next();

  // A document's finding when it is too long to keep, placed on its first line.
  static Finding TooLarge(const YamlDocumentText& document, const ReadLimits& limits);

 private:
  bool ReadLine();

  std::istream& in_;
  ReadLimits limits_;
  std::string line_;
  bool line_too_long_ = false;
  uint32_t line_number_ = 0;
  // The start of the next document, read ahead: its lines so far, its first line, and whether it
  // holds content and its `---` yet.
  std::string carry_;
  uint32_t carry_first_line_ = 0;
  bool carry_content_ = false;
  bool carry_started_ = false;
  size_t next_index_ = 0;
  bool ended_ = false;
};

}  // namespace referee::formats
