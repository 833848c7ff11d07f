#include "cli/progress_line.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <ostream>

namespace referee::cli {
namespace {

constexpr size_t kBarWidth = 30;
constexpr std::chrono::milliseconds kRedraw{100};

// "0:07", "12:40", "1:02:03".
std::string Duration(double seconds) {
  long total = std::lround(std::max(0.0, seconds));
  long hours = total / 3600, minutes = total / 60 % 60, rest = total % 60;
  if (hours > 0) return fmt::format("{}:{:02}:{:02}", hours, minutes, rest);
  return fmt::format("{}:{:02}", minutes, rest);
}

std::string Rate(double per_second) {
  return per_second >= 10 ? fmt::format("{:.0f}/s", per_second)
                          : fmt::format("{:.1f}/s", per_second);
}

}  // namespace

ProgressLine::ProgressLine(std::ostream& err, std::string what, size_t total, bool shown,
                           Clock clock)
    : err_(err), what_(std::move(what)), total_(total), shown_(shown), clock_(std::move(clock)) {
  start_ = clock_();
  drawn_ = start_;
}

bool ProgressLine::StandardErrorIsTerminal() { return isatty(STDERR_FILENO) == 1; }

void ProgressLine::Advance(size_t count) {
  done_ += count;
  if (!shown_) return;
  bool last = done_ >= total_;
  if (!last && clock_() - drawn_ < kRedraw) return;
  Draw(last);
}

void ProgressLine::Draw(bool last) {
  drawn_ = clock_();
  // "\x1b[K" clears what a longer line drawn before left at the end.
  err_ << '\r' << Text(done_, total_, what_, drawn_ - start_) << "\x1b[K" << (last ? "\n" : "")
       << std::flush;
}

std::string ProgressLine::Text(size_t done, size_t total, const std::string& what,
                               std::chrono::duration<double> elapsed) {
  size_t filled = total == 0 ? kBarWidth : std::min(done, total) * kBarWidth / total;
  std::string line = fmt::format("[{}{}] {}/{} {}", std::string(filled, '#'),
                                 std::string(kBarWidth - filled, '.'), done, total, what);
  double seconds = elapsed.count();
  if (seconds <= 0 || done == 0) return line;
  double rate = static_cast<double>(done) / seconds;
  if (done >= total) return line + fmt::format("  {}  in {}", Rate(rate), Duration(seconds));
  double left = static_cast<double>(total - done) / rate;
  return line + fmt::format("  {}  {} left", Rate(rate), Duration(left));
}

}  // namespace referee::cli
