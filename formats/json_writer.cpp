#include "formats/json_writer.h"

#include <cstdio>
#include <string_view>

#include "formats/scalar_shape.h"
#include "referee/core/check.h"

namespace referee::formats {
namespace {

using record::Node;
using Kind = record::Node::Kind;

constexpr size_t kIndent = 2;

// The code of the control character at text[i] that JSON may carry raw but a terminal should not
// see (DEL, and C1 controls U+0080..U+009F, 0xC2 0x80..0x9F in UTF-8), or 0.
unsigned RawControlAt(std::string_view text, size_t i) {
  auto byte = static_cast<unsigned char>(text[i]);
  if (byte == 0x7F) return byte;
  if (byte != 0xC2 || i + 1 >= text.size()) return 0;
  auto next = static_cast<unsigned char>(text[i + 1]);
  return next >= 0x80 && next <= 0x9F ? next : 0;
}

void WriteString(std::string_view text, std::string& out) {
  out += '"';
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (unsigned code = RawControlAt(text, i)) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04X", code);
      out += buffer;
      i += code == 0x7F ? 0 : 1;
      continue;
    }
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04X", static_cast<unsigned>(c));
          out += buffer;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

// YAML accepts number spellings JSON does not (+5, 007, .5, 1.); respell them as JSON numbers
// with the same value and kind. Text from ParseJson comes out unchanged.
std::string JsonNumber(std::string_view text) {
  REFEREE_CHECK(IsIntegerText(text) || IsDecimalText(text),
                "WriteJson: a number node with the text '" + std::string(text) + "'");
  std::string out;
  if (text.front() == '-') out += '-';
  if (text.front() == '-' || text.front() == '+') text.remove_prefix(1);
  size_t whole_end = text.find_first_not_of("0123456789");
  std::string_view whole = text.substr(0, whole_end);
  text.remove_prefix(whole.size());
  size_t first_nonzero = whole.find_first_not_of('0');
  out += first_nonzero == std::string_view::npos ? "0" : whole.substr(first_nonzero);
  if (text.starts_with('.')) {
    text.remove_prefix(1);
    std::string_view fraction = text.substr(0, text.find_first_not_of("0123456789"));
    text.remove_prefix(fraction.size());
    out += '.';
    out += fraction.empty() ? "0" : fraction;
  }
  out += text;  // the exponent, already in a form JSON accepts
  return out;
}

void WriteScalar(const Node& node, std::string& out) {
  switch (node.kind()) {
    case Kind::kNull:
      out += kNullText;
      break;
    case Kind::kBool:
      out += BoolText(node.text().starts_with('t') || node.text().starts_with('T'));
      break;
    case Kind::kString:
      WriteString(node.text(), out);
      break;
    default:
      out += JsonNumber(node.text());
  }
}

void WriteNode(const Node& node, bool pretty, size_t indent, std::string& out) {
  if (node.IsScalar()) {
    WriteScalar(node, out);
    return;
  }
  bool map = node.IsMap();
  size_t count = map ? node.members().size() : node.items().size();
  out += map ? '{' : '[';
  for (size_t i = 0; i < count; ++i) {
    if (i > 0) out += ',';
    if (pretty) {
      out += '\n';
      out.append(indent + kIndent, ' ');
    }
    if (map) {
      WriteString(node.members()[i].key, out);
      out += pretty ? ": " : ":";
    }
    WriteNode(map ? node.members()[i].value : node.items()[i], pretty, indent + kIndent, out);
  }
  if (pretty && count > 0) {
    out += '\n';
    out.append(indent, ' ');
  }
  out += map ? '}' : ']';
}

}  // namespace

std::string WriteJson(const Node& node, bool pretty) {
  std::string out;
  WriteNode(node, pretty, 0, out);
  return out;
}

namespace {
constexpr size_t kStreamBlock = 64 * 1024;
}  // namespace

JsonStreamWriter::~JsonStreamWriter() { Spill(0); }

void JsonStreamWriter::Spill(size_t at_least) {
  if (buffer_.size() < at_least || buffer_.empty()) return;
  out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  buffer_.clear();
}

void JsonStreamWriter::Start(std::string_view key) {
  if (open_.empty()) return;
  Open& parent = open_.back();
  if (parent.count++ > 0) buffer_ += ',';
  buffer_ += '\n';
  buffer_.append(open_.size() * kIndent, ' ');
  if (parent.map) {
    WriteString(key, buffer_);
    buffer_ += ": ";
  }
}

void JsonStreamWriter::Add(std::string_view key, Node value) {
  Start(key);
  WriteNode(value, true, open_.size() * kIndent, buffer_);
  Spill(kStreamBlock);
}

void JsonStreamWriter::OpenMap(std::string_view key) {
  Start(key);
  buffer_ += '{';
  open_.push_back({true, 0});
}

void JsonStreamWriter::OpenList(std::string_view key) {
  Start(key);
  buffer_ += '[';
  open_.push_back({false, 0});
}

void JsonStreamWriter::Close() {
  REFEREE_CHECK(!open_.empty(), "JsonStreamWriter: Close without an open map or list");
  Open closed = open_.back();
  open_.pop_back();
  if (closed.count > 0) {
    buffer_ += '\n';
    buffer_.append(open_.size() * kIndent, ' ');
  }
  buffer_ += closed.map ? '}' : ']';
  Spill(kStreamBlock);
}

void JsonStreamWriter::Finish() {
  REFEREE_CHECK(open_.empty(), "JsonStreamWriter: a map or list left open");
  Spill(0);
}

}  // namespace referee::formats
