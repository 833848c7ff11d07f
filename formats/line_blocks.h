// LineBlockReader: a JSON Lines stream cut into blocks of whole lines, for cutting into records on
// other threads.
//
// Reading a stream is sequential, but finding its lines need not be: the thread that reads hands
// on blocks of raw bytes that end at a line break, and whoever verifies a block cuts its lines
// (ForEachLineOfBlock). The reader only finds where the last whole line of a block ends and counts
// the block's lines and records, so that each block knows the line and the record it starts at.
//
// The lines are those of DocumentStream: blank lines are not records, a CR before the LF and a
// byte order mark at the start of the stream are not part of a record. A line longer than
// ReadLimits::max_document_bytes is never kept whole: once that many bytes have gone by without a
// line break, the line becomes a block of its own marked too long, and the rest of it is read and
// dropped, so memory stays within the limit and a block whatever the stream holds. A line that a
// failed read cut short is left out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "formats/read_limits.h"

namespace referee::formats {

// Whole lines of a stream, each with its line break (the stream's last line may have none).
struct LineBlock {
  std::string text;            // empty when too_long
  size_t first_index = 0;      // the record of the block's first record, 0-based
  uint32_t first_line = 0;     // the line of the stream the block starts on, 1-based
  bool starts_stream = false;  // its first line may start with a byte order mark
  size_t records = 0;          // how many records the block holds
  // Instead of lines: the one record first_index, on line first_line, is over the limit.
  bool too_long = false;
};

// One record of a block: its text without the line break, a CR before it or a byte order mark.
struct BlockLine {
  size_t index = 0;
  uint32_t line = 0;
  std::string_view text;
};

// Calls `visit` for every record of a block that is not too_long, in order.
void ForEachLineOfBlock(const LineBlock& block, const std::function<void(const BlockLine&)>& visit);

class LineBlockReader {
 public:
  // Reads up to `size` bytes into `data`: how many were read, 0 at the end of the stream, or -1
  // when the read failed (the stream ends there too).
  using Read = std::function<long(char* data, size_t size)>;

  // `prefix`: bytes of the stream already read (to sniff its format), read before `read`'s.
  // Blocks are cut after the first line break at or past `block_bytes`.
  LineBlockReader(std::string prefix, Read read, const ReadLimits& limits, size_t block_bytes);

  // The next block, or nullopt at the end of the stream.
  std::optional<LineBlock> Next();

  // The memory the reader holds for bytes not yet handed on (its buffer's room).
  size_t BytesHeld() const { return buffer_.capacity(); }

 private:
  // Reads until `want` bytes wait past begin_, or the stream ends.
  void Fill(size_t want);
  // Reads and drops the rest of a line over the limit, up to its line break.
  void SkipLongLine();
  // A block of the whole lines from begin_, up to about block_bytes_; stops before a line over the
  // limit. The first line is whole and within the limit.
  LineBlock CutBlock();
  LineBlock TooLong();
  void Release();
  // The bytes from begin_ when no line break is among them: too long already, or the stream's
  // last line.
  std::optional<LineBlock> Unbroken();
  std::string_view Pending() const {
    return std::string_view(buffer_).substr(begin_, end_ - begin_);
  }

  Read read_;
  ReadLimits limits_;
  size_t block_bytes_;
  std::string buffer_;  // bytes read and not yet handed on: [begin_, end_)
  size_t begin_ = 0;
  size_t end_ = 0;
  bool ended_ = false;   // the stream has no more bytes
  bool failed_ = false;  // ... because a read failed
  bool skipping_ = false;
  uint32_t lines_ = 0;  // lines handed on so far
  size_t records_ = 0;  // records handed on so far
};

}  // namespace referee::formats
