// The progress line of a long run, on standard error: "12,345 records, 4,100/s, 35%, 0:20 left",
// redrawn in place at most ten times a second, and only where a person watches (a terminal that
// understands "erase the line"). A run of a tenth of a second never draws it. A script reading
// standard error sees nothing of it.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>

namespace referee::cli {

// What the line says at one moment.
struct ProgressFigures {
  size_t done = 0;                 // items done
  std::string unit = "record";     // what an item is: "record", "file" (an s is added)
  double seconds = 0;              // since the start
  std::optional<double> fraction;  // of the whole run, where its size is known
};

// "12,345 records, 4,100/s, 35%, 0:20 left". The rate needs a second of history and the time
// left a known fraction as well; what is not known yet is left out.
std::string FormatProgress(const ProgressFigures& figures);

// "0:07", "3:05", "1:02:03": minutes and seconds, hours when there are any.
std::string FormatDuration(double seconds);

// "1,234,567"
std::string FormatCount(size_t count);

// What the whole run amounts to, where it is known: the fraction done is counted in items when
// their number is known (records to generate, files of a league), else in bytes of input.
struct ProgressTotal {
  std::optional<size_t> items;
  std::optional<size_t> bytes;
};

class ProgressLine {
 public:
  using Clock = std::function<double()>;  // seconds on a clock that only goes forward

  // Draws on `err` only when `shown` (see ShowOnStandardError). `unit` as in ProgressFigures.
  // `total`: what the whole run amounts to, for the fraction and the time left. `shares_terminal`:
  // a stream whose output lands on the same terminal (standard output), flushed before each redraw
  // so that what it printed comes first.
  ProgressLine(std::ostream& err, bool shown, std::string unit, ProgressTotal total = {},
               std::ostream* shares_terminal = nullptr, Clock clock = SteadySeconds);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // `items` more done, `bytes` more of the input read; redraws when the last drawing is old.
  void Advance(size_t items, size_t bytes = 0);
  // Erases the line, so that other output can take its place; it comes back at the next redraw.
  void Clear();
  // Erases the line for good.
  void Finish();

  // Whether standard error is a terminal that can redraw a line (TERM set, and not dumb).
  static bool ShowOnStandardError();
  static double SteadySeconds();

 private:
  void Draw(double now);

  std::ostream& err_;
  bool shown_;
  std::string unit_;
  ProgressTotal total_;
  std::ostream* shares_terminal_;
  Clock clock_;
  double start_;
  double drawn_at_;
  bool on_screen_ = false;
  bool finished_ = false;
  size_t done_ = 0;
  size_t bytes_ = 0;
};

}  // namespace referee::cli
