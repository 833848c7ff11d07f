#include "referee/record/fields.h"

#include <algorithm>
#include <charconv>

#include "referee/core/names.h"
#include "referee/core/printable.h"

namespace referee::record {
namespace {

// The value a message says it found: its kind, and a scalar's text, escaped and shortened (on a
// character boundary) so that a megabyte of garbage does not end up in one.
std::string Found(const Node& node) {
  if (node.IsScalar() && node.kind() != Node::Kind::kNull) {
    constexpr size_t kMaxShown = 40;
    std::string_view text = node.text();
    if (text.size() <= kMaxShown) return std::string(KindName(node.kind())) + " " + Quoted(text);
    size_t cut = kMaxShown;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return std::string(KindName(node.kind())) + " '" + Printable(text.substr(0, cut)) + "...'";
  }
  return std::string(KindName(node.kind()));
}

Finding WrongType(const Node& node, const std::string& path, std::string_view expected) {
  return Malformed("bad-type", path,
                   "expected " + std::string(expected) + ", found " + Found(node));
}

}  // namespace

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
  if (node.kind() == Node::Kind::kString || node.kind() == Node::Kind::kInteger) {
    return node.text();
  }
  return Fail(WrongType(node, path, "a string"));
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
    return Fail(Malformed("too-large", path,
                          "expected at most " + std::to_string(max_words) + " words, found more"));
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
