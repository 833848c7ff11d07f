#include "formats/yaml_writer.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>
#include <regex>
#include <string_view>

#include "formats/scalar_shape.h"

namespace referee::formats {
namespace {

using record::Node;
using Kind = record::Node::Kind;

constexpr size_t kMaxFlowColumns = 100;
constexpr size_t kIndent = 2;

// A plain scalar may not start with a YAML indicator (YAML 1.2, 5.3) or a space.
constexpr std::string_view kLeadingIndicators = "-?:,[]{}#&*!|>'\"%@` ";
// These end or split a plain scalar in some context (flow collections, ": ", " #"; yaml-cpp also
// ends a plain scalar in flow style at '?'). Strings that hold them anywhere are quoted, so one
// rule serves block and flow style alike.
constexpr std::string_view kInnerIndicators = ",[]{}#:?";

// Length of the character at text[i] that must be escaped inside double quotes, or 0: ASCII
// control characters and DEL, the C1 controls U+0080..U+009F, and U+2028, U+2029 and U+FEFF,
// which YAML 1.1 parsers take for line breaks or a byte order mark.
size_t EscapedLength(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  if (byte(i) < 0x20 || byte(i) == 0x7F) return 1;
  if (byte(i) == 0xC2 && i + 1 < text.size() && byte(i + 1) <= 0x9F) return 2;
  std::string_view three = text.substr(i, 3);
  if (three == "\xE2\x80\xA8" || three == "\xE2\x80\xA9" || three == "\xEF\xBB\xBF") return 3;
  return 0;
}

std::string EscapeSequence(std::string_view character) {
  if (character == "\n") return "\\n";
  if (character == "\t") return "\\t";
  if (character == "\r") return "\\r";
  char buffer[8];
  if (character.size() == 3) {
    std::snprintf(buffer, sizeof buffer, "\\u%s",
                  character == "\xE2\x80\xA8"   ? "2028"
                  : character == "\xE2\x80\xA9" ? "2029"
                                                : "FEFF");
  } else {
    // \xNN is the code point U+00NN: the byte itself for ASCII, the second byte for C1.
    std::snprintf(buffer, sizeof buffer, "\\x%02X",
                  static_cast<unsigned char>(character[character.size() - 1]));
  }
  return buffer;
}

std::string DoubleQuoted(std::string_view text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size(); ++i) {
    size_t length = EscapedLength(text, i);
    if (text[i] == '"' || text[i] == '\\') {
      out += '\\';
      out += text[i];
    } else if (length == 0) {
      out += text[i];
    } else {
      out += EscapeSequence(text.substr(i, length));
      i += length - 1;
    }
  }
  return out + "\"";
}

bool HasEscapedCharacter(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (EscapedLength(text, i) > 0) return true;
  }
  return false;
}

// The plain scalars that YAML 1.1 (yaml.org/type) resolves to a boolean or a null by their
// words, and to a merge key (`<<`) or a value key (`=`). PyYAML and go-yaml v2 still read YAML 1.1.
constexpr std::array<std::string_view, 29> kYaml11Words = {
    "y",     "Y",     "yes", "Yes",  "YES",  "n",    "N",    "no",   "No",   "NO",
    "on",    "On",    "ON",  "off",  "Off",  "OFF",  "true", "True", "TRUE", "false",
    "False", "FALSE", "~",   "null", "Null", "NULL", "<<",   "=",    ""};

// Every character a YAML 1.1 number or date may hold: a scalar with any other is text.
constexpr std::string_view kNumberCharacters = "0123456789abcdefABCDEFinfINFoxOX_.:+-";

// YAML 1.1's int (binary, octal, decimal, hexadecimal, base 60) and float (with `_`, base 60,
// infinities, not-a-number), as the type pages and PyYAML's resolver write them, YAML 1.2's
// `0o` octal, and the date form of the timestamp (its other forms hold ": ", quoted anyway).
bool Yaml11Number(std::string_view text) {
  if (text.find_first_not_of(kNumberCharacters) != std::string_view::npos) return false;
  static const std::regex kNumber(
      "[-+]?0b[01_]+|[-+]?0[0-7_]+|[-+]?(0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+"
      "|[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+|0o[0-7]+"
      "|[-+]?([0-9][0-9_]*)?\\.[0-9._]*([eE][-+]?[0-9]+)?|[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\\.[0-9_]"
      "*"
      "|[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN)"
      "|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?",
      std::regex::extended | std::regex::optimize);
  return std::regex_match(text.begin(), text.end(), kNumber);
}

// True when a YAML 1.1 reader would read `text`, written plain, as anything but that text.
bool Yaml11ReadsAsOther(std::string_view text) {
  return std::find(kYaml11Words.begin(), kYaml11Words.end(), text) != kYaml11Words.end() ||
         Yaml11Number(text);
}

// True when `text` written plain reads back as the same text, in ParseYaml (YAML 1.2's core
// schema, narrowed) and in a YAML 1.1 reader alike. Keys follow the same rule: a YAML 1.1 reader
// turns the key `N` into false and `12` into a number.
bool CanBePlain(std::string_view text) {
  if (text.empty() || kLeadingIndicators.find(text.front()) != std::string_view::npos ||
      text.back() == ' ' || text.find_first_of(kInnerIndicators) != std::string_view::npos ||
      text.starts_with("...") || HasEscapedCharacter(text)) {
    return false;
  }
  return PlainScalarKind(text) == Kind::kString && !Yaml11ReadsAsOther(text);
}

std::string KeyText(std::string_view key) {
  return CanBePlain(key) ? std::string(key) : DoubleQuoted(key);
}

std::string ScalarText(const Node& node) {
  switch (node.kind()) {
    case Kind::kNull:
      return std::string(kNullText);
    case Kind::kBool:
      return std::string(BoolText(node.text().starts_with('t') || node.text().starts_with('T')));
    case Kind::kString:
      return CanBePlain(node.text()) ? node.text() : DoubleQuoted(node.text());
    default:
      return node.text();
  }
}

// The node in flow style if it is a scalar or empty (block style has no way to write an empty
// collection), or a collection of scalars whose flow text fits on a line that already holds
// `column` characters.
std::optional<std::string> FlowText(const Node& node, size_t column) {
  if (node.IsScalar()) return ScalarText(node);
  bool map = node.IsMap();
  if (map ? node.members().empty() : node.items().empty()) return map ? "{}" : "[]";
  std::string out(1, map ? '{' : '[');
  size_t count = map ? node.members().size() : node.items().size();
  for (size_t i = 0; i < count; ++i) {
    const Node& child = map ? node.members()[i].value : node.items()[i];
    if (!child.IsScalar()) return std::nullopt;
    if (i > 0) out += ", ";
    if (map) out += KeyText(node.members()[i].key) + ": ";
    out += ScalarText(child);
    if (column + out.size() > kMaxFlowColumns) return std::nullopt;
  }
  out += map ? '}' : ']';
  if (column + out.size() > kMaxFlowColumns) return std::nullopt;
  return out;
}

void WriteBlock(const Node& node, size_t indent, bool continue_line, std::string& out);

// Writes a node at the cursor, which is at column `indent` (after "- " or at the start).
void WriteItem(const Node& node, size_t indent, std::string& out) {
  if (std::optional<std::string> flow = FlowText(node, indent)) {
    out += *flow;
    out += '\n';
    return;
  }
  WriteBlock(node, indent, true, out);
}

// Writes a map member's value after "key:", on the same line if it fits, else indented below.
void WriteMemberValue(const Node& value, size_t indent, size_t column, std::string& out) {
  if (std::optional<std::string> flow = FlowText(value, column + 1)) {
    out += ' ';
    out += *flow;
    out += '\n';
    return;
  }
  out += '\n';
  WriteBlock(value, indent + kIndent, false, out);
}

// Block map or list at `indent`; with continue_line the cursor is already there for the first
// line (a map or list inside a list item: "- key: value").
void WriteBlock(const Node& node, size_t indent, bool continue_line, std::string& out) {
  bool first = true;
  auto start_line = [&] {
    if (!first || !continue_line) out.append(indent, ' ');
    first = false;
  };
  if (node.IsMap()) {
    for (const Node::Member& member : node.members()) {
      start_line();
      std::string key = KeyText(member.key);
      out += key;
      out += ':';
      WriteMemberValue(member.value, indent, indent + key.size() + 1, out);
    }
    return;
  }
  for (const Node& item : node.items()) {
    start_line();
    out += "- ";
    WriteItem(item, indent + kIndent, out);
  }
}

}  // namespace

std::string WriteYaml(const Node& node) {
  std::string out;
  WriteItem(node, 0, out);
  return out;
}

}  // namespace referee::formats
