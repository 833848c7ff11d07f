// The heuristic Cahoots player of `referee generate`: play the card that completes a visible goal,
// or else the one that brings most goals within one card of completion.
//
// Source: rules.md section 1 "Play": goals are judged on the four pile tops and completed as soon
// as the tops meet them, so the only lever a player has is which card goes on which pile. From the
// View only (own cards, the pile tops, the visible goals), each legal (card, pile) is scored on
// the tops it would leave:
//   100 x (visible goals met)  +  10 x (other visible goals one card away: met after some
//   single card on some single pile).
// The highest score wins; ties are broken by the generator, so play still varies.
#pragma once

#include <memory>

#include "referee/core/bot.h"
#include "referee/games/cahoots/cahoots_events.h"

namespace referee::games::cahoots {

std::unique_ptr<Bot> NewHeuristicBot();

// The score above for the tops after playing `card` on pile `pile` (1-4), for tests.
int PlayScore(const CahootsView& view, NumberCard card, int pile);

}  // namespace referee::games::cahoots
