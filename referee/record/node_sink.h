// NodeSink: a tree received a piece at a time, in document order.
//
// A report over a league of many records (the standings' cross-table, their provenance) is too
// large to build as one Node before it is written: its maker hands it to a sink in pieces, each
// small Node given whole, and the sink either writes them as they come
// (formats::JsonStreamWriter) or gathers them into one Node (NodeBuilder, for callers that want
// the tree). Either way the same calls make the same document.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "referee/record/node.h"

namespace referee::record {

class NodeSink {
 public:
  virtual ~NodeSink() = default;
  // `key` names the member inside a map; inside a list, and for the root, it is not used.
  virtual void Add(std::string_view key, Node value) = 0;
  virtual void OpenMap(std::string_view key = {}) = 0;
  virtual void OpenList(std::string_view key = {}) = 0;
  virtual void Close() = 0;  // the innermost map or list opened
};

// Gathers what it is given into one Node: the tree the same calls would write.
class NodeBuilder final : public NodeSink {
 public:
  void Add(std::string_view key, Node value) override;
  void OpenMap(std::string_view key = {}) override;
  void OpenList(std::string_view key = {}) override;
  void Close() override;
  // The tree, once every map and list opened is closed.
  Node Take();

 private:
  struct Open {
    std::string key;
    Node node;
  };
  void Put(std::string_view key, Node value);
  std::vector<Open> open_;
  Node root_;
};

}  // namespace referee::record
