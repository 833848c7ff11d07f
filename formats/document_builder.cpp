#include "formats/document_builder.h"

#include <algorithm>
#include <utility>

#include "formats/text_checks.h"
#include "referee/core/check.h"
#include "referee/record/fields.h"

namespace referee::formats {

using record::Document;
using record::ValueKind;

void DocumentBuilder::Start(const ReadLimits& limits, Document& document) {
  limits_ = limits;
  document_ = &document;
  frames_.clear();
  key_pending_ = false;
  pending_key_offset_ = record::kNoOffset;
  values_ = 0;
}

Result<void> DocumentBuilder::CheckDepth(size_t depth) const {
  if (depth > static_cast<size_t>(std::max(limits_.max_depth, 0))) {
    return Fail(Malformed("too-deep", PathHere(),
                          "expected lists and maps nested at most " +
                              std::to_string(limits_.max_depth) + " deep, found deeper nesting"));
  }
  return {};
}

Result<void> DocumentBuilder::Open(ValueKind kind, uint32_t offset) {
  REFEREE_TRY(CheckDepth(frames_.size() + 1));
  REFEREE_TRY(CountValue());
  document_->Open(kind, offset);
  key_pending_ = false;
  frames_.push_back(
      Frame{static_cast<uint32_t>(document_->size() - 1), kind == ValueKind::kMap, nullptr});
  return {};
}

void DocumentBuilder::Close() {
  REFEREE_CHECK(!frames_.empty(), "DocumentBuilder::Close without an open list or map");
  frames_.pop_back();
  document_->Close();
}

Result<Document::Entry*> DocumentBuilder::AddScalar(ValueKind kind, std::string_view text,
                                                    uint32_t offset, bool checked) {
  REFEREE_TRY(CheckScalarSize(text));
  if (kind == ValueKind::kString && !checked) {
    if (auto bad = record::FindControlCharacter(text, record::TextKind::kFreeText)) {
      return Fail(record::ControlCharacterFinding(text, *bad, PathHere(), "text"));
    }
  }
  REFEREE_TRY(CountValue());
  key_pending_ = false;
  return &document_->AddScalar(kind, text, offset);
}

Result<void> DocumentBuilder::AddKey(std::string_view key, uint32_t offset, bool checked) {
  REFEREE_CHECK(ExpectsKey(), "DocumentBuilder::AddKey outside the key position of a map");
  REFEREE_TRY(CheckScalarSize(key));
  if (!checked) {
    if (auto bad = record::FindControlCharacter(key, record::TextKind::kIdentifier)) {
      // Placed at the map: a path holding the key would carry the character on.
      return Fail(record::ControlCharacterFinding(key, *bad, PathHere(), "a key"));
    }
  }
  if (std::optional<uint32_t> first = EarlierKey(frames_.back(), key)) {
    uint32_t first_offset = document_->entry(*first).key_offset;
    std::string where =
        first_offset == record::kNoOffset
            ? ""
            : " (first at line " +
                  std::to_string(LocateOffset(document_->source(), first_offset).line) + ")";
    return Fail(Malformed(
        "duplicate-key", ChildPath(PathHere(), key),
        "expected each key once in a map, found " + QuoteForMessage(key) + " again" + where));
  }
  document_->SetKey(key, offset);
  key_pending_ = true;
  pending_key_offset_ = offset;
  return {};
}

std::optional<uint32_t> DocumentBuilder::EarlierKey(Frame& frame, std::string_view key) {
  constexpr uint32_t kSmallMap = 16;
  const Document& document = *document_;
  auto search = [&]() -> std::optional<uint32_t> {
    // The map's values so far: it is the innermost open map, so each of them is complete.
    for (uint32_t i = frame.container + 1; i < document.size(); i = document.entry(i).next) {
      if (document.KeyOf(document.entry(i)) == key) return i;
    }
    return std::nullopt;
  };
  uint32_t count = document.entry(frame.container).text_size;
  if (count < kSmallMap) return search();
  if (frame.keys == nullptr) {
    frame.keys = std::make_unique<std::unordered_set<std::string>>();
    for (uint32_t i = frame.container + 1; i < document.size(); i = document.entry(i).next) {
      frame.keys->emplace(document.KeyOf(document.entry(i)));
    }
  }
  if (frame.keys->emplace(key).second) return std::nullopt;
  return search();  // found once, to say where: a finding, so never again for this map
}

Result<void> DocumentBuilder::CountValue() {
  if (++values_ > limits_.max_nodes) {
    return Fail(Malformed("too-large", PathHere(),
                          "expected at most " + std::to_string(limits_.max_nodes) +
                              " values in a document, found more"));
  }
  return {};
}

Result<void> DocumentBuilder::CheckScalarSize(std::string_view text) const {
  if (text.size() > limits_.max_scalar_bytes) {
    return Fail(Malformed("too-large", PathHere(),
                          "expected a value of at most " +
                              std::to_string(limits_.max_scalar_bytes) + " bytes, found " +
                              std::to_string(text.size()) + " bytes"));
  }
  return {};
}

}  // namespace referee::formats
