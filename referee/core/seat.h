// Seats of the four-player games, clockwise N E S W, and the two partnerships NS and EW.
// "To the left" is clockwise: the player on your left plays after you.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "referee/core/result.h"

namespace referee {

enum class Seat : uint8_t { kNorth = 0, kEast = 1, kSouth = 2, kWest = 3 };
inline constexpr std::array<Seat, 4> kAllSeats = {Seat::kNorth, Seat::kEast, Seat::kSouth,
                                                  Seat::kWest};

enum class Partnership : uint8_t { kNorthSouth = 0, kEastWest = 1 };
inline constexpr std::array<Partnership, 2> kAllPartnerships = {Partnership::kNorthSouth,
                                                                Partnership::kEastWest};

constexpr int SeatIndex(Seat seat) { return static_cast<int>(seat); }
// The seat `index` places clockwise from North, for any index: index mod 4 is its two low bits in
// two's complement, -1 included (West), and a mask costs less than a division on every card.
constexpr Seat SeatAt(int index) { return static_cast<Seat>(index & 3); }
constexpr Seat LeftOf(Seat seat) { return SeatAt(SeatIndex(seat) + 1); }
constexpr Seat RightOf(Seat seat) { return SeatAt(SeatIndex(seat) + 3); }
constexpr Seat PartnerOf(Seat seat) { return SeatAt(SeatIndex(seat) + 2); }
constexpr Partnership PartnershipOf(Seat seat) {
  return SeatIndex(seat) % 2 == 0 ? Partnership::kNorthSouth : Partnership::kEastWest;
}
constexpr Partnership OtherPartnership(Partnership side) {
  return side == Partnership::kNorthSouth ? Partnership::kEastWest : Partnership::kNorthSouth;
}

inline constexpr std::string_view kSeatLetters = "NESW";  // by SeatIndex

constexpr char SeatLetter(Seat seat) { return kSeatLetters[static_cast<size_t>(SeatIndex(seat))]; }
std::string SeatName(Seat seat);                // "N"
std::string PartnershipName(Partnership side);  // "NS"
// The seat a letter names ("N", "E", "S", "W"), or none. Inline: a record names a seat for every
// hand and dealer it holds.
constexpr std::optional<Seat> SeatFromText(std::string_view text) {
  if (text.size() != 1) return std::nullopt;
  for (int seat = 0; seat < 4; ++seat) {
    if (kSeatLetters[static_cast<size_t>(seat)] == text[0]) return SeatAt(seat);
  }
  return std::nullopt;
}
// The same, with the finding that says what a seat is (placed at `path`) for any other text.
Result<Seat> ParseSeat(std::string_view text, const std::string& path);
Result<Partnership> ParsePartnership(std::string_view text, const std::string& path);

}  // namespace referee
