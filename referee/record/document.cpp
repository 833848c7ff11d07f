#include "referee/record/document.h"

#include <algorithm>
#include <charconv>
#include <utility>

#include "referee/core/check.h"
#include "referee/core/finding.h"
#include "referee/record/node.h"

namespace referee::record {

std::string_view KindName(ValueKind kind) {
  switch (kind) {
    case ValueKind::kNull:
      return "null";
    case ValueKind::kBool:
      return "a boolean";
    case ValueKind::kInteger:
      return "an integer";
    case ValueKind::kDecimal:
      return "a decimal number";
    case ValueKind::kString:
      return "a string";
    case ValueKind::kList:
      return "a list";
    case ValueKind::kMap:
      return "a map";
  }
  return "a value";
}

Document& Document::operator=(Document&& other) noexcept {
  source_owned_ = other.source_owned_;
  owned_source_ = std::move(other.owned_source_);
  source_ = source_owned_ ? std::string_view(owned_source_) : other.source_;
  entries_ = std::move(other.entries_);
  size_ = std::exchange(other.size_, 0);
  storage_ = std::move(other.storage_);
  open_ = std::move(other.open_);
  innermost_ = other.innermost_;
  pending_key_ = other.pending_key_;
  has_pending_key_ = other.has_pending_key_;
  offsets_known_ = other.offsets_known_;
  from_json_ = other.from_json_;
  return *this;
}

void Document::Reset(std::string_view source) {
  source_ = source;
  source_owned_ = false;
  owned_source_.clear();
  size_ = 0;
  storage_.clear();
  open_.clear();
  innermost_ = kNoContainer;
  has_pending_key_ = false;
  offsets_known_ = true;
  from_json_ = false;
}

void Document::ResetOwningSource(std::string source) {
  Reset({});
  owned_source_ = std::move(source);
  source_owned_ = true;
  source_ = owned_source_;
}

void Document::Grow() { entries_.resize(std::max<size_t>(64, 2 * entries_.size())); }

std::optional<Value> Document::Innermost() const {
  if (open_.empty()) return std::nullopt;
  return Value(*this, open_.back());
}

std::string Document::PointerHere() const {
  std::string pointer;
  for (size_t i = 0; i < open_.size(); ++i) {
    const Entry& container = entries_[open_[i]];
    bool innermost = i + 1 == open_.size();
    if (container.kind == ValueKind::kList) {
      // The list counts its items as they start: an inner one under way is its last.
      size_t items = container.text_size;
      pointer = ChildPath(pointer, innermost ? items : items - 1);
    } else if (!innermost) {
      pointer = ChildPath(pointer, KeyOf(entries_[open_[i + 1]]));
    } else if (has_pending_key_) {
      pointer = ChildPath(pointer, KeyOf(pending_key_));
    }
  }
  return pointer;
}

Value Document::Root() const {
  REFEREE_CHECK(size_ > 0, "Document::Root of an empty document");
  return Value(*this, 0);
}

std::optional<Value> Value::Find(std::string_view key) const {
  if (!IsMap()) return std::nullopt;
  // Every reader looks its keys up here: a member's key is compared only when its size is the
  // key's, and byte by byte, since keys are short and a call to memcmp cost more than the bytes.
  const Document& document = *document_;
  for (uint32_t at = index_ + 1; at < Entry().next; at = document.entry(at).next) {
    const Document::Entry& member = document.entry(at);
    if (member.key_size != key.size()) continue;
    const char* name = document.KeyOf(member).data();
    size_t same = 0;
    while (same < key.size() && name[same] == key[same]) ++same;
    if (same == key.size()) return Value(document, at);
  }
  return std::nullopt;
}

std::string Value::Pointer() const {
  std::string pointer;
  uint32_t at = 0;
  while (at != index_) {
    Value container(*document_, at);
    uint32_t position = 0;
    for (Value child : container) {
      if (child.index_ <= index_ && index_ < child.Entry().next) {
        pointer =
            container.IsMap() ? ChildPath(pointer, child.key()) : ChildPath(pointer, position);
        at = child.index_;
        break;
      }
      ++position;
    }
    REFEREE_CHECK(at != container.index_, "Value::Pointer: the value is in no container");
  }
  return pointer;
}

std::optional<size_t> PointerIndex(std::string_view segment) {
  size_t index = 0;
  auto [end, error] = std::from_chars(segment.data(), segment.data() + segment.size(), index);
  if (segment.empty() || error != std::errc() || end != segment.data() + segment.size()) {
    return std::nullopt;
  }
  return index;
}

namespace {

// "~1" is "/" and "~0" is "~" in a pointer segment (RFC 6901); anything else is kept.
std::string UnescapeSegment(std::string_view segment) {
  std::string text;
  for (size_t i = 0; i < segment.size(); ++i) {
    if (segment[i] == '~' && i + 1 < segment.size() &&
        (segment[i + 1] == '0' || segment[i + 1] == '1')) {
      text += segment[++i] == '0' ? '~' : '/';
    } else {
      text += segment[i];
    }
  }
  return text;
}

std::optional<Value> Step(Value value, std::string_view segment) {
  if (value.IsMap()) return value.Find(UnescapeSegment(segment));
  if (!value.IsList()) return std::nullopt;
  std::optional<size_t> index = PointerIndex(segment);
  if (!index || *index >= value.size()) return std::nullopt;
  size_t position = 0;
  for (Value item : value) {
    if (position++ == *index) return item;
  }
  return std::nullopt;
}

}  // namespace

PointedValue FollowPointer(const Document& document, std::string_view pointer) {
  PointedValue pointed{document.Root(), pointer};
  while (pointed.rest.starts_with('/')) {
    size_t end = pointed.rest.find('/', 1);
    std::string_view segment =
        pointed.rest.substr(1, end == std::string_view::npos ? end : end - 1);
    std::optional<Value> next = Step(pointed.value, segment);
    if (!next) break;
    pointed.value = *next;
    pointed.rest = end == std::string_view::npos ? std::string_view() : pointed.rest.substr(end);
  }
  return pointed;
}

Node ToNode(Value value) {
  if (value.IsList()) {
    Node list = Node::List({});
    for (Value item : value) list.Append(ToNode(item));
    return list;
  }
  if (value.IsMap()) {
    Node map = Node::Map({});
    for (Value member : value) map.AddMember(std::string(member.key()), {}, ToNode(member));
    return map;
  }
  return Node::Scalar(value.kind(), std::string(value.text()), {});
}

void AppendNode(const Node& node, Document& document) {
  if (node.IsScalar()) {
    document.AddScalar(node.kind(), node.text());
    return;
  }
  document.Open(node.kind());
  if (node.IsList()) {
    for (const Node& item : node.items()) AppendNode(item, document);
  } else {
    for (const Node::Member& member : node.members()) {
      document.SetKey(member.key);
      AppendNode(member.value, document);
    }
  }
  document.Close();
}

Document DocumentOf(const Node& node) {
  Document document;
  document.Reset({});
  AppendNode(node, document);
  return document;
}

}  // namespace referee::record
