// Places in a document's text, found from a JSON pointer when a finding needs one.
//
// Every value of a record::Document knows its byte offset in the source: a YAML document from the
// parser's marks, a JSON document once its offsets are worked out from the text, which happens
// the first time a finding about it is placed (a record with no finding never pays for it). The
// rules are the same for both encodings:
//   - a pointer that goes past the last value it can follow (a missing key, an index out of
//     range) gives that value's place;
//   - one more segment under a string names a word of it ("/deals/0/tricks/2/1": the second card
//     of the trick's string), where the word can be placed (a string written on one line, or a
//     JSON string with its escapes walked over); else the string's place;
//   - a list or map written in block style starts on the line after its key: the key is its place.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "formats/text_checks.h"
#include "referee/core/finding.h"
#include "referee/record/document.h"
#include "referee/record/node.h"

namespace referee::formats {

// The line and column (1-based, bytes, a byte order mark not counted) of what `pointer` names.
LineColumn Locate(record::Document& document, std::string_view pointer);

// Gives every finding that has no line yet the place of its pointer in `document`. `first_line`
// is the line of the stream on which the document starts (a JSON Lines record), else 1.
void PlaceFindings(record::Document& document, uint32_t first_line, std::vector<Finding>& findings);

// The document as a Node tree whose values carry their line and column, for the readers that
// still read trees with places (league files).
record::Node NodeWithPositions(record::Document& document);

}  // namespace referee::formats
