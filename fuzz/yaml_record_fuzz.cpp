// libFuzzer target: bytes -> ParseYaml -> verifier::VerifyNode (which reads the record).
// Any input must end in a value or a finding; a crash, a sanitizer report or a timeout is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "formats/yaml_reader.h"
#include "verifier/verifier.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto node = referee::formats::ParseYaml(text);
  if (!node) return 0;
  referee::verifier::Verdict verdict = referee::verifier::VerifyNode(*node, "fuzz.yaml");
  (void)verdict;
  return 0;
}
