// ReadYaml: one YAML document into a record::Document (the view every record is read through),
// strictly; ParseYaml: the same as a record::Node tree with positions, for callers that want one.
//
// Records are typed by hand, so the reader refuses what YAML allows but a record never needs and
// what makes a document mean something other than it looks: anchors and aliases (`yaml-anchor`,
// `yaml-alias`; also what makes "billion laughs" harmless), explicit tags (`yaml-tag`), keys that
// are lists, maps or null (`yaml-complex-key`, `yaml-null-key`), a key twice in one map
// (`duplicate-key`), and more than one document (`yaml-multiple-documents`). Scalars are typed by
// their shape only (formats/scalar_shape.h): quoted scalars are strings, and `N`, `no`, `off` stay
// strings. Booleans get the text "true" or "false" and nulls "null", whatever the spelling, as in
// ReadJson; numbers keep their source text. Every value of the document knows its offset.
//
// The input must be UTF-8 (`bad-encoding` otherwise, also for NUL bytes and control characters
// other than tab); a leading byte order mark is skipped and CRLF line breaks are accepted (a lone
// CR is not). Other findings: `empty-document`, `yaml-syntax`, `too-large`, `too-deep`. Every
// finding is Malformed and carries the 1-based line and column (in bytes, a BOM not counted) of
// the offending item, except `too-large` for the whole document; findings about a value also
// carry its JSON pointer.
#pragma once

#include <string_view>

#include "formats/read_limits.h"
#include "referee/core/result.h"
#include "referee/record/document.h"
#include "referee/record/node.h"

namespace referee::formats {

// Reads `text` into `document`, whose views point into `text` (or into the document's own copy
// of it, made when its line breaks had to be rewritten): the text must outlive the document.
Result<void> ReadYaml(std::string_view text, const ReadLimits& limits, record::Document& document);

Result<record::Node> ParseYaml(std::string_view text, const ReadLimits& limits = {});

}  // namespace referee::formats
