// Verifying a record given as text, the one way the program, the library and the server do it:
// the text read into the document every record is read through (JSON or YAML), its body replayed
// as it is read (verifier.h), and its findings placed in the text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "formats/input_format.h"
#include "formats/read_limits.h"
#include "referee/core/result.h"
#include "referee/record/record.h"
#include "verifier/verdict.h"
#include "verifier/verifier.h"

namespace referee::verifier {

// The verdict on the record `text`, a document of `format` (a JSON Lines line is JSON) that
// starts on line `first_line` of its input; `voids` as VerifyDocument takes them.
Verdict VerifyText(std::string_view text, formats::InputFormat format, uint32_t first_line,
                   const formats::ReadLimits& limits, std::string source, int index,
                   const DirectorVoids* voids = nullptr);

// The record `text` read whole (for a caller that converts it rather than verifies it), or the
// finding that keeps it from being read, placed in the text.
Result<record::Record> ReadRecordText(std::string_view text, formats::InputFormat format,
                                      uint32_t first_line, const formats::ReadLimits& limits);

}  // namespace referee::verifier
