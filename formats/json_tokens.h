// The JSON record as tokens (referee/record/tokens.h), for the fast path of verification: the
// same Boost.JSON parser as ParseJson, the same limits and checks, and no tree.
#pragma once

#include <string_view>

#include "formats/read_limits.h"
#include "referee/record/tokens.h"

namespace referee::formats {

// Fills `tokens` with the document's tokens. False when ParseJson would refuse the text (bad
// JSON, bad encoding, a duplicate key, a control character, a limit passed) or when it is not a
// map: the caller reads it the slow way then, where the finding is made and placed. `tokens` views
// `text`, which must outlive its use.
bool TokenizeJson(std::string_view text, const ReadLimits& limits, record::TokenBuffer& tokens);

}  // namespace referee::formats
