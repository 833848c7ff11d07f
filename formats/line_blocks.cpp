#include "formats/line_blocks.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "formats/text_checks.h"

namespace referee::formats {
namespace {

// A line without its line break, as the record reads it: without a CR before the break, nor a
// byte order mark when it is the stream's first line.
std::string_view WithoutCr(std::string_view line) {
  if (line.ends_with('\r')) line.remove_suffix(1);
  return line;
}

std::string_view RecordText(std::string_view line, bool first_of_stream) {
  line = WithoutCr(line);
  return first_of_stream ? StripBom(line) : line;
}

bool IsBlank(std::string_view line) { return line.find_first_not_of(" \t\r") == line.npos; }

// The limit counts the record's bytes and a byte order mark, not the CR before the break.
bool OverLimit(std::string_view line, const ReadLimits& limits) {
  return WithoutCr(line).size() > limits.max_document_bytes;
}

}  // namespace

void ForEachLineOfBlock(const LineBlock& block,
                        const std::function<void(const BlockLine&)>& visit) {
  if (block.too_long) return;
  std::string_view text = block.text;
  size_t index = block.first_index;
  uint32_t line = block.first_line;
  for (size_t start = 0; start < text.size(); ++line) {
    size_t end = std::min(text.find('\n', start), text.size());
    std::string_view record =
        RecordText(text.substr(start, end - start), block.starts_stream && start == 0);
    start = end + 1;
    if (IsBlank(record)) continue;
    visit(BlockLine{index++, line, record});
  }
}

LineBlockReader::LineBlockReader(std::string prefix, Read read, const ReadLimits& limits,
                                 size_t block_bytes)
    : read_(std::move(read)),
      limits_(limits),
      block_bytes_(std::max<size_t>(block_bytes, 1)),
      buffer_(std::move(prefix)),
      end_(buffer_.size()) {}

std::optional<LineBlock> LineBlockReader::Next() {
  for (;;) {
    if (skipping_) SkipLongLine();
    Fill(block_bytes_);
    std::string_view pending = Pending();
    size_t line_break = pending.find('\n');
    if (line_break == pending.npos) {
      if (std::optional<LineBlock> block = Unbroken()) return block;
      if (ended_) return std::nullopt;
      // A line longer than a block and within the limit so far: the buffer grows for it, no
      // further than the limit (and a CR) allows.
      Fill(std::min(pending.size() + block_bytes_, limits_.max_document_bytes + 2));
      continue;
    }
    if (OverLimit(pending.substr(0, line_break), limits_)) {
      begin_ += line_break + 1;
      return TooLong();
    }
    return CutBlock();
  }
}

// The buffer's size is its room, and only [begin_, end_) holds bytes: the room is made (and
// zeroed) once, not for every read.
void LineBlockReader::Fill(size_t want) {
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (!ended_ && buffer_.size() < want) buffer_.resize(want);
  while (!ended_ && end_ < want) {
    long got = read_(buffer_.data() + end_, want - end_);
    end_ += static_cast<size_t>(std::max(got, 0L));
    if (got <= 0) {
      ended_ = true;
      failed_ = got < 0;
    }
  }
}

void LineBlockReader::SkipLongLine() {
  for (;;) {
    size_t line_break = Pending().find('\n');
    if (line_break != std::string_view::npos) {
      begin_ += line_break + 1;
      break;
    }
    begin_ = end_ = 0;
    if (ended_) break;
    Fill(block_bytes_);
  }
  skipping_ = false;
}

LineBlock LineBlockReader::CutBlock() {
  std::string_view pending = Pending();
  LineBlock block{{}, records_, lines_ + 1, lines_ == 0, 0, false};
  size_t end = 0;
  uint32_t lines = 0;
  while (end < block_bytes_) {
    size_t line_break = pending.find('\n', end);
    if (line_break == pending.npos) break;
    std::string_view line = pending.substr(end, line_break - end);
    if (OverLimit(line, limits_)) break;  // a block of its own, next
    if (!IsBlank(RecordText(line, lines_ + lines == 0))) ++block.records;
    ++lines;
    end = line_break + 1;
  }
  block.text.assign(pending.substr(0, end));
  begin_ += end;
  lines_ += lines;
  records_ += block.records;
  if (buffer_.size() > 2 * block_bytes_) Release();  // the room a long line needed
  return block;
}

LineBlock LineBlockReader::TooLong() {
  LineBlock block{{}, records_++, ++lines_, false, 1, true};
  Release();
  return block;
}

// A buffer that grew for a long line is let go, so that it is not kept for the whole run.
void LineBlockReader::Release() {
  // A swap, not an assignment: assigning a short string keeps the room it goes into.
  std::string(Pending()).swap(buffer_);
  begin_ = 0;
  end_ = buffer_.size();
}

std::optional<LineBlock> LineBlockReader::Unbroken() {
  std::string_view pending = Pending();
  if (pending.size() > limits_.max_document_bytes + 1) {
    skipping_ = true;
    begin_ = end_;
    return TooLong();
  }
  if (!ended_ || failed_ || pending.empty()) {
    // Wait for the line break; or the stream is over, and a line that a failed read cut short
    // is not a record.
    if (ended_) begin_ = end_;
    return std::nullopt;
  }
  // The stream's last line, without a line break.
  if (OverLimit(pending, limits_)) {
    begin_ = end_;
    return TooLong();
  }
  LineBlock block{std::string(pending), records_, lines_ + 1, lines_ == 0, 0, false};
  if (!IsBlank(RecordText(pending, lines_ == 0))) block.records = 1;
  begin_ = end_;
  ++lines_;
  records_ += block.records;
  return block;
}

}  // namespace referee::formats
