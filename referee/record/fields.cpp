#include "referee/record/fields.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <utility>

#include "referee/core/names.h"
#include "referee/core/printable.h"

namespace referee::record {
namespace {

// Free text may hold tabs and line breaks; a message shows them as \t and \n, on one line.
std::string OneLine(std::string_view text) {
  std::string line;
  for (char c : text) line += c == '\t' ? "\\t" : c == '\n' ? "\\n" : std::string(1, c);
  return line;
}

// The value a message says it found: its kind, and a scalar's text on one line, escaped and
// shortened (on a character boundary) so that a megabyte of garbage does not end up in one.
std::string Found(const Node& node) {
  if (node.IsScalar() && node.kind() != Node::Kind::kNull) {
    constexpr size_t kMaxShown = 40;
    std::string_view text = node.text();
    if (text.size() <= kMaxShown)
      return std::string(KindName(node.kind())) + " " + Quoted(OneLine(text));
    size_t cut = kMaxShown;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return std::string(KindName(node.kind())) + " '" + Printable(OneLine(text.substr(0, cut))) +
           "...'";
  }
  return std::string(KindName(node.kind()));
}

Finding WrongType(const Node& node, const std::string& path, std::string_view expected) {
  return Malformed("bad-type", path,
                   "expected " + std::string(expected) + ", found " + Found(node));
}

// "U+001B (escape)": a control character as a message may show it.
std::string DescribeControlCharacter(unsigned code) {
  static const std::pair<unsigned, const char*> kNames[] = {
      {0x00, "NUL"},    {0x07, "bell"},      {0x08, "backspace"},
      {0x09, "tab"},    {0x0A, "line feed"}, {0x0D, "carriage return"},
      {0x1B, "escape"}, {0x7F, "delete"},
  };
  char hex[8];
  std::snprintf(hex, sizeof hex, "U+%04X", code);
  for (const auto& [known, name] : kNames) {
    if (known == code) return std::string(hex) + " (" + name + ")";
  }
  return std::string(hex) + " (a control character)";
}

}  // namespace

std::optional<size_t> FindControlCharacter(std::string_view text, TextKind kind) {
  for (size_t i = 0; i < text.size(); ++i) {
    auto byte = static_cast<unsigned char>(text[i]);
    bool c0 = byte < 0x20 && !(kind == TextKind::kFreeText && (byte == '\t' || byte == '\n'));
    // C1 controls are U+0080..U+009F: in UTF-8, 0xC2 followed by 0x80..0x9F.
    bool c1 = byte == 0xC2 && i + 1 < text.size() &&
              static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
              static_cast<unsigned char>(text[i + 1]) <= 0x9F;
    if (c0 || byte == 0x7F || c1) return i;
  }
  return std::nullopt;
}

Finding ControlCharacterFinding(std::string_view text, size_t offset, std::string path,
                                std::string_view what) {
  auto byte = static_cast<unsigned char>(text[offset]);
  unsigned code = byte == 0xC2 ? static_cast<unsigned char>(text[offset + 1]) : byte;
  // What comes before the first such character has none, so it can be shown as it is.
  size_t shown = std::min<size_t>(offset, 40);
  while (shown > 0 && (static_cast<unsigned char>(text[shown]) & 0xC0) == 0x80) --shown;
  std::string before = offset == 0 ? "at its start"
                                   : "after '" + std::string(text.substr(0, shown)) +
                                         (shown < offset ? "...'" : "'");
  return Malformed("control-character", std::move(path),
                   "expected " + std::string(what) + " without control characters, found " +
                       DescribeControlCharacter(code) + " " + before);
}

std::string DidYouMean(std::string_view word, const std::vector<std::string>& candidates) {
  std::optional<std::string> closest = ClosestName(word, candidates);
  return closest ? "; did you mean '" + *closest + "'?" : "";
}

Result<MapFields> MapFields::Open(const Node& node, std::string path, std::string_view what) {
  if (!node.IsMap()) return Fail(WrongType(node, path, std::string(what) + " (a map)"));
  return MapFields(node, std::move(path), std::string(what));
}

Result<void> MapFields::AllowOnly(const std::vector<std::string>& allowed) const {
  for (const Node::Member& member : node_->members()) {
    bool known = false;
    for (const std::string& key : allowed) known = known || key == member.key;
    if (known) continue;
    std::string list;
    for (const std::string& key : allowed) list += (list.empty() ? "" : ", ") + key;
    return Fail(Malformed("unknown-key", ChildPath(path_, member.key),
                          "unknown key " + Quoted(member.key) + " in " + what_ +
                              DidYouMean(member.key, allowed) + " (expected one of: " + list +
                              ")"));
  }
  return {};
}

Result<const Node*> MapFields::Required(std::string_view key) const {
  if (const Node* value = node_->Find(key)) return value;
  return Fail(Malformed("missing-key", path_,
                        what_ + " needs the key '" + std::string(key) + "', which is missing"));
}

Result<std::string> MapFields::RequiredText(std::string_view key) const {
  auto value = Required(key);
  REFEREE_TRY(value);
  return ReadText(**value, PathOf(key));
}

Result<int64_t> ReadInteger(const Node& node, const std::string& path, int64_t min, int64_t max) {
  std::string range = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
  if (node.kind() != Node::Kind::kInteger) return Fail(WrongType(node, path, range));
  std::string_view text = node.text();
  if (text.starts_with('+')) text.remove_prefix(1);
  int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    return Fail(Malformed("out-of-range", path, "expected " + range + ", found " + node.text()));
  }
  return value;
}

Result<std::string> ReadText(const Node& node, const std::string& path) {
  if (node.kind() != Node::Kind::kString && node.kind() != Node::Kind::kInteger) {
    return Fail(WrongType(node, path, "a string"));
  }
  if (auto bad = FindControlCharacter(node.text(), TextKind::kIdentifier)) {
    return Fail(ControlCharacterFinding(node.text(), *bad, path, "a name or word on one line"));
  }
  return node.text();
}

Result<std::string> ReadFreeText(const Node& node, const std::string& path) {
  if (node.kind() != Node::Kind::kString && node.kind() != Node::Kind::kInteger) {
    return Fail(WrongType(node, path, "a string"));
  }
  if (auto bad = FindControlCharacter(node.text(), TextKind::kFreeText)) {
    return Fail(ControlCharacterFinding(node.text(), *bad, path, "text"));
  }
  return node.text();
}

Result<bool> ReadBool(const Node& node, const std::string& path) {
  if (node.kind() != Node::Kind::kBool) return Fail(WrongType(node, path, "true or false"));
  return node.text() == "true" || node.text() == "True" || node.text() == "TRUE";
}

Result<int64_t> ReadSeconds(const Node& node, const std::string& path) {
  auto bad = [&] {
    return Fail(Malformed("bad-time", path,
                          "expected seconds such as 12 or 12.5 (at most 3 decimals, at most "
                          "1000000), found " +
                              Found(node)));
  };
  if (node.kind() != Node::Kind::kInteger && node.kind() != Node::Kind::kDecimal) return bad();
  const std::string& text = node.text();
  size_t dot = text.find('.');
  std::string whole = text.substr(0, dot);
  std::string fraction = dot == std::string::npos ? "" : text.substr(dot + 1);
  if (whole.empty() || whole.size() > 7 || fraction.size() > 3) return bad();
  for (char c : whole + fraction) {
    if (c < '0' || c > '9') return bad();
  }
  fraction.resize(3, '0');
  int64_t millis = std::stoll(whole) * 1000 + std::stoll(fraction);
  if (millis > int64_t{1000000} * 1000) return bad();
  return millis;
}

namespace {

// A YAML scalar written without quotes over several lines: the lines after the first were folded
// into it because they are indented deeper than its key or its `-`. That is how a mis-indented
// list item (`   - 2C 3C ...` under `  - 8C AC ...`) becomes one long string.
bool FoldedFromLines(const Node& node) {
  return node.kind() == Node::Kind::kString && node.pos().line > 0 && node.text_offset() == 0 &&
         !node.single_line_plain();
}

constexpr std::string_view kFoldedHint =
    "; the value runs on over the next lines, which look folded into it by their indentation "
    "(a line indented deeper than this one continues it: check the indentation of the lines "
    "below)";

}  // namespace

Result<std::vector<Token>> ReadWords(const Node& node, const std::string& path, size_t max_words) {
  std::vector<Token> tokens;
  if (node.kind() == Node::Kind::kString) {
    for (const Word& word : SplitWords(node.text())) {
      tokens.push_back(Token{std::string(word.text), ChildPath(path, tokens.size())});
      if (tokens.size() > max_words) break;
    }
  } else if (node.IsList()) {
    for (const Node& item : node.items()) {
      std::string item_path = ChildPath(path, tokens.size());
      if (!item.IsScalar() || item.kind() == Node::Kind::kNull) {
        return Fail(WrongType(item, item_path, "a word"));
      }
      tokens.push_back(Token{item.text(), item_path});
      if (tokens.size() > max_words) break;
    }
  } else {
    return Fail(WrongType(node, path, "a list or a space-separated string"));
  }
  if (tokens.size() > max_words) {
    std::string message = "expected at most " + std::to_string(max_words) + " words, found more";
    if (FoldedFromLines(node)) message += kFoldedHint;
    return Fail(Malformed("too-large", path, message));
  }
  return tokens;
}

Result<const std::vector<Node>*> ReadList(const Node& node, const std::string& path,
                                          size_t max_items) {
  if (!node.IsList()) return Fail(WrongType(node, path, "a list"));
  if (node.items().size() > max_items) {
    return Fail(Malformed("too-large", path,
                          "expected at most " + std::to_string(max_items) + " entries, found " +
                              std::to_string(node.items().size())));
  }
  return &node.items();
}

}  // namespace referee::record
