// What the trick games' bots share: the cards among the legal events, the event that plays one,
// who is winning a trick, and a seat's view of the table.
#pragma once

#include <optional>
#include <vector>

#include "referee/core/card.h"
#include "referee/core/match.h"
#include "referee/games/trick/trick_events.h"

namespace referee::games::trick {

// The table as `view` shows it (a trick game's view always carries one).
const TrickView& TableOf(const View& view);
// The cards of the plays among `legal`, in their order.
std::vector<Card> LegalCards(const std::vector<Event>& legal);
// The legal play of `card` (which must be among LegalCards(legal)).
Event PlayOf(const std::vector<Event>& legal, Card card);
// The position in `trick` (lead = 0) of the card winning it so far: the highest trump, or else
// the highest card of the suit led. Empty for an empty trick.
std::optional<size_t> WinningPosition(const std::vector<Card>& trick, std::optional<Suit> trump);
// Whether `card`, played now, would beat every card of `trick` so far.
bool WouldWin(const std::vector<Card>& trick, Card card, std::optional<Suit> trump);

}  // namespace referee::games::trick
