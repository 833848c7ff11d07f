#include "reports/source_text.h"

namespace referee::reports {

SourceText::SourceText(std::string text, uint32_t first_line)
    : text_(std::move(text)), first_line_(first_line) {}

void SourceText::Assign(std::string_view text, uint32_t first_line) {
  text_.assign(text);
  first_line_ = first_line;
  starts_.clear();
}

std::string_view SourceText::Line(uint32_t number) const {
  if (starts_.empty()) {
    starts_.push_back(0);
    for (size_t i = 0; i < text_.size(); ++i) {
      if (text_[i] == '\n') starts_.push_back(i + 1);
    }
  }
  if (number < first_line_ || number - first_line_ >= starts_.size()) return {};
  size_t start = starts_[number - first_line_];
  size_t end = text_.find('\n', start);
  std::string_view line(text_.data() + start,
                        (end == std::string::npos ? text_.size() : end) - start);
  if (line.ends_with('\r')) line.remove_suffix(1);
  // Columns do not count a byte order mark at the start of the text (formats/text_checks.h).
  if (start == 0 && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
  return line;
}

}  // namespace referee::reports
