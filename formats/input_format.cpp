#include "formats/input_format.h"

#include <cctype>
#include <string>

#include "formats/json_reader.h"
#include "formats/text_checks.h"

namespace referee::formats {
namespace {

constexpr std::string_view kBlank = " \t\r\n";

bool IsBlank(std::string_view text) { return text.find_first_not_of(kBlank) == text.npos; }

std::string LowerExtension(std::string_view path) {
  size_t slash = path.find_last_of("/\\");
  std::string_view name = slash == path.npos ? path : path.substr(slash + 1);
  size_t dot = name.rfind('.');
  if (dot == name.npos) return "";
  std::string extension(name.substr(dot + 1));
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension;
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
  std::string extension = LowerExtension(path);
  if (extension == "yaml" || extension == "yml") return InputFormat::kYaml;
  if (extension == "json") return InputFormat::kJson;
  if (extension == "jsonl" || extension == "ndjson") return InputFormat::kJsonLines;
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
