// Tokens: a document as the flat list of its tokens, for the fast readers.
//
// A parser in formats/ fills a TokenBuffer (a JSON record without a tree: no node, no string per
// scalar); the readers then look values up in it much as they look them up in a Node tree, by
// key and by index, and make the same events from them. Every container token knows where its
// value ends, so a reader skips what it does not need in one step and may read a record's keys in
// its own order, whatever order the document gives them. A value a reader wants as a tree (a
// rule option, a goal card) is copied out as a Node and read by the tree readers.
//
// The buffer keeps its storage from one document to the next: a thread that reads many records
// allocates for the first only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "referee/record/node.h"

namespace referee::record {

enum class TokenType : uint8_t {
  kBeginMap,
  kEndMap,
  kBeginList,
  kEndList,
  kKey,
  kString,
  kNumber,  // kept as its text, with its value where it is an integer that fits
  kBool,
  kNull,
};

struct StreamToken {
  TokenType type = TokenType::kNull;
  bool owned = false;         // the text is in the buffer's storage (it had escapes)
  bool integer_text = false;  // a number written as an integer (a tree types it kInteger)
  bool fits = false;          // ... whose value fits `integer`
  uint32_t next = 0;          // the index after this value: past its end token for a container
  uint32_t offset = 0;        // the text: in the document, or in the storage when owned
  uint32_t size = 0;
  int64_t integer = 0;
};

class TokenBuffer {
 public:
  // Starts a new document; the storage of the last one is kept.
  void Reset(std::string_view document);

  void BeginContainer(TokenType type);
  void EndContainer(TokenType type);
  // A key, string or number whose text lies in the document: most tokens, so inline.
  void AddText(TokenType type, std::string_view text_in_document) {
    StreamToken token{.type = type,
                      .next = static_cast<uint32_t>(tokens_.size() + 1),
                      .offset = static_cast<uint32_t>(text_in_document.data() - document_.data()),
                      .size = static_cast<uint32_t>(text_in_document.size())};
    tokens_.push_back(token);  // an lvalue: the inline path of push_back
  }
  // The same for text the parser had to rebuild (escapes): it is copied into the storage.
  void AddOwnedText(TokenType type, std::string_view text);
  // A number; `integer_text` as the tree readers type it, `value` where it fits.
  void AddNumber(std::string_view text_in_document, bool integer_text,
                 std::optional<int64_t> value);
  void AddBool(bool value);
  void AddNull();

  size_t size() const { return tokens_.size(); }
  const StreamToken& operator[](size_t index) const { return tokens_[index]; }
  std::string_view Text(const StreamToken& token) const {
    const char* from = token.owned ? storage_.data() : document_.data();
    return std::string_view(from + token.offset, token.size);
  }
  // The text as it lies in the document, or nothing when the parser rebuilt it.
  std::string_view document() const { return document_; }

 private:
  std::string_view document_;
  std::vector<StreamToken> tokens_;
  std::vector<uint32_t> open_;  // the containers not yet closed
  std::string storage_;
};

// A map in the buffer, read by key like MapFields reads a tree's map.
class TokenMap {
 public:
  // The map whose begin token is at `index`; none when the token there is not a map.
  static std::optional<TokenMap> At(const TokenBuffer& buffer, size_t index);

  // The index of the value under `key`, or none.
  std::optional<size_t> Find(std::string_view key) const;
  // Whether every key is one of `allowed`. (No key is given twice: the tokenizer refuses a map
  // that gives one twice, as the tree builder does.)
  bool KeysAmong(const std::vector<std::string>& allowed) const;
  size_t begin() const { return begin_; }

 private:
  TokenMap(const TokenBuffer& buffer, size_t begin) : buffer_(&buffer), begin_(begin) {}
  const TokenBuffer* buffer_;
  size_t begin_;
};

// Calls visit(item) with the index of each item of the list whose begin token is at `index`, in
// order, until it returns false; false when the token there is not a list, it has more than
// `max_items` items (found before visiting the one past them) or visit stopped. Nothing is
// allocated: the fast path's readers walk every list of a record with it.
template <typename Visit>
bool ForEachListItem(const TokenBuffer& buffer, size_t index, size_t max_items, Visit&& visit) {
  if (index >= buffer.size() || buffer[index].type != TokenType::kBeginList) return false;
  size_t count = 0;
  for (size_t i = index + 1; buffer[i].type != TokenType::kEndList; i = buffer[i].next) {
    if (++count > max_items || !visit(i)) return false;
  }
  return true;
}
// The text of a string at `index`, or none for any other token.
inline std::optional<std::string_view> StringAt(const TokenBuffer& buffer, size_t index) {
  if (index >= buffer.size() || buffer[index].type != TokenType::kString) return std::nullopt;
  return buffer.Text(buffer[index]);
}
// The integer at `index` within [min, max], or none for anything else.
std::optional<int64_t> IntegerAt(const TokenBuffer& buffer, size_t index, int64_t min, int64_t max);
// The value at `index` as a tree, its scalars typed as the tree readers type them; none when a
// map gives a key twice.
std::optional<Node> NodeAt(const TokenBuffer& buffer, size_t index);

}  // namespace referee::record
