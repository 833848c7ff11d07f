#include "referee/record/node.h"

#include <charconv>

namespace referee::record {

Node Node::Scalar(Kind kind, std::string text, SourcePos pos) {
  Node node;
  node.kind_ = kind;
  node.text_ = std::move(text);
  node.pos_ = pos;
  return node;
}

Node Node::List(SourcePos pos) {
  Node node;
  node.kind_ = Kind::kList;
  node.pos_ = pos;
  return node;
}

Node Node::Map(SourcePos pos) {
  Node node;
  node.kind_ = Kind::kMap;
  node.pos_ = pos;
  return node;
}

const Node* Node::Find(std::string_view key) const {
  for (const Member& member : members_) {
    if (member.key == key) return &member.value;
  }
  return nullptr;
}

bool Node::operator==(const Node& other) const {
  if (kind_ != other.kind_ || text_ != other.text_ || items_ != other.items_ ||
      members_.size() != other.members_.size()) {
    return false;
  }
  for (size_t i = 0; i < members_.size(); ++i) {
    if (members_[i].key != other.members_[i].key ||
        !(members_[i].value == other.members_[i].value)) {
      return false;
    }
  }
  return true;
}

std::vector<Word> SplitWords(std::string_view text) {
  std::vector<Word> words;
  ForEachWord(text, [&](const Word& word) {
    words.push_back(word);
    return true;
  });
  return words;
}

namespace {

// Decodes one JSON pointer segment ("~1" is '/', "~0" is '~').
std::string Unescape(std::string_view segment) {
  std::string key;
  for (size_t i = 0; i < segment.size(); ++i) {
    if (segment[i] == '~' && i + 1 < segment.size()) {
      key += segment[i + 1] == '1' ? '/' : '~';
      ++i;
    } else {
      key += segment[i];
    }
  }
  return key;
}

std::optional<size_t> IndexOf(std::string_view segment) {
  size_t index = 0;
  auto [end, error] = std::from_chars(segment.data(), segment.data() + segment.size(), index);
  if (error != std::errc() || end != segment.data() + segment.size()) return std::nullopt;
  return index;
}

SourcePos WordPosition(const Node& scalar, std::string_view segment) {
  std::optional<size_t> index = IndexOf(segment);
  if (!index || !scalar.single_line_plain() || scalar.pos().line == 0) return scalar.pos();
  std::vector<Word> words = SplitWords(scalar.text());
  if (*index >= words.size()) return scalar.pos();
  SourcePos pos = scalar.pos();
  pos.column += static_cast<uint32_t>(scalar.text_offset() + words[*index].offset);
  return pos;
}

}  // namespace

SourcePos PositionOf(const Node& root, std::string_view pointer) {
  const Node* node = &root;
  SourcePos key_pos;  // the key of the last map member stepped into
  size_t start = pointer.starts_with('/') ? 1 : 0;
  while (start <= pointer.size() && !pointer.empty() && start > 0) {
    size_t end = pointer.find('/', start);
    std::string_view segment =
        pointer.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    const Node* next = nullptr;
    key_pos = SourcePos{};
    if (node->IsMap()) {
      std::string key = Unescape(segment);
      for (const Node::Member& member : node->members()) {
        if (member.key != key) continue;
        next = &member.value;
        key_pos = member.key_pos;
      }
    } else if (node->IsList()) {
      std::optional<size_t> index = IndexOf(segment);
      if (index && *index < node->items().size()) next = &node->items()[*index];
    } else if (node->kind() == Node::Kind::kString) {
      return WordPosition(*node, segment);
    }
    if (next == nullptr) return node->pos();
    node = next;
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  // A list or map written in block style starts on the line after its key: point at the key.
  bool block = !node->IsScalar() && key_pos.line != 0 && node->pos().line != key_pos.line;
  return block ? key_pos : node->pos();
}

}  // namespace referee::record
