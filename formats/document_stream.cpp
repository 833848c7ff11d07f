#include "formats/document_stream.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "formats/json_reader.h"
#include "formats/text_checks.h"

namespace referee::formats {
namespace {

bool IsBlank(std::string_view line) { return line.find_first_not_of(" \t\r") == line.npos; }

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

DocumentStream::DocumentStream(std::istream& in, const ReadLimits& limits)
    : in_(in), limits_(limits) {}

bool DocumentStream::ReadLine() {
  line_.clear();
  too_long_ = false;
  line_length_ = 0;
  if (in_.rdbuf() == nullptr) return false;
  bool any = false;
  // One byte more than the limit is kept, so that a CR before the LF does not count.
  const size_t keep = limits_.max_document_bytes + 1;
  // istream::getline finds the line break with memchr, a chunk at a time; a chunk that fills up
  // sets failbit, and the line goes on in the next.
  char chunk[1 << 14];
  for (;;) {
    in_.getline(chunk, sizeof(chunk));
    auto got = static_cast<size_t>(in_.gcount());
    bool filled = in_.fail() && !in_.eof() && got == sizeof(chunk) - 1;
    bool at_end = in_.eof() || (in_.fail() && !filled);
    size_t stored = filled || at_end ? got : got - 1;  // a line break read is not stored
    any = any || got > 0;
    line_length_ += stored;
    size_t room = line_.size() < keep ? keep - line_.size() : 0;
    line_.append(chunk, std::min(stored, room));
    if (stored > room) too_long_ = true;
    if (!filled) break;
    in_.clear(in_.rdstate() & ~std::ios::failbit);
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
  return {line.index, line.first_line, ParseJsonOnLine(line.text, line.first_line, limits)};
}

}  // namespace referee::formats
