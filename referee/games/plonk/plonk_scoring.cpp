#include "referee/games/plonk/plonk_scoring.h"

namespace referee::games::plonk {

int LiveValue(Card card) {
  // "numerals count face value, J-Q-K count 10 each, Ace counts 15" (seed 002).
  if (card.rank == Rank::kAce) return 15;
  if (card.rank >= Rank::kJack) return 10;
  return static_cast<int>(card.rank);
}

bool NobodyFollowed(std::span<const Card> trick) {
  // Ambiguity 4: "none of the three non-leaders played a card of the led suit".
  for (size_t i = 1; i < trick.size(); ++i) {
    if (trick[i].suit == trick.front().suit) return false;
  }
  return true;
}

std::array<PlonkPile, 2> PlonkPiles(std::span<const trick::CompletedTrick> tricks) {
  std::array<PlonkPile, 2> piles{};
  for (const trick::CompletedTrick& trick : tricks) {
    PlonkPile& pile = piles[static_cast<int>(PartnershipOf(trick.winner))];
    for (Card card : trick.cards) {
      // The suit led makes a card dead, the led card included.
      if (card.suit == trick.LedSuit()) {
        ++pile.dead_cards;
      } else {
        ++pile.live_cards;
        pile.live_points += LiveValue(card);
      }
    }
  }
  return piles;
}

PlonkEnd CheckPlonkEnd(const std::array<int, 2>& totals, int target) {
  int ns = totals[static_cast<int>(Partnership::kNorthSouth)];
  int ew = totals[static_cast<int>(Partnership::kEastWest)];
  if (ns < target && ew < target) return PlonkEnd::kPlayOn;
  // One side at or above the target, or both: the higher total wins; equal totals play on.
  if (ns == ew) return PlonkEnd::kPlayOn;
  return ns > ew ? PlonkEnd::kNorthSouthWins : PlonkEnd::kEastWestWins;
}

}  // namespace referee::games::plonk
