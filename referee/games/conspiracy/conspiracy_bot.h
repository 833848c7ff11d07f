// The heuristic Conspiracy player of `referee generate`: callers call the tricks their side can
// expect, and everyone plays plain trick-taking.
//
// Source: pagat.com "Basic Conspiracy" (seed 003): the calling partners "see each other's cards"
// in their conference, then the dealer's left-hand opponent names trumps and the exact number of
// tricks; exact calls score, so the caller should call what the side can expect. From the View
// only (own hand, and the partner's hand as dealt in View::known_hands):
// - The call: trumps are the side's longest suit (the higher suit on a tie: S, H, D, C); the
//   expected tricks are the side's aces, plus its kings in suits where it holds two or more
//   cards, plus one per trump beyond four; clamped to 0-8. Without the partner's hand, our own
//   hand stands for both halves of the side.
// - The play: partner winning the trick: our lowest legal card; otherwise the lowest legal card
//   that wins the trick so far (trumps count), or the lowest card when none does. Leading: the
//   highest card of our longest suit.
#pragma once

#include <memory>

#include "referee/core/bot.h"
#include "referee/core/card.h"

namespace referee::games::conspiracy {

std::unique_ptr<Bot> NewHeuristicBot();

// What the caller of the heuristic bot would call with this side's cards: trumps and tricks.
std::pair<Suit, int> ExpectedCall(CardSet side);

}  // namespace referee::games::conspiracy
