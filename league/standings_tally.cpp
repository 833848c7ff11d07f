// The rows of one standings table before ranking: every counted match, board and league entry
// added up per entrant, with what the entrant met in each round (the cross-table).
#include <algorithm>
#include <map>

#include "league/opponents.h"
#include "league/standings_internal.h"
#include "referee/games/registry.h"

namespace referee::league::internal {

std::string_view TableKindName(TableKind kind) {
  static const char* kNames[] = {"players", "partnerships", "teams"};
  return kNames[static_cast<int>(kind)];
}

TableKind TableKindNamed(std::string_view name) {
  return name == "teams"          ? TableKind::kTeams
         : name == "partnerships" ? TableKind::kPartnerships
                                  : TableKind::kPlayers;
}

std::vector<std::string> UnitsIn(const std::vector<Entrant>& groups, TableKind kind,
                                 const std::vector<std::string>& players) {
  if (kind == TableKind::kPlayers) return players;
  const Entrant* group = GroupOf(groups, players);
  if (group == nullptr) return {};
  return {group->id};
}

std::vector<std::string> UnitsOf(const League& league, TableKind kind,
                                 const std::vector<std::string>& players) {
  return UnitsIn(EntrantsOf(league, kind), kind, players);
}

const std::string& MeetingRound(std::span<const PlayedRecord> records,
                                std::span<const Meeting::Entry> entries, const Meeting& meeting) {
  static const std::string kNone;
  if (meeting.entry >= 0) {
    return static_cast<size_t>(meeting.entry) < entries.size() ? entries[meeting.entry].round
                                                               : kNone;
  }
  bool known = meeting.record >= 0 && static_cast<size_t>(meeting.record) < records.size();
  return known ? records[meeting.record].round : kNone;
}

std::vector<Meeting::Opponent> MatchOpponents(const std::vector<Entrant>& groups, TableKind kind,
                                              const PlayedRecord& match, size_t side) {
  std::vector<Meeting::Opponent> opponents;
  for (size_t j = 0; j < match.sides.size(); ++j) {
    if (j == side) continue;
    for (std::string& unit : UnitsIn(groups, kind, match.SidePlayers(j))) {
      opponents.push_back({std::move(unit), match.sides[j].place});
    }
  }
  return opponents;
}

const std::vector<Entrant>& EntrantsOf(const League& league, TableKind kind) {
  return kind == TableKind::kTeams          ? league.teams
         : kind == TableKind::kPartnerships ? league.partnerships
                                            : league.players;
}

namespace {

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

// Accumulates one table: rows per entrant, their points, and the meetings of each entrant.
class Tally {
 public:
  Tally(const League& league, TableKind kind, std::span<const PlayedRecord> records,
        std::vector<Meeting::Entry>& entries)
      : league_(league),
        kind_(kind),
        records_(records),
        entries_(entries),
        duplicate_(league.scheme.kind == SchemeKind::kDuplicate) {
    for (const Entrant& entrant : EntrantsOf(league, kind)) {
      StandingRow& row = rows_[entrant.id];
      row.entrant = entrant.id;
      row.name = entrant.name;
    }
  }

  // Room for every meeting an entrant will have: one per match, reserved at once, so that a
  // league of many records holds no spare capacity.
  void Reserve(const std::vector<const PlayedRecord*>& matches, size_t entries) {
    std::map<std::string, size_t> counts;
    for (const PlayedRecord* match : matches) {
      for (size_t side = 0; side < match->sides.size(); ++side) {
        for (const std::string& unit : Units(match->SidePlayers(side))) ++counts[unit];
      }
    }
    for (auto& [unit, count] : counts) rows_[unit].meetings.reserve(count + entries);
  }

  void AddMatch(const PlayedRecord& match) {
    for (size_t side = 0; side < match.sides.size(); ++side) {
      Meeting meeting = MatchMeeting(match, side);
      for (const std::string& unit : Units(match.SidePlayers(side))) {
        StandingRow& row = rows_[unit];
        AddResult(match, side, row);
        Credit(unit, meeting.points);
        // Only duplicate boards add to a meeting after it is made: other leagues need no index
        // (a league of many records would pay a map node per record for nothing).
        if (duplicate_) meeting_of_[{&match, unit}] = row.meetings.size();
        row.meetings.push_back(meeting);
      }
    }
  }

  // Duplicate: each side's matchpoints on the board, and the top they are out of.
  void AddBoard(const ScoredBoard& board) {
    for (const BoardSide& result : board.results) {
      const PlayedRecord& match = *result.match;
      for (const std::string& unit : Units(match.SidePlayers(result.side))) {
        Credit(unit, result.matchpoints);
        rows_[unit].tops += board.top;
        auto meeting = meeting_of_.find({&match, unit});
        if (meeting != meeting_of_.end()) {
          rows_[unit].meetings[meeting->second].points += result.matchpoints;
        }
      }
    }
  }

  void AddEntries(const std::string& last_round) {
    for (const Forfeit& forfeit : league_.forfeits) AddForfeit(forfeit);
    for (const Bye& bye : league_.byes) AddBye(bye);
    for (const Adjustment& adjustment : league_.adjustments) AddAdjustment(adjustment, last_round);
    for (const Withdrawal& withdrawal : league_.withdrawals) AddWithdrawal(withdrawal);
  }

  // Rows with their meetings in round order, in entrant order (ranking reorders them). The points
  // after each round are the standings as of that round (ComputeStandings), not added up here.
  std::vector<StandingRow> Finish() {
    std::vector<StandingRow> rows;
    for (auto& [unit, row] : rows_) {
      StableSortInPlace(row.meetings, [&](const Meeting& a, const Meeting& b) {
        return RoundBefore(MeetingRound(records_, entries_, a),
                           MeetingRound(records_, entries_, b));
      });
      rows.push_back(std::move(row));
    }
    return rows;
  }

 private:
  std::vector<std::string> Units(const std::vector<std::string>& players) const {
    return UnitsOf(league_, kind_, players);
  }

  void Credit(const std::string& unit, int64_t units) { rows_[unit].points += units; }

  void AddEntry(const std::string& unit, Meeting meeting) {
    rows_[unit].meetings.push_back(std::move(meeting));
  }

  // What an entry says, kept once for every entrant it applies to; its index. The opponents of a
  // forfeit are met without a match, so without a place.
  int EntryOf(const std::string& round, const std::string& reason,
              const std::vector<std::string>& opponents = {}) {
    Meeting::Entry& entry = entries_.emplace_back();
    entry.round = round;
    entry.reason = reason;
    for (const std::string& id : opponents) entry.opponents.push_back({id, 0});
    return static_cast<int>(entries_.size() - 1);
  }

  // Whom a forfeit's side met in this table: its entrants here, or, for an entrant with no row in
  // this table (a player in the partnerships table), its id, shown as any opponent ranked in
  // another table is (docs/standings.md, ruling 3).
  std::vector<std::string> Opponents(const std::vector<std::string>& ids) const {
    std::vector<std::string> opponents;
    for (const std::string& id : ids) {
      std::vector<std::string> units = ExpandEntry(league_, kind_, id);
      if (units.empty()) units = {id};
      opponents.insert(opponents.end(), units.begin(), units.end());
    }
    return opponents;
  }

  void AddForfeit(const Forfeit& forfeit) {
    std::vector<std::string> losers = ExpandEntry(league_, kind_, forfeit.by);
    std::vector<std::string> winners;
    for (const std::string& id : forfeit.to) {
      std::vector<std::string> units = ExpandEntry(league_, kind_, id);
      winners.insert(winners.end(), units.begin(), units.end());
    }
    int64_t points = WinPoints(league_) * kPointUnit;
    int lost = EntryOf(forfeit.round, forfeit.reason, Opponents(forfeit.to));
    for (const std::string& unit : losers) {
      ++rows_[unit].played;
      ++rows_[unit].lost;
      Place(rows_[unit], Places() - 1);
      AddEntry(
          unit,
          {.kind = Meeting::Kind::kForfeitLost, .outcome = Meeting::Outcome::kLost, .entry = lost});
    }
    int won = EntryOf(forfeit.round, forfeit.reason, Opponents({forfeit.by}));
    for (const std::string& unit : winners) {
      ++rows_[unit].played;
      ++rows_[unit].won;
      Place(rows_[unit], 0);
      Credit(unit, points);
      AddEntry(unit, {.kind = Meeting::Kind::kForfeitWon,
                      .outcome = Meeting::Outcome::kWon,
                      .entry = won,
                      .points = points});
    }
  }

  void AddBye(const Bye& bye) {
    int64_t points = bye.points.value_or(WinPoints(league_)) * kPointUnit;
    int entry = EntryOf(bye.round, bye.reason);
    for (const std::string& unit : ExpandEntry(league_, kind_, bye.entrant)) {
      Credit(unit, points);
      AddEntry(unit, {.kind = Meeting::Kind::kBye, .entry = entry, .points = points});
    }
  }

  // An adjustment without a round counts in the season's last round.
  void AddAdjustment(const Adjustment& adjustment, const std::string& last_round) {
    std::string round = adjustment.round.value_or(last_round);
    int64_t points = adjustment.points * kPointUnit;
    int entry = EntryOf(round, adjustment.reason);
    for (const std::string& unit : ExpandEntry(league_, kind_, adjustment.entrant)) {
      Credit(unit, points);
      AddEntry(unit, {.kind = Meeting::Kind::kAdjustment, .entry = entry, .points = points});
    }
  }

  void AddWithdrawal(const Withdrawal& withdrawal) {
    int entry = EntryOf(withdrawal.after_round, withdrawal.reason);
    for (const std::string& unit : ExpandEntry(league_, kind_, withdrawal.entrant)) {
      rows_[unit].withdrawn_after = withdrawal.after_round;
      AddEntry(unit, {.kind = Meeting::Kind::kWithdrawal, .entry = entry});
    }
  }

  // The places a match of the game has: its scoring units (4 at a table of four each for
  // themselves).
  int Places() const { return std::max<int>(1, league_.descriptor->score_units.size()); }

  static void Place(StandingRow& row, int place) {
    if (place < 0) return;
    if (row.placings.size() <= static_cast<size_t>(place)) row.placings.resize(place + 1, 0);
    ++row.placings[place];
  }

  // What a side's entrants add for one match: played, the result, scores and statistics.
  static void AddResult(const PlayedRecord& match, size_t i, StandingRow& row) {
    const PlayedSide& side = match.sides[i];
    ++row.played;
    Place(row, side.place);
    row.won += side.won ? 1 : 0;
    row.won_played += side.won ? 1 : 0;
    row.drawn += side.drew ? 1 : 0;
    row.lost += side.won || side.drew ? 0 : 1;
    row.score_for += side.score;
    row.score_against += BestOther(match, i);
    std::span<const int64_t> statistics = match.SideStatistics(i);
    size_t count = statistics.size();
    if (row.statistic_totals.size() < count) {
      row.statistic_totals.resize(count, 0);
      row.statistic_in_wins.resize(count, 0);
    }
    for (size_t s = 0; s < count; ++s) {
      row.statistic_totals[s] += statistics[s];
      row.statistic_in_wins[s] += side.won ? statistics[s] : 0;
    }
  }

  // The best total of the other sides: what point-difference measures a side against.
  static int64_t BestOther(const PlayedRecord& match, size_t i) {
    int64_t best = 0;
    bool any = false;
    for (size_t j = 0; j < match.sides.size(); ++j) {
      if (j == i) continue;
      best = any ? std::max(best, match.sides[j].score) : match.sides[j].score;
      any = true;
    }
    return best;
  }

  // The meeting a match is for each entrant of side `i`: where they sat, how they placed and what
  // it scored (whom they met is read from the record: MatchOpponents).
  Meeting MatchMeeting(const PlayedRecord& match, size_t i) const {
    const PlayedSide& side = match.sides[i];
    Meeting meeting;
    meeting.record = static_cast<int>(&match - records_.data());
    meeting.side = static_cast<int>(i);
    meeting.place = side.place;
    meeting.sides = static_cast<int>(match.sides.size());
    meeting.outcome = side.won    ? Meeting::Outcome::kWon
                      : side.drew ? Meeting::Outcome::kDrew
                                  : Meeting::Outcome::kLost;
    for (size_t j = 0; j < match.sides.size(); ++j) {
      if (j == i) continue;
      meeting.shared_place = meeting.shared_place || match.sides[j].place == side.place;
    }
    meeting.points = SchemePoints(match, side);
    return meeting;
  }

  int64_t SchemePoints(const PlayedRecord& match, const PlayedSide& side) const {
    const Scheme& scheme = league_.scheme;
    switch (scheme.kind) {
      case SchemeKind::kPlacement:
        return SharedPlacement(match, side);
      case SchemeKind::kMatchPoints:
        return kPointUnit * (side.won ? scheme.win : side.drew ? scheme.draw : scheme.loss);
      case SchemeKind::kLevelWins:
        for (const auto& [level, weight] : scheme.level_weights) {
          if (side.won && level == match.Level()) return kPointUnit * weight;
        }
        return 0;
      case SchemeKind::kDuplicate:
        return 0;  // matchpoints are added board by board (AddBoard)
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
  std::span<const PlayedRecord> records_;
  std::vector<Meeting::Entry>& entries_;
  bool duplicate_;
  std::map<std::string, StandingRow> rows_;
  std::map<std::pair<const PlayedRecord*, std::string>, size_t> meeting_of_;
};

// How many opponents a match gives an entrant of a table of `kind`: the dummy opponents an
// unplayed match counts for the opponents' strength.
int OpponentsPerMatch(const League& league, TableKind kind) {
  int sides = static_cast<int>(league.descriptor->score_units.size());
  if (sides < 2 || kind == TableKind::kTeams) return 0;
  if (kind == TableKind::kPartnerships) return sides - 1;
  int seats = league.descriptor->max_players;
  return seats - seats / sides;
}

}  // namespace

std::vector<StandingRow> TallyRows(const League& league, TableKind kind, const Season& season,
                                   std::vector<Meeting::Entry>& entries) {
  Tally tally(league, kind, season.records, entries);
  size_t league_entries = league.forfeits.size() + league.byes.size() + league.adjustments.size() +
                          league.withdrawals.size();
  tally.Reserve(season.matches, league_entries);
  for (const PlayedRecord* match : season.matches) tally.AddMatch(*match);
  for (const ScoredBoard& board : season.boards) tally.AddBoard(board);
  tally.AddEntries(season.last_round);
  std::vector<StandingRow> rows = tally.Finish();
  const std::vector<Entrant>& groups = EntrantsOf(league, kind);
  AddOpponentStrength(rows, OpponentsPerMatch(league, kind), [&](const Meeting& meeting) {
    return MatchOpponents(groups, kind, season.records[meeting.record], meeting.side);
  });
  return rows;
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
  for (const DealVoid& voided : league.voids) {
    texts.push_back("void: deal " + std::to_string(voided.deal) + " of " + voided.record +
                    " not scored (" + voided.reason + ")");
  }
  return texts;
}

}  // namespace referee::league::internal
