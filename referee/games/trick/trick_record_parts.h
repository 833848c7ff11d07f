// What the trick games' record reader and writer (trick_record.cpp) share with their live lines
// (trick_live.cpp): a live deal is read and written as a record's deal is. Not part of the
// games' interface.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "referee/games/trick/trick_record.h"
#include "referee/record/fields.h"

namespace referee::games::trick {

// The members of a deal's map (a record's, or a live line's) that give its cards.
struct DealCardMembers {
  std::optional<record::Value> hands, deck, board;
};
// The cards of a deal: its hands, its pack order, its board of the record's seed, from its
// members. `event` may hold the last deal read: what this one leaves out is cleared.
Result<void> ReadDealCards(const record::Fields& deal, const DealCardMembers& members,
                           const record::Record& header, int number, DealEvent& event);

// Cards as a record writes them (canonical: "TS", "AH").
std::vector<std::string> CardWords(const std::vector<Card>& cards);
// A deal's dealer, board and cards, as a record's deal (or a live deal line) writes them.
void WriteDealHeader(const DealEvent& event, record::Node& deal);

}  // namespace referee::games::trick
