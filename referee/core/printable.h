// Text from input made safe to show: on a terminal, in a log line, in a JSON reply. Whatever is not
// printable UTF-8 is written as a visible escape, so that a hostile record cannot move the cursor,
// clear the screen, retitle the window, turn the text's direction round or hide in an invisible
// character, and so that the output is always well-formed UTF-8.
//
// - A byte that is not part of well-formed UTF-8 (0xFF, a lone continuation byte, an overlong
//   form, a surrogate), a C0 control other than the tab (NUL, ESC, CR, LF, ...) and DEL: `\xHH`.
// - A C1 control (U+0080..U+009F), and the invisible characters and those that change how the
//   text around them is shown (U+061C, U+200B..U+200F, U+2028..U+202E, U+2060..U+2064,
//   U+2066..U+2069, U+FEFF): `\uHHHH`. Two names that look the same then print differently.
// - Everything else as it is, the tab and the backslash included: a tab only moves to the next
//   tab stop, and leaving the backslash alone makes escaping idempotent (escaped text escapes to
//   itself), so text escaped where a message is made is not escaped twice where it is shown.
//
// Hex digits are lower case.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace referee {

std::string Printable(std::string_view text);

// Printable(text) handed to `piece` a part at a time instead of made whole, for text too large to
// copy (a cross-table's cell): runs of printable ASCII as they are, every other character as
// Printable shows it.
void ForEachPrintablePiece(std::string_view text,
                           const std::function<void(std::string_view)>& piece);

// Only the bytes that are not part of well-formed UTF-8 escaped (`\xHH`), everything else kept:
// for JSON, whose writer escapes the controls itself and must keep a name exactly as it is.
std::string ValidUtf8(std::string_view text);

// `text` escaped and in single quotes, for messages: "found 'x'".
std::string Quoted(std::string_view text);

// The first character of `text` (which must not be empty) as Printable shows it.
struct PrintableChar {
  size_t bytes = 0;    // how many bytes of `text` it takes: at least 1
  std::string shown;   // what Printable writes for them
  size_t columns = 0;  // how many terminal columns `shown` takes (a tab counts 1)
};
PrintableChar NextPrintable(std::string_view text);

}  // namespace referee
