#include "formats/text_checks.h"

#include <algorithm>
#include <cstdio>

#include "referee/core/printable.h"
#include "referee/record/fields.h"

namespace referee::formats {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

bool IsContinuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

}  // namespace

// The second byte's range depends on the first (RFC 3629, table 3-7 of the Unicode standard):
// that is what rules out overlong forms, surrogates and code points past U+10FFFF.
size_t Utf8SequenceLength(std::string_view text, size_t i) {
  unsigned char lead = static_cast<unsigned char>(text[i]);
  if (lead < 0x80) return 1;
  size_t length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  unsigned char second = static_cast<unsigned char>(text[i + 1]);
  if (second < low || second > high) return 0;
  for (size_t k = 2; k < length; ++k) {
    if (!IsContinuation(static_cast<unsigned char>(text[i + k]))) return 0;
  }
  return length;
}

namespace {

bool IsAllowedControl(char c) { return c == '\t' || c == '\n' || c == '\r'; }

std::string DescribeByte(unsigned char byte) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "0x%02X", byte);
  return buffer;
}

Finding BadByte(std::string_view text, size_t offset) {
  unsigned char byte = static_cast<unsigned char>(text[offset]);
  std::string found;
  if (byte == 0) {
    found = "a NUL byte (is the file UTF-16? save it as UTF-8)";
  } else if (byte < 0x80) {
    found = "the control character " + DescribeByte(byte);
  } else {
    found = "the byte " + DescribeByte(byte) + ", which does not start a valid UTF-8 character";
  }
  return MalformedAt("bad-encoding", "", "expected UTF-8 text, found " + found,
                     LocateOffset(text, offset));
}

}  // namespace

LineColumn LocateOffset(std::string_view text, size_t offset) {
  offset = std::min(offset, text.size());
  std::string_view before = text.substr(0, offset);
  size_t last_newline = before.rfind('\n');
  size_t line_start = last_newline == std::string_view::npos ? 0 : last_newline + 1;
  auto lines = std::count(before.begin(), before.end(), '\n');
  return LineColumn{static_cast<uint32_t>(lines + 1),
                    static_cast<uint32_t>(offset - line_start + 1)};
}

std::string_view StripBom(std::string_view text) {
  if (text.starts_with(kBom)) text.remove_prefix(kBom.size());
  return text;
}

Result<void> CheckEncoding(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    auto byte = static_cast<unsigned char>(text[i]);
    if ((byte < 0x20 && !IsAllowedControl(text[i])) || byte == 0x7F) {
      return Fail(BadByte(text, i));
    }
    size_t length = Utf8SequenceLength(text, i);
    if (length == 0) return Fail(BadByte(text, i));
    if (record::StartsC1Control(text, i)) {
      return Fail(MalformedAt("bad-encoding", "",
                              "expected UTF-8 text, found the control character U+00" +
                                  DescribeByte(static_cast<unsigned char>(text[i + 1])).substr(2),
                              LocateOffset(text, i)));
    }
    i += length;
  }
  return {};
}

bool IsValidUtf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    size_t length = Utf8SequenceLength(text, i);
    if (length == 0) return false;
    i += length;
  }
  return true;
}

Finding MalformedAt(std::string code, std::string path, std::string message, LineColumn where) {
  Finding finding = Malformed(std::move(code), std::move(path), std::move(message));
  finding.place.line = where.line;
  finding.place.column = where.column;
  return finding;
}

// Readers stop reading at the limit, so the true size is unknown: say "more than" the limit.
Finding DocumentTooLarge(size_t limit) {
  return Malformed(
      "too-large", "",
      "expected a document of at most " + std::to_string(limit) + " bytes, found more than that");
}

std::string QuoteForMessage(std::string_view text) {
  constexpr size_t kMaxShown = 40;
  if (text.size() <= kMaxShown) return Quoted(text);
  // Cut on a character boundary so the message stays valid UTF-8.
  size_t cut = kMaxShown;
  while (cut > 0 && IsContinuation(static_cast<unsigned char>(text[cut]))) --cut;
  return "'" + Printable(text.substr(0, cut)) + "...'";
}

}  // namespace referee::formats
