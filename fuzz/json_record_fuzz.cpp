// libFuzzer target: bytes -> verifier::VerifyText as JSON (the record read into its document,
// its body replayed as it is read, its findings placed in the text).
// Any input must end in a verdict; a crash, a sanitizer report or a timeout is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "verifier/verify_text.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  referee::verifier::Verdict verdict = referee::verifier::VerifyText(
      text, referee::formats::InputFormat::kJson, 1, {}, "fuzz.json", 0);
  (void)verdict;
  return 0;
}
