#include "formats/yaml_indentation.h"

#include <string>
#include <vector>

#include "formats/text_checks.h"

namespace referee::formats {
namespace {

// One line of block YAML: its number, its indentation and its text after it.
struct Line {
  uint32_t number = 0;
  size_t start = 0;   // offset of the line in the source
  size_t indent = 0;  // spaces before the text
  std::string_view text;
};

// A block a line above opened: the column its lines start at, and the last line at it.
struct Level {
  size_t indent = 0;
  uint32_t line = 0;
};

std::string_view WithoutComment(std::string_view text) {
  // A comment starts at " #" outside quotes; quotes are rare enough in a key line that a # after
  // a quote only makes the line look longer, never shorter.
  size_t hash = text.find(" #");
  if (hash != std::string_view::npos && text.find_first_of("'\"") > hash)
    text = text.substr(0, hash);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

// Whether the text opens a block on the lines below it: a key with no value on its line.
bool OpensBlock(std::string_view text) {
  text = WithoutComment(text);
  return !text.empty() && (text.back() == ':' || text == "-");
}

// Whether the text opens a block scalar (`key: |`, `- >-`), whose deeper lines are its text.
bool OpensBlockScalar(std::string_view text) {
  text = WithoutComment(text);
  while (!text.empty() &&
         (text.back() == '-' || text.back() == '+' || (text.back() >= '1' && text.back() <= '9'))) {
    text.remove_suffix(1);
  }
  return text.ends_with(": |") || text.ends_with(": >") || text.ends_with("- |") ||
         text.ends_with("- >") || text == "|" || text == ">";
}

// Whether the text reads as a key or a list item: what cannot go on a scalar above it.
bool StartsEntry(std::string_view text) {
  text = WithoutComment(text);
  return text.starts_with("- ") || text == "-" || text.ends_with(":") ||
         text.find(": ") != std::string_view::npos;
}

// Whether the line holds something the block structure is made of: not blank, a comment, a
// document marker or a line inside a flow collection or quoted text the prescan has read.
bool IsBlockLine(const Line& line) {
  return !line.text.empty() && line.text.front() != '#' && !line.text.starts_with("---") &&
         !line.text.starts_with("...");
}

// How many flow collections are open after the text, `depth` being open before it.
size_t FlowDepthAfter(std::string_view text, size_t depth) {
  for (char c : WithoutComment(text)) {
    depth += c == '[' || c == '{';
    if ((c == ']' || c == '}') && depth > 0) --depth;
  }
  return depth;
}

std::string Spaces(size_t count) {
  return std::to_string(count) + (count == 1 ? " space" : " spaces");
}

Finding Misindented(std::string_view source, const Line& line, const std::string& found,
                    const std::vector<Level>& ways) {
  std::string expected;
  for (const Level& way : ways) {
    expected += (expected.empty() ? Spaces(way.indent) + " would go on"
                                  : ", " + std::to_string(way.indent)) +
                " as line " + std::to_string(way.line) + " does";
  }
  return MalformedAt("yaml-syntax", "",
                     "expected valid YAML, found line " + std::to_string(line.number) +
                         " indented by " + Spaces(line.indent) + ", " + found + ": " + expected,
                     LocateOffset(source, line.start + line.indent));
}

}  // namespace

std::optional<Finding> MisindentedLine(std::string_view source, size_t error_offset) {
  std::vector<Level> levels;
  std::optional<Line> last;  // the last block line read
  bool in_block_scalar = false;
  size_t flow_depth = 0;
  uint32_t number = 0;
  for (size_t start = 0; start <= source.size() && start <= error_offset;) {
    size_t end = source.find('\n', start);
    if (end == std::string_view::npos) end = source.size();
    Line line{++number, start, 0, source.substr(start, end - start)};
    start = end + 1;
    while (line.indent < line.text.size() && line.text[line.indent] == ' ') ++line.indent;
    line.text.remove_prefix(line.indent);
    if (!IsBlockLine(line)) continue;
    if (in_block_scalar && last && line.indent > levels.back().indent) continue;
    in_block_scalar = false;
    if (line.text.front() == '\t') return std::nullopt;  // a tab: SyntaxFinding words it
    if (flow_depth > 0) {  // a flow collection's lines: the prescan checks their indentation
      flow_depth = FlowDepthAfter(line.text, flow_depth);
      continue;
    }
    std::optional<Level> closed;  // the innermost level this line steps back out of
    while (!levels.empty() && levels.back().indent > line.indent) {
      closed = levels.back();
      levels.pop_back();
    }
    bool sibling = !levels.empty() && levels.back().indent == line.indent;
    if (sibling) levels.back().line = line.number;
    if (!sibling && closed) {
      std::vector<Level> ways{*closed};
      if (!levels.empty()) ways.push_back(levels.back());
      return Misindented(source, line, "which matches none of the lines above it", ways);
    }
    if (!sibling && last && !OpensBlock(last->text) && StartsEntry(line.text)) {
      return Misindented(
          source, line,
          "deeper than line " + std::to_string(last->number) + ", whose value is complete",
          {levels.back()});
    }
    if (!sibling && (levels.empty() || OpensBlock(last ? last->text : ""))) {
      levels.push_back({line.indent, line.number});
    }
    // A list item's text starts a block of its own, two or more columns in.
    std::string_view text = line.text;
    size_t column = line.indent;
    while (text.starts_with("- ")) {
      size_t dash = 1;
      while (dash < text.size() && text[dash] == ' ') ++dash;
      column += dash;
      text.remove_prefix(dash);
      if (text.empty() || text.front() == '#') break;
      levels.push_back({column, line.number});
    }
    flow_depth = FlowDepthAfter(text, 0);
    in_block_scalar = OpensBlockScalar(line.text);
    if (in_block_scalar) levels.push_back({line.indent, line.number});
    last = line;
  }
  return std::nullopt;
}

}  // namespace referee::formats
