#include "referee/games/conspiracy/conspiracy_scoring.h"

namespace referee::games::conspiracy {

ConspiracyDealScore ScoreConspiracyDeal(Partnership calling, int call, int taken) {
  ConspiracyDealScore score;
  score.made = taken == call;
  if (score.made) {
    score.points[static_cast<int>(calling)] = 2 * call;  // "twice the amount ... as the call"
  } else {
    score.points[static_cast<int>(OtherPartnership(calling))] = 5;  // "AC get 5 points instead"
  }
  return score;
}

Partnership CallingSide(Seat dealer) { return PartnershipOf(LeftOf(dealer)); }

namespace {

// A stop is where the match may end: any even count, or the fixed count (and, when a tie plays
// two more deals, every second deal after it).
bool AtStop(int deals_played, int fixed_deals, bool tie_plays_two_more) {
  if (deals_played <= 0) return false;
  if (fixed_deals == 0) return deals_played % 2 == 0;
  if (deals_played == fixed_deals) return true;
  return tie_plays_two_more && deals_played > fixed_deals && (deals_played - fixed_deals) % 2 == 0;
}

}  // namespace

ConspiracyEnd CheckConspiracyEnd(const std::array<int, 2>& totals, int deals_played,
                                 int fixed_deals, bool tie_plays_two_more) {
  if (!AtStop(deals_played, fixed_deals, tie_plays_two_more)) return ConspiracyEnd::kPlayOn;
  int ns = totals[static_cast<int>(Partnership::kNorthSouth)];
  int ew = totals[static_cast<int>(Partnership::kEastWest)];
  if (ns == ew) return tie_plays_two_more ? ConspiracyEnd::kPlayOn : ConspiracyEnd::kDraw;
  return ns > ew ? ConspiracyEnd::kNorthSouthWins : ConspiracyEnd::kEastWestWins;
}

}  // namespace referee::games::conspiracy
