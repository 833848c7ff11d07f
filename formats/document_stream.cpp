#include "formats/document_stream.h"

#include <string_view>
#include <utility>

#include "formats/json_reader.h"
#include "formats/text_checks.h"

namespace referee::formats {
namespace {

bool IsBlank(std::string_view line) { return line.find_first_not_of(" \t\r") == line.npos; }

// ParseJson numbers lines from 1; the record is on line `line` of the stream.
Result<record::Node> PlaceOnLine(Result<record::Node> node, uint32_t line) {
  if (node.has_value()) return node;
  Finding finding = std::move(node).error();
  finding.place.line = line + (finding.place.line > 0 ? finding.place.line - 1 : 0);
  return Fail(std::move(finding));
}

}  // namespace

DocumentStream::DocumentStream(std::istream& in, const ReadLimits& limits)
    : in_(in), limits_(limits) {}

bool DocumentStream::ReadLine() {
  line_.clear();
  too_long_ = false;
  line_length_ = 0;
  std::streambuf* buffer = in_.rdbuf();
  if (buffer == nullptr) return false;
  bool any = false;
  // One byte more than the limit is kept, so that a CR before the LF does not count.
  const size_t keep = limits_.max_document_bytes + 1;
  for (int c = buffer->sbumpc(); c != std::char_traits<char>::eof(); c = buffer->sbumpc()) {
    any = true;
    if (c == '\n') break;
    ++line_length_;
    if (line_.size() < keep) {
      line_ += static_cast<char>(c);
    } else {
      too_long_ = true;
    }
  }
  if (!any) return false;
  ++line_number_;
  if (!too_long_ && line_.ends_with('\r')) line_.pop_back();
  if (line_.size() > limits_.max_document_bytes) too_long_ = true;
  if (line_number_ == 1) line_ = std::string(StripBom(line_));
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
  return {line.index, line.first_line, PlaceOnLine(ParseJson(line.text, limits), line.first_line)};
}

}  // namespace referee::formats
