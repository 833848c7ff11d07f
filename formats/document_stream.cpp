#include "formats/document_stream.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "formats/json_reader.h"
#include "formats/text_checks.h"
#include "formats/yaml_reader.h"

namespace referee::formats {
namespace {

bool IsBlank(std::string_view line) { return line.find_first_not_of(" \t\r") == line.npos; }

// A line that begins a YAML document: `---` followed by nothing, a space or a tab.
bool IsDocumentStart(std::string_view line) {
  return line.starts_with("---") && (line.size() == 3 || line[3] == ' ' || line[3] == '\t');
}

// A line that ends a document: `...`, alone or with a comment.
bool IsDocumentEnd(std::string_view line) {
  if (!line.starts_with("...") || (line.size() > 3 && line[3] != ' ' && line[3] != '\t')) {
    return false;
  }
  size_t rest = line.find_first_not_of(" \t", 3);
  return rest == line.npos || line[rest] == '#';
}

// A line that holds nothing of a document's content: blank, a comment or `...`.
bool IsNoContent(std::string_view line) {
  size_t start = line.find_first_not_of(" \t");
  if (start == line.npos || line[start] == '#') return true;
  return IsDocumentEnd(line);
}

// Whether a `---` line also holds the start of its document (`--- {a: 1}`), not only a comment.
bool MarkerHasContent(std::string_view line) {
  size_t start = line.find_first_not_of(" \t", 3);
  return start != line.npos && line[start] != '#';
}

}  // namespace

// ParseJson numbers lines from 1; the record starts on line `first_line` of the stream.
Result<record::Node> ParseJsonOnLine(std::string_view text, uint32_t first_line,
                                     const ReadLimits& limits) {
  Result<record::Node> node = ParseJson(text, limits);
  if (node.has_value()) return node;
  Finding finding = std::move(node).error();
  finding.place.line = first_line + (finding.place.line > 0 ? finding.place.line - 1 : 0);
  return Fail(std::move(finding));
}

Result<record::Node> ParseYamlOnLine(std::string_view text, uint32_t first_line,
                                     const ReadLimits& limits) {
  Result<record::Node> node = ParseYaml(text, limits);
  if (node.has_value() || node.error().place.line == 0) return node;
  Finding finding = std::move(node).error();
  finding.place.line += first_line - 1;
  return Fail(std::move(finding));
}

DocumentStream::DocumentStream(std::istream& in, const ReadLimits& limits)
    : in_(in), limits_(limits) {}

namespace {

// Reads the next line of `in` into `line`, without its line break, keeping at most `limit` + 1
// bytes of it (so that a CR before the LF does not count); `too_long` says there was more.
// Returns false at the end of the stream. A CR before the line break and a BOM at the start of
// the stream (line 1) are dropped. With `stop_when_too_long`, a line over the limit is not read
// to its end (which a stream of one endless line never reaches).
bool ReadBoundedLine(std::istream& in, size_t limit, uint32_t line_number, std::string& line,
                     bool& too_long, bool stop_when_too_long = false) {
  line.clear();
  too_long = false;
  if (in.rdbuf() == nullptr) return false;
  bool any = false;
  const size_t keep = limit + 1;
  // istream::getline finds the line break with memchr, a chunk at a time; a chunk that fills up
  // sets failbit, and the line goes on in the next.
  char chunk[1 << 14];
  for (;;) {
    in.getline(chunk, sizeof(chunk));
    auto got = static_cast<size_t>(in.gcount());
    bool filled = in.fail() && !in.eof() && got == sizeof(chunk) - 1;
    bool at_end = in.eof() || (in.fail() && !filled);
    size_t stored = filled || at_end ? got : got - 1;  // a line break read is not stored
    any = any || got > 0;
    size_t room = line.size() < keep ? keep - line.size() : 0;
    line.append(chunk, std::min(stored, room));
    if (stored > room) too_long = true;
    if (!filled || (too_long && stop_when_too_long)) break;
    in.clear(in.rdstate() & ~std::ios::failbit);
  }
  if (!any) return false;
  if (!too_long && line.ends_with('\r')) line.pop_back();
  if (line.size() > limit) too_long = true;
  if (line_number == 1) line = std::string(StripBom(line));
  return true;
}

}  // namespace

bool DocumentStream::ReadLine() {
  if (!ReadBoundedLine(in_, limits_.max_document_bytes, line_number_ + 1, line_, too_long_)) {
    return false;
  }
  ++line_number_;
  return true;
}

std::optional<StreamedDocument> DocumentStream::Next() {
  std::optional<StreamedLine> line = NextLine();
  if (!line) return std::nullopt;
  return Parse(*line, limits_);
}

std::optional<StreamedLine> DocumentStream::NextLine() {
  while (ReadLine()) {
    if (!too_long_ && IsBlank(line_)) continue;
    // The text moves out (a line over the limit has no use for its prefix), so no buffer of a
    // long line is kept for the rest of the run.
    StreamedLine line{next_index_++, line_number_, too_long_ ? std::string() : std::move(line_),
                      too_long_};
    line_ = std::string();
    return line;
  }
  return std::nullopt;
}

StreamedDocument DocumentStream::Parse(const StreamedLine& line, const ReadLimits& limits) {
  if (line.too_long) {
    Finding finding = DocumentTooLarge(limits.max_document_bytes);
    finding.place.line = line.first_line;
    return {line.index, line.first_line, Fail(std::move(finding))};
  }
  return {line.index, line.first_line, ParseJsonOnLine(line.text, line.first_line, limits)};
}

YamlDocumentReader::YamlDocumentReader(std::istream& in, const ReadLimits& limits)
    : in_(in), limits_(limits) {}

bool YamlDocumentReader::ReadLine() {
  if (!ReadBoundedLine(in_, limits_.max_document_bytes, line_number_ + 1, line_, line_too_long_,
                       true)) {
    return false;
  }
  ++line_number_;
  return true;
}

std::optional<YamlDocumentText> YamlDocumentReader::Next() {
  while (!ended_) {
    YamlDocumentText document{next_index_,
                              carry_first_line_ > 0 ? carry_first_line_ : line_number_ + 1,
                              std::move(carry_), false};
    bool content = carry_content_;
    bool started = carry_started_;  // its `---` is read
    bool closed = false;            // its `...` is read
    carry_ = std::string();
    carry_first_line_ = 0;
    carry_content_ = false;
    carry_started_ = false;
    std::string after;  // blank lines, comments and directives after `...`: the next document's
    uint32_t after_line = 0;
    bool cut = false;
    while (ReadLine()) {
      if (line_too_long_ || document.text.size() + line_.size() > limits_.max_document_bytes) {
        document.too_long = true;
        break;
      }
      bool start = IsDocumentStart(line_);
      // A line of `%` before a document's `---` or after its `...` is a directive, of the next
      // document; between them it is the document's (a top-level block scalar's line, or a
      // directive out of place, for the reader to refuse).
      bool directive = line_.starts_with('%') && (!started || closed);
      bool holds = start ? MarkerHasContent(line_) : !directive && !IsNoContent(line_);
      if ((start && (content || started || closed)) || (closed && holds)) {
        carry_first_line_ = after.empty() ? line_number_ : after_line;
        carry_ = std::move(after).append(line_).append("\n");
        carry_content_ = holds;
        carry_started_ = start;
        cut = true;
        break;
      }
      if (closed && IsDocumentEnd(line_)) {
        after.clear();  // the lines since the last `...` were a document of nothing
        continue;
      }
      if (closed) {
        if (after.empty()) after_line = line_number_;
        after.append(line_).append("\n");
        continue;
      }
      document.text.append(line_).append("\n");
      content = content || holds;
      started = started || start;
      closed = IsDocumentEnd(line_);
    }
    if (document.too_long) {
      // The rest of the stream is not read: one endless line would never end.
      document.text = std::string();
      ended_ = true;
    } else if (!cut) {
      ended_ = true;
      // A stream of no document at all is one, empty, for the reader to refuse.
      if (!content && next_index_ > 0) return std::nullopt;
    } else if (!content) {
      continue;  // a document of nothing (`---` then `---`) is none, as a blank line of JSON Lines
    }
    document.index = next_index_++;
    return document;
  }
  return std::nullopt;
}

Finding YamlDocumentReader::TooLarge(const YamlDocumentText& document, const ReadLimits& limits) {
  Finding finding = DocumentTooLarge(limits.max_document_bytes);
  finding.place.line = document.first_line;
  return finding;
}

}  // namespace referee::formats
