// The server's clock, behind an interface so tests can set the time (docs/serve.md, "Time").
// It stamps what the server times itself: the times a game keeps in its lines (a conference, a
// timed turn), in milliseconds since the table was created (the record's seconds with three
// decimals).
#pragma once

#include <cstdint>

namespace referee::server {

class Clock {
 public:
  virtual ~Clock() = default;
  // Milliseconds since the Unix epoch: a table's start survives a restart in its metadata.
  virtual int64_t NowMs() const = 0;
};

class SystemClock : public Clock {
 public:
  int64_t NowMs() const override;
};

}  // namespace referee::server
