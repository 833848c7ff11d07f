// DocumentBuilder: fills a record::Document from the events of a streaming parser (Boost.JSON's
// SAX handler, yaml-cpp's event handler) and enforces what both encodings share: the limits in
// ReadLimits, text without control characters, and one occurrence of each key per map. Internal
// to formats/.
//
// It speaks as the parsers do: each step returns whether to go on, and a step that refuses keeps
// its finding (TakeFinding) and is the last. A finding carries the JSON pointer of the offending
// value but no line and column: the caller knows where the parser is and adds them.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "formats/read_limits.h"
#include "referee/core/finding.h"
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

  // Refuses (`too-deep`) when `depth` open lists and maps would be over the limit.
  bool CheckDepth(size_t depth) {
    if (depth <= max_depth_) return true;
    return Refuse(TooDeep());
  }
  // Starts a list or map (depth and value count are checked). In the key position of a map this
  // is the caller's error to report: check ExpectsKey() first.
  [[gnu::always_inline]] bool Open(record::ValueKind kind, uint32_t offset = record::kNoOffset) {
    if (!CheckDepth(frames_.size() + 1) || !CountValue()) return false;
    document_->Open(kind, offset);
    key_pending_ = false;
    frames_.push_back(Frame{static_cast<uint32_t>(document_->size() - 1),
                            kind == record::ValueKind::kMap, nullptr});
    return true;
  }
  // Ends the innermost list or map.
  void Close() {
    frames_.pop_back();
    document_->Close();
  }
  // Adds a scalar (size, characters and value count are checked); its entry is then Last(), for
  // the caller to add what it knows of its place. `checked`: the caller has seen that a string
  // holds no character a text may not (its document has no byte a control character could be).
  [[gnu::always_inline]] bool AddScalar(record::ValueKind kind, std::string_view text,
                                        uint32_t offset = record::kNoOffset, bool checked = false) {
    if (!Admits(kind, text, checked)) return false;
    document_->AddScalar(kind, text, offset);
    return true;
  }
  // The same for a scalar whose text the caller knows to lie in the source as it is (a string the
  // parser handed over in one piece, not rebuilt), which the document keeps without asking where.
  [[gnu::always_inline]] bool AddScalarInSource(record::ValueKind kind, std::string_view text,
                                                bool checked) {
    if (!Admits(kind, text, checked)) return false;
    document_->AddScalarInSource(kind, text);
    return true;
  }
  // Sets the key of the next value of the innermost map (size, characters and duplicates are
  // checked, the same way); `in_source` as for AddScalarInSource.
  [[gnu::always_inline]] bool AddKey(std::string_view key, uint32_t offset = record::kNoOffset,
                                     bool checked = false, bool in_source = false) {
    if (key.size() > limits_.max_scalar_bytes || !checked) [[unlikely]] {
      if (!KeyAdmitted(key)) return false;
    }
    if (std::optional<uint32_t> first = EarlierKey(frames_.back(), key)) [[unlikely]] {
      return RefuseDuplicateKey(key, *first);
    }
    if (in_source) {
      document_->SetKeyInSource(key, offset);
    } else {
      document_->SetKey(key, offset);
    }
    key_pending_ = true;
    pending_key_offset_ = offset;
    return true;
  }
  // Refuses (`too-large`) a string, key or number still arriving in parts that is already longer
  // than the limit: it is not read to its end.
  bool RefuseUnfinishedTooLong() { return Refuse(TooLongUnfinished()); }
  // The entry of the value added last.
  record::Document::Entry& Last() { return document_->mutable_entry(document_->size() - 1); }

  // Whether a whole value has been read: the root, with every list and map closed.
  bool Complete() const { return frames_.empty() && !document_->empty(); }
  // The finding of the step that refused, once.
  std::optional<Finding> TakeFinding() { return std::exchange(finding_, std::nullopt); }
  bool refused() const { return finding_.has_value(); }

 private:
  struct Frame {
    uint32_t container = 0;
    bool map = false;
    // The keys of a large map, for the duplicate check: a small map (most of them) is searched
    // directly, a map of many keys through this set (filled once it grows large), so the check
    // is never quadratic in the keys.
    std::unique_ptr<std::unordered_set<std::string>> keys;
    // One bit for each key of a small map, by a hash of the key (KeyBit): a key whose bit is not
    // set yet is new without comparing it with the others.
    uint64_t key_bits = 0;
  };

  // A key's bit among 64, from its size and its first and last bytes: the keys of one map (seats,
  // a deal's parts) nearly always fall on bits of their own.
  static uint64_t KeyBit(std::string_view key) {
    uint32_t mixed = static_cast<uint32_t>(key.size()) * 0x9E3779B1u;
    if (!key.empty()) {
      mixed ^= static_cast<uint8_t>(key.front()) * 0x85EBCA77u;
      mixed ^= static_cast<uint8_t>(key.back()) * 0xC2B2AE3Du;
    }
    return uint64_t{1} << (mixed >> 26);
  }

  // The checks every scalar passes (its size, its characters, the count of values), made before
  // it is added.
  [[gnu::always_inline]] bool Admits(record::ValueKind kind, std::string_view text, bool checked) {
    bool looked_at = checked || kind != record::ValueKind::kString;
    if (text.size() > limits_.max_scalar_bytes || !looked_at || values_ >= limits_.max_nodes)
        [[unlikely]] {
      return AdmitsAfterChecks(text, looked_at);
    }
    ++values_;
    key_pending_ = false;
    return true;
  }
  // The same, each check made and a refusal worded: out of line, so that the common case above
  // stays small.
  [[gnu::noinline]] bool AdmitsAfterChecks(std::string_view text, bool looked_at) {
    if (text.size() > limits_.max_scalar_bytes) return Refuse(TooLong(text));
    if (!looked_at && !TextAllowed(text)) return false;
    if (!CountValue()) return false;
    key_pending_ = false;
    return true;
  }
  [[gnu::always_inline]] bool CountValue() {
    if (++values_ <= limits_.max_nodes) return true;
    return Refuse(TooManyValues());
  }
  // The entry of the map's value whose key is `key`, if one has it already; a large map's set
  // takes the key.
  [[gnu::always_inline]] std::optional<uint32_t> EarlierKey(Frame& frame, std::string_view key) {
    // A small map (nearly every map of a record) is searched directly: its values so far are
    // complete, as it is the innermost open map.
    constexpr uint32_t kSmallMap = 16;
    if (document_->entry(frame.container).text_size >= kSmallMap) {
      return EarlierKeyOfLargeMap(frame, key);
    }
    uint64_t bit = KeyBit(key);
    if ((frame.key_bits & bit) == 0) [[likely]] {
      frame.key_bits |= bit;
      return std::nullopt;
    }
    return EarlierKeyOfSmallMap(frame, key);
  }
  // A key whose bit another key of the map has: the map's keys so far, one by one.
  [[gnu::noinline]] std::optional<uint32_t> EarlierKeyOfSmallMap(const Frame& frame,
                                                                 std::string_view key) const {
    const record::Document& document = *document_;
    for (uint32_t i = frame.container + 1; i < document.size(); i = document.entry(i).next) {
      const record::Document::Entry& value = document.entry(i);
      if (value.key_size == key.size() && document.KeyOf(value) == key) return i;
    }
    return std::nullopt;
  }
  std::optional<uint32_t> EarlierKeyOfLargeMap(Frame& frame, std::string_view key);
  // A key's size and characters checked, a refusal worded.
  [[gnu::noinline]] bool KeyAdmitted(std::string_view key) {
    if (key.size() > limits_.max_scalar_bytes) return Refuse(TooLong(key));
    return KeyAllowed(key);
  }
  [[gnu::noinline]] bool RefuseDuplicateKey(std::string_view key, uint32_t first) {
    return Refuse(DuplicateKey(key, first));
  }
  bool Refuse(Finding finding) {
    finding_ = std::move(finding);
    return false;
  }
  // The checks of a text's characters, and the findings, worded where they happen.
  bool TextAllowed(std::string_view text);
  bool KeyAllowed(std::string_view key);
  Finding TooDeep() const;
  Finding TooManyValues() const;
  Finding TooLong(std::string_view text) const;
  Finding TooLongUnfinished() const;
  Finding DuplicateKey(std::string_view key, uint32_t first) const;

  ReadLimits limits_;
  size_t max_depth_ = 0;
  record::Document* document_ = nullptr;
  std::vector<Frame> frames_;
  bool key_pending_ = false;
  uint32_t pending_key_offset_ = record::kNoOffset;
  size_t values_ = 0;
  std::optional<Finding> finding_;
};

}  // namespace referee::formats
