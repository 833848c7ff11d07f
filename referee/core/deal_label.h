// A deal's label for people ("dealer N; tricks N3 E4 S3 W3; two tie: +10 each"), kept as the
// numbers it is made from and worded only when someone reads it. The verifier scores every deal
// of every record, and most score sheets are counted (claims, standings), never printed: wording
// every label took up to 9% of the instructions of verifying a trick game's records.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>

namespace referee {

class DealLabel {
 public:
  // The numbers a game words its label from, in an order of its own: seats, counts, points.
  static constexpr size_t kMostFacts = 10;
  using Facts = std::array<int64_t, kMostFacts>;
  // A game's wording of its facts; a plain function, so that a label costs no allocation.
  using Wording = std::string (*)(const Facts& facts);

  DealLabel() = default;
  // A label that is already text (a voided deal's, a test's).
  DealLabel(std::string text) : text_(std::move(text)) {}  // NOLINT: a label is its text
  DealLabel(const char* text) : text_(text) {}             // NOLINT: a label is its text
  DealLabel(Wording wording, const Facts& facts) : wording_(wording), facts_(facts) {}

  std::string Text() const { return wording_ != nullptr ? wording_(facts_) : text_; }

  // Two labels are the same when they read the same, however they are kept.
  bool operator==(const DealLabel& other) const { return Text() == other.Text(); }

 private:
  Wording wording_ = nullptr;
  Facts facts_{};
  std::string text_;
};

}  // namespace referee
