#include "cli/progress.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ostream>

namespace referee::cli {
namespace {

// At most ten drawings a second: enough to look alive, few enough to cost nothing.
constexpr double kRedrawSeconds = 0.1;
// A rate over less than this is noise.
constexpr double kRateSeconds = 1.0;

// Back to the start of the line, and erase it: the line is drawn over itself.
constexpr const char* kEraseLine = "\r\x1b[K";

}  // namespace

std::string FormatCount(size_t count) {
  std::string digits = std::to_string(count);
  std::string text;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

std::string FormatDuration(double seconds) {
  long total = std::lround(std::max(0.0, seconds));
  long hours = total / 3600;
  long minutes = total / 60 % 60;
  long rest = total % 60;
  auto two = [](long value) { return (value < 10 ? "0" : "") + std::to_string(value); };
  if (hours > 0) return std::to_string(hours) + ":" + two(minutes) + ":" + two(rest);
  return std::to_string(minutes) + ":" + two(rest);
}

std::string FormatProgress(const ProgressFigures& figures) {
  std::string text =
      FormatCount(figures.done) + " " + figures.unit + (figures.done == 1 ? "" : "s");
  if (figures.seconds < kRateSeconds) {
    if (figures.fraction) text += ", " + std::to_string(std::lround(*figures.fraction * 100)) + "%";
    return text;
  }
  double rate = static_cast<double>(figures.done) / figures.seconds;
  text += ", " + FormatCount(static_cast<size_t>(std::llround(rate))) + "/s";
  if (!figures.fraction) return text;
  double fraction = std::clamp(*figures.fraction, 0.0, 1.0);
  text += ", " + std::to_string(std::lround(fraction * 100)) + "%";
  if (fraction > 0) {
    text += ", " + FormatDuration(figures.seconds * (1 - fraction) / fraction) + " left";
  }
  return text;
}

ProgressLine::ProgressLine(std::ostream& err, bool shown, std::string unit, ProgressTotal total,
                           std::ostream* shares_terminal, Clock clock)
    : err_(err),
      shown_(shown),
      unit_(std::move(unit)),
      total_(total),
      shares_terminal_(shares_terminal),
      clock_(std::move(clock)),
      start_(shown ? clock_() : 0),
      drawn_at_(start_) {}

ProgressLine::~ProgressLine() { Finish(); }

void ProgressLine::Advance(size_t items, size_t bytes) {
  done_ += items;
  bytes_ += bytes;
  if (!shown_ || finished_) return;
  double now = clock_();
  if (now - drawn_at_ >= kRedrawSeconds) Draw(now);
}

void ProgressLine::Draw(double now) {
  if (shares_terminal_ != nullptr) shares_terminal_->flush();
  ProgressFigures figures{done_, unit_, now - start_, std::nullopt};
  if (total_.items && *total_.items > 0) {
    figures.fraction = static_cast<double>(done_) / static_cast<double>(*total_.items);
  } else if (total_.bytes && *total_.bytes > 0) {
    figures.fraction = static_cast<double>(bytes_) / static_cast<double>(*total_.bytes);
  }
  err_ << kEraseLine << FormatProgress(figures) << std::flush;
  on_screen_ = true;
  drawn_at_ = now;
}

void ProgressLine::Clear() {
  if (!on_screen_) return;
  err_ << kEraseLine << std::flush;
  on_screen_ = false;
}

void ProgressLine::Finish() {
  Clear();
  finished_ = true;
}

bool ProgressLine::ShowOnStandardError() {
  const char* term = std::getenv("TERM");
  return isatty(STDERR_FILENO) == 1 && term != nullptr && *term != '\0' &&
         std::strcmp(term, "dumb") != 0;
}

double ProgressLine::SteadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace referee::cli
