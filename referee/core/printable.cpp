#include "referee/core/printable.h"

#include <cstdint>
#include <cstdio>

namespace referee {
namespace {

bool IsContinuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

// The well-formed UTF-8 sequence at the start of `text`: its code point and length, or a length
// of 0. The second byte's range depends on the first (RFC 3629, table 3-7 of the Unicode
// standard): that is what rules out overlong forms, surrogates and code points past U+10FFFF.
struct Decoded {
  char32_t code_point = 0;
  size_t length = 0;
};
Decoded Decode(std::string_view text) {
  unsigned char lead = static_cast<unsigned char>(text[0]);
  if (lead < 0x80) return {lead, 1};
  size_t length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  char32_t code_point = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    code_point = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    code_point = lead & 0x0F;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    code_point = lead & 0x07;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return {};
  }
  if (text.size() < length) return {};
  unsigned char second = static_cast<unsigned char>(text[1]);
  if (second < low || second > high) return {};
  for (size_t i = 1; i < length; ++i) {
    unsigned char byte = static_cast<unsigned char>(text[i]);
    if (!IsContinuation(byte)) return {};
    code_point = (code_point << 6) | (byte & 0x3F);
  }
  return {code_point, length};
}

bool InRange(char32_t c, char32_t first, char32_t last) { return c >= first && c <= last; }

// C1 controls, and characters that are invisible or turn the direction of the text round them.
bool IsHidden(char32_t c) {
  return InRange(c, 0x80, 0x9F) || c == 0x061C || InRange(c, 0x200B, 0x200F) ||
         InRange(c, 0x2028, 0x202E) || InRange(c, 0x2060, 0x2064) || InRange(c, 0x2066, 0x2069) ||
         c == 0xFEFF;
}

// Terminal columns of a printable character: East Asian wide characters and emoji take two,
// combining marks none (the main blocks of each, after Markus Kuhn's wcwidth).
size_t Columns(char32_t c) {
  if (InRange(c, 0x0300, 0x036F) || InRange(c, 0x20D0, 0x20FF) || InRange(c, 0xFE00, 0xFE0F)) {
    return 0;
  }
  bool wide =
      InRange(c, 0x1100, 0x115F) || InRange(c, 0x2E80, 0x303E) || InRange(c, 0x3041, 0x33FF) ||
      InRange(c, 0x3400, 0x4DBF) || InRange(c, 0x4E00, 0x9FFF) || InRange(c, 0xA000, 0xA4CF) ||
      InRange(c, 0xAC00, 0xD7A3) || InRange(c, 0xF900, 0xFAFF) || InRange(c, 0xFE30, 0xFE4F) ||
      InRange(c, 0xFF00, 0xFF60) || InRange(c, 0xFFE0, 0xFFE6) || InRange(c, 0x1F300, 0x1F64F) ||
      InRange(c, 0x1F900, 0x1F9FF) || InRange(c, 0x20000, 0x3FFFD);
  return wide ? 2 : 1;
}

PrintableChar Escaped(size_t bytes, const char* format, unsigned value) {
  char buffer[8];
  std::snprintf(buffer, sizeof(buffer), format, value);
  std::string shown = buffer;
  return PrintableChar{bytes, shown, shown.size()};
}

}  // namespace

PrintableChar NextPrintable(std::string_view text) {
  unsigned char lead = static_cast<unsigned char>(text[0]);
  if (lead == '\t') return PrintableChar{1, "\t", 1};
  if (lead < 0x20 || lead == 0x7F) return Escaped(1, "\\x%02x", lead);
  Decoded decoded = Decode(text);
  if (decoded.length == 0) return Escaped(1, "\\x%02x", lead);
  if (IsHidden(decoded.code_point)) {
    return Escaped(decoded.length, "\\u%04x", static_cast<unsigned>(decoded.code_point));
  }
  return PrintableChar{decoded.length, std::string(text.substr(0, decoded.length)),
                       Columns(decoded.code_point)};
}

void ForEachPrintablePiece(std::string_view text,
                           const std::function<void(std::string_view)>& piece) {
  while (!text.empty()) {
    // Printable ASCII, the common case, is handed on a run at a time.
    size_t plain = 0;
    while (plain < text.size() && text[plain] >= 0x20 && text[plain] < 0x7F) ++plain;
    if (plain > 0) piece(text.substr(0, plain));
    text.remove_prefix(plain);
    if (text.empty()) break;
    PrintableChar next = NextPrintable(text);
    piece(next.shown);
    text.remove_prefix(next.bytes);
  }
}

std::string Printable(std::string_view text) {
  std::string shown;
  shown.reserve(text.size());
  ForEachPrintablePiece(text, [&shown](std::string_view piece) { shown.append(piece); });
  return shown;
}

std::string ValidUtf8(std::string_view text) {
  std::string kept;
  kept.reserve(text.size());
  while (!text.empty()) {
    size_t length = Decode(text).length;
    if (length == 0) {
      kept += Escaped(1, "\\x%02x", static_cast<unsigned char>(text[0])).shown;
      length = 1;
    } else {
      kept.append(text.substr(0, length));
    }
    text.remove_prefix(length);
  }
  return kept;
}

std::string Quoted(std::string_view text) { return "'" + Printable(text) + "'"; }

}  // namespace referee
