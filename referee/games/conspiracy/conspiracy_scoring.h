// Conspiracy scoring (Vinay Kolhatkar, pagat.com/invented/conspiracy.html, seed 003;
// docs/rules/conspiracy.md).
//
// "If BD make exactly as many tricks as the call, they score twice the amount of points as the
// call and the team AC make 0 for that round. If they make less or more tricks, the team AC get 5
// points instead whilst BD make 0." So the calling side scores 0 or an even number up to 16, the
// dealing side 0 or 5, never both. A call of 0 made scores 0 for both (rules.md, Conspiracy
// ambiguity 1: it counts as made).
//
// The match may stop "at the end of any even number of games"; "the team with the higher number of
// points is the winner". Project rulings (rules.md, ambiguities 4 and 5): an odd number of deals
// is an unfinished match; equal totals are a draw, or (rule option) two more deals are played.
#pragma once

#include <array>

#include "referee/core/seat.h"

namespace referee::games::conspiracy {

inline constexpr int kMaxCall = 8;  // "B can call any number from 0 to 8"

struct ConspiracyDealScore {
  bool made = false;
  std::array<int, 2> points{};  // indexed by Partnership
};

// The score of one deal: `calling` called `call` tricks and took `taken` of the 8.
ConspiracyDealScore ScoreConspiracyDeal(Partnership calling, int call, int taken);

// The calling side of a deal: the dealer's left-hand opponent's partnership.
Partnership CallingSide(Seat dealer);

enum class ConspiracyEnd { kPlayOn, kNorthSouthWins, kEastWestWins, kDraw };

// Whether the match ends with `deals_played` deals behind it (void deals included).
//   fixed_deals: 0 = stop at any even number of deals; n > 0 = stop after exactly n deals.
//   tie_plays_two_more: equal totals at a stop are not an end; the match goes on two more deals.
ConspiracyEnd CheckConspiracyEnd(const std::array<int, 2>& totals, int deals_played,
                                 int fixed_deals, bool tie_plays_two_more);

}  // namespace referee::games::conspiracy
