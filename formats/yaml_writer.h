// WriteYaml: a record::Node as canonical YAML, the inverse of ParseYaml.
//
// Canonical means the same Node always gives the same bytes: keys in the Node's order, two-space
// indentation, block style for maps and lists except that a map or list whose children are all
// scalars and whose line fits in 100 columns is written in flow style (`{E: alice, S: bob}`,
// `[1, 2]`). A string (a value or a key) is written plain when ParseYaml reads it back as the
// same string and a YAML 1.1 reader (PyYAML, go-yaml v2) would too, and in double quotes
// otherwise ("true", "12", "", " a", "a: b", "#x", "-", and YAML 1.1's "no", "on", "y", "N", "~",
// "007", "0x1F", "1_000", ".inf", "2026-11-25", "<<"); quoted strings escape control characters.
// Numbers are written as their text, booleans as true/false, null as null.
// The output ends with a newline.
//
// For every Node the readers can produce, ParseYaml(WriteYaml(node)) == node.
#pragma once

#include <string>

#include "referee/record/node.h"

namespace referee::formats {

std::string WriteYaml(const record::Node& node);

}  // namespace referee::formats
