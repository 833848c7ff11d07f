#include "formats/locate.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string>

namespace referee::formats {
namespace {

using record::Document;
using record::Value;
using record::ValueKind;

// A walk over the JSON text a document was read from, giving each of its values (and their keys)
// the offset where it starts. The values come in the order of the text, so one pass does it.
// Every step stops at the end of the text.
class JsonOffsets {
 public:
  explicit JsonOffsets(Document& document) : document_(document), text_(document.source()) {}

  void Run() {
    if (!document_.empty()) Walk(0);
  }

 private:
  char Peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  void SkipSpace() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }
  // From an opening quote to just past the closing one.
  void SkipString() {
    for (++pos_; pos_ < text_.size() && text_[pos_] != '"'; ++pos_) {
      if (text_[pos_] == '\\') ++pos_;
    }
    if (pos_ < text_.size()) ++pos_;
  }
  void SkipScalar() {
    while (pos_ < text_.size() &&
           std::string_view(",}] \t\r\n").find(text_[pos_]) == std::string_view::npos) {
      ++pos_;
    }
  }
  // Past the separator after a value (a comma), if there is one.
  void SkipComma() {
    SkipSpace();
    if (Peek() == ',') ++pos_;
  }

  void Walk(uint32_t index) {
    SkipSpace();
    Document::Entry& entry = document_.mutable_entry(index);
    entry.offset = static_cast<uint32_t>(pos_);
    ValueKind kind = entry.kind;
    uint32_t end = entry.next;
    if (kind == ValueKind::kString) return SkipString();
    if (kind != ValueKind::kList && kind != ValueKind::kMap) return SkipScalar();
    ++pos_;  // the bracket
    for (uint32_t child = index + 1; child < end; child = document_.entry(child).next) {
      if (kind == ValueKind::kMap) {
        SkipSpace();
        document_.mutable_entry(child).key_offset = static_cast<uint32_t>(pos_);
        SkipString();
        SkipSpace();
        if (Peek() == ':') ++pos_;
      }
      Walk(child);
      SkipComma();
    }
    SkipSpace();
    if (pos_ < text_.size()) ++pos_;  // the closing bracket
  }

  Document& document_;
  std::string_view text_;
  size_t pos_ = 0;
};

// The offset of word `index` of a JSON string written with escapes, walked over in the text from
// its opening quote (words are apart by spaces or escaped white space); none when it has fewer.
std::optional<uint32_t> EscapedWordOffset(std::string_view text, uint32_t quote, size_t index) {
  size_t word = 0;
  bool in_word = false;
  for (size_t pos = quote + 1; pos < text.size() && text[pos] != '"'; ++pos) {
    size_t width = text[pos] == '\\' ? 2 : 1;
    bool space =
        text[pos] == ' ' || (width == 2 && pos + 1 < text.size() &&
                             std::string_view("tnr").find(text[pos + 1]) != std::string_view::npos);
    if (!space && !in_word && word++ == index) return static_cast<uint32_t>(pos);
    in_word = !space;
    pos += width - 1;
  }
  return std::nullopt;
}

// The offset of the word a pointer's last segment names under a string, or the string's own.
uint32_t WordOffset(const Document& document, Value string, std::string_view rest) {
  std::optional<size_t> index = record::PointerIndex(rest.substr(1));
  if (!index) return string.offset();
  if (string.words_in_place()) {
    size_t word = 0;
    std::optional<uint32_t> found;
    record::ForEachWord(string.text(), [&](const record::Word& each) {
      if (word++ != *index) return true;
      found = string.offset() + string.text_column() + static_cast<uint32_t>(each.offset);
      return false;
    });
    return found.value_or(string.offset());
  }
  if (document.from_json()) {
    return EscapedWordOffset(document.source(), string.offset(), *index).value_or(string.offset());
  }
  return string.offset();
}

uint32_t OffsetOf(Document& document, std::string_view pointer) {
  if (!document.offsets_known()) {
    JsonOffsets(document).Run();
    document.set_offsets_known(true);
  }
  if (document.empty()) return 0;
  record::PointedValue pointed = record::FollowPointer(document, pointer);
  Value value = pointed.value;
  if (!pointed.rest.empty()) {
    bool one_more = pointed.rest.find('/', 1) == std::string_view::npos;
    return value.IsString() && one_more ? WordOffset(document, value, pointed.rest)
                                        : value.offset();
  }
  // A list or map written in block style starts on the line after its key: point at the key.
  if (!value.IsScalar() && value.key_offset() != record::kNoOffset &&
      value.offset() != record::kNoOffset) {
    std::string_view source = document.source();
    size_t from = std::min<size_t>(value.key_offset(), source.size());
    size_t to = std::min<size_t>(value.offset(), source.size());
    if (from < to && source.substr(from, to - from).find('\n') != std::string_view::npos) {
      return value.key_offset();
    }
  }
  return value.offset();
}

}  // namespace

LineColumn Locate(Document& document, std::string_view pointer) {
  uint32_t offset = OffsetOf(document, pointer);
  if (offset == record::kNoOffset) return LineColumn{0, 0};
  return LocateOffset(document.source(), offset);
}

void PlaceFindings(Document& document, uint32_t first_line, std::vector<Finding>& findings) {
  for (Finding& finding : findings) {
    if (finding.place.line != 0) continue;
    LineColumn where = Locate(document, finding.place.path);
    if (where.line == 0) continue;
    finding.place.line = where.line + (first_line > 0 ? first_line - 1 : 0);
    finding.place.column = where.column;
  }
}

namespace {

// Offsets to lines and columns, for offsets met in increasing order (a document's values).
class LineCounter {
 public:
  explicit LineCounter(std::string_view text) : text_(text) {}
  record::SourcePos At(uint32_t offset) {
    if (offset == record::kNoOffset || offset > text_.size()) return {};
    if (offset < at_) {  // a step back (a key's offset after its value's): count afresh
      at_ = 0;
      line_ = 1;
      line_start_ = 0;
    }
    for (; at_ < offset; ++at_) {
      if (text_[at_] == '\n') {
        ++line_;
        line_start_ = at_ + 1;
      }
    }
    return {line_, static_cast<uint32_t>(offset - line_start_ + 1)};
  }

 private:
  std::string_view text_;
  uint32_t at_ = 0;
  uint32_t line_ = 1;
  uint32_t line_start_ = 0;
};

record::Node NodeOf(Value value, LineCounter& lines) {
  record::SourcePos pos = lines.At(value.offset());
  if (value.IsList() || value.IsMap()) {
    record::Node node = value.IsList() ? record::Node::List(pos) : record::Node::Map(pos);
    for (Value child : value) {
      record::SourcePos key_pos =
          value.IsMap() ? lines.At(child.key_offset()) : record::SourcePos{};
      record::Node child_node = NodeOf(child, lines);
      if (value.IsList()) {
        node.Append(std::move(child_node));
      } else {
        node.AddMember(std::string(child.key()), key_pos, std::move(child_node));
      }
    }
    return node;
  }
  record::Node node = record::Node::Scalar(value.kind(), std::string(value.text()), pos);
  node.set_single_line_plain(value.words_in_place());
  node.set_text_offset(value.text_column());
  return node;
}

}  // namespace

record::Node NodeWithPositions(Document& document) {
  if (!document.offsets_known()) {
    JsonOffsets(document).Run();
    document.set_offsets_known(true);
  }
  LineCounter lines(document.source());
  return NodeOf(document.Root(), lines);
}

}  // namespace referee::formats
