#include "formats/document_builder.h"

#include <algorithm>
#include <utility>

#include "formats/text_checks.h"
#include "referee/core/check.h"
#include "referee/record/fields.h"

namespace referee::formats {

using record::Document;

void DocumentBuilder::Start(const ReadLimits& limits, Document& document) {
  limits_ = limits;
  max_depth_ = static_cast<size_t>(std::max(limits.max_depth, 0));
  document_ = &document;
  frames_.clear();
  key_pending_ = false;
  pending_key_offset_ = record::kNoOffset;
  values_ = 0;
  finding_.reset();
}

std::optional<uint32_t> DocumentBuilder::EarlierKeyOfLargeMap(Frame& frame, std::string_view key) {
  const Document& document = *document_;
  auto values = [&](auto&& visit) {
    for (uint32_t i = frame.container + 1; i < document.size(); i = document.entry(i).next) {
      if (!visit(i)) return;
    }
  };
  if (frame.keys == nullptr) {
    frame.keys = std::make_unique<std::unordered_set<std::string>>();
    values([&](uint32_t i) {
      frame.keys->emplace(document.KeyOf(document.entry(i)));
      return true;
    });
  }
  if (frame.keys->emplace(key).second) return std::nullopt;
  // Said once, to say where: a finding.
  std::optional<uint32_t> first;
  values([&](uint32_t i) {
    if (document.KeyOf(document.entry(i)) == key) first = i;
    return !first;
  });
  return first;
}

bool DocumentBuilder::TextAllowed(std::string_view text) {
  std::optional<size_t> bad = record::FindControlCharacter(text, record::TextKind::kFreeText);
  if (!bad) return true;
  return Refuse(record::ControlCharacterFinding(text, *bad, PathHere(), "text"));
}

bool DocumentBuilder::KeyAllowed(std::string_view key) {
  std::optional<size_t> bad = record::FindControlCharacter(key, record::TextKind::kIdentifier);
  if (!bad) return true;
  // Placed at the map: a path holding the key would carry the character on.
  return Refuse(record::ControlCharacterFinding(key, *bad, PathHere(), "a key"));
}

Finding DocumentBuilder::TooDeep() const {
  return Malformed("too-deep", PathHere(),
                   "expected lists and maps nested at most " + std::to_string(limits_.max_depth) +
                       " deep, found deeper nesting");
}

Finding DocumentBuilder::TooManyValues() const {
  return Malformed("too-large", PathHere(),
                   "expected at most " + std::to_string(limits_.max_nodes) +
                       " values in a document, found more");
}

Finding DocumentBuilder::TooLong(std::string_view text) const {
  return Malformed("too-large", PathHere(),
                   "expected a value of at most " + std::to_string(limits_.max_scalar_bytes) +
                       " bytes, found " + std::to_string(text.size()) + " bytes");
}

Finding DocumentBuilder::TooLongUnfinished() const {
  return Malformed("too-large", PathHere(),
                   "expected a value of at most " + std::to_string(limits_.max_scalar_bytes) +
                       " bytes, found a longer one");
}

Finding DocumentBuilder::DuplicateKey(std::string_view key, uint32_t first) const {
  uint32_t first_offset = document_->entry(first).key_offset;
  std::string where =
      first_offset == record::kNoOffset
          ? ""
          : " (first at line " +
                std::to_string(LocateOffset(document_->source(), first_offset).line) + ")";
  return Malformed(
      "duplicate-key", ChildPath(PathHere(), key),
      "expected each key once in a map, found " + QuoteForMessage(key) + " again" + where);
}

}  // namespace referee::formats
