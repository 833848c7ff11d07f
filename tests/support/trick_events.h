// Trick-game events and views for tests: a deal or a play built with its place, the seat the
// match awaits, and a seat's table.
#pragma once

#include <optional>
#include <string>

#include "referee/core/match.h"
#include "referee/core/seat.h"
#include "referee/games/trick/trick_events.h"

namespace referee::test_support {

inline Event Dealing(int deal, games::trick::DealEvent payload, std::string path = "") {
  return MakeEvent(std::move(payload), deal, std::nullopt, std::move(path));
}

inline games::trick::DealEvent& DealOf(Event& event) {
  return *event.As<games::trick::DealEvent>();
}

// A card played: with its trick and position as a record gives them, or (trick 0) as a live
// client sends it.
inline Event Playing(int deal, Card card, int trick = 0, int position = -1, std::string path = "",
                     std::optional<Seat> seat = std::nullopt) {
  std::optional<int> actor;
  if (seat) actor = SeatIndex(*seat);
  return MakeEvent(games::trick::PlayEvent{.card = card, .trick = trick, .position = position},
                   deal, actor, std::move(path));
}

inline const games::trick::PlayEvent& PlayOf(const Event& event) {
  return *event.As<games::trick::PlayEvent>();
}

// The seat the match awaits (to play, call or deal), if any.
inline std::optional<Seat> NextSeat(const Match& match) {
  std::optional<int> actor = match.Next().actor;
  if (!actor) return std::nullopt;
  return SeatAt(*actor);
}

inline const games::trick::TrickView& TableOf(const View& view) {
  return *view.game.As<games::trick::TrickView>();
}

}  // namespace referee::test_support
