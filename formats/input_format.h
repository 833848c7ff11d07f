// Which reader a file or standard input needs.
#pragma once

#include <optional>
#include <string_view>

namespace referee::formats {

enum class InputFormat { kYaml, kJson, kJsonLines };

std::string_view InputFormatName(InputFormat format);  // "YAML", "JSON", "JSON Lines"

// From the file name's extension, case-insensitive: .yaml .yml -> YAML, .json -> JSON,
// .jsonl .ndjson -> JSON Lines; nullopt for anything else.
std::optional<InputFormat> FormatFromPath(std::string_view path);

// Guesses the format of standard input from its first bytes (after a byte order mark):
//   - the first non-blank character is not '{': YAML;
//   - the first line starting at that '{' is a complete JSON value and more non-blank text follows
//     it within `first_bytes`: JSON Lines;
//   - otherwise JSON (a pretty-printed object, or a single one-line object).
// A one-line JSON record alone reads the same as JSON or JSON Lines. Pass at least the first line
// and the start of the second; if the first line is longer than `first_bytes`, the answer is
// JSON. YAML written in flow style ("{format: ...}") is taken for JSON: name the format then.
InputFormat SniffFormat(std::string_view first_bytes);

}  // namespace referee::formats
