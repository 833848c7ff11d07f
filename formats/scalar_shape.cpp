#include "formats/scalar_shape.h"

namespace referee::formats {
namespace {

using Kind = record::Node::Kind;

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

size_t SkipSign(std::string_view text) {
  return !text.empty() && (text[0] == '-' || text[0] == '+') ? 1 : 0;
}

size_t CountDigits(std::string_view text, size_t from) {
  size_t end = from;
  while (end < text.size() && IsDigit(text[end])) ++end;
  return end - from;
}

// Length of an exponent `[eE][-+]?[0-9]+` at text[from], or 0 when there is none.
size_t ExponentLength(std::string_view text, size_t from) {
  if (from >= text.size() || (text[from] != 'e' && text[from] != 'E')) return 0;
  size_t i = from + 1;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
  size_t digits = CountDigits(text, i);
  return digits == 0 ? 0 : i + digits - from;
}

}  // namespace

bool IsIntegerText(std::string_view text) {
  size_t start = SkipSign(text);
  size_t digits = CountDigits(text, start);
  return digits > 0 && start + digits == text.size();
}

bool IsDecimalText(std::string_view text) {
  size_t i = SkipSign(text);
  size_t whole = CountDigits(text, i);
  i += whole;
  bool has_point = i < text.size() && text[i] == '.';
  size_t fraction = 0;
  if (has_point) {
    fraction = CountDigits(text, i + 1);
    i += 1 + fraction;
  }
  size_t exponent = ExponentLength(text, i);
  if (i + exponent != text.size()) return false;
  if (has_point) return whole + fraction > 0;
  return whole > 0 && exponent > 0;
}

Kind PlainScalarKind(std::string_view text) {
  if (text == "true" || text == "True" || text == "TRUE" || text == "false" || text == "False" ||
      text == "FALSE") {
    return Kind::kBool;
  }
  if (text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL") {
    return Kind::kNull;
  }
  if (IsIntegerText(text)) return Kind::kInteger;
  if (IsDecimalText(text)) return Kind::kDecimal;
  return Kind::kString;
}

std::string_view BoolText(bool value) { return value ? "true" : "false"; }

}  // namespace referee::formats
