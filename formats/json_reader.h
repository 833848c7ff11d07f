// ReadJson: one JSON document (RFC 8259) into a record::Document, the view every record is read
// through; ParseJson: the same as a record::Node tree, for callers that want one.
//
// Strict like ReadYaml: a key twice in one object is `duplicate-key`; comments, trailing commas
// and anything after the document are `json-syntax`. Numbers keep their exact source text (an
// integral one is kInteger, any other kDecimal), so 1e400 and 18446744073709551616 reach the
// record reader intact and are judged there. Booleans read as "true"/"false", null as "null", as
// in YAML.
//
// The input must be UTF-8 (`bad-encoding`); a leading byte order mark is skipped, and a string
// or key whose escapes decode to a control character is `control-character` (tab and line feed
// are allowed in a string value; record::FindControlCharacter). Other findings: `empty-document`,
// `too-large`, `too-deep`. Every finding is Malformed and carries the line and column where the
// parser stopped (1-based, bytes; for a key or value, its start), except `too-large` for the whole
// document; findings about a value also carry its JSON pointer. The document's values get their
// offsets only when a finding needs them (PlaceFindings, formats/locate.h). An exponent past 2^31
// (1e2147483648) is `json-syntax`: Boost.JSON refuses it.
#pragma once

#include <string_view>

#include "formats/read_limits.h"
#include "referee/core/result.h"
#include "referee/record/document.h"
#include "referee/record/node.h"

namespace referee::formats {

// Reads `text` into `document`, whose views point into `text`: the text must outlive it. The
// document keeps its memory from the last one read into it.
Result<void> ReadJson(std::string_view text, const ReadLimits& limits, record::Document& document);

Result<record::Node> ParseJson(std::string_view text, const ReadLimits& limits = {});

}  // namespace referee::formats
