// WriteJson: a record::Node as canonical JSON (RFC 8259), the inverse of ParseJson.
//
// Keys in the Node's order. Compact output is one line with no spaces (one JSON Lines record);
// pretty output indents by two spaces and puts each member and item on its own line. Neither ends
// with a newline: the caller adds it (unlike WriteYaml, whose output is a sequence of lines).
//
// Strings escape '"', '\\' and control characters and leave other UTF-8 as it is. Numbers are
// written from their text, made valid JSON where YAML allowed more (+5 -> 5, 007 -> 7, .5 -> 0.5,
// 1. -> 1.0); a number node whose text is not a number is a bug in the caller (InternalError).
// Booleans are written as true/false, null as null.
//
// For every Node the readers can produce, ParseJson(WriteJson(node, pretty)) == node up to that
// number spelling.
#pragma once

#include <string>

#include "referee/record/node.h"

namespace referee::formats {

std::string WriteJson(const record::Node& node, bool pretty);

}  // namespace referee::formats
