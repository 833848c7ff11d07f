#include "reports/text_columns.h"

#include <fmt/format.h>

#include "referee/core/printable.h"

namespace referee::reports {

size_t DisplayWidth(std::string_view text) {
  size_t columns = 0;
  while (!text.empty()) {
    PrintableChar next = NextPrintable(text);
    columns += next.columns;
    text.remove_prefix(next.bytes);
  }
  return columns;
}

// fmt pads the empty string to the missing columns: fmt's own width of `text` is not asked, since
// it counts some characters differently (a combining mark as one column).
std::string Padded(std::string_view text, size_t width, Align align) {
  size_t shown = DisplayWidth(text);
  size_t pad = width > shown ? width - shown : 0;
  if (align == Align::kLeft) return fmt::format("{}{:{}}", text, "", pad);
  return fmt::format("{:{}}{}", "", pad, text);
}

}  // namespace referee::reports
