// The sub-commands of the referee program. Each takes its parsed options and the output streams,
// and returns the exit code; main only parses arguments and catches internal errors.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "formats/input_format.h"

namespace referee::cli {

struct VerifyOptions {
  std::vector<std::string> files;
  std::string output = "text";  // text | json
  std::optional<formats::InputFormat> input;
  bool quiet = false;  // text: only findings and the tally
};
int RunVerify(const VerifyOptions& options, std::ostream& out, std::ostream& err);

struct ConvertOptions {
  std::string file;
  std::string to = "yaml";  // yaml | json | jsonl
  std::optional<formats::InputFormat> input;
};
int RunConvert(const ConvertOptions& options, std::ostream& out, std::ostream& err);

}  // namespace referee::cli
