// Places in JSON text, found from a JSON pointer after the fact.
//
// The JSON reader builds its tree without positions: a record that breaks no rule never needs
// one, and keeping a line and column per scalar costs every record. A finding about a JSON record
// is placed afterwards by walking the text again along the finding's pointer, so it is quoted with
// its line and a caret as a YAML finding is.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "formats/text_checks.h"
#include "referee/core/finding.h"

namespace referee::formats {

// The line and column of the value `pointer` names in `json`, a document the JSON reader has
// accepted. As for YAML: a pointer that goes past the last value it can follow (a missing key, an
// index out of range) gives that value's place, and one more segment under a string names a word
// of it ("/deals/0/tricks/2/1": the second card of the trick's string). Text that is not valid JSON
// gives the place where the walk stopped.
LineColumn LocateJsonPointer(std::string_view json, std::string_view pointer);

// Gives every finding that has no line yet the place of its pointer in `json`. `first_line` is the
// line of the stream on which `json` starts (a JSON Lines record).
void PlaceJsonFindings(std::string_view json, uint32_t first_line, std::vector<Finding>& findings);

}  // namespace referee::formats
