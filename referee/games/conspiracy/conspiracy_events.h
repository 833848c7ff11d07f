// Conspiracy's own events and what its view adds: the calling side's conference and the call,
// beside the trick games' deal and play (games/trick/trick_events.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "referee/core/card.h"
#include "referee/core/seat.h"

namespace referee::games::conspiracy {

// The call: trumps (or no trump, under a rule option: trump absent, no_trump true) and the exact
// number of tricks. The calling seat is the event's actor (`by` in a record, `seat` live).
struct CallEvent {
  static constexpr std::string_view kKind = "call";
  std::optional<Suit> trump;
  bool no_trump = false;
  int64_t tricks = 0;  // the reader keeps any integer; the engine rules on the range
};

// The calling side's conference, in milliseconds from any fixed origin.
struct ConferenceEvent {
  static constexpr std::string_view kKind = "conference";
  int64_t start_ms = 0;
  int64_t end_ms = 0;
};

// The call once made, as every seat's view shows it (TrickView::extension).
struct MadeCall {
  Seat by = Seat::kNorth;
  CallEvent call;
};

}  // namespace referee::games::conspiracy
