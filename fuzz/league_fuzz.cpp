// libFuzzer target: a league file as `referee standings` reads it: ParseYaml -> ReadLeague.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "formats/yaml_reader.h"
#include "league/league_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto node = referee::formats::ParseYaml(text);
  if (!node) return 0;
  auto league = referee::league::ReadLeague(*node);
  (void)league;
  return 0;
}
