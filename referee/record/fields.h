// Strict reading of Node fields for the record schema: every wrong type, unknown key, missing key
// or out-of-range number becomes a Malformed finding that names the JSON pointer.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "referee/core/result.h"
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

}  // namespace referee::record
