// Strict reading of fields for the record schema: every wrong type, unknown key, missing key or
// out-of-range number becomes a Malformed finding that names the JSON pointer.
//
// Records, live lines and views are read from a Document (Value, Fields and the functions that
// take a Value); their pointers are worked out only for a finding. The functions that take a Node
// and a path read the trees that league files and requests are still read as; they share every
// message with the Value readers.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "referee/core/result.h"
#include "referee/record/document.h"
#include "referee/record/node.h"

namespace referee::record {

// "; did you mean 'tricks'?" when one candidate is within two edits of `word`, else "".
std::string DidYouMean(std::string_view word, const std::vector<std::string>& candidates);

// A map with its path, so each lookup knows where it is.
class MapFields {
 public:
  // Fails unless node is a map; `what` names it in messages ("a deal").
  static Result<MapFields> Open(const Node& node, std::string path, std::string_view what);

  // Fails on the first key not in `allowed`.
  Result<void> AllowOnly(const std::vector<std::string>& allowed) const;
  const Node* Optional(std::string_view key) const { return node_->Find(key); }
  Result<const Node*> Required(std::string_view key) const;
  // A required key whose value is text (ReadText at PathOf(key)).
  Result<std::string> RequiredText(std::string_view key) const;
  std::string PathOf(std::string_view key) const { return ChildPath(path_, key); }
  const std::string& path() const { return path_; }
  const Node& node() const { return *node_; }

 private:
  MapFields(const Node& node, std::string path, std::string what)
      : node_(&node), path_(std::move(path)), what_(std::move(what)) {}
  const Node* node_;
  std::string path_;
  std::string what_;
};

// An integer written as an integer (no decimals, exponents or quotes), within [min, max].
Result<int64_t> ReadInteger(const Node& node, const std::string& path, int64_t min, int64_t max);
// Which characters text may hold (docs/record-format.md, "Text"). No text holds a C0 control
// character, DEL or a C1 control character (U+0080..U+009F): they can make a terminal or a page
// show something else than the record says. An identifier (a name, an id, a key, a card: any text
// but free text) is also one line without tabs.
enum class TextKind { kIdentifier, kFreeText };
// The offset in `text` (UTF-8) of the first character `kind` may not hold, or nullopt.
std::optional<size_t> FindControlCharacter(std::string_view text, TextKind kind);
// Whether text[i] starts a C1 control character: U+0080..U+009F, in UTF-8 C2 80..C2 9F.
inline bool StartsC1Control(std::string_view text, size_t i) {
  if (static_cast<unsigned char>(text[i]) != 0xC2 || i + 1 >= text.size()) return false;
  auto next = static_cast<unsigned char>(text[i + 1]);
  return next >= 0x80 && next <= 0x9F;
}
// The `control-character` finding for text[offset], placed at `path`; `what` names the text in
// the message ("a name", "a key").
Finding ControlCharacterFinding(std::string_view text, size_t offset, std::string path,
                                std::string_view what);

// A text scalar, an identifier (TextKind::kIdentifier). Integers are accepted as text where a name
// or an id is expected (`round: 3`).
Result<std::string> ReadText(const Node& node, const std::string& path);
// Free text (`notes:`): like ReadText, but tabs and line feeds are allowed in it.
Result<std::string> ReadFreeText(const Node& node, const std::string& path);
Result<bool> ReadBool(const Node& node, const std::string& path);
// Seconds, with at most three decimals, as milliseconds: "12", "12.5", "0.125".
Result<int64_t> ReadSeconds(const Node& node, const std::string& path);

// A list of words: a YAML/JSON list of scalars, or one string of space-separated words. Each word
// gets the path of its place in the list (`path/i`) either way.
struct Token {
  std::string text;
  std::string path;
};
Result<std::vector<Token>> ReadWords(const Node& node, const std::string& path,
                                     size_t max_words = 4096);

// Checks a list and returns its items; `what` names an item in messages.
Result<const std::vector<Node>*> ReadList(const Node& node, const std::string& path,
                                          size_t max_items = 100000);

// ---------------------------------------------------------------------------------------------
// Reading a Document.

// A map read strictly; `what` names it in messages ("a deal") and must outlive the reader (a
// string literal does).
class Fields {
 public:
  // Fails unless `value` is a map.
  static Result<Fields> Open(Value value, std::string_view what);

  // Fails on the first key not in `allowed`.
  Result<void> AllowOnly(std::initializer_list<std::string_view> allowed) const;
  Result<void> AllowOnly(const std::vector<std::string>& allowed) const;
  std::optional<Value> Optional(std::string_view key) const { return map_.Find(key); }
  Result<Value> Required(std::string_view key) const;
  // The same for a member a reader has gathered already (in one pass over the map): `found`, or
  // the finding that words `key` missing.
  Result<Value> Present(const std::optional<Value>& found, std::string_view key) const {
    if (found) return *found;
    return Required(key);
  }
  // A required key whose value is text (ReadText).
  Result<std::string_view> RequiredText(std::string_view key) const;
  // The pointer of the map's value under `key`, given or not: for findings.
  std::string PointerOf(std::string_view key) const { return ChildPath(map_.Pointer(), key); }
  Value map() const { return map_; }

 private:
  Fields(Value map, std::string_view what) : map_(map), what_(what) {}
  Result<void> UnknownKey(Value member, const std::vector<std::string>& allowed) const;
  Value map_;
  std::string_view what_;
};

// One key of a map that a reader gathers in one pass, with the member of `Members` it fills; none
// for a key that is allowed but read elsewhere.
template <typename Members>
struct MemberKey {
  std::string_view key;
  std::optional<Value> Members::*member;
};

// Sorts the members of `map` into `members` by `keys`, in one pass: a map's keys come in any
// order, and a look-up per key would search the map again each time. A member no key names goes to
// `other(member)`, which says whether it took it. The first member it did not take is returned,
// for the caller to word as a finding.
template <typename Members, size_t N, typename Other>
std::optional<Value> GatherMembers(Value map, const std::array<MemberKey<Members>, N>& keys,
                                   Members& members, Other&& other) {
  for (Value member : map) {
    std::string_view key = member.key();
    auto known = std::find_if(keys.begin(), keys.end(),
                              [&](const MemberKey<Members>& known) { return known.key == key; });
    if (known == keys.end()) {
      if (!other(member)) return member;
    } else if (known->member != nullptr) {
      members.*(known->member) = member;
    }
  }
  return std::nullopt;
}

// The names of `keys`, in their order: for a finding that lists what a map may hold.
template <typename Members, size_t N>
std::vector<std::string> KeyNames(const std::array<MemberKey<Members>, N>& keys) {
  std::vector<std::string> names;
  for (const MemberKey<Members>& key : keys) names.emplace_back(key.key);
  return names;
}

// A `bad-type` finding at `value`: "expected <expected>, found <what it is>".
Finding WrongType(Value value, std::string_view expected);

// An integer written as an integer (no decimals, exponents or quotes), within [min, max].
Result<int64_t> ReadInteger(Value value, int64_t min, int64_t max);
// A text scalar, an identifier (TextKind::kIdentifier); integers are accepted as text where a name
// or an id is expected (`round: 3`). The view is into the value's document.
Result<std::string_view> ReadText(Value value);
// Free text (`notes:`): like ReadText, but tabs and line feeds are allowed in it.
Result<std::string_view> ReadFreeText(Value value);
Result<bool> ReadBool(Value value);
// Seconds, with at most three decimals, as milliseconds: "12", "12.5", "0.125".
Result<int64_t> ReadSeconds(Value value);
// Checks a list of at most `max_items` items.
Result<void> CheckList(Value value, size_t max_items = 100000);

// The pointer of word `index` of `value` (an item of a list, or a word of a string): for findings.
inline std::string WordPointer(Value value, size_t index) {
  return ChildPath(value.Pointer(), index);
}

// Calls visit(word, index) for each word of a list of words: a YAML/JSON list of scalars, or one
// string of space-separated words, either way the word's pointer is WordPointer(value, index).
// At most `max_words`; the first finding (a value that is no list of words, an item that is no
// word, too many words, or what visit returns) ends it. Nothing is allocated: a record's cards are
// read through it.
template <typename Visit>
Result<void> ForEachWordOf(Value value, size_t max_words, Visit&& visit);

// ---------------------------------------------------------------------------------------------

Finding TooManyWords(Value value, size_t max_words);

size_t CountWords(std::string_view text);

template <typename Visit>
Result<void> ForEachWordOf(Value value, size_t max_words, Visit&& visit) {
  size_t count = 0;
  if (value.IsString()) {
    // One pass: the words are visited as they are counted, and past a word refused the rest are
    // only counted, so that too many words is the finding whatever a word before says (as for
    // a list). No word past `max_words` is visited.
    Result<void> result;
    ForEachWord(value.text(), [&](const Word& word) {
      if (count == max_words) {
        ++count;
        return false;
      }
      if (result.has_value()) result = visit(word.text, count);
      ++count;
      return true;
    });
    if (count > max_words) return Fail(TooManyWords(value, max_words));
    return result;
  }
  if (!value.IsList()) return Fail(WrongType(value, "a list or a space-separated string"));
  // Every item is looked at before any is read, as a list of words is refused as a whole.
  for (Value item : value) {
    if (!item.IsScalar() || item.kind() == ValueKind::kNull) {
      return Fail(WrongType(item, "a word"));
    }
    if (++count > max_words) return Fail(TooManyWords(value, max_words));
  }
  count = 0;
  for (Value item : value) REFEREE_TRY(visit(item.text(), count++));
  return {};
}

}  // namespace referee::record
