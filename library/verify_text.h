// Verifying a record given as JSON text, as the program and the library both do: straight from
// its tokens when it is a legal record in a form the fast readers take (the fast path,
// referee/record/record_stream.h), from its tree otherwise; the verdict is the same either way,
// with its findings placed in the text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "formats/read_limits.h"
#include "verifier/verdict.h"

namespace referee::library {

// The verdict on the JSON record `text`, which starts on line `first_line` of its input.
verifier::Verdict VerifyJsonText(std::string_view text, uint32_t first_line,
                                 const formats::ReadLimits& limits, const std::string& source,
                                 int index);

// The fast path alone: none when the record must be read from its tree (a reading problem, a
// form the fast readers leave to the tree readers).
std::optional<verifier::Verdict> VerifyJsonTextFast(std::string_view text, uint32_t first_line,
                                                    const formats::ReadLimits& limits,
                                                    const std::string& source, int index);

}  // namespace referee::library
