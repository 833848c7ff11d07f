#include "referee/record/fields.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
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

bool IsScalarKind(ValueKind kind) { return kind != ValueKind::kList && kind != ValueKind::kMap; }

// The value a message says it found: its kind, and a scalar's text on one line, escaped and
// shortened (on a character boundary) so that a megabyte of garbage does not end up in one.
std::string Found(ValueKind kind, std::string_view text) {
  if (IsScalarKind(kind) && kind != ValueKind::kNull) {
    constexpr size_t kMaxShown = 40;
    if (text.size() <= kMaxShown) return std::string(KindName(kind)) + " " + Quoted(OneLine(text));
    size_t cut = kMaxShown;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return std::string(KindName(kind)) + " '" + Printable(OneLine(text.substr(0, cut))) + "...'";
  }
  return std::string(KindName(kind));
}

Finding BadType(ValueKind kind, std::string_view text, std::string path,
                std::string_view expected) {
  return Malformed("bad-type", std::move(path),
                   "expected " + std::string(expected) + ", found " + Found(kind, text));
}

Finding WrongType(const Node& node, const std::string& path, std::string_view expected) {
  return BadType(node.kind(), node.text(), path, expected);
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

// The integer `text` writes ([-+]?digits), or none when it writes none or one past int64_t. A
// record's integers are short: up to 18 digits are read here, longer ones by std::from_chars.
std::optional<int64_t> IntegerOfText(std::string_view text) {
  if (text.starts_with('+')) text.remove_prefix(1);
  bool negative = text.starts_with('-');
  std::string_view digits = text.substr(negative ? 1 : 0);
  if (digits.empty() || digits.size() > 18) {
    int64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
  }
  int64_t value = 0;
  for (char c : digits) {
    auto digit = static_cast<unsigned>(c - '0');
    if (digit > 9) return std::nullopt;
    value = value * 10 + digit;
  }
  return negative ? -value : value;
}

// The rules every reader of a scalar follows, on its kind and text; `path` is asked only for a
// finding (a Value works its pointer out then).
template <typename Path>
Result<int64_t> IntegerIn(ValueKind kind, std::string_view text, const Path& path, int64_t min,
                          int64_t max) {
  auto range = [&] {
    return "an integer from " + std::to_string(min) + " to " + std::to_string(max);
  };
  if (kind != ValueKind::kInteger) return Fail(BadType(kind, text, path(), range()));
  std::optional<int64_t> read = IntegerOfText(text);
  int64_t value = read.value_or(0);
  if (!read || value < min || value > max) {
    return Fail(
        Malformed("out-of-range", path(), "expected " + range() + ", found " + std::string(text)));
  }
  return value;
}

template <typename Path>
Result<std::string_view> TextIn(ValueKind kind, std::string_view text, const Path& path,
                                TextKind text_kind) {
  if (kind != ValueKind::kString && kind != ValueKind::kInteger) {
    return Fail(BadType(kind, text, path(), "a string"));
  }
  if (auto bad = FindControlCharacter(text, text_kind)) {
    return Fail(ControlCharacterFinding(
        text, *bad, path(),
        text_kind == TextKind::kFreeText ? "text" : "a name or word on one line"));
  }
  return text;
}

template <typename Path>
Result<bool> BoolIn(ValueKind kind, std::string_view text, const Path& path) {
  if (kind != ValueKind::kBool) return Fail(BadType(kind, text, path(), "true or false"));
  return text == "true" || text == "True" || text == "TRUE";
}

template <typename Path>
Result<int64_t> SecondsIn(ValueKind kind, std::string_view text, const Path& path) {
  auto bad = [&] {
    return Fail(Malformed("bad-time", path(),
                          "expected seconds such as 12 or 12.5 (at most 3 decimals, at most "
                          "1000000), found " +
                              Found(kind, text)));
  };
  if (kind != ValueKind::kInteger && kind != ValueKind::kDecimal) return bad();
  size_t dot = text.find('.');
  std::string_view whole = text.substr(0, dot);
  std::string_view fraction = dot == std::string_view::npos ? "" : text.substr(dot + 1);
  if (whole.empty() || whole.size() > 7 || fraction.size() > 3) return bad();
  int64_t millis = 0;
  for (char c : whole) {
    if (c < '0' || c > '9') return bad();
    millis = millis * 10 + (c - '0');
  }
  millis *= 1000;
  int64_t scale = 100;
  for (char c : fraction) {
    if (c < '0' || c > '9') return bad();
    millis += (c - '0') * scale;
    scale /= 10;
  }
  if (millis > int64_t{1000000} * 1000) return bad();
  return millis;
}

std::string KeyList(const std::vector<std::string>& allowed) {
  std::string list;
  for (const std::string& key : allowed) list += (list.empty() ? "" : ", ") + key;
  return list;
}

Finding UnknownKeyFinding(std::string_view key, std::string path, std::string_view what,
                          const std::vector<std::string>& allowed) {
  return Malformed("unknown-key", std::move(path),
                   "unknown key " + Quoted(key) + " in " + std::string(what) +
                       DidYouMean(key, allowed) + " (expected one of: " + KeyList(allowed) + ")");
}

Finding MissingKeyFinding(std::string_view key, std::string path, std::string_view what) {
  return Malformed(
      "missing-key", std::move(path),
      std::string(what) + " needs the key '" + std::string(key) + "', which is missing");
}

Finding TooManyItems(std::string path, size_t max_items, size_t items) {
  return Malformed(
      "too-large", std::move(path),
      "expected at most " + std::to_string(max_items) + " entries, found " + std::to_string(items));
}

constexpr std::string_view kFoldedHint =
    "; the value runs on over the next lines, which look folded into it by their indentation "
    "(a line indented deeper than this one continues it: check the indentation of the lines "
    "below)";

Finding TooManyWordsFinding(std::string path, size_t max_words, bool folded) {
  std::string message = "expected at most " + std::to_string(max_words) + " words, found more";
  if (folded) message += kFoldedHint;
  return Malformed("too-large", std::move(path), message);
}

// Whether an eight-byte word may hold a byte FindControlCharacter looks at closer: one below
// 0x20, DEL, or 0xC2 (which starts a C1 control). It says so of every such word, and of a few
// others past such a byte (the carries of the arithmetic), which the closer look clears.
bool MayHoldControl(uint64_t word) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHigh = 0x8080808080808080ULL;
  auto has_zero = [](uint64_t v) { return (v - kOnes) & ~v & kHigh; };
  uint64_t below_space = (word - kOnes * 0x20) & ~word & kHigh;
  return (below_space | has_zero(word ^ (kOnes * 0x7F)) | has_zero(word ^ (kOnes * 0xC2))) != 0;
}

}  // namespace

std::optional<size_t> FindControlCharacter(std::string_view text, TextKind kind) {
  // Nearly every text holds no such byte: it is passed eight bytes at a time, and the bytes from
  // the first word that may hold one are looked at one by one.
  size_t start = 0;
  for (; start + 8 <= text.size(); start += 8) {
    uint64_t word;
    std::memcpy(&word, text.data() + start, 8);
    if (MayHoldControl(word)) break;
  }
  for (size_t i = start; i < text.size(); ++i) {
    auto byte = static_cast<unsigned char>(text[i]);
    bool c0 = byte < 0x20 && !(kind == TextKind::kFreeText && (byte == '\t' || byte == '\n'));
    if (c0 || byte == 0x7F || StartsC1Control(text, i)) return i;
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

size_t CountWords(std::string_view text) {
  size_t words = 0;
  ForEachWord(text, [&](const Word&) {
    ++words;
    return true;
  });
  return words;
}

// ---------------------------------------------------------------------------------------------
// Trees.

Result<MapFields> MapFields::Open(const Node& node, std::string path, std::string_view what) {
  if (!node.IsMap()) return Fail(WrongType(node, path, std::string(what) + " (a map)"));
  return MapFields(node, std::move(path), std::string(what));
}

Result<void> MapFields::AllowOnly(const std::vector<std::string>& allowed) const {
  for (const Node::Member& member : node_->members()) {
    if (std::find(allowed.begin(), allowed.end(), member.key) != allowed.end()) continue;
    return Fail(UnknownKeyFinding(member.key, ChildPath(path_, member.key), what_, allowed));
  }
  return {};
}

Result<const Node*> MapFields::Required(std::string_view key) const {
  if (const Node* value = node_->Find(key)) return value;
  return Fail(MissingKeyFinding(key, path_, what_));
}

Result<std::string> MapFields::RequiredText(std::string_view key) const {
  auto value = Required(key);
  REFEREE_TRY(value);
  return ReadText(**value, PathOf(key));
}

Result<int64_t> ReadInteger(const Node& node, const std::string& path, int64_t min, int64_t max) {
  return IntegerIn(
      node.kind(), node.text(), [&] { return path; }, min, max);
}

Result<std::string> ReadText(const Node& node, const std::string& path) {
  auto text = TextIn(
      node.kind(), node.text(), [&] { return path; }, TextKind::kIdentifier);
  REFEREE_TRY(text);
  return std::string(*text);
}

Result<std::string> ReadFreeText(const Node& node, const std::string& path) {
  auto text = TextIn(
      node.kind(), node.text(), [&] { return path; }, TextKind::kFreeText);
  REFEREE_TRY(text);
  return std::string(*text);
}

Result<bool> ReadBool(const Node& node, const std::string& path) {
  return BoolIn(node.kind(), node.text(), [&] { return path; });
}

Result<int64_t> ReadSeconds(const Node& node, const std::string& path) {
  return SecondsIn(node.kind(), node.text(), [&] { return path; });
}

namespace {

// A YAML scalar written without quotes over several lines: the lines after the first were folded
// into it because they are indented deeper than its key or its `-`. That is how a mis-indented
// list item (`   - 2C 3C ...` under `  - 8C AC ...`) becomes one long string.
bool FoldedFromLines(const Node& node) {
  return node.kind() == Node::Kind::kString && node.pos().line > 0 && node.text_offset() == 0 &&
         !node.single_line_plain();
}

bool FoldedFromLines(Value value) {
  return value.IsString() && !value.document().from_json() && value.offset() != kNoOffset &&
         value.text_column() == 0 && !value.words_in_place();
}

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
    return Fail(TooManyWordsFinding(path, max_words, FoldedFromLines(node)));
  }
  return tokens;
}

Result<const std::vector<Node>*> ReadList(const Node& node, const std::string& path,
                                          size_t max_items) {
  if (!node.IsList()) return Fail(WrongType(node, path, "a list"));
  if (node.items().size() > max_items) {
    return Fail(TooManyItems(path, max_items, node.items().size()));
  }
  return &node.items();
}

// ---------------------------------------------------------------------------------------------
// Documents.

Finding WrongType(Value value, std::string_view expected) {
  return BadType(value.kind(), value.text(), value.Pointer(), expected);
}

Finding TooManyWords(Value value, size_t max_words) {
  return TooManyWordsFinding(value.Pointer(), max_words, FoldedFromLines(value));
}

Result<Fields> Fields::Open(Value value, std::string_view what) {
  if (!value.IsMap()) return Fail(WrongType(value, std::string(what) + " (a map)"));
  return Fields(value, what);
}

Result<void> Fields::UnknownKey(Value member, const std::vector<std::string>& allowed) const {
  return Fail(UnknownKeyFinding(member.key(), member.Pointer(), what_, allowed));
}

Result<void> Fields::AllowOnly(std::initializer_list<std::string_view> allowed) const {
  for (Value member : map_) {
    if (std::find(allowed.begin(), allowed.end(), member.key()) != allowed.end()) continue;
    return UnknownKey(member, std::vector<std::string>(allowed.begin(), allowed.end()));
  }
  return {};
}

Result<void> Fields::AllowOnly(const std::vector<std::string>& allowed) const {
  for (Value member : map_) {
    if (std::find(allowed.begin(), allowed.end(), member.key()) != allowed.end()) continue;
    return UnknownKey(member, allowed);
  }
  return {};
}

Result<Value> Fields::Required(std::string_view key) const {
  if (std::optional<Value> value = map_.Find(key)) return *value;
  return Fail(MissingKeyFinding(key, map_.Pointer(), what_));
}

Result<std::string_view> Fields::RequiredText(std::string_view key) const {
  auto value = Required(key);
  REFEREE_TRY(value);
  return ReadText(*value);
}

Result<int64_t> ReadInteger(Value value, int64_t min, int64_t max) {
  return IntegerIn(
      value.kind(), value.text(), [&] { return value.Pointer(); }, min, max);
}

Result<std::string_view> ReadText(Value value) {
  if (value.clean() && value.IsString()) return value.text();  // its reader checked it
  return TextIn(
      value.kind(), value.text(), [&] { return value.Pointer(); }, TextKind::kIdentifier);
}

Result<std::string_view> ReadFreeText(Value value) {
  if (value.clean() && value.IsString()) return value.text();  // its reader checked it
  return TextIn(
      value.kind(), value.text(), [&] { return value.Pointer(); }, TextKind::kFreeText);
}

Result<bool> ReadBool(Value value) {
  return BoolIn(value.kind(), value.text(), [&] { return value.Pointer(); });
}

Result<int64_t> ReadSeconds(Value value) {
  return SecondsIn(value.kind(), value.text(), [&] { return value.Pointer(); });
}

Result<void> CheckList(Value value, size_t max_items) {
  if (!value.IsList()) return Fail(WrongType(value, "a list"));
  if (value.size() > max_items) return Fail(TooManyItems(value.Pointer(), max_items, value.size()));
  return {};
}

}  // namespace referee::record
