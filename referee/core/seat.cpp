#include "referee/core/seat.h"

#include "referee/core/printable.h"

namespace referee {

std::string SeatName(Seat seat) { return std::string(1, SeatLetter(seat)); }

std::string PartnershipName(Partnership side) {
  return side == Partnership::kNorthSouth ? "NS" : "EW";
}

Result<Seat> ParseSeat(std::string_view text, const std::string& path) {
  if (std::optional<Seat> seat = SeatFromText(text)) return *seat;
  return Fail(Malformed("bad-seat", path, "expected a seat N, E, S or W, found " + Quoted(text)));
}

Result<Partnership> ParsePartnership(std::string_view text, const std::string& path) {
  for (Partnership side : kAllPartnerships) {
    if (text == PartnershipName(side)) return side;
  }
  return Fail(
      Malformed("bad-partnership", path, "expected a partnership NS or EW, found " + Quoted(text)));
}

}  // namespace referee
