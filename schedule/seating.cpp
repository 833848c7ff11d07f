#include "schedule/seating.h"

#include <algorithm>

namespace referee::schedule {

namespace {

std::pair<std::string, std::string> PairOf(const std::string& a, const std::string& b) {
  return a < b ? std::make_pair(a, b) : std::make_pair(b, a);
}

// A depth-first search over entrant indices: the first entrant not yet seated opens a table, which
// is filled with later entrants in order. A matrix of who may sit with whom makes each step cheap.
class Search {
 public:
  Search(const std::vector<std::string>& order, int size, const Meetings& met, int limit)
      : n_(static_cast<int>(order.size())), size_(size), fits_(n_ * n_), seated_(n_) {
    for (int a = 0; a < n_; ++a) {
      for (int b = 0; b < n_; ++b) {
        fits_[a * n_ + b] = a != b && MetCount(met, order[a], order[b]) <= limit;
      }
    }
  }

  std::optional<std::vector<std::vector<int>>> Run() {
    if (size_ <= 0 || n_ % size_ != 0) return std::nullopt;
    if (!Solve()) return std::nullopt;
    return tables_;
  }

 private:
  bool Fits(int a, int b) const { return fits_[a * n_ + b]; }

  // Whether every entrant still standing has enough others it may sit with to fill a table: a
  // search that cannot finish is cut before it tries every way.
  bool Feasible() const {
    for (int a = 0; a < n_; ++a) {
      if (seated_[a]) continue;
      int mates = 0;
      for (int b = 0; b < n_ && mates < size_ - 1; ++b) {
        if (!seated_[b] && Fits(a, b)) ++mates;
      }
      if (mates < size_ - 1) return false;
    }
    return true;
  }

  bool Solve() {
    int first = 0;
    while (first < n_ && seated_[first]) ++first;
    if (first == n_) return true;
    if (!Feasible()) return false;
    seated_[first] = true;
    std::vector<int> table = {first};
    if (Extend(table, first + 1)) return true;
    seated_[first] = false;
    return false;
  }

  bool Extend(std::vector<int>& table, int from) {
    if (--steps_ < 0) return false;
    if (static_cast<int>(table.size()) == size_) {
      tables_.push_back(table);
      if (Solve()) return true;
      tables_.pop_back();
      return false;
    }
    for (int b = from; b < n_ && steps_ >= 0; ++b) {
      if (seated_[b] ||
          !std::all_of(table.begin(), table.end(), [&](int a) { return Fits(a, b); })) {
        continue;
      }
      seated_[b] = true;
      table.push_back(b);
      if (Extend(table, b + 1)) return true;
      table.pop_back();
      seated_[b] = false;
    }
    return false;
  }

  int n_;
  int size_;
  std::vector<bool> fits_;
  std::vector<bool> seated_;
  std::vector<std::vector<int>> tables_;
  int64_t steps_ = kSearchSteps;
};

}  // namespace

int MetCount(const Meetings& meetings, const std::string& a, const std::string& b) {
  auto found = meetings.find(PairOf(a, b));
  return found == meetings.end() ? 0 : found->second;
}

void CountMeetings(const Round& round, Meetings* meetings) {
  for (const Table& table : round.tables) {
    for (size_t i = 0; i < table.seats.size(); ++i) {
      for (size_t j = i + 1; j < table.seats.size(); ++j) {
        ++(*meetings)[PairOf(table.seats[i], table.seats[j])];
      }
    }
  }
}

int MostMetAtATable(const Table& table, const Meetings& before) {
  int most = 0;
  for (size_t i = 0; i < table.seats.size(); ++i) {
    for (size_t j = i + 1; j < table.seats.size(); ++j) {
      most = std::max(most, MetCount(before, table.seats[i], table.seats[j]));
    }
  }
  return most;
}

std::optional<Arrangement> Arrange(const std::vector<std::string>& order, int size,
                                   const Meetings& met, int limit) {
  std::optional<std::vector<std::vector<int>>> found = Search(order, size, met, limit).Run();
  if (!found) return std::nullopt;
  Arrangement tables;
  for (const std::vector<int>& table : *found) {
    std::vector<std::string>& seats = tables.emplace_back();
    for (int index : table) seats.push_back(order[index]);
  }
  return tables;
}

std::pair<int, Arrangement> LeastLimit(std::vector<std::string> entrants, int size,
                                       const Meetings& met) {
  std::sort(entrants.begin(), entrants.end());
  int most = 0;
  for (const auto& [pair, count] : met) most = std::max(most, count);
  for (int limit = 0;; ++limit) {
    // At the most any pair met, every entrant fits with every other: the first try succeeds.
    if (std::optional<Arrangement> found = Arrange(entrants, size, met, limit)) {
      return {limit, std::move(*found)};
    }
    if (limit > most) return {limit, {}};  // only when the count is not a multiple of `size`
  }
}

}  // namespace referee::schedule
