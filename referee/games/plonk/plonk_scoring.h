// Plonk scoring (David Parlett, parlettgames.uk/oricards/plonk.html, seed 002;
// docs/rules/plonk.md).
//
// "In each trick, any card of the suit led is a 'dead' card and scores against you, while any card
// of a different suit is a 'live' card and scores in your favour." The side that wins a trick
// keeps its dead and its live cards. "At end of play, each side scores the total face value of all
// its live cards (numerals count face value, J-Q-K count 10 each, Ace counts 15), minus 1 point
// for each of its dead cards." Only the cards in tricks a side won count for it (rules.md, Plonk
// ambiguity 7). Deal scores and totals may be negative.
//
// The game is played "up to any agreed target, such as 500 points". Project ruling (rules.md,
// Plonk ambiguity 5): the target is checked only at the end of a deal; one side at or above it
// wins; both at or above it: the higher total wins; equal totals: another deal is played.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "referee/core/card.h"
#include "referee/core/seat.h"
#include "referee/games/trick/trick_match.h"

namespace referee::games::plonk {

// The value of a live card: 2-10 their pips, J Q K 10, A 15. The 52-card pack totals 396.
int LiveValue(Card card);

// True when none of the three players after the leader played the suit led, i.e. the lead is the
// trick's only dead card. This is the condition of the lead exception as well.
bool NobodyFollowed(std::span<const Card> trick);

// What one side won in a deal.
struct PlonkPile {
  int live_cards = 0;
  int live_points = 0;  // face value of the live cards
  int dead_cards = 0;
  int Score() const { return live_points - dead_cards; }
};

// The piles of NS and EW (indexed by Partnership) after the tricks of one deal.
std::array<PlonkPile, 2> PlonkPiles(std::span<const trick::CompletedTrick> tricks);

enum class PlonkEnd { kPlayOn, kNorthSouthWins, kEastWestWins };

// The end test after a deal, from the totals after it (indexed by Partnership).
PlonkEnd CheckPlonkEnd(const std::array<int, 2>& totals, int target);

}  // namespace referee::games::plonk
