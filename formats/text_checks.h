// Checks and positions shared by the readers in formats/: encoding, byte order mark, and the
// translation of a byte offset into the 1-based line and column that findings carry.
//
// Lines end at '\n' (a '\r' before it belongs to the line break); columns count bytes from the
// start of the line, so they match what the diagnostic formatter underlines. A byte order mark at
// the start of a document is skipped and not counted.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "referee/core/finding.h"
#include "referee/core/result.h"

namespace referee::formats {

struct LineColumn {
  uint32_t line = 1;
  uint32_t column = 1;
};

// The line and column of text[offset]; an offset at or past the end gives the position just
// after the last byte.
LineColumn LocateOffset(std::string_view text, size_t offset);

// The text without a leading UTF-8 byte order mark.
std::string_view StripBom(std::string_view text);

// Rejects with `bad-encoding` text that is not well-formed UTF-8 (RFC 3629: no overlong forms,
// no surrogates, nothing past U+10FFFF) or that holds a control character other than tab, line
// feed and carriage return: C0, DEL or C1 (U+0080..U+009F). A NUL byte is the common case (UTF-16
// read as UTF-8). The finding is placed at the first offending byte. Control characters written
// as escapes are refused once decoded (`control-character`, record::FindControlCharacter).
Result<void> CheckEncoding(std::string_view text);

// Length of the well-formed UTF-8 sequence starting at text[i], or 0 when none starts there.
size_t Utf8SequenceLength(std::string_view text, size_t i);

// True when `text` is well-formed UTF-8 (control characters allowed).
bool IsValidUtf8(std::string_view text);

// A Malformed finding placed at a line and column.
Finding MalformedAt(std::string code, std::string path, std::string message, LineColumn where);

// A document over `limit` bytes; readers stop at the limit, so the message says "more than".
Finding DocumentTooLarge(size_t limit);

// Quotes a piece of input for a message, shortened so that a megabyte of garbage does not end up
// in one: 'abc' or 'abcdef...'.
std::string QuoteForMessage(std::string_view text);

}  // namespace referee::formats
