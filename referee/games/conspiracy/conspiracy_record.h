// What Conspiracy adds to the trick games' record body and live lines (games/trick/
// trick_record.h): a deal's `conference: {start, end}` (seconds) and `call: {by, trump,
// tricks}`, live as `{"event": "conference", ...}` and `{"event": "call", "seat", ...}`, and the
// call in every seat's view.
#pragma once

#include "referee/games/trick/trick_record.h"

namespace referee::games::conspiracy {

trick::TrickBodySpec BodySpec();

// A seat's conference line as the server keeps it (GameDescriptor::live.stamp_line): from the
// call phase's start to now, by the server's clock; refused outside the calling side's call.
Result<record::Node> StampLine(record::Node line, std::string_view kind, int actor,
                               const ToAct& next, int64_t phase_started_ms, int64_t now_ms);

// Seconds as written in records: "55", "55.5", "0.125".
std::string SecondsText(int64_t millis);

}  // namespace referee::games::conspiracy
