// The text a record came from, split into lines, so diagnostics can quote the offending line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace referee::reports {

class SourceText {
 public:
  SourceText() = default;
  // `first_line` is the line number of the text's first line (a record inside a stream).
  explicit SourceText(std::string text, uint32_t first_line = 1);
  // Another text in place of this one, in the memory this one had: a worker reading record after
  // record of a stream allocates nothing for them.
  void Assign(std::string_view text, uint32_t first_line);
  // The line without its line ending (nor a byte order mark at the start of the text); empty
  // when out of range. Not safe to call on two threads at once (the first call indexes lines).
  std::string_view Line(uint32_t number) const;
  std::string_view Text() const { return text_; }
  uint32_t FirstLine() const { return first_line_; }

 private:
  std::string text_;
  uint32_t first_line_ = 1;
  // Where each line starts: found on the first call of Line(), since most texts are never quoted.
  mutable std::vector<size_t> starts_;
};

}  // namespace referee::reports
