// Helpers shared by the tests of formats/.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "referee/core/result.h"
#include "referee/record/node.h"

namespace referee::formats::testing {

inline std::string Describe(const Finding& finding) {
  return finding.code + " at " + std::to_string(finding.place.line) + ":" +
         std::to_string(finding.place.column) + " path '" + finding.place.path +
         "': " + finding.message;
}

// Succeeds when `result` is a Malformed finding with this code at this line and column.
inline ::testing::AssertionResult FailsAt(const Result<record::Node>& result, std::string_view code,
                                          uint32_t line, uint32_t column) {
  if (result.has_value()) return ::testing::AssertionFailure() << "parsed without a finding";
  const Finding& finding = result.error();
  if (finding.code != code || finding.place.line != line || finding.place.column != column ||
      finding.severity != Severity::kMalformed) {
    return ::testing::AssertionFailure() << "expected " << code << " at " << line << ":" << column
                                         << ", got " << Describe(finding);
  }
  return ::testing::AssertionSuccess();
}

// Succeeds when `result` fails with this code, wherever.
inline ::testing::AssertionResult FailsWith(const Result<record::Node>& result,
                                            std::string_view code) {
  if (result.has_value()) return ::testing::AssertionFailure() << "parsed without a finding";
  if (result.error().code != code) {
    return ::testing::AssertionFailure()
           << "expected " << code << ", got " << Describe(result.error());
  }
  return ::testing::AssertionSuccess();
}

}  // namespace referee::formats::testing
