#include "formats/input_format.h"

#include <cctype>
#include <string>

#include "formats/json_reader.h"
#include "formats/text_checks.h"

namespace referee::formats {
namespace {

constexpr std::string_view kBlank = " \t\r\n";

bool IsBlank(std::string_view text) { return text.find_first_not_of(kBlank) == text.npos; }

// The extension of the path's last name, as written; empty for none.
std::string_view Extension(std::string_view path) {
  // From the end back to the first dot, and no extension where a folder separator comes first.
  for (size_t i = path.size(); i > 0; --i) {
    char c = path[i - 1];
    if (c == '.') return path.substr(i);
    if (c == '/' || c == '\\') break;
  }
  return {};
}

// Whether `text` is `lower` in any case: extensions are compared without a lower-case copy, as
// every file of a folder is asked its format.
bool SameIgnoringCase(std::string_view text, std::string_view lower) {
  if (text.size() != lower.size()) return false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != lower[i]) return false;
  }
  return true;
}

}  // namespace

std::string_view InputFormatName(InputFormat format) {
  switch (format) {
    case InputFormat::kYaml:
      return "YAML";
    case InputFormat::kJson:
      return "JSON";
    case InputFormat::kJsonLines:
      return "JSON Lines";
  }
  return "YAML";
}

std::optional<InputFormat> FormatFromPath(std::string_view path) {
  std::string_view extension = Extension(path);
  auto is = [extension](std::string_view lower) { return SameIgnoringCase(extension, lower); };
  if (is("yaml") || is("yml")) return InputFormat::kYaml;
  if (is("json")) return InputFormat::kJson;
  if (is("jsonl") || is("ndjson")) return InputFormat::kJsonLines;
  return std::nullopt;
}

InputFormat SniffFormat(std::string_view first_bytes) {
  std::string_view text = StripBom(first_bytes);
  size_t start = text.find_first_not_of(kBlank);
  if (start == text.npos || text[start] != '{') return InputFormat::kYaml;
  text.remove_prefix(start);
  size_t end_of_line = text.find('\n');
  if (end_of_line == text.npos || IsBlank(text.substr(end_of_line + 1))) return InputFormat::kJson;
  // A record with a mistake in it (a duplicate key, say) is still a complete line of JSON.
  Result<record::Node> first = ParseJson(text.substr(0, end_of_line));
  bool complete = first.has_value() || first.error().code != "json-syntax";
  return complete ? InputFormat::kJsonLines : InputFormat::kJson;
}

}  // namespace referee::formats
