// Progress of a long run on standard error, redrawn in place on one line, only when standard error
// is a terminal (a log file or a pipe gets nothing):
//   [##########....................] 1200/3600 records  410/s  0:05 left
// The clock is passed in, so a test can drive it; a redraw happens at most every 100 ms and once
// at the end, which leaves the final count, the rate and the time taken on the line.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>

namespace referee::cli {

class ProgressLine {
 public:
  using Clock = std::function<std::chrono::steady_clock::time_point()>;

  // `what` names the things counted ("records", "files"); `shown` is false when standard error
  // is not a terminal, and then nothing is ever written.
  ProgressLine(std::ostream& err, std::string what, size_t total, bool shown,
               Clock clock = std::chrono::steady_clock::now);

  // True when standard error is a terminal: where progress is shown.
  static bool StandardErrorIsTerminal();

  // Counts `count` more done; the last one ends the line.
  void Advance(size_t count = 1);

  // The line as it is drawn after `done` of `total` in `elapsed` (no carriage return).
  static std::string Text(size_t done, size_t total, const std::string& what,
                          std::chrono::duration<double> elapsed);

 private:
  void Draw(bool last);

  std::ostream& err_;
  std::string what_;
  size_t total_;
  bool shown_;
  Clock clock_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point drawn_;
  size_t done_ = 0;
};

}  // namespace referee::cli
