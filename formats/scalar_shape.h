// The kind a plain (unquoted) YAML scalar gets from its shape. Shared by the YAML reader, which
// types scalars with it, and the YAML writer, which quotes every string that would not read back
// as a string.
//
// The rules are a strict subset of the YAML 1.2 core schema, chosen so that a scorer's text means
// what it looks like: `true|True|TRUE|false|False|FALSE` are booleans, `null|Null|NULL|~` and the
// empty scalar are null, `[-+]?[0-9]+` is an integer, `[-+]?([0-9]+\.[0-9]*|\.[0-9]+)` with an
// optional exponent, or `[-+]?[0-9]+` with an exponent, is a decimal. Everything else is a string:
// YAML 1.1 booleans such as `N`, `no`, `y` and `off` (seat N!), hexadecimal, `.inf` and `.nan`.
#pragma once

#include <string_view>

#include "referee/record/node.h"

namespace referee::formats {

record::Node::Kind PlainScalarKind(std::string_view text);

// Shapes used by the rules above, exposed for the writers.
bool IsIntegerText(std::string_view text);
bool IsDecimalText(std::string_view text);

// Canonical texts: the readers give every boolean the text "true" or "false" and every null the
// text "null", whichever spelling the source used, so YAML and JSON give the same Node.
inline constexpr std::string_view kNullText = "null";
std::string_view BoolText(bool value);

}  // namespace referee::formats
