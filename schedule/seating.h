// Seating entrants at tables so that those who met least meet: the search shared by individual
// and Swiss rounds and by the checker (docs/schedule.md, "Meetings"). Internal to schedule/.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "schedule/schedule.h"

namespace referee::schedule {

// How often each pair of entrants sat at one table, the pair's ids in order.
using Meetings = std::map<std::pair<std::string, std::string>, int>;
int MetCount(const Meetings& meetings, const std::string& a, const std::string& b);
void CountMeetings(const Round& round, Meetings* meetings);
// The most often any two entrants of one table had met before the round.
int MostMetAtATable(const Table& table, const Meetings& before);

using Arrangement = std::vector<std::vector<std::string>>;

// The steps a search may take before it gives up on a limit: enough for 60 entrants at tables of
// two or four over many rounds, and the same for the generator and the checker, so that both find
// the same least limit.
inline constexpr int64_t kSearchSteps = 200000;

// Tables of `size` from `order` (a multiple of `size` entrants), filled in that order, such that
// no two at a table met more than `limit` times before. None when the search finds no such
// arrangement within kSearchSteps.
std::optional<Arrangement> Arrange(const std::vector<std::string>& order, int size,
                                   const Meetings& met, int limit);

// The least limit the search meets for these entrants in their canonical order (sorted by id),
// and the arrangement it found: what a round of them can achieve, as the checker judges it.
std::pair<int, Arrangement> LeastLimit(std::vector<std::string> entrants, int size,
                                       const Meetings& met);

}  // namespace referee::schedule
