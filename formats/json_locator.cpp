#include "formats/json_locator.h"

#include <boost/json.hpp>
#include <charconv>
#include <optional>
#include <string>

namespace referee::formats {
namespace {

// "~1" is "/" and "~0" is "~" in a pointer segment (RFC 6901).
std::string UnescapeSegment(std::string_view segment) {
  std::string text;
  for (size_t i = 0; i < segment.size(); ++i) {
    if (segment[i] == '~' && i + 1 < segment.size() &&
        (segment[i + 1] == '0' || segment[i + 1] == '1')) {
      text += segment[++i] == '0' ? '~' : '/';
    } else {
      text += segment[i];
    }
  }
  return text;
}

std::optional<size_t> IndexOf(std::string_view segment) {
  size_t index = 0;
  auto [end, error] = std::from_chars(segment.data(), segment.data() + segment.size(), index);
  if (error != std::errc() || end != segment.data() + segment.size() || segment.empty()) {
    return std::nullopt;
  }
  return index;
}

// A walk over the text of an accepted document. Every step stops at the end of the text, so text
// that is not what the reader accepted still ends the walk rather than reading past it.
class Walk {
 public:
  explicit Walk(std::string_view text) : text_(text) {}

  size_t At() const { return pos_; }
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

  // Past one value: a string, an object or array with all it holds, or a scalar. Nesting is
  // counted, not recursed into, so depth costs no stack.
  void SkipValue() {
    if (Peek() == '"') return SkipString();
    if (Peek() != '{' && Peek() != '[') {
      while (pos_ < text_.size() &&
             std::string_view(",}] \t\r\n").find(text_[pos_]) == std::string_view::npos) {
        ++pos_;
      }
      return;
    }
    size_t depth = 0;
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == '"') {
        SkipString();
        continue;
      }
      ++pos_;
      if (c == '{' || c == '[') ++depth;
      if ((c == '}' || c == ']') && --depth == 0) return;
    }
  }

  // The key at an opening quote, decoded, with the walk past it.
  std::string ReadKey() {
    size_t start = pos_;
    SkipString();
    std::string_view token = text_.substr(start, pos_ - start);
    if (token.find('\\') == std::string_view::npos) {
      return std::string(token.substr(1, token.size() >= 2 ? token.size() - 2 : 0));
    }
    boost::system::error_code error;
    boost::json::value key = boost::json::parse(token, error);
    return !error && key.is_string() ? std::string(key.as_string()) : std::string();
  }

  // Into the member `key` of the object the walk is at; false (the walk back at the object) when
  // it has none.
  bool EnterMember(const std::string& key) {
    size_t object = pos_;
    ++pos_;
    for (SkipSpace(); Peek() == '"'; SkipSpace()) {
      bool match = ReadKey() == key;
      SkipSpace();
      if (Peek() != ':') break;
      ++pos_;
      SkipSpace();
      if (match) return true;
      SkipValue();
      SkipSpace();
      if (Peek() != ',') break;
      ++pos_;
    }
    pos_ = object;
    return false;
  }

  // Into item `index` of the array the walk is at; false (the walk back at the array) when it
  // has none.
  bool EnterItem(size_t index) {
    size_t array = pos_;
    ++pos_;
    SkipSpace();
    for (size_t item = 0; Peek() != ']' && pos_ < text_.size(); ++item) {
      if (item == index) return true;
      SkipValue();
      SkipSpace();
      if (Peek() != ',') break;
      ++pos_;
      SkipSpace();
    }
    pos_ = array;
    return false;
  }

  // To word `index` of the string the walk is at (words apart by spaces or escaped white space);
  // false (the walk back at the string) when it has fewer words.
  bool EnterWord(size_t index) {
    size_t string = pos_;
    size_t word = 0;
    bool in_word = false;
    for (++pos_; pos_ < text_.size() && text_[pos_] != '"'; ++pos_) {
      size_t width = text_[pos_] == '\\' ? 2 : 1;
      bool space = text_[pos_] == ' ' ||
                   (width == 2 && pos_ + 1 < text_.size() &&
                    std::string_view("tnr").find(text_[pos_ + 1]) != std::string_view::npos);
      if (!space && !in_word && word++ == index) return true;
      in_word = !space;
      pos_ += width - 1;
    }
    pos_ = string;
    return false;
  }

 private:
  std::string_view text_;
  size_t pos_ = 0;
};

// Follows one segment; false when the value the walk is at has nothing it names.
bool Follow(Walk& walk, std::string_view segment) {
  switch (walk.Peek()) {
    case '{':
      return walk.EnterMember(UnescapeSegment(segment));
    case '[': {
      std::optional<size_t> index = IndexOf(segment);
      return index && walk.EnterItem(*index);
    }
    case '"': {
      std::optional<size_t> index = IndexOf(segment);
      return index && walk.EnterWord(*index);
    }
    default:
      return false;
  }
}

}  // namespace

LineColumn LocateJsonPointer(std::string_view json, std::string_view pointer) {
  json = StripBom(json);
  Walk walk(json);
  walk.SkipSpace();
  for (size_t start = 1; start > 0 && start <= pointer.size() && pointer.starts_with('/');) {
    size_t end = pointer.find('/', start);
    std::string_view segment =
        pointer.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (!Follow(walk, segment)) break;
    start = end == std::string_view::npos ? 0 : end + 1;
  }
  return LocateOffset(json, walk.At());
}

void PlaceJsonFindings(std::string_view json, uint32_t first_line, std::vector<Finding>& findings) {
  for (Finding& finding : findings) {
    if (finding.place.line != 0) continue;
    LineColumn where = LocateJsonPointer(json, finding.place.path);
    finding.place.line = where.line + (first_line > 0 ? first_line - 1 : 0);
    finding.place.column = where.column;
  }
}

}  // namespace referee::formats
