#include "reports/text_columns.h"

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

// Spaces to the missing columns as DisplayWidth counts them (fmt's own width counts some
// characters differently: a combining mark as one column).
std::string Padded(std::string_view text, size_t width, Align align) {
  size_t shown = DisplayWidth(text);
  size_t pad = width > shown ? width - shown : 0;
  std::string out;
  out.reserve(text.size() + pad);
  if (align == Align::kRight) out.append(pad, ' ');
  out.append(text);
  if (align == Align::kLeft) out.append(pad, ' ');
  return out;
}

}  // namespace referee::reports
