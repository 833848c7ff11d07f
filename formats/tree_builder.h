// TreeBuilder: assembles a record::Node from the events of a streaming parser (yaml-cpp's event
// handler, Boost.JSON's SAX handler) and enforces what both encodings share: the limits in
// ReadLimits, scalar keys, and one occurrence of each key per map. Internal to formats/.
//
// Findings it returns carry the JSON pointer of the offending value but no line and column: the
// caller knows the source position and adds it.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "formats/read_limits.h"
#include "referee/core/result.h"
#include "referee/record/node.h"

namespace referee::formats {

class TreeBuilder {
 public:
  explicit TreeBuilder(const ReadLimits& limits) : limits_(limits) {}

  // True when the innermost open collection is a map and the next scalar is one of its keys.
  bool ExpectsKey() const;
  // The JSON pointer the next value will have ("" for the root).
  std::string PathHere() const;
  // Number of open collections.
  size_t depth() const { return stack_.size(); }
  // Position of the key waiting for its value, if any.
  std::optional<record::SourcePos> PendingKeyPos() const;

  // Fails with `too-deep` when `depth` open collections would be over the limit.
  Result<void> CheckDepth(size_t depth) const;
  // Starts a list or map (depth and node count are checked). In the key position of a map this is
  // the caller's error to report: check ExpectsKey() first.
  Result<void> Open(record::Node collection);
  // Ends the innermost collection and attaches it to its parent.
  void Close();
  // Adds a scalar value (size and node count are checked).
  Result<void> AddScalar(record::Node scalar);
  // Sets the key of the next member of the innermost map (size and duplicates are checked).
  Result<void> AddKey(std::string key, record::SourcePos pos);

  // The finished document, once every collection is closed; nullopt before any value arrived.
  std::optional<record::Node> TakeRoot();

 private:
  struct PendingKey {
    std::string text;
    record::SourcePos pos;
  };
  // No path is kept per frame: paths are needed only for findings, and are built from the frames
  // (each one's pending key or item count) when one is made.
  struct Frame {
    record::Node node;
    std::optional<PendingKey> key;
    // The keys of a large map, for the duplicate check: a small map (most of them) is searched
    // directly, a map with a million keys through this hash (filled once the map grows large),
    // so the check is never quadratic.
    std::unordered_map<std::string, record::SourcePos> seen;
  };

  // The JSON pointer of the value the first `frames` frames lead to.
  std::string PathThrough(size_t frames) const;
  // Where `key` first appeared in the frame's map, or nothing; records it for a large map.
  std::optional<record::SourcePos> SeeKey(Frame& frame, const std::string& key,
                                          record::SourcePos pos);

  Result<void> CountNode();
  Result<void> CheckScalarSize(std::string_view text) const;
  void Attach(record::Node node);

  ReadLimits limits_;
  std::vector<Frame> stack_;
  std::optional<record::Node> root_;
  size_t node_count_ = 0;
};

}  // namespace referee::formats
