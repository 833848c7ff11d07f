// Node: the parsed document as a small located tree, the same for YAML and JSON.
//
// formats/ turns text into Nodes (and back); everything that gives a Node meaning, the record
// schema included, lives here on the pure side, so YAML and JSON records are read by one piece of
// code and give the same verdict. Each node remembers where it came from (line and column, 1-based;
// zero for JSON, which is located by its path).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "referee/core/result.h"
#include "referee/record/document.h"

namespace referee::record {

struct SourcePos {
  uint32_t line = 0;    // 1-based; 0 when unknown
  uint32_t column = 0;  // 1-based, in bytes
  bool operator==(const SourcePos&) const = default;
};

struct NodeMember;

class Node {
 public:
  // What a node is: the kinds of a document's values (referee/record/document.h).
  using Kind = ValueKind;

  Node() = default;
  static Node Scalar(Kind kind, std::string text, SourcePos pos);
  static Node List(SourcePos pos);
  static Node Map(SourcePos pos);

  Kind kind() const { return kind_; }
  bool IsScalar() const { return kind_ != Kind::kList && kind_ != Kind::kMap; }
  bool IsList() const { return kind_ == Kind::kList; }
  bool IsMap() const { return kind_ == Kind::kMap; }
  const std::string& text() const { return text_; }
  SourcePos pos() const { return pos_; }
  // True for a YAML scalar written on one line without quotes or escapes, so the column of a
  // word inside it can be computed from its offset.
  bool single_line_plain() const { return single_line_plain_; }
  void set_single_line_plain(bool value) { single_line_plain_ = value; }
  // Column offset from pos() to the first character of text() (1 for a quoted scalar).
  uint8_t text_offset() const { return text_offset_; }
  void set_text_offset(uint8_t value) { text_offset_ = value; }

  // Lists.
  const std::vector<Node>& items() const { return items_; }
  void Append(Node item);

  // Maps keep the order of the source. The parser rejects duplicate keys before they get here.
  using Member = NodeMember;
  const std::vector<Member>& members() const { return members_; }
  void AddMember(std::string key, SourcePos key_pos, Node value);
  const Node* Find(std::string_view key) const;
  bool Has(std::string_view key) const { return Find(key) != nullptr; }

  bool operator==(const Node& other) const;  // structure and text; positions ignored

 private:
  Kind kind_ = Kind::kNull;
  bool single_line_plain_ = false;
  uint8_t text_offset_ = 0;
  SourcePos pos_;
  std::string text_;
  std::vector<Node> items_;
  std::vector<Member> members_;
};

struct NodeMember {
  std::string key;
  SourcePos key_pos;
  Node value;
};

// Defined here, where NodeMember is complete: instantiating the vectors' members earlier is
// ill-formed (clang rejects it).
inline void Node::Append(Node item) { items_.push_back(std::move(item)); }

inline void Node::AddMember(std::string key, SourcePos key_pos, Node value) {
  members_.push_back(Member{std::move(key), key_pos, std::move(value)});
}

// Follows a JSON pointer from root. Where the pointer continues past a string scalar into its
// space-separated words ("/deals/0/tricks/3/2" with the trick written "2C 5C KC AC"), the
// position of that word is computed when the scalar allows it. Returns the closest known
// position: a path that does not resolve gives the position of its deepest existing ancestor.
SourcePos PositionOf(const Node& root, std::string_view pointer);

// Splits a string scalar into its space-separated words with their offsets in the text.
struct Word {
  std::string_view text;
  size_t offset;
};
std::vector<Word> SplitWords(std::string_view text);

// A space or a tab. Most characters are above the space: one comparison tells them apart (a
// record's reader splits many words).
inline bool WordSeparator(char c) {
  return static_cast<unsigned char>(c) <= ' ' && (c == ' ' || c == '\t');
}

// Calls visit(word) for each space-separated word of `text` in order, without a vector, until
// visit returns false. Returns false when it was stopped.
template <typename Visit>
bool ForEachWord(std::string_view text, Visit&& visit) {
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && WordSeparator(text[i])) ++i;
    size_t start = i;
    while (i < text.size() && !WordSeparator(text[i])) ++i;
    if (i > start && !visit(Word{text.substr(start, i - start), start})) return false;
  }
  return true;
}

}  // namespace referee::record
