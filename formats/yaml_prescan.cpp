#include "formats/yaml_prescan.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "formats/text_checks.h"

namespace referee::formats {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t'; }
bool IsFlowIndicator(char c) { return c == ',' || c == '[' || c == ']' || c == '{' || c == '}'; }
bool IsHex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Thrown inside this file only, to unwind the scan at the first finding.
struct Stop {
  Finding finding;
};

// An open block list or map: the column of its entries, 0-based.
struct Block {
  size_t column;
  bool list;
};

class YamlPrescan {
 public:
  YamlPrescan(std::string_view text, const ReadLimits& limits) : text_(text), limits_(limits) {}

  void Run() {
    while (pos_ < text_.size()) ScanLine();
    if (directive_) DirectiveWithoutDocument(text_.size());
  }

 private:
  // What the previous line left open for the lines after it.
  enum class Open { kNothing, kPlain, kBlockScalar };

  char At(size_t i) const { return i < text_.size() ? text_[i] : '\n'; }
  bool BlankAt(size_t i) const {
    return i >= text_.size() || IsBlank(text_[i]) || text_[i] == '\n';
  }
  size_t LineEnd(size_t from) const { return LineAround(from).end; }
  size_t NextLine(size_t from) const { return std::min(text_.size(), LineEnd(from) + 1); }
  size_t SkipBlanks(size_t i) const {
    while (i < text_.size() && IsBlank(text_[i])) ++i;
    return i;
  }
  size_t LineStart(size_t i) const { return LineAround(i).start; }
  // The line holding offset `i` (its start, and its end: the '\n' or the end of the text). The
  // last line looked up is kept: a scan asks about one line many times, and a hostile line of
  // 100,000 `- ` would otherwise be searched end to end for each of them.
  struct Line {
    size_t start = 0;
    size_t end = 0;
  };
  Line LineAround(size_t i) const {
    if (line_.start <= i && i <= line_.end && line_.end != 0) return line_;
    size_t newline = i == 0 ? std::string_view::npos : text_.rfind('\n', i - 1);
    line_.start = newline == std::string_view::npos ? 0 : newline + 1;
    size_t end = text_.find('\n', i);
    line_.end = end == std::string_view::npos ? text_.size() : end;
    return line_;
  }
  size_t Column(size_t i) const { return i - LineStart(i); }
  // The indentation a flow node's continuation lines need: one more than the column of the block
  // collection it is in ([69] s-flow-line-prefix(n)); a top-level node needs none.
  size_t FlowIndent() const { return blocks_.empty() ? 0 : blocks_.back().column + 1; }

  [[noreturn]] void Fail(size_t offset, std::string code, std::string message) const {
    throw Stop{MalformedAt(std::move(code), "", std::move(message), LocateOffset(text_, offset))};
  }
  [[noreturn]] void Syntax(size_t offset, const std::string& message) const {
    Fail(offset, "yaml-syntax", "expected valid YAML, found " + message);
  }

  void ScanLine();
  [[noreturn]] void DirectiveWithoutDocument(size_t offset) const {
    Syntax(offset, "no '---' after the directive above (a directive starts a document with '---')");
  }
  bool ScanMarker(size_t start);
  bool ContinueBlockScalar(size_t start, size_t content);
  void CloseBlocksBefore(size_t content);
  size_t ScanNodes(size_t i, bool key_required);
  size_t AfterNode(size_t i, size_t node, bool& was_key);
  void OpenBlock(size_t column, bool list);
  size_t ScanPlainInBlock(size_t i, bool& was_key) const;
  size_t ScanBlockScalarHeader(size_t i);
  size_t ScanQuoted(size_t i, size_t indent);
  size_t ScanEscape(size_t i) const;
  size_t ScanFlow(size_t i, size_t indent);
  size_t ScanFlowLine(size_t i, size_t indent);
  size_t ScanFlowToken(size_t i);
  size_t ScanPlainInFlow(size_t i) const;
  size_t CrossLine(size_t i, size_t indent, size_t open) const;
  size_t SkipProperty(size_t i) const;
  void CountValue(size_t at);

  std::string_view text_;
  mutable Line line_;  // the last line LineAround looked up
  ReadLimits limits_;
  size_t pos_ = 0;
  std::vector<Block> blocks_;
  Open open_ = Open::kNothing;
  size_t plain_indent_ = 0;  // the indentation a plain scalar's continuation lines need
  // The block scalar being read: its content lines are indented at least content_min_, and at
  // scalar_indent_ once the first text line has fixed it.
  size_t content_min_ = 0;
  std::optional<size_t> scalar_indent_;
  size_t widest_empty_line_ = 0;  // spaces on the widest empty line before the first text line
  size_t widest_empty_offset_ = 0;
  bool explicit_indent_ = false;
  // Documents: a node was read in the current one; it was closed with `...`.
  bool content_ = false;
  bool ended_ = false;
  bool directive_ = false;  // a directive was read, and the `---` that must follow it was not
  // Flow collections: the kinds of the open ones, and where the scan is among their tokens.
  std::string flows_;
  bool expect_node_ = true;
  char last_indicator_ = 0;  // '[', '{', ',', ':' or '?' before the node expected, else 0
  char last_node_ = 0;       // 'p' plain, 'q' quoted, 'c' collection or alias; 0 for none
  size_t values_ = 0;
};

void YamlPrescan::ScanLine() {
  size_t start = pos_;
  size_t content = SkipBlanks(start);
  pos_ = NextLine(start);
  if (ScanMarker(start)) return;
  if (open_ == Open::kBlockScalar && ContinueBlockScalar(start, content)) return;
  if (At(content) == '\n' || At(content) == '#') {
    if (At(content) == '#' && open_ == Open::kPlain) open_ = Open::kNothing;
    return;
  }
  if (directive_) DirectiveWithoutDocument(content);
  if (ended_) {
    Fail(content, "yaml-multiple-documents",
         "expected one record per YAML file, found a second document after the end marker '...' "
         "(use one file per record, or JSON Lines for many)");
  }
  if (open_ == Open::kPlain && content - start >= plain_indent_ &&
      static_cast<size_t>(std::count(text_.begin() + start, text_.begin() + content, ' ')) ==
          content - start) {
    return;  // the plain scalar above goes on: its text is not structure
  }
  open_ = Open::kNothing;
  CloseBlocksBefore(content);
  size_t column = content - start;
  bool key_required = !blocks_.empty() && blocks_.back().column == column && !blocks_.back().list;
  content_ = true;
  pos_ = NextLine(ScanNodes(content, key_required));
}

// `---`, `...` and directives at the start of a line (c-directives-end,
// c-document-end, l-directive). Returns true when the line was one and is done.
bool YamlPrescan::ScanMarker(size_t start) {
  std::string_view rest = text_.substr(start);
  bool document_start = rest.starts_with("---") && BlankAt(start + 3);
  bool document_end = rest.starts_with("...") && BlankAt(start + 3);
  // In a top-level block scalar or plain scalar, '%' starts a line of its text.
  bool directive = rest.starts_with("%") && open_ != Open::kPlain &&
                   !(open_ == Open::kBlockScalar && content_min_ == 0);
  if (!document_start && !document_end && !directive) return false;
  if ((document_start || directive) && (content_ || ended_)) {
    Fail(start, "yaml-multiple-documents",
         "expected one record per YAML file, found a second document (use one file per record, "
         "or JSON Lines for many)");
  }
  blocks_.clear();
  open_ = Open::kNothing;
  if (directive_ && document_end) DirectiveWithoutDocument(start);
  directive_ = directive;
  if (document_end) {
    ended_ = content_;
    return true;
  }
  if (directive) return true;
  size_t content = SkipBlanks(start + 3);
  if (At(content) != '\n' && At(content) != '#') {
    content_ = true;
    pos_ = NextLine(ScanNodes(content, false));
  }
  return true;
}

// A line of the block scalar being read, or the first line after it (returns false then).
bool YamlPrescan::ContinueBlockScalar(size_t start, size_t content) {
  size_t spaces = 0;
  while (At(start + spaces) == ' ') ++spaces;
  bool empty = At(content) == '\n';
  if (empty) {
    if (!scalar_indent_ && spaces > widest_empty_line_) {
      widest_empty_line_ = spaces;
      widest_empty_offset_ = start;
    }
    return true;
  }
  if (!scalar_indent_) {
    if (spaces < content_min_) {
      open_ = Open::kNothing;
      return false;
    }
    scalar_indent_ = explicit_indent_ ? content_min_ : spaces;
    if (!explicit_indent_ && widest_empty_line_ > spaces) {
      Syntax(widest_empty_offset_,
             "an empty line with more spaces than the first line of the block text below it "
             "(its indentation is taken from that first line)");
    }
  }
  if (spaces >= *scalar_indent_) return true;
  open_ = Open::kNothing;
  return false;
}

// A line at `content` ends every block collection indented more deeply, and a list at its own
// column unless it is a new entry of that list.
void YamlPrescan::CloseBlocksBefore(size_t content) {
  size_t column = Column(content);
  bool entry = At(content) == '-' && BlankAt(content + 1);
  while (!blocks_.empty() && (blocks_.back().column > column ||
                              (blocks_.back().column == column && blocks_.back().list && !entry))) {
    blocks_.pop_back();
  }
}

void YamlPrescan::OpenBlock(size_t column, bool list) {
  if (!blocks_.empty() && blocks_.back().column == column && blocks_.back().list == list) return;
  if (!blocks_.empty() && blocks_.back().column > column) return;
  blocks_.push_back(Block{column, list});
}

// The nodes and indicators of a line in block context, from `i` to the end of the line (or of
// the quoted scalar or flow collection that goes on below it).
size_t YamlPrescan::ScanNodes(size_t i, bool key_required) {
  bool first = true;
  while (true) {
    i = SkipBlanks(i);
    char c = At(i);
    if (c == '\n' || c == '#') return i;
    bool indicator = (c == '-' || c == '?' || c == ':') && BlankAt(i + 1);
    if (indicator) {
      if (c != ':') OpenBlock(Column(i), c == '-');
      first = false;
      ++i;
      continue;
    }
    if (c == '&' || c == '!') {
      i = SkipProperty(i);
      continue;
    }
    if (c == '|' || c == '>') return ScanBlockScalarHeader(i);
    bool was_key = false;
    size_t node = i;
    if (c == '[' || c == '{') {
      i = AfterNode(ScanFlow(i, FlowIndent()), node, was_key);
    } else if (c == '"' || c == '\'') {
      i = AfterNode(ScanQuoted(i, FlowIndent()), node, was_key);
    } else if (c == '*') {
      i = AfterNode(SkipProperty(i), node, was_key);
    } else {
      i = ScanPlainInBlock(i, was_key);
      if (!was_key && At(i) != '#') {
        open_ = Open::kPlain;
        plain_indent_ = FlowIndent();
      }
    }
    if (first && key_required && !was_key) {
      Syntax(node,
             "text without a colon where the map above expects its next key (is it indented "
             "like the lines above it, or is a ':' missing?)");
    }
    if (!was_key) return i;
    OpenBlock(Column(node), false);
    first = false;
    key_required = false;
  }
}

// After a quoted scalar, flow collection or alias that ends at `i`: a ':' makes it a key (which
// must be on one line, ns-s-implicit-yaml-key); otherwise only a comment may follow.
size_t YamlPrescan::AfterNode(size_t i, size_t node, bool& was_key) {
  size_t next = SkipBlanks(i);
  if (At(next) == ':' && BlankAt(next + 1)) {
    if (LineStart(next) != LineStart(node)) {
      Syntax(node, "a key that goes on over more than one line (a key must be on one line)");
    }
    was_key = true;
    return next + 1;
  }
  if (At(next) == '#' && next == i) {
    Syntax(next, "'#' right after a value (a comment must be separated from it by a space)");
  }
  if (At(next) != '\n' && At(next) != '#') return i;  // yaml-cpp says what is wrong there
  return next;
}

// A plain scalar in block context (ns-plain-multi-line): up to ": ", " #" or the end of
// the line. Sets was_key when a ':' ends it.
size_t YamlPrescan::ScanPlainInBlock(size_t i, bool& was_key) const {
  size_t end = LineEnd(i);
  for (++i; i < end; ++i) {
    if (text_[i] == ':' && BlankAt(i + 1)) {
      was_key = true;
      return i + 1;
    }
    if (text_[i] == '#' && IsBlank(text_[i - 1])) return i;
  }
  return end;
}

// `|` or `>` with its indicators (c-b-block-header); the text lines follow.
size_t YamlPrescan::ScanBlockScalarHeader(size_t i) {
  size_t header = i++;
  explicit_indent_ = false;
  for (int k = 0; k < 2; ++k) {
    if (At(i) >= '1' && At(i) <= '9') {
      explicit_indent_ = true;
      ++i;
    } else if (At(i) == '+' || At(i) == '-') {
      ++i;
    }
  }
  if (At(i) == '#') {
    Syntax(i, "'#' right after '" + std::string(1, text_[header]) +
                  "' (a comment must be separated from it by a space)");
  }
  open_ = Open::kBlockScalar;
  content_min_ = blocks_.empty() ? 0 : blocks_.back().column + 1;
  scalar_indent_.reset();
  widest_empty_line_ = 0;
  return LineEnd(i);
}

// A single- or double-quoted scalar from its opening quote; returns the offset after the closing
// quote. Its continuation lines need `indent` spaces.
size_t YamlPrescan::ScanQuoted(size_t i, size_t indent) {
  size_t open = i;
  char quote = text_[i++];
  while (true) {
    if (i >= text_.size()) {
      Syntax(open, std::string("a string without its closing quote ") + quote +
                       " (was the file cut short?)");
    }
    char c = text_[i];
    if (c == '\n') {
      i = CrossLine(i, indent, open);
    } else if (c == quote) {
      if (quote == '\'' && At(i + 1) == '\'') {
        i += 2;
      } else {
        return i + 1;
      }
    } else if (c == '\\' && quote == '"') {
      i = ScanEscape(i);
    } else {
      ++i;
    }
  }
}

// An escape in a double-quoted scalar (c-ns-esc-char, or an escaped line break).
size_t YamlPrescan::ScanEscape(size_t i) const {
  static constexpr std::string_view kSingle = "0abt\tnvfre \"/\\N_LP";
  char c = At(i + 1);
  if (c == '\n' && i + 1 < text_.size()) return i + 1;  // an escaped line break: the line goes on
  if (i + 1 < text_.size() && kSingle.find(c) != std::string_view::npos) return i + 2;
  size_t digits = c == 'x' ? 2 : c == 'u' ? 4 : c == 'U' ? 8 : 0;
  bool hex = digits > 0;
  for (size_t k = 0; hex && k < digits; ++k) hex = IsHex(At(i + 2 + k));
  if (!hex) {
    std::string written(1, '\\');
    if (i + 1 < text_.size() && c != '\n') written += c;
    Syntax(i, "the escape " + QuoteForMessage(written) +
                  ", which YAML does not have (a backslash is written \\\\; a ' needs no escape "
                  "between double quotes)");
  }
  return i + 2 + digits;
}

// From a line break inside the quoted scalar or flow collection opened at `open` to the first
// character of the next line that is not indentation. A line with text must be indented by
// `indent` spaces (a tab does not count); in a flow collection, a comment line and a line that
// starts with a closing bracket may stand less indented, as JSON is usually written.
size_t YamlPrescan::CrossLine(size_t i, size_t indent, size_t open) const {
  bool quoted = text_[open] == '"' || text_[open] == '\'';
  size_t start = i + 1;
  size_t spaces = 0;
  while (At(start + spaces) == ' ') ++spaces;
  size_t content = SkipBlanks(start + spaces);
  char c = At(content);
  if (c == '\n' || (!quoted && (c == ']' || c == '}' || c == '#'))) return content;
  std::string what = quoted ? "the quoted text" : "the list or map";
  std::string opened = what + " that starts at line " +
                       std::to_string(LocateOffset(text_, open).line) + " (is its closing " +
                       (quoted ? "quote" : "bracket") + " missing?)";
  std::string_view rest = text_.substr(start);
  if ((rest.starts_with("---") || rest.starts_with("...")) && BlankAt(start + 3)) {
    Syntax(start, "a document marker inside " + opened);
  }
  if (spaces < indent) {
    std::string found = start + spaces < content ? "a tab" : std::to_string(spaces) + " spaces";
    Syntax(start + spaces, "a line indented by " + found + ", where it needs at least " +
                               std::to_string(indent) + " to go on " + opened);
  }
  return content;
}

// A flow collection from its opening bracket to the offset after its closing one.
size_t YamlPrescan::ScanFlow(size_t i, size_t indent) {
  size_t open = i;
  flows_.clear();
  expect_node_ = true;
  last_indicator_ = 0;
  last_node_ = 0;
  while (i < text_.size()) {
    if (text_[i] == '\n') {
      i = CrossLine(i, indent, open);
      continue;
    }
    i = ScanFlowToken(i);
    if (flows_.empty()) return i;
  }
  return i;  // not closed: yaml-cpp says so
}

size_t YamlPrescan::ScanFlowToken(size_t i) {
  char c = text_[i];
  if (IsBlank(c)) return i + 1;
  if (c == '#') {
    if (i > 0 && !IsBlank(text_[i - 1]) && text_[i - 1] != '\n') {
      Syntax(i, "'#' right after '" + std::string(1, text_[i - 1]) +
                    "' (a comment must be separated by a space)");
    }
    return LineEnd(i);
  }
  if (c == '[' || c == '{') {
    CountValue(i);
    flows_ += c;
    expect_node_ = true;
    last_indicator_ = c;
    return i + 1;
  }
  if (c == ']' || c == '}') {
    if (!flows_.empty()) flows_.pop_back();
    expect_node_ = false;
    last_node_ = 'c';
    return i + 1;
  }
  if (c == ',') {
    if (expect_node_ &&
        (last_indicator_ == '[' || last_indicator_ == '{' || last_indicator_ == ',')) {
      Syntax(i, "',' where an entry should be (an empty entry in a list or map)");
    }
    expect_node_ = true;
    last_indicator_ = ',';
    return i + 1;
  }
  bool adjacent_value = c == ':' && !expect_node_ && last_node_ != 'p';
  if ((c == ':' || c == '?') && (BlankAt(i + 1) || IsFlowIndicator(At(i + 1)) || adjacent_value)) {
    if (c == ':' && !expect_node_ && values_ > 0) --values_;  // the node before was a key
    expect_node_ = true;
    last_indicator_ = c;
    return i + 1;
  }
  if (c == '&' || c == '!') return SkipProperty(i);
  if (!expect_node_ && last_node_ == 'p' && c != '"' && c != '\'' && c != '*') {
    return ScanPlainInFlow(i);  // more words of the same plain scalar
  }
  CountValue(i);
  expect_node_ = false;
  last_indicator_ = 0;
  if (c == '"' || c == '\'') {
    last_node_ = 'q';
    return ScanQuoted(i, FlowIndent());
  }
  if (c == '*') {
    last_node_ = 'c';
    return SkipProperty(i);
  }
  if (c == '-' && (BlankAt(i + 1) || IsFlowIndicator(At(i + 1)))) {
    Syntax(i, "'-' alone in a list or map written with brackets (write it in quotes: '-')");
  }
  last_node_ = 'p';
  return ScanPlainInFlow(i);
}

// A plain scalar in a flow collection, on this line: up to a flow indicator, ": ", " #" or the
// end of the line (ns-plain-char(c) in flow-in context).
size_t YamlPrescan::ScanPlainInFlow(size_t i) const {
  for (++i; i < text_.size(); ++i) {
    char c = text_[i];
    if (c == '\n' || IsFlowIndicator(c)) return i;
    if (c == ':' && (BlankAt(i + 1) || IsFlowIndicator(At(i + 1)))) return i;
    if (c == '#' && IsBlank(text_[i - 1])) return i;
  }
  return i;
}

// An anchor, alias or tag: up to white space or a flow indicator (the readers refuse all three
// later, at their place).
size_t YamlPrescan::SkipProperty(size_t i) const {
  while (i < text_.size() && !BlankAt(i) && (flows_.empty() || !IsFlowIndicator(text_[i]))) ++i;
  return i;
}

void YamlPrescan::CountValue(size_t at) {
  if (++values_ > limits_.max_nodes) {
    Fail(at, "too-large",
         "expected at most " + std::to_string(limits_.max_nodes) +
             " values in a document, found more");
  }
}

}  // namespace

Result<void> PrescanYaml(std::string_view text, const ReadLimits& limits) {
  try {
    YamlPrescan(text, limits).Run();
  } catch (Stop& stop) {
    return Fail(std::move(stop.finding));
  }
  return {};
}

}  // namespace referee::formats
