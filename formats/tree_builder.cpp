#include "formats/tree_builder.h"

#include <algorithm>
#include <utility>

#include "formats/text_checks.h"
#include "referee/core/check.h"
#include "referee/record/fields.h"

namespace referee::formats {

using record::Node;
using record::SourcePos;

bool TreeBuilder::ExpectsKey() const {
  return !stack_.empty() && stack_.back().node.IsMap() && !stack_.back().key.has_value();
}

std::string TreeBuilder::PathThrough(size_t frames) const {
  std::string path;
  for (size_t i = 0; i < frames && i < stack_.size(); ++i) {
    const Frame& frame = stack_[i];
    if (frame.node.IsList()) {
      path = ChildPath(path, frame.node.items().size());
    } else if (frame.key) {
      path = ChildPath(path, frame.key->text);
    }
  }
  return path;
}

std::string TreeBuilder::PathHere() const { return PathThrough(stack_.size()); }

std::optional<SourcePos> TreeBuilder::PendingKeyPos() const {
  if (stack_.empty() || !stack_.back().key) return std::nullopt;
  return stack_.back().key->pos;
}

Result<void> TreeBuilder::CheckDepth(size_t depth) const {
  if (depth > static_cast<size_t>(std::max(limits_.max_depth, 0))) {
    return Fail(Malformed("too-deep", PathHere(),
                          "expected lists and maps nested at most " +
                              std::to_string(limits_.max_depth) + " deep, found deeper nesting"));
  }
  return {};
}

Result<void> TreeBuilder::Open(Node collection) {
  REFEREE_CHECK(!collection.IsScalar(), "TreeBuilder::Open takes a list or a map");
  REFEREE_TRY(CheckDepth(stack_.size() + 1));
  REFEREE_TRY(CountNode());
  stack_.push_back(Frame{std::move(collection), std::nullopt, {}});
  return {};
}

void TreeBuilder::Close() {
  REFEREE_CHECK(!stack_.empty(), "TreeBuilder::Close without an open collection");
  Node node = std::move(stack_.back().node);
  stack_.pop_back();
  Attach(std::move(node));
}

Result<void> TreeBuilder::AddScalar(Node scalar) {
  REFEREE_CHECK(scalar.IsScalar(), "TreeBuilder::AddScalar takes a scalar");
  REFEREE_TRY(CheckScalarSize(scalar.text()));
  if (scalar.kind() == Node::Kind::kString) {
    if (auto bad = record::FindControlCharacter(scalar.text(), record::TextKind::kFreeText)) {
      return Fail(record::ControlCharacterFinding(scalar.text(), *bad, PathHere(), "text"));
    }
  }
  REFEREE_TRY(CountNode());
  Attach(std::move(scalar));
  return {};
}

Result<void> TreeBuilder::AddKey(std::string key, SourcePos pos) {
  REFEREE_CHECK(ExpectsKey(), "TreeBuilder::AddKey outside the key position of a map");
  REFEREE_TRY(CheckScalarSize(key));
  if (auto bad = record::FindControlCharacter(key, record::TextKind::kIdentifier)) {
    // Placed at the map: a path holding the key would carry the character on.
    return Fail(
        record::ControlCharacterFinding(key, *bad, PathThrough(stack_.size() - 1), "a key"));
  }
  Frame& top = stack_.back();
  if (std::optional<SourcePos> first = SeeKey(top, key, pos)) {
    std::string where =
        first->line > 0 ? " (first at line " + std::to_string(first->line) + ")" : "";
    return Fail(Malformed(
        "duplicate-key", ChildPath(PathThrough(stack_.size() - 1), key),
        "expected each key once in a map, found " + QuoteForMessage(key) + " again" + where));
  }
  top.key = PendingKey{std::move(key), pos};
  return {};
}

std::optional<Node> TreeBuilder::TakeRoot() {
  REFEREE_CHECK(stack_.empty(), "TreeBuilder::TakeRoot with collections still open");
  return std::exchange(root_, std::nullopt);
}

std::optional<SourcePos> TreeBuilder::SeeKey(Frame& frame, const std::string& key, SourcePos pos) {
  constexpr size_t kSmallMap = 16;
  const std::vector<Node::Member>& members = frame.node.members();
  if (members.size() < kSmallMap) {
    for (const Node::Member& member : members) {
      if (member.key == key) return member.key_pos;
    }
    return std::nullopt;
  }
  if (frame.seen.empty()) {
    for (const Node::Member& member : members) frame.seen.emplace(member.key, member.key_pos);
  }
  auto [first, inserted] = frame.seen.try_emplace(key, pos);
  if (inserted) return std::nullopt;
  return first->second;
}

Result<void> TreeBuilder::CountNode() {
  if (++node_count_ > limits_.max_nodes) {
    return Fail(Malformed("too-large", PathHere(),
                          "expected at most " + std::to_string(limits_.max_nodes) +
                              " values in a document, found more"));
  }
  return {};
}

Result<void> TreeBuilder::CheckScalarSize(std::string_view text) const {
  if (text.size() > limits_.max_scalar_bytes) {
    return Fail(Malformed("too-large", PathHere(),
                          "expected a value of at most " +
                              std::to_string(limits_.max_scalar_bytes) + " bytes, found " +
                              std::to_string(text.size()) + " bytes"));
  }
  return {};
}

void TreeBuilder::Attach(Node node) {
  if (stack_.empty()) {
    root_ = std::move(node);
    return;
  }
  Frame& top = stack_.back();
  if (top.node.IsList()) {
    top.node.Append(std::move(node));
    return;
  }
  REFEREE_CHECK(top.key.has_value(), "TreeBuilder: a map value without its key");
  top.node.AddMember(std::move(top.key->text), top.key->pos, std::move(node));
  top.key.reset();
}

}  // namespace referee::formats
