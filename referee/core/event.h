// Events: the entries of a record, and what the live referee receives one at a time.
//
// The core knows what every event has, whatever its game: its kind, the deal it belongs to, the
// seat or player it names, and its place in the record, so that a finding names its place both in
// the record and in game terms. What the event says is the game's own payload (a trick game's
// deal and play, a call, a turn), read back with As<T>(). Fields a record may leave implicit (who
// played a card: the rules say) are optional; where they are given they are checked.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "referee/core/payload.h"

namespace referee {

// The JSON pointer of an event. Most events of a record sit at a path of the shape
// "/KEY/A/KEY2/B/C" (a trick game's play: "/deals/D/tricks/T/P"), and every one is checked while
// almost none is ever reported: such a path is kept as its numbers and written out only when it
// is read (for a finding). Other paths are kept as text.
class EventPath {
 public:
  EventPath() = default;
  EventPath(std::string text) : text_(std::move(text)) {}  // NOLINT: a path given as text
  EventPath(const char* text) : text_(text) {}             // NOLINT: a path given as text
  // "/outer/a/inner/b/c" for indexes a, b, c counted from 0, as JSON pointers count; `outer` and
  // `inner` must outlive the path (string literals do).
  static EventPath Nested(const char* outer, int a, const char* inner, int b, int c);
  // "/outer/a", an item of a list, on the same terms.
  static EventPath Item(const char* outer, int a);
  // "/outer/a/key", a member of an item of a list, on the same terms.
  static EventPath Member(const char* outer, int a, const char* key);

  // The numbers of a nested path: a reader that reads over one event for the plays of many deals
  // gives each its place without a new path.
  void SetIndexes(int a, int b, int c) {
    a_ = a;
    b_ = b;
    c_ = c;
  }

  std::string str() const;
  operator std::string() const { return str(); }  // NOLINT: stands for the text it writes

 private:
  std::string text_;
  // Set: the path is /outer_/a_, then /inner_ when that is set, then /b_/c_ when b_ is not -1.
  const char* outer_ = nullptr;
  const char* inner_ = nullptr;
  int a_ = 0, b_ = -1, c_ = 0;
};

struct Event {
  // What the event is, as a live line names it ("deal", "play", "call", "turn"): the payload
  // type's kKind.
  std::string_view kind;
  int deal = 0;              // the 1-based deal it belongs to; 0 for events outside any deal
  std::optional<int> actor;  // the seat or player (by index) it names, where it names one
  EventPath path;            // empty for a live event that has none
  Payload payload;

  template <class T>
  const T* As() const {
    return payload.As<T>();
  }
  template <class T>
  T* As() {
    return payload.As<T>();
  }
};

// An event of payload type T (which names its kind as T::kKind).
template <class T>
Event MakeEvent(T payload, int deal = 0, std::optional<int> actor = std::nullopt,
                EventPath path = {}) {
  return Event{T::kKind, deal, actor, std::move(path), Payload(std::move(payload))};
}

}  // namespace referee
