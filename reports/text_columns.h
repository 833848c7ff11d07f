// Text set in columns for a terminal (or for Markdown source read as text): widths are the columns
// a terminal gives each character (referee/core/printable.h: a wide character takes two, a
// combining mark none), not bytes, so that "Zoë Ångström 李" lines up under "Bob".
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace referee::reports {

// The columns `text` takes once shown; text that is not Printable counts as Printable shows it.
size_t DisplayWidth(std::string_view text);

enum class Align { kLeft, kRight };
// `text` padded with spaces to `width` display columns (as it is when it is wider).
std::string Padded(std::string_view text, size_t width, Align align);

}  // namespace referee::reports
