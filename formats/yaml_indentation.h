// Indentation mistakes in a YAML file that yaml-cpp could not read, worded for people: yaml-cpp
// says "end of map not found" where a line is indented one space short.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "referee/core/finding.h"

namespace referee::formats {

// The first line, up to the line of `error_offset` (where the parser gave up), whose indentation
// matches no block above it (a line that steps back to a column no line above it uses) or that
// goes deeper under a line whose value is complete: a `yaml-syntax` finding at that line that
// says which indentations would have gone on from which lines above. None where the lines up to
// there are indented consistently: the parser's own message then stands.
std::optional<Finding> MisindentedLine(std::string_view source, size_t error_offset);

}  // namespace referee::formats
