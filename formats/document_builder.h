// DocumentBuilder: fills a record::Document from the events of a streaming parser (Boost.JSON's
// SAX handler, yaml-cpp's event handler) and enforces what both encodings share: the limits in
// ReadLimits, text without control characters, and one occurrence of each key per map. Internal
// to formats/.
//
// Findings it returns carry the JSON pointer of the offending value but no line and column: the
// caller knows where the parser is and adds them.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "formats/read_limits.h"
#include "referee/core/result.h"
#include "referee/record/document.h"

namespace referee::formats {

class DocumentBuilder {
 public:
  DocumentBuilder() = default;
  DocumentBuilder(const ReadLimits& limits, record::Document& document) { Start(limits, document); }
  // Starts on another document (already Reset), keeping the memory of the last one.
  void Start(const ReadLimits& limits, record::Document& document);

  // Whether the innermost open list or map is a map waiting for the key of its next value.
  bool ExpectsKey() const { return !frames_.empty() && frames_.back().map && !key_pending_; }
  // The JSON pointer the next value will have ("" for the root).
  std::string PathHere() const { return document_->PointerHere(); }
  size_t depth() const { return frames_.size(); }
  // The offset of the key waiting for its value, if any.
  uint32_t PendingKeyOffset() const {
    return key_pending_ ? pending_key_offset_ : record::kNoOffset;
  }

  // Fails with `too-deep` when `depth` open lists and maps would be over the limit.
  Result<void> CheckDepth(size_t depth) const;
  // Starts a list or map (depth and value count are checked). In the key position of a map this
  // is the caller's error to report: check ExpectsKey() first.
  Result<void> Open(record::ValueKind kind, uint32_t offset = record::kNoOffset);
  // Ends the innermost list or map.
  void Close();
  // Adds a scalar (size, characters and value count are checked) and gives its entry, for the
  // caller to add what it knows of its place. `checked`: the caller has seen that a string holds
  // no character a text may not (its document has no byte a control character could be).
  Result<record::Document::Entry*> AddScalar(record::ValueKind kind, std::string_view text,
                                             uint32_t offset = record::kNoOffset,
                                             bool checked = false);
  // Sets the key of the next value of the innermost map (size, characters and duplicates are
  // checked, the same way).
  Result<void> AddKey(std::string_view key, uint32_t offset = record::kNoOffset,
                      bool checked = false);

  // Whether a whole value has been read: the root, with every list and map closed.
  bool Complete() const { return frames_.empty() && !document_->empty(); }

 private:
  struct Frame {
    uint32_t container = 0;
    bool map = false;
    // The keys of a large map, for the duplicate check: a small map (most of them) is searched
    // directly, a map of many keys through this set (filled once it grows large), so the check
    // is never quadratic in the keys.
    std::unique_ptr<std::unordered_set<std::string>> keys;
  };

  // The entry of the map's value whose key is `key`, if one has it already; a large map's set
  // takes the key.
  std::optional<uint32_t> EarlierKey(Frame& frame, std::string_view key);
  Result<void> CountValue();
  Result<void> CheckScalarSize(std::string_view text) const;

  ReadLimits limits_;
  record::Document* document_ = nullptr;
  std::vector<Frame> frames_;
  bool key_pending_ = false;
  uint32_t pending_key_offset_ = record::kNoOffset;
  size_t values_ = 0;
};

}  // namespace referee::formats
