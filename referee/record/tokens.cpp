#include "referee/record/tokens.h"

#include "referee/core/check.h"

namespace referee::record {

void TokenBuffer::Reset(std::string_view document) {
  document_ = document;
  tokens_.clear();
  open_.clear();
  storage_.clear();
  // The text a parser rebuilds (from escapes) is never longer than its source, so with this much
  // room the storage never moves while a document is read, and views of it stay valid.
  storage_.reserve(document.size());
}

void TokenBuffer::BeginContainer(TokenType type) {
  open_.push_back(static_cast<uint32_t>(tokens_.size()));
  tokens_.push_back(StreamToken{.type = type});
}

void TokenBuffer::EndContainer(TokenType type) {
  REFEREE_CHECK(!open_.empty(), "a container closed that was not open");
  tokens_.push_back(StreamToken{.type = type});
  uint32_t next = static_cast<uint32_t>(tokens_.size());
  tokens_.back().next = next;
  tokens_[open_.back()].next = next;
  open_.pop_back();
}

void TokenBuffer::AddOwnedText(TokenType type, std::string_view text) {
  uint32_t next = static_cast<uint32_t>(tokens_.size() + 1);
  tokens_.push_back(StreamToken{.type = type,
                                .owned = true,
                                .next = next,
                                .offset = static_cast<uint32_t>(storage_.size()),
                                .size = static_cast<uint32_t>(text.size())});
  storage_.append(text);
}

void TokenBuffer::AddNumber(std::string_view text_in_document, bool integer_text,
                            std::optional<int64_t> value) {
  AddText(TokenType::kNumber, text_in_document);
  tokens_.back().integer_text = integer_text;
  tokens_.back().fits = value.has_value();
  tokens_.back().integer = value.value_or(0);
}

void TokenBuffer::AddBool(bool value) {
  uint32_t next = static_cast<uint32_t>(tokens_.size() + 1);
  tokens_.push_back(StreamToken{.type = TokenType::kBool, .next = next, .integer = value ? 1 : 0});
}

void TokenBuffer::AddNull() {
  uint32_t next = static_cast<uint32_t>(tokens_.size() + 1);
  tokens_.push_back(StreamToken{.type = TokenType::kNull, .next = next});
}

std::optional<TokenMap> TokenMap::At(const TokenBuffer& buffer, size_t index) {
  if (index >= buffer.size() || buffer[index].type != TokenType::kBeginMap) return std::nullopt;
  return TokenMap(buffer, index);
}

std::optional<size_t> TokenMap::Find(std::string_view key) const {
  const TokenBuffer& tokens = *buffer_;
  for (size_t i = begin_ + 1; tokens[i].type == TokenType::kKey; i = tokens[i + 1].next) {
    if (tokens.Text(tokens[i]) == key) return i + 1;
  }
  return std::nullopt;
}

bool TokenMap::KeysAmong(const std::vector<std::string>& allowed) const {
  const TokenBuffer& tokens = *buffer_;
  for (size_t i = begin_ + 1; tokens[i].type == TokenType::kKey; i = tokens[i + 1].next) {
    std::string_view key = tokens.Text(tokens[i]);
    bool known = false;
    for (const std::string& name : allowed) known = known || name == key;
    if (!known) return false;
  }
  return true;
}

std::optional<int64_t> IntegerAt(const TokenBuffer& buffer, size_t index, int64_t min,
                                 int64_t max) {
  if (index >= buffer.size()) return std::nullopt;
  const StreamToken& token = buffer[index];
  if (token.type != TokenType::kNumber || !token.fits) return std::nullopt;
  if (token.integer < min || token.integer > max) return std::nullopt;
  return token.integer;
}

namespace {

Node::Kind ScalarKind(const StreamToken& token) {
  switch (token.type) {
    case TokenType::kString:
      return Node::Kind::kString;
    case TokenType::kNumber:
      return token.integer_text ? Node::Kind::kInteger : Node::Kind::kDecimal;
    case TokenType::kBool:
      return Node::Kind::kBool;
    default:
      return Node::Kind::kNull;
  }
}

std::string ScalarText(const TokenBuffer& buffer, const StreamToken& token) {
  if (token.type == TokenType::kBool) return token.integer != 0 ? "true" : "false";
  if (token.type == TokenType::kNull) return "null";
  return std::string(buffer.Text(token));
}

}  // namespace

std::optional<Node> NodeAt(const TokenBuffer& buffer, size_t index) {
  const StreamToken& token = buffer[index];
  if (token.type == TokenType::kBeginList) {
    Node list = Node::List({});
    for (size_t i = index + 1; buffer[i].type != TokenType::kEndList; i = buffer[i].next) {
      std::optional<Node> item = NodeAt(buffer, i);
      if (!item) return std::nullopt;
      list.Append(std::move(*item));
    }
    return list;
  }
  if (token.type == TokenType::kBeginMap) {
    Node map = Node::Map({});
    for (size_t i = index + 1; buffer[i].type == TokenType::kKey; i = buffer[i + 1].next) {
      std::string key(buffer.Text(buffer[i]));
      std::optional<Node> value = NodeAt(buffer, i + 1);
      if (!value || map.Has(key)) return std::nullopt;
      map.AddMember(std::move(key), {}, std::move(*value));
    }
    return map;
  }
  return Node::Scalar(ScalarKind(token), ScalarText(buffer, token), {});
}

}  // namespace referee::record
