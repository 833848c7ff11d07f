// libFuzzer target: live protocol lines into a Session started from a fixed header (a seeded
// Collusion match, first deal dealt). Each line of the input (at most 64) is one protocol line,
// read with ParseJson as `referee live` reads it; a line that is not JSON gets Rejection().
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "formats/json_reader.h"
#include "live/session.h"

namespace {

referee::record::Node ParseOrDie(std::string_view json) {
  auto node = referee::formats::ParseJson(json);
  if (!node) std::abort();
  return std::move(*node);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const referee::record::Node header = ParseOrDie(
      R"({"format":"referee/1","game":"collusion","players":{"N":"ann","E":"bob","S":"cy",)"
      R"("W":"di"},"seed":"fuzz-seed"})");
  static const referee::record::Node deal = ParseOrDie(R"({"event":"deal"})");
  auto started = referee::live::Session::Start(header);
  if (!started) std::abort();
  referee::live::Session session = std::move(*started);
  (void)session.Handle(deal);

  std::string_view input(reinterpret_cast<const char*>(data), size);
  for (int lines = 0; lines < 64 && !input.empty(); ++lines) {
    size_t end = input.find('\n');
    std::string_view line = input.substr(0, end);
    input = end == std::string_view::npos ? std::string_view{} : input.substr(end + 1);
    auto node = referee::formats::ParseJson(line);
    if (node) {
      (void)session.Handle(*node);
    } else {
      (void)session.Rejection(node.error());
    }
  }
  if (session.IsOver()) (void)session.Verdict();
  return 0;
}
