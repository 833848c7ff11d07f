#include "referee/record/node_sink.h"

#include <utility>

#include "referee/core/check.h"

namespace referee::record {

void NodeBuilder::Put(std::string_view key, Node value) {
  if (open_.empty()) {
    root_ = std::move(value);
    return;
  }
  Node& parent = open_.back().node;
  if (parent.IsMap()) {
    parent.AddMember(std::string(key), {}, std::move(value));
  } else {
    parent.Append(std::move(value));
  }
}

void NodeBuilder::Add(std::string_view key, Node value) { Put(key, std::move(value)); }

void NodeBuilder::OpenMap(std::string_view key) {
  open_.push_back({std::string(key), Node::Map({})});
}

void NodeBuilder::OpenList(std::string_view key) {
  open_.push_back({std::string(key), Node::List({})});
}

void NodeBuilder::Close() {
  REFEREE_CHECK(!open_.empty(), "NodeBuilder: Close without an open map or list");
  Open closed = std::move(open_.back());
  open_.pop_back();
  Put(closed.key, std::move(closed.node));
}

Node NodeBuilder::Take() {
  REFEREE_CHECK(open_.empty(), "NodeBuilder: a map or list left open");
  return std::move(root_);
}

}  // namespace referee::record
