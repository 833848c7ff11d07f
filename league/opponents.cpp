#include "league/opponents.h"

#include <map>
#include <string>

namespace referee::league {
namespace {

struct Strength {
  int64_t sum = 0;           // Buchholz
  int64_t beaten_twice = 0;  // Sonneborn-Berger, doubled: 2 per opponent beaten, 1 per level
};

// A played match: each opponent's points, and how the entrant placed against it.
void AddMatch(const Meeting& meeting, const std::vector<Meeting::Opponent>& opponents,
              const std::map<std::string, int64_t>& points, Strength& strength) {
  for (const Meeting::Opponent& met : opponents) {
    auto found = points.find(met.entrant);
    if (found == points.end()) continue;  // not ranked in this table
    int64_t opponent = found->second;
    strength.sum += opponent;
    if (meeting.place < met.place) strength.beaten_twice += 2 * opponent;
    if (meeting.place == met.place) strength.beaten_twice += opponent;
  }
}

// An unplayed match: dummy opponents with the entrant's own points.
void AddUnplayed(const Meeting& meeting, int64_t own, int dummies, Strength& strength) {
  strength.sum += dummies * own;
  if (meeting.kind == Meeting::Kind::kForfeitWon) strength.beaten_twice += 2 * dummies * own;
}

}  // namespace

void AddOpponentStrength(
    std::vector<StandingRow>& rows, int opponents_per_match,
    const std::function<std::vector<Meeting::Opponent>(const Meeting&)>& match_opponents) {
  std::map<std::string, int64_t> points;
  for (const StandingRow& row : rows) points[row.entrant] = row.points;
  for (StandingRow& row : rows) {
    Strength strength;
    for (const Meeting& meeting : row.meetings) {
      switch (meeting.kind) {
        case Meeting::Kind::kMatch:
          AddMatch(meeting, match_opponents(meeting), points, strength);
          break;
        case Meeting::Kind::kForfeitWon:
        case Meeting::Kind::kForfeitLost:
        case Meeting::Kind::kBye:
          AddUnplayed(meeting, row.points, opponents_per_match, strength);
          break;
        case Meeting::Kind::kAdjustment:
        case Meeting::Kind::kWithdrawal:
          break;
      }
    }
    row.opponents_points = strength.sum;
    // Halves of points are whole units (kPointUnit is even), except after a rounded Neuberg
    // scaling at more than 12 tables: there the half unit is dropped.
    row.sonneborn_berger = strength.beaten_twice / 2;
  }
}

}  // namespace referee::league
