// Ranking one table: points (or a duplicate event's percentage) first, then each tie-break in turn
// within the group still level, then, where the league declares it, a drawing of lots; and the
// reason for every pair of neighbours level on points.
#include <algorithm>
#include <bit>
#include <map>

#include "league/lots.h"
#include "league/standings_internal.h"

namespace referee::league::internal {
namespace {

// -1 when `a` ranks above `b` on the first measure, 1 below, 0 level. Under duplicate ranked by
// percentage the measure is points / tops, compared exactly; an entrant without a board ranks
// after those with one.
int ComparePrimary(const StandingRow& a, const StandingRow& b, bool by_percentage) {
  if (!by_percentage) return a.points > b.points ? -1 : a.points < b.points ? 1 : 0;
  if ((a.tops > 0) != (b.tops > 0)) return a.tops > 0 ? -1 : 1;
  if (a.tops == 0) return 0;
  __int128 left = static_cast<__int128>(a.points) * b.tops;
  __int128 right = static_cast<__int128>(b.points) * a.tops;
  return left > right ? -1 : left < right ? 1 : 0;
}

std::string PercentText(const StandingRow& row) {
  std::optional<int64_t> hundredths = PercentageHundredths(row);
  return hundredths ? FormatHundredths(*hundredths) + "%" : "no board";
}

std::string LevelText(const StandingRow& row, bool by_percentage) {
  return "level on " + (by_percentage ? PercentText(row) : FormatPoints(row.points) + " points");
}

class Ranker {
 public:
  Ranker(const League& league, TableKind kind, const std::vector<const PlayedRecord*>& matches,
         std::vector<StandingRow>& rows)
      : league_(league),
        rows_(rows),
        by_percentage_(league.scheme.rank_by_percentage),
        // Lots rank the league's entrants, not the players of its partnerships: partners who
        // always play together cannot be told apart, and no title is drawn between them.
        lots_(&EntrantsOf(league, kind) == &RankedEntrants(league) ? league.lots : std::nullopt) {
    const std::vector<TieBreak>& tie_breaks = league.tie_breaks;
    if (std::none_of(tie_breaks.begin(), tie_breaks.end(), [](const TieBreak& tie_break) {
          return tie_break.kind == TieBreak::Kind::kHeadToHead;
        })) {
      return;
    }
    // Which entrants of this table sat on each side of each match, for head-to-head: as row
    // numbers, in one list for every match (a list and a name per seat took 230 bytes a record of
    // four players, and this is built while the tables are ranked, once the peak of the standings).
    // Room reserved at once, for every player of every match (a table of partnerships seats
    // fewer): a list grown by doubling held up to twice its size at the peak.
    std::map<std::string, uint32_t> row_of;
    for (size_t i = 0; i < rows_.size(); ++i) row_of[rows_[i].entrant] = static_cast<uint32_t>(i);
    size_t players = 0;
    for (const PlayedRecord* match : matches) {
      for (const PlayedSide& side : match->sides) players += std::popcount(side.seats);
    }
    seated_.reserve(players);
    match_starts_.reserve(matches.size() + 1);
    for (const PlayedRecord* match : matches) {
      match_starts_.push_back(static_cast<uint32_t>(seated_.size()));
      for (size_t side = 0; side < match->sides.size(); ++side) {
        for (const std::string& unit : UnitsOf(league, kind, match->SidePlayers(side))) {
          auto row = row_of.find(unit);
          if (row == row_of.end()) continue;  // not ranked in this table
          seated_.push_back({row->second, static_cast<uint16_t>(side),
                             static_cast<uint16_t>(match->sides[side].place)});
        }
      }
    }
    match_starts_.push_back(static_cast<uint32_t>(seated_.size()));
    seated_.shrink_to_fit();
  }

  std::vector<size_t> Order() {
    std::vector<size_t> all(rows_.size());
    for (size_t i = 0; i < all.size(); ++i) {
      all[i] = i;
      rows_[i].applied.assign(league_.tie_breaks.size(), std::nullopt);
      rows_[i].lot.reset();
    }
    std::stable_sort(all.begin(), all.end(), [&](size_t a, size_t b) {
      return ComparePrimary(rows_[a], rows_[b], by_percentage_) < 0;
    });
    std::vector<size_t> order;
    ForEachRun(
        all,
        [&](size_t a, size_t b) { return ComparePrimary(rows_[a], rows_[b], by_percentage_) == 0; },
        [&](std::vector<size_t> run) { RankGroup(std::move(run), 0, order); });
    return order;
  }

 private:
  template <class Same, class Visit>
  static void ForEachRun(const std::vector<size_t>& sorted, Same same, Visit visit) {
    for (size_t start = 0; start < sorted.size();) {
      size_t end = start + 1;
      while (end < sorted.size() && same(sorted[start], sorted[end])) ++end;
      visit(std::vector<size_t>(sorted.begin() + start, sorted.begin() + end));
      start = end;
    }
  }

  void RankGroup(std::vector<size_t> group, size_t step, std::vector<size_t>& order) {
    if (group.size() == 1 || step == league_.tie_breaks.size()) {
      DrawOrShare(std::move(group), order);
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
        group, [&](size_t a, size_t b) { return value[a] == value[b]; },
        [&](std::vector<size_t> run) { RankGroup(std::move(run), step + 1, order); });
  }

  // Nothing separates them: a drawing of lots where the league declares one (for every shared
  // place, or only a shared first place), else they share the place, listed by id for stable
  // output.
  void DrawOrShare(std::vector<size_t> group, std::vector<size_t>& order) {
    const std::optional<Lots>& lots = lots_;
    bool draw = group.size() > 1 && lots && (!lots->first_place_only || order.empty());
    if (draw) {
      for (size_t i : group) rows_[i].lot = DrawLot(lots->seed, rows_[i].entrant);
      std::sort(group.begin(), group.end(),
                [&](size_t a, size_t b) { return *rows_[a].lot < *rows_[b].lot; });
    } else {
      std::sort(group.begin(), group.end(),
                [&](size_t a, size_t b) { return rows_[a].entrant < rows_[b].entrant; });
    }
    order.insert(order.end(), group.begin(), group.end());
  }

  // Within the group still level: 2 for each meeting placed above another member of the group, 1
  // for each meeting level with one.
  int64_t HeadToHead(size_t row, const std::vector<size_t>& group) const {
    int64_t score = 0;
    for (size_t match = 0; match + 1 < match_starts_.size(); ++match) {
      auto begin = seated_.begin() + match_starts_[match];
      auto end = seated_.begin() + match_starts_[match + 1];
      for (auto mine = begin; mine != end; ++mine) {
        if (mine->row != row) continue;
        for (auto other = begin; other != end; ++other) {
          // Partners sit on one side: they never meet.
          if (other->side == mine->side || !InGroup(other->row, group)) continue;
          score += mine->place < other->place ? 2 : mine->place == other->place ? 1 : 0;
        }
      }
    }
    return score;
  }

  static bool InGroup(size_t row, const std::vector<size_t>& group) {
    return std::find(group.begin(), group.end(), row) != group.end();
  }

  const League& league_;
  std::vector<StandingRow>& rows_;
  bool by_percentage_;
  std::optional<Lots> lots_;
  // 8 bytes: a record seats at most 32 players (games::kMostPlayers), so its sides and places fit.
  struct Seated {
    uint32_t row = 0;  // in rows_
    uint16_t side = 0;
    uint16_t place = 0;
  };
  std::vector<Seated> seated_;          // every match's, one after another
  std::vector<uint32_t> match_starts_;  // where each match's seats begin in seated_, then the end
};

bool FullyLevel(const StandingRow& a, const StandingRow& b, bool by_percentage) {
  bool drawn_apart = a.lot.has_value() && b.lot.has_value();
  return ComparePrimary(a, b, by_percentage) == 0 && a.applied == b.applied && !drawn_apart;
}

}  // namespace

namespace {

std::string AppliedText(const TieBreak& tie_break, const std::optional<int64_t>& value) {
  return std::string(TieBreakName(tie_break)) + " " +
         (value ? FormatTieBreakValue(tie_break, *value) : "-");
}

// "(wins 2, total-score 150)": the values every tie-break gave, for neighbours level on all.
std::string AllValues(const StandingRow& row, const std::vector<TieBreak>& tie_breaks) {
  std::string values;
  for (size_t step = 0; step < tie_breaks.size(); ++step) {
    values += (values.empty() ? "" : ", ") + AppliedText(tie_breaks[step], row.applied[step]);
  }
  return "(" + values + ")";
}

std::string LotText(const Sha256Digest& lot) { return HexDigest(lot).substr(0, 8); }

// Neighbours level on every tie-break: separated by lots, or sharing a place.
std::string ExplainLevel(const StandingRow& upper, const StandingRow& lower, const League& league,
                         const std::string& level) {
  const std::vector<TieBreak>& tie_breaks = league.tie_breaks;
  std::string on_all = tie_breaks.empty()
                           ? ", and no tie-breaks are set"
                           : " and on every tie-break " + AllValues(upper, tie_breaks);
  if (upper.lot && lower.lot) {
    return upper.entrant + " above " + lower.entrant + ": " + level + on_all +
           ", separated by drawing of lots (seed '" + league.lots->seed +
           "': " + LotText(*upper.lot) + " before " + LotText(*lower.lot) + ")";
  }
  return upper.entrant + " and " + lower.entrant + " share " + Ordinal(upper.rank) +
         " place: " + level + on_all;
}

// "bob above carol: level on 9 points, separated by wins (3 to 2)", or "carol and dave share
// 3rd place: level on 9 points and on every tie-break (wins 2, total-score 150)".
std::string Explain(const StandingRow& upper, const StandingRow& lower, const League& league) {
  std::string level = LevelText(upper, league.scheme.rank_by_percentage);
  const std::vector<TieBreak>& tie_breaks = league.tie_breaks;
  for (size_t step = 0; step < tie_breaks.size(); ++step) {
    if (upper.applied[step] == lower.applied[step]) continue;
    const TieBreak& tie_break = tie_breaks[step];
    std::string why = tie_break.fewer_is_better ? ", fewer is better" : "";
    return upper.entrant + " above " + lower.entrant + ": " + level + ", separated by " +
           std::string(TieBreakName(tie_break)) + " (" +
           FormatTieBreakValue(tie_break, *upper.applied[step]) + " to " +
           FormatTieBreakValue(tie_break, *lower.applied[step]) + why + ")";
  }
  return ExplainLevel(upper, lower, league, level);
}

StandingsTable RankTable(const League& league, TableKind kind,
                         const std::vector<const PlayedRecord*>& matches,
                         std::vector<StandingRow> rows, const std::string& direction) {
  StandingsTable table{std::string(TableKindName(kind)), {}, {}, direction};
  for (size_t i : Ranker(league, kind, matches, rows).Order()) {
    table.rows.push_back(std::move(rows[i]));
  }
  bool by_percentage = league.scheme.rank_by_percentage;
  for (size_t i = 0; i < table.rows.size(); ++i) {
    StandingRow& row = table.rows[i];
    bool with_previous = i > 0 && FullyLevel(table.rows[i - 1], row, by_percentage);
    bool with_next = i + 1 < table.rows.size() && FullyLevel(row, table.rows[i + 1], by_percentage);
    row.rank = with_previous ? table.rows[i - 1].rank : static_cast<int>(i) + 1;
    row.shared = with_previous || with_next;
  }
  for (size_t i = 0; i + 1 < table.rows.size(); ++i) {
    if (ComparePrimary(table.rows[i], table.rows[i + 1], by_percentage) != 0) continue;
    table.explanations.push_back(Explain(table.rows[i], table.rows[i + 1], league));
  }
  return table;
}

// The direction an entrant of a table of `kind` is ranked in: its own, or its partnership's.
std::string DirectionOf(const League& league, TableKind kind, const std::string& entrant) {
  std::string ranked = entrant;
  if (kind == TableKind::kPlayers && !league.partnerships.empty()) {
    for (const Entrant& group : league.partnerships) {
      if (std::find(group.players.begin(), group.players.end(), entrant) != group.players.end()) {
        ranked = group.id;
      }
    }
  }
  for (const Direction& direction : league.scheme.directions) {
    const std::vector<std::string>& ids = direction.entrants;
    if (std::find(ids.begin(), ids.end(), ranked) != ids.end()) return direction.name;
  }
  return "";
}

}  // namespace

std::vector<StandingsTable> RankTables(const League& league, TableKind kind,
                                       const std::vector<const PlayedRecord*>& matches,
                                       std::vector<StandingRow> rows) {
  std::vector<StandingsTable> tables;
  if (league.scheme.directions.empty()) {
    // Pushed, not returned as {RankTable(...)}: a braced list copies its elements, and a table
    // holds every meeting of every entrant (a fifth of a large league's memory).
    tables.push_back(RankTable(league, kind, matches, std::move(rows), ""));
    return tables;
  }
  std::vector<std::string> directions;
  for (const StandingRow& row : rows) directions.push_back(DirectionOf(league, kind, row.entrant));
  for (const Direction& direction : league.scheme.directions) {
    std::vector<StandingRow> mine;
    for (size_t i = 0; i < rows.size(); ++i) {
      if (directions[i] == direction.name) mine.push_back(std::move(rows[i]));
    }
    tables.push_back(RankTable(league, kind, matches, std::move(mine), direction.name));
  }
  return tables;
}

}  // namespace referee::league::internal
