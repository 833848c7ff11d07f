#include "reports/standings.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <map>
#include <set>

#include "referee/games/registry.h"
#include "reports/standings_checks.h"

namespace referee::reports {
namespace {

// Sorts round names: integers by value first, then other names alphabetically.
bool RoundBefore(const std::string& a, const std::string& b) {
  auto number = [](const std::string& s) -> std::optional<long long> {
    // Not ::isdigit: a round name may hold bytes above 127, which it must not be given.
    bool digits = std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (s.empty() || s.size() > 15 || !digits) return {};
    return std::stoll(s);
  };
  std::optional<long long> x = number(a), y = number(b);
  if (x && y) return *x != *y ? *x < *y : a < b;
  if (x || y) return x.has_value();
  return a < b;
}

}  // namespace

std::string FormatPoints(int64_t twelfths) {
  if (twelfths % kPointUnit == 0) return std::to_string(twelfths / kPointUnit);
  char text[32];
  std::snprintf(text, sizeof(text), "%.2f", static_cast<double>(twelfths) / kPointUnit);
  std::string result = text;
  while (result.back() == '0') result.pop_back();
  return result;
}

bool IsMeanTieBreak(const TieBreak& tie_break) {
  return tie_break.kind == TieBreak::Kind::kStatistic &&
         tie_break.measure == TieBreak::Measure::kMeanInWins;
}

std::string FormatTieBreakValue(const TieBreak& tie_break, int64_t value) {
  if (!IsMeanTieBreak(tie_break)) return std::to_string(value);
  if (value == std::numeric_limits<int64_t>::max() ||
      value == std::numeric_limits<int64_t>::min()) {
    return "none";
  }
  std::string text = std::to_string(value / 100);
  int64_t rest = value % 100;
  if (rest == 0) return text;
  text += "." + std::to_string(rest / 10);
  if (rest % 10 != 0) text += std::to_string(rest % 10);
  return text;
}

namespace {

// A game's statistic tie-break: its total, or its mean over the wins played in hundredths
// (rounded half up; no win ranks last, whichever way is better). A win by forfeit is not a match
// played: measuring it would rank a walkover above a real win.
int64_t StatisticValue(const TieBreak& tie_break, const StandingRow& row) {
  size_t statistic = static_cast<size_t>(tie_break.statistic);
  bool measured = tie_break.statistic >= 0 && statistic < row.statistic_totals.size();
  if (tie_break.measure == TieBreak::Measure::kTotal) {
    return measured ? row.statistic_totals[statistic] : 0;
  }
  if (row.won_played == 0) {
    return tie_break.fewer_is_better ? std::numeric_limits<int64_t>::max()
                                     : std::numeric_limits<int64_t>::min();
  }
  int64_t in_wins = measured ? row.statistic_in_wins[statistic] : 0;
  return (in_wins * 200 + row.won_played) / (2 * row.won_played);
}

}  // namespace

std::optional<int64_t> TieBreakValue(const TieBreak& tie_break, const StandingRow& row) {
  switch (tie_break.kind) {
    case TieBreak::Kind::kWins:
      return row.won;
    case TieBreak::Kind::kTotalScore:
      return row.score_for;
    case TieBreak::Kind::kPointDifference:
      return row.score_for - row.score_against;
    case TieBreak::Kind::kStatistic:
      return StatisticValue(tie_break, row);
    case TieBreak::Kind::kMatchesPlayed:
      return row.played;
    case TieBreak::Kind::kHeadToHead:
      return std::nullopt;
  }
  return std::nullopt;
}

namespace {

enum class TableKind { kPlayers, kPartnerships, kTeams };

const Entrant* FindIn(const std::vector<Entrant>& list, const std::string& id) {
  for (const Entrant& entrant : list) {
    if (entrant.id == id) return &entrant;
  }
  return nullptr;
}

// The group (partnership or team) whose players are exactly `players`, in any order.
const Entrant* GroupOf(const std::vector<Entrant>& groups, std::vector<std::string> players) {
  std::sort(players.begin(), players.end());
  for (const Entrant& group : groups) {
    std::vector<std::string> members = group.players;
    std::sort(members.begin(), members.end());
    if (members == players) return &group;
  }
  return nullptr;
}

// The entrants of a table that a side's result is credited to.
std::vector<std::string> UnitsOf(const League& league, TableKind kind,
                                 const std::vector<std::string>& players) {
  if (kind == TableKind::kPlayers) return players;
  const Entrant* group =
      GroupOf(kind == TableKind::kTeams ? league.teams : league.partnerships, players);
  if (group == nullptr) return {};
  return {group->id};
}

// The entrants of a table that a hand-made entry naming `id` applies to: a partnership's entry
// applies to its players in the players table too.
std::vector<std::string> ExpandEntry(const League& league, TableKind kind, const std::string& id) {
  if (kind == TableKind::kPartnerships) {
    return FindIn(league.partnerships, id) ? std::vector<std::string>{id}
                                           : std::vector<std::string>{};
  }
  if (kind == TableKind::kTeams) {
    return FindIn(league.teams, id) ? std::vector<std::string>{id} : std::vector<std::string>{};
  }
  if (FindIn(league.players, id)) return {id};
  if (const Entrant* group = FindIn(league.partnerships, id)) return group->players;
  return {};
}

bool RoundAfter(const std::string& round, const std::string& limit) {
  return RoundBefore(limit, round);
}

// Why a valid record cannot be counted in this league, or nullopt when it can.
std::optional<std::string> WhyNotCounted(const League& league, const PlayedRecord& played) {
  if (played.game != league.game) {
    return "a " + played.game + " record in a " + league.game + " league";
  }
  if (played.round.empty()) {
    return "no round: give the record `round:` or its league entry a round";
  }
  std::vector<std::string> players = played.Players();
  for (const std::string& player : players) {
    if (!FindIn(league.players, player)) return "player '" + player + "' is not an entrant";
  }
  if (league.descriptor->league.sides == games::SideKind::kTable &&
      !GroupOf(league.teams, players)) {
    return "its players are not a declared team";
  }
  if (!league.partnerships.empty() && players.size() == 4) {
    for (const auto& [a, b] : {std::pair<int, int>{0, 2}, {1, 3}}) {
      if (GroupOf(league.partnerships, {players[a], players[b]})) continue;
      return players[a] + " and " + players[b] + " are not a declared partnership";
    }
  }
  return std::nullopt;
}

// A record that names a withdrawn entrant in a later round is not counted.
std::optional<std::string> WhyWithdrawn(const League& league, const PlayedRecord& played) {
  for (const Withdrawal& withdrawal : league.withdrawals) {
    if (!RoundAfter(played.round, withdrawal.after_round)) continue;
    std::vector<std::string> players = PlayersOf(league, withdrawal.entrant);
    for (const std::string& player : played.Players()) {
      if (std::find(players.begin(), players.end(), player) != players.end()) {
        return withdrawal.entrant + " withdrew after round " + withdrawal.after_round;
      }
    }
  }
  return std::nullopt;
}

// Accumulates one table: rows per entrant and points per round.
class Tally {
 public:
  Tally(const League& league, TableKind kind, const std::vector<Entrant>& entrants)
      : league_(league), kind_(kind) {
    for (const Entrant& entrant : entrants) {
      StandingRow& row = rows_[entrant.id];
      row.entrant = entrant.id;
      row.name = entrant.name;
    }
  }

  void AddMatch(const PlayedRecord& match) {
    for (size_t i = 0; i < match.sides.size(); ++i) {
      const PlayedSide& side = match.sides[i];
      int64_t best_other = 0;
      bool has_other = false;
      for (size_t j = 0; j < match.sides.size(); ++j) {
        if (j == i) continue;
        best_other = has_other ? std::max(best_other, match.sides[j].score) : match.sides[j].score;
        has_other = true;
      }
      for (const std::string& unit : UnitsOf(league_, kind_, side.players)) {
        StandingRow& row = rows_[unit];
        ++row.played;
        row.won += side.won ? 1 : 0;
        row.won_played += side.won ? 1 : 0;
        row.drawn += side.drew ? 1 : 0;
        row.lost += side.won || side.drew ? 0 : 1;
        row.score_for += side.score;
        row.score_against += best_other;
        AddStatistics(side, row);
        AddPoints(unit, match.round, SchemePoints(match, side));
      }
    }
  }

  static void AddStatistics(const PlayedSide& side, StandingRow& row) {
    size_t count = side.statistics.size();
    if (row.statistic_totals.size() < count) {
      row.statistic_totals.resize(count, 0);
      row.statistic_in_wins.resize(count, 0);
    }
    for (size_t s = 0; s < count; ++s) {
      row.statistic_totals[s] += side.statistics[s];
      row.statistic_in_wins[s] += side.won ? side.statistics[s] : 0;
    }
  }

  void AddPoints(const std::string& unit, const std::string& round, int64_t twelfths) {
    rows_[unit].points += twelfths;
    round_points_[unit][round] += twelfths;
  }

  void CreditSide(const PlayedSide& side, const std::string& round, int64_t twelfths) {
    for (const std::string& unit : UnitsOf(league_, kind_, side.players)) {
      AddPoints(unit, round, twelfths);
    }
  }

  std::vector<std::string> Units(const std::string& id) const {
    return ExpandEntry(league_, kind_, id);
  }
  StandingRow& Row(const std::string& unit) { return rows_[unit]; }
  TableKind kind() const { return kind_; }

  // Rows with cumulative points by round, in entrant order (ranking reorders them).
  std::vector<StandingRow> Finish(const std::vector<std::string>& rounds) {
    std::vector<StandingRow> rows;
    for (auto& [unit, row] : rows_) {
      int64_t running = 0;
      for (const std::string& round : rounds) {
        running += round_points_[unit][round];
        row.by_round.push_back(running);
      }
      rows.push_back(row);
    }
    return rows;
  }

 private:
  int64_t SchemePoints(const PlayedRecord& match, const PlayedSide& side) const {
    const Scheme& scheme = league_.scheme;
    switch (scheme.kind) {
      case SchemeKind::kPlacement:
        return SharedPlacement(match, side);
      case SchemeKind::kMatchPoints:
        return kPointUnit * (side.won ? scheme.win : side.drew ? scheme.draw : scheme.loss);
      case SchemeKind::kLevelWins:
        for (const auto& [level, weight] : scheme.level_weights) {
          if (side.won && level == match.level) return kPointUnit * weight;
        }
        return 0;
      case SchemeKind::kDuplicate:
        return 0;  // matchpoints are added board by board (AddDuplicate)
    }
    return 0;
  }

  // Entrants that share a place share the points of the places they cover: two tied for second
  // of 3/2/1/0 get (2 + 1) / 2 each.
  int64_t SharedPlacement(const PlayedRecord& match, const PlayedSide& side) const {
    const std::vector<int>& table = league_.scheme.placement;
    int64_t sharing =
        std::count_if(match.sides.begin(), match.sides.end(),
                      [&](const PlayedSide& other) { return other.place == side.place; });
    int64_t sum = 0;
    for (int64_t place = side.place; place < side.place + sharing; ++place) {
      sum += place < static_cast<int64_t>(table.size()) ? table[place] : 0;
    }
    return sum * kPointUnit / sharing;
  }

  const League& league_;
  TableKind kind_;
  std::map<std::string, StandingRow> rows_;
  std::map<std::string, std::map<std::string, int64_t>> round_points_;
};

// Duplicate: every board (seed and board number) played at several tables is compared seat by
// seat: each table's result for a direction scores 2 per other table it beat and 1 per tie.
struct BoardResult {
  const PlayedRecord* match = nullptr;
  size_t side = 0;
  int64_t score = 0;
};
using BoardKey = std::tuple<std::string, int, size_t>;  // seed, board, side (direction)

std::map<BoardKey, std::vector<BoardResult>> BoardResults(
    const std::vector<const PlayedRecord*>& matches) {
  std::map<BoardKey, std::vector<BoardResult>> boards;
  for (const PlayedRecord* match : matches) {
    if (!match->seed) continue;
    for (const PlayedBoard& board : match->boards) {
      for (size_t side = 0; side < board.points.size() && side < match->sides.size(); ++side) {
        BoardKey key{*match->seed, board.board, side};
        boards[key].push_back({match, side, board.points[side]});
      }
    }
  }
  return boards;
}

// 2 for each other table beaten, 1 for each other table with the same score: counted from the
// sorted scores, so a board played at many tables costs n log n, not n squared.
int64_t Matchpoints(const std::vector<int64_t>& sorted, int64_t score) {
  auto [below, above] = std::equal_range(sorted.begin(), sorted.end(), score);
  return 2 * (below - sorted.begin()) + (above - below - 1);
}

void AddDuplicate(const std::vector<const PlayedRecord*>& matches, Tally& tally,
                  std::vector<std::string>* notes) {
  for (const auto& [key, results] : BoardResults(matches)) {
    if (results.size() < 2) {
      if (notes && std::get<2>(key) == 0) {
        notes->push_back("board " + std::to_string(std::get<1>(key)) + " of seed '" +
                         std::get<0>(key) + "' was played at one table only: no matchpoints");
      }
      continue;
    }
    std::vector<int64_t> sorted;
    for (const BoardResult& result : results) sorted.push_back(result.score);
    std::sort(sorted.begin(), sorted.end());
    for (const BoardResult& result : results) {
      const PlayedRecord& match = *result.match;
      tally.CreditSide(match.sides[result.side], match.round,
                       Matchpoints(sorted, result.score) * kPointUnit);
    }
  }
}

// Forfeits, byes and adjustments change points; withdrawals mark the row. A forfeit counts as a
// match played: lost by the side that forfeited, won by those it was forfeited to.
// A forfeit win or a bye under level-wins counts at the level a match has by default.
int64_t WinPoints(const League& league) {
  const Scheme& scheme = league.scheme;
  switch (scheme.kind) {
    case SchemeKind::kPlacement:
      return scheme.placement.empty() ? 0 : scheme.placement.front();
    case SchemeKind::kMatchPoints:
      return scheme.win;
    case SchemeKind::kLevelWins: {
      RuleOptions defaults(league.descriptor->options);
      std::string level = defaults.Choice(league.descriptor->league.level_option);
      for (const auto& [name, weight] : scheme.level_weights) {
        if (name == level) return weight;
      }
      return 0;
    }
    case SchemeKind::kDuplicate:
      return 0;
  }
  return 0;
}

void ApplyEntries(const League& league, const std::string& last_round, Tally& tally) {
  for (const Forfeit& forfeit : league.forfeits) {
    for (const std::string& unit : tally.Units(forfeit.by)) {
      ++tally.Row(unit).played;
      ++tally.Row(unit).lost;
    }
    for (const std::string& winner : forfeit.to) {
      for (const std::string& unit : tally.Units(winner)) {
        ++tally.Row(unit).played;
        ++tally.Row(unit).won;
        tally.AddPoints(unit, forfeit.round, WinPoints(league) * kPointUnit);
      }
    }
  }
  for (const Bye& bye : league.byes) {
    for (const std::string& unit : tally.Units(bye.entrant)) {
      tally.AddPoints(unit, bye.round, bye.points.value_or(WinPoints(league)) * kPointUnit);
    }
  }
  for (const Adjustment& adjustment : league.adjustments) {
    for (const std::string& unit : tally.Units(adjustment.entrant)) {
      tally.AddPoints(unit, adjustment.round.value_or(last_round), adjustment.points * kPointUnit);
    }
  }
  for (const Withdrawal& withdrawal : league.withdrawals) {
    for (const std::string& unit : tally.Units(withdrawal.entrant)) {
      tally.Row(unit).withdrawn_after = withdrawal.after_round;
    }
  }
}

std::vector<std::string> EntryTexts(const League& league) {
  std::vector<std::string> texts;
  for (const Forfeit& forfeit : league.forfeits) {
    std::string to;
    for (const std::string& name : forfeit.to) to += (to.empty() ? "" : ", ") + name;
    texts.push_back("forfeit, round " + forfeit.round + ": " + forfeit.by + " forfeited" +
                    (to.empty() ? "" : " to " + to) + " (" + forfeit.reason + ")");
  }
  for (const Bye& bye : league.byes) {
    std::string points = bye.points ? ", " + std::to_string(*bye.points) + " points" : "";
    texts.push_back("bye, round " + bye.round + ": " + bye.entrant + points + " (" + bye.reason +
                    ")");
  }
  for (const Withdrawal& withdrawal : league.withdrawals) {
    texts.push_back("withdrawal: " + withdrawal.entrant + " after round " + withdrawal.after_round +
                    " (" + withdrawal.reason + ")");
  }
  for (const Adjustment& adjustment : league.adjustments) {
    std::string sign = adjustment.points > 0 ? "+" : "";
    std::string round = adjustment.round ? ", round " + *adjustment.round : "";
    texts.push_back("adjustment" + round + ": " + adjustment.entrant + " " + sign +
                    std::to_string(adjustment.points) + " points (" + adjustment.reason + ")");
  }
  return texts;
}

// Orders one table: points first, then each tie-break in turn within the group still level.
class Ranker {
 public:
  Ranker(const League& league, TableKind kind, const std::vector<const PlayedRecord*>& matches,
         std::vector<StandingRow>& rows)
      : league_(league), rows_(rows) {
    const std::vector<TieBreak>& tie_breaks = league.tie_breaks;
    if (std::none_of(tie_breaks.begin(), tie_breaks.end(), [](const TieBreak& tie_break) {
          return tie_break.kind == TieBreak::Kind::kHeadToHead;
        })) {
      return;
    }
    // Which entrants of this table sat on each side of each match, for head-to-head.
    for (const PlayedRecord* match : matches) {
      std::vector<Seated> seated;
      for (size_t side = 0; side < match->sides.size(); ++side) {
        for (const std::string& unit : UnitsOf(league, kind, match->sides[side].players)) {
          seated.push_back({unit, side, match->sides[side].place});
        }
      }
      seated_.push_back(std::move(seated));
    }
  }

  std::vector<size_t> Order() {
    std::vector<size_t> all(rows_.size());
    for (size_t i = 0; i < all.size(); ++i) {
      all[i] = i;
      rows_[i].applied.assign(league_.tie_breaks.size(), std::nullopt);
    }
    std::stable_sort(all.begin(), all.end(),
                     [&](size_t a, size_t b) { return rows_[a].points > rows_[b].points; });
    std::vector<size_t> order;
    ForEachRun(
        all, [&](size_t i) { return rows_[i].points; },
        [&](std::vector<size_t> run) { RankGroup(std::move(run), 0, order); });
    return order;
  }

 private:
  template <class Key, class Visit>
  static void ForEachRun(const std::vector<size_t>& sorted, Key key, Visit visit) {
    for (size_t start = 0; start < sorted.size();) {
      size_t end = start + 1;
      while (end < sorted.size() && key(sorted[end]) == key(sorted[start])) ++end;
      visit(std::vector<size_t>(sorted.begin() + start, sorted.begin() + end));
      start = end;
    }
  }

  void RankGroup(std::vector<size_t> group, size_t step, std::vector<size_t>& order) {
    if (group.size() == 1 || step == league_.tie_breaks.size()) {
      // Nothing separates them: they share the place, listed by id for stable output.
      std::sort(group.begin(), group.end(),
                [&](size_t a, size_t b) { return rows_[a].entrant < rows_[b].entrant; });
      order.insert(order.end(), group.begin(), group.end());
      return;
    }
    const TieBreak& tie_break = league_.tie_breaks[step];
    std::map<size_t, int64_t> value;
    for (size_t i : group) {
      value[i] = tie_break.kind == TieBreak::Kind::kHeadToHead
                     ? HeadToHead(i, group)
                     : *TieBreakValue(tie_break, rows_[i]);
      rows_[i].applied[step] = value[i];
    }
    bool ascending = tie_break.fewer_is_better;
    std::stable_sort(group.begin(), group.end(), [&](size_t a, size_t b) {
      return ascending ? value[a] < value[b] : value[a] > value[b];
    });
    ForEachRun(
        group, [&](size_t i) { return value[i]; },
        [&](std::vector<size_t> run) { RankGroup(std::move(run), step + 1, order); });
  }

  // Within the group still level: 2 for each meeting placed above another member of the group, 1
  // for each meeting level with one.
  int64_t HeadToHead(size_t row, const std::vector<size_t>& group) const {
    int64_t score = 0;
    const std::string& me = rows_[row].entrant;
    for (const auto& seated : seated_) {
      for (const Seated& mine : seated) {
        if (mine.unit != me) continue;
        for (const Seated& other : seated) {
          // Partners sit on one side: they never meet.
          if (other.side == mine.side || !InGroup(other.unit, group)) continue;
          score += mine.place < other.place ? 2 : mine.place == other.place ? 1 : 0;
        }
      }
    }
    return score;
  }

  bool InGroup(const std::string& unit, const std::vector<size_t>& group) const {
    return std::any_of(group.begin(), group.end(),
                       [&](size_t i) { return rows_[i].entrant == unit; });
  }

  const League& league_;
  std::vector<StandingRow>& rows_;
  struct Seated {
    std::string unit;
    size_t side = 0;
    int place = 0;
  };
  std::vector<std::vector<Seated>> seated_;
};

bool FullyLevel(const StandingRow& a, const StandingRow& b) {
  return a.points == b.points && a.applied == b.applied;
}

std::string Ordinal(int n) {
  int tens = n % 100;
  const char* suffix = (tens >= 11 && tens <= 13) ? "th"
                       : n % 10 == 1              ? "st"
                       : n % 10 == 2              ? "nd"
                       : n % 10 == 3              ? "rd"
                                                  : "th";
  return std::to_string(n) + suffix;
}

std::string AppliedText(const TieBreak& tie_break, const std::optional<int64_t>& value) {
  return std::string(TieBreakName(tie_break)) + " " +
         (value ? FormatTieBreakValue(tie_break, *value) : "-");
}

// "bob above carol: level on 9 points, separated by wins (3 to 2)", or "carol and dave share
// 3rd place: level on 9 points and on every tie-break (wins 2, total-score 150)".
std::string Explain(const StandingRow& upper, const StandingRow& lower,
                    const std::vector<TieBreak>& tie_breaks) {
  std::string level = "level on " + FormatPoints(upper.points) + " points";
  for (size_t step = 0; step < tie_breaks.size(); ++step) {
    if (upper.applied[step] == lower.applied[step]) continue;
    const TieBreak& tie_break = tie_breaks[step];
    std::string why = tie_break.fewer_is_better ? ", fewer is better" : "";
    return upper.entrant + " above " + lower.entrant + ": " + level + ", separated by " +
           std::string(TieBreakName(tie_break)) + " (" +
           FormatTieBreakValue(tie_break, *upper.applied[step]) + " to " +
           FormatTieBreakValue(tie_break, *lower.applied[step]) + why + ")";
  }
  std::string values;
  for (size_t step = 0; step < tie_breaks.size(); ++step) {
    values += (values.empty() ? "" : ", ") + AppliedText(tie_breaks[step], upper.applied[step]);
  }
  return upper.entrant + " and " + lower.entrant + " share " + Ordinal(upper.rank) +
         " place: " + level +
         (tie_breaks.empty() ? ", and no tie-breaks are set"
                             : " and on every tie-break (" + values + ")");
}

StandingsTable RankTable(const League& league, TableKind kind,
                         const std::vector<const PlayedRecord*>& matches,
                         std::vector<StandingRow> rows) {
  static const char* kKindNames[] = {"players", "partnerships", "teams"};
  StandingsTable table;
  table.kind = kKindNames[static_cast<int>(kind)];
  for (size_t i : Ranker(league, kind, matches, rows).Order()) table.rows.push_back(rows[i]);
  for (size_t i = 0; i < table.rows.size(); ++i) {
    StandingRow& row = table.rows[i];
    bool with_previous = i > 0 && FullyLevel(table.rows[i - 1], row);
    bool with_next = i + 1 < table.rows.size() && FullyLevel(row, table.rows[i + 1]);
    row.rank = with_previous ? table.rows[i - 1].rank : static_cast<int>(i) + 1;
    row.shared = with_previous || with_next;
  }
  for (size_t i = 0; i + 1 < table.rows.size(); ++i) {
    if (table.rows[i].points != table.rows[i + 1].points) continue;
    table.explanations.push_back(Explain(table.rows[i], table.rows[i + 1], league.tie_breaks));
  }
  return table;
}

std::string SchemeText(const Scheme& scheme) {
  switch (scheme.kind) {
    case SchemeKind::kPlacement: {
      std::string points;
      for (int value : scheme.placement)
        points += (points.empty() ? "" : "/") + std::to_string(value);
      return "placement: " + points + " points per match for 1st, 2nd, ..., shared on ties";
    }
    case SchemeKind::kMatchPoints:
      return "match points: win " + std::to_string(scheme.win) + ", draw " +
             std::to_string(scheme.draw) + ", loss " + std::to_string(scheme.loss);
    case SchemeKind::kLevelWins: {
      std::string weights;
      for (const auto& [level, weight] : scheme.level_weights) {
        weights += (weights.empty() ? "" : ", ") + level + " " + std::to_string(weight);
      }
      return "level-wins: a win scores its level's weight (" + weights + ")";
    }
    case SchemeKind::kDuplicate:
      return "duplicate: matchpoints per board, seat by seat, 2 per table beaten and 1 per tie";
  }
  return "";
}

std::vector<TableKind> TableKinds(const League& league) {
  if (league.descriptor->league.sides == games::SideKind::kTable) return {TableKind::kTeams};
  if (!league.partnerships.empty()) return {TableKind::kPartnerships, TableKind::kPlayers};
  return {TableKind::kPlayers};
}

std::vector<std::string> SortedRounds(const League& league,
                                      const std::vector<const PlayedRecord*>& matches) {
  std::set<std::string> rounds;
  for (const PlayedRecord* match : matches) rounds.insert(match->round);
  for (const Forfeit& forfeit : league.forfeits) rounds.insert(forfeit.round);
  for (const Bye& bye : league.byes) rounds.insert(bye.round);
  for (const Adjustment& adjustment : league.adjustments) {
    if (adjustment.round) rounds.insert(*adjustment.round);
  }
  std::vector<std::string> sorted(rounds.begin(), rounds.end());
  std::sort(sorted.begin(), sorted.end(), RoundBefore);
  return sorted;
}

// For each record (sorted by name), the index of the first record holding the same match: itself
// unless it is a later copy. Sorting (digest, index) pairs costs 40 bytes a record, less than a
// map.
std::vector<size_t> FirstCopies(const std::vector<PlayedRecord>& records) {
  std::vector<std::pair<Sha256Digest, size_t>> digests;
  for (size_t i = 0; i < records.size(); ++i) {
    if (records[i].content) digests.emplace_back(*records[i].content, i);
  }
  std::sort(digests.begin(), digests.end());
  std::vector<size_t> first(records.size());
  for (size_t i = 0; i < first.size(); ++i) first[i] = i;
  for (size_t i = 1; i < digests.size(); ++i) {
    if (digests[i].first == digests[i - 1].first) {
      first[digests[i].second] = first[digests[i - 1].second];
    }
  }
  return first;
}

// Why a record is not counted, or nullopt when it is. A later copy of a match (another file
// holding the same match, see ContentDigest) is listed whatever its verdict: the first copy by
// name stands for both.
std::optional<NotCounted> WhySkipped(const League& league, const PlayedRecord& played,
                                     const PlayedRecord* first_copy, bool first_counted) {
  if (first_copy != nullptr) {
    return NotCounted{played.source, "duplicate",
                      "the same match as " + first_copy->source +
                          (first_counted ? ", counted once, as " + first_copy->source
                                         : ", which is not counted either")};
  }
  if (played.status != verifier::Status::kValid) {
    return NotCounted{played.source, std::string(StatusName(played.status)), played.reason};
  }
  if (std::optional<std::string> why = WhyNotCounted(league, played)) {
    return NotCounted{played.source, "not counted", *why};
  }
  if (std::optional<std::string> gone = WhyWithdrawn(league, played)) {
    return NotCounted{played.source, "not counted", *gone};
  }
  return std::nullopt;
}

std::vector<TieBreak> ShownTieBreaks(const League& league) {
  std::vector<TieBreak> shown;
  for (const TieBreak& tie_break : league.tie_breaks) {
    if (tie_break.kind != TieBreak::Kind::kHeadToHead) shown.push_back(tie_break);
  }
  for (const std::string& name : league.descriptor->league.always_shown) {
    TieBreak always = *TieBreakNamed(name, *league.descriptor);
    if (std::find(shown.begin(), shown.end(), always) == shown.end()) shown.push_back(always);
  }
  return shown;
}

void SortRecords(std::vector<PlayedRecord>& records) {
  std::sort(records.begin(), records.end(), [](const PlayedRecord& a, const PlayedRecord& b) {
    return std::tie(a.source, a.record_index, a.round) <
           std::tie(b.source, b.record_index, b.round);
  });
}

}  // namespace

Standings ComputeStandings(const League& league, std::vector<PlayedRecord> records) {
  SortRecords(records);
  Standings standings{league.name, league.game, SchemeText(league.scheme), league.tie_breaks};
  standings.shown_tie_breaks = ShownTieBreaks(league);
  standings.shows_draws = league.descriptor->league.sides == games::SideKind::kPartnership;
  std::vector<size_t> first_copies = FirstCopies(records);
  std::vector<bool> counted(records.size());
  std::vector<const PlayedRecord*> matches;
  for (size_t i = 0; i < records.size(); ++i) {
    size_t first = first_copies[i];
    const PlayedRecord* copy_of = first == i ? nullptr : &records[first];
    std::optional<NotCounted> skipped = WhySkipped(league, records[i], copy_of, counted[first]);
    if (skipped) standings.not_counted.push_back(std::move(*skipped));
    counted[i] = !skipped;
    if (!skipped) matches.push_back(&records[i]);
  }
  standings.records_counted = static_cast<int>(matches.size());
  standings.rounds = SortedRounds(league, matches);
  std::string last_round = standings.rounds.empty() ? "" : standings.rounds.back();
  for (TableKind kind : TableKinds(league)) {
    const std::vector<Entrant>& entrants = kind == TableKind::kTeams          ? league.teams
                                           : kind == TableKind::kPartnerships ? league.partnerships
                                                                              : league.players;
    Tally tally(league, kind, entrants);
    for (const PlayedRecord* match : matches) tally.AddMatch(*match);
    if (league.scheme.kind == SchemeKind::kDuplicate) {
      bool first = standings.tables.empty();
      AddDuplicate(matches, tally, first ? &standings.notes : nullptr);
    }
    ApplyEntries(league, last_round, tally);
    standings.tables.push_back(RankTable(league, kind, matches, tally.Finish(standings.rounds)));
  }
  standings.entries = EntryTexts(league);
  standings.warnings = CheckRounds(league, matches);
  return standings;
}

}  // namespace referee::reports
