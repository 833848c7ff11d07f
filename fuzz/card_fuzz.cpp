// libFuzzer target: bytes -> ParseCard (and ParseSuit). A card that parses must print canonically
// and parse back to itself.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "referee/core/card.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view token(reinterpret_cast<const char*>(data), size);
  auto card = referee::ParseCard(token, "/card");
  if (card) {
    std::string canonical = referee::ToString(*card);
    auto again = referee::ParseCard(canonical, "/card");
    if (!again || !(*again == *card)) std::abort();
  }
  auto suit = referee::ParseSuit(token, "/suit");
  (void)suit;
  return 0;
}
