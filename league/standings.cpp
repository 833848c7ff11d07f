#include "league/standings.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <map>
#include <set>

#include "league/duplicate.h"
#include "league/standings_checks.h"
#include "league/standings_internal.h"
#include "referee/games/registry.h"

namespace referee::league {
std::string FormatPoints(int64_t units) {
  if (units % kPointUnit == 0) return std::to_string(units / kPointUnit);
  char text[32];
  std::snprintf(text, sizeof(text), "%.2f", static_cast<double>(units) / kPointUnit);
  std::string result = text;
  while (result.back() == '0') result.pop_back();
  if (result.back() == '.') result.pop_back();
  if (result == "-0") result = "0";
  return result;
}

bool IsMeanTieBreak(const TieBreak& tie_break) {
  return tie_break.kind == TieBreak::Kind::kStatistic &&
         tie_break.measure == TieBreak::Measure::kMeanInWins;
}

bool IsPointsTieBreak(const TieBreak& tie_break) {
  return tie_break.kind == TieBreak::Kind::kOpponentsPoints ||
         tie_break.kind == TieBreak::Kind::kSonnebornBerger;
}

std::string FormatTieBreakValue(const TieBreak& tie_break, int64_t value) {
  if (IsPointsTieBreak(tie_break)) return FormatPoints(value);
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
    case TieBreak::Kind::kOpponentsPoints:
      return row.opponents_points;
    case TieBreak::Kind::kSonnebornBerger:
      return row.sonneborn_berger;
    case TieBreak::Kind::kHeadToHead:
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<int64_t> PercentageHundredths(const StandingRow& row) {
  if (row.tops <= 0) return std::nullopt;
  __int128 scaled = static_cast<__int128>(row.points) * 20000;
  __int128 twice = scaled / row.tops;  // twice the hundredths, floored
  if (scaled % row.tops != 0 && scaled < 0) --twice;
  return static_cast<int64_t>(twice % 2 == 0 ? twice / 2 : (twice + 1) / 2);
}

std::string FormatHundredths(int64_t hundredths) {
  std::string sign = hundredths < 0 ? "-" : "";
  int64_t value = hundredths < 0 ? -hundredths : hundredths;
  std::string text = sign + std::to_string(value / 100);
  int64_t rest = value % 100;
  if (rest == 0) return text;
  text += "." + std::to_string(rest / 10);
  if (rest % 10 != 0) text += std::to_string(rest % 10);
  return text;
}

const PlayedRecord* RecordOf(const Standings& standings, const Meeting& meeting) {
  bool known =
      meeting.record >= 0 && static_cast<size_t>(meeting.record) < standings.records.size();
  return known ? &standings.records[meeting.record] : nullptr;
}

std::string SeatOf(const Standings& standings, const Meeting& meeting) {
  bool known = meeting.side >= 0 && static_cast<size_t>(meeting.side) < standings.side_names.size();
  return known ? standings.side_names[meeting.side] : "";
}

std::optional<int64_t> ScoreOf(const Standings& standings, const Meeting& meeting) {
  const PlayedRecord* record = RecordOf(standings, meeting);
  bool known = record != nullptr && static_cast<size_t>(meeting.side) < record->sides.size();
  if (!known || standings.side_names.empty()) return std::nullopt;
  return record->sides[meeting.side].score;
}

std::vector<int64_t> OtherScoresOf(const Standings& standings, const Meeting& meeting) {
  std::vector<int64_t> scores;
  const PlayedRecord* record = RecordOf(standings, meeting);
  if (record == nullptr || standings.side_names.empty()) return scores;
  for (size_t side = 0; side < record->sides.size(); ++side) {
    if (static_cast<int>(side) != meeting.side) scores.push_back(record->sides[side].score);
  }
  return scores;
}

namespace {

// What an entry's meeting says; null for a match.
const Meeting::Entry* EntryOf(const Standings& standings, const Meeting& meeting) {
  bool known =
      meeting.entry >= 0 && static_cast<size_t>(meeting.entry) < standings.meeting_entries.size();
  return known ? &standings.meeting_entries[meeting.entry] : nullptr;
}

}  // namespace

const std::string& RoundOf(const Standings& standings, const Meeting& meeting) {
  return internal::MeetingRound(standings.records, standings.meeting_entries, meeting);
}

const std::string& ReasonOf(const Standings& standings, const Meeting& meeting) {
  static const std::string kNone;
  const Meeting::Entry* entry = EntryOf(standings, meeting);
  return entry ? entry->reason : kNone;
}

std::vector<Meeting::Opponent> OpponentsOf(const Standings& standings, const StandingsTable& table,
                                           const Meeting& meeting) {
  const PlayedRecord* record = RecordOf(standings, meeting);
  if (meeting.kind != Meeting::Kind::kMatch || record == nullptr) {
    const Meeting::Entry* entry = EntryOf(standings, meeting);
    return entry ? entry->opponents : std::vector<Meeting::Opponent>{};
  }
  internal::TableKind kind = internal::TableKindNamed(table.kind);
  const std::vector<Entrant>& groups =
      kind == internal::TableKind::kTeams ? standings.teams : standings.partnerships;
  return internal::MatchOpponents(groups, kind, *record, static_cast<size_t>(meeting.side));
}

std::vector<std::string> OpponentIdsOf(const Standings& standings, const StandingsTable& table,
                                       const Meeting& meeting) {
  std::vector<std::string> ids;
  for (Meeting::Opponent& opponent : OpponentsOf(standings, table, meeting)) {
    ids.push_back(std::move(opponent.entrant));
  }
  return ids;
}

std::string_view MeetingKindName(Meeting::Kind kind) {
  switch (kind) {
    case Meeting::Kind::kMatch:
      return "match";
    case Meeting::Kind::kForfeitWon:
      return "forfeit-won";
    case Meeting::Kind::kForfeitLost:
      return "forfeit-lost";
    case Meeting::Kind::kBye:
      return "bye";
    case Meeting::Kind::kAdjustment:
      return "adjustment";
    case Meeting::Kind::kWithdrawal:
      return "withdrawal";
  }
  return "";
}

namespace {

using internal::TableKind;

std::string DuplicateText(const Scheme& scheme) {
  std::string text =
      "duplicate: matchpoints per board, seat by seat, 2 per table beaten and 1 per tie, boards "
      "played at fewer tables scaled by Neuberg's formula";
  if (scheme.rank_by_percentage) text += "; ranked by percentage of the tops";
  if (scheme.directions.empty()) return text;
  std::string names;
  for (const Direction& direction : scheme.directions) {
    names += (names.empty() ? "" : ", ") + direction.name;
  }
  return text + "; each direction ranked on its own (" + names + ")";
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
      return DuplicateText(scheme);
  }
  return "";
}

std::vector<TableKind> TableKinds(const League& league) {
  if (league.descriptor->league.sides == games::SideKind::kTable) return {TableKind::kTeams};
  if (!league.partnerships.empty()) return {TableKind::kPartnerships, TableKind::kPlayers};
  return {TableKind::kPlayers};
}

std::vector<TieBreak> ShownTieBreaks(const League& league) {
  std::vector<TieBreak> shown;
  for (const TieBreak& tie_break : league.tie_breaks) {
    if (tie_break.kind != TieBreak::Kind::kHeadToHead) shown.push_back(tie_break);
  }
  for (const games::StatisticTieBreak& own : league.descriptor->league.statistic_tie_breaks) {
    if (!own.always_shown) continue;
    TieBreak always = *TieBreakNamed(own.name, *league.descriptor);
    if (std::find(shown.begin(), shown.end(), always) == shown.end()) shown.push_back(always);
  }
  return shown;
}

// The league as it stood after `round`: forfeits, byes and adjustments of later rounds left out
// (an adjustment without a round counts in the season's last round), and a withdrawal only once
// its round is over.
League LeagueAsOf(const League& league, const std::string& round, const std::string& last_round) {
  League as_of = league;
  auto later = [&](const std::string& when) { return !internal::RoundUpTo(when, round); };
  std::erase_if(as_of.forfeits, [&](const Forfeit& forfeit) { return later(forfeit.round); });
  std::erase_if(as_of.byes, [&](const Bye& bye) { return later(bye.round); });
  std::erase_if(as_of.adjustments, [&](const Adjustment& adjustment) {
    return later(adjustment.round.value_or(last_round));
  });
  std::erase_if(as_of.withdrawals, [&](const Withdrawal& withdrawal) {
    return internal::RoundUpTo(round, withdrawal.after_round);
  });
  return as_of;
}

std::vector<const PlayedRecord*> MatchesUpTo(const std::vector<const PlayedRecord*>& matches,
                                             const std::string& round) {
  std::vector<const PlayedRecord*> up_to;
  for (const PlayedRecord* match : matches) {
    if (internal::RoundUpTo(match->round, round)) up_to.push_back(match);
  }
  return up_to;
}

internal::Season SeasonOf(const League& league, std::vector<const PlayedRecord*> matches,
                          const std::string& last_round, std::span<const PlayedRecord> records) {
  internal::Season season;
  season.records = records;
  season.rounds = internal::SortedRounds(league, matches);
  if (league.scheme.kind == SchemeKind::kDuplicate) season.boards = ScoreBoards(matches);
  season.matches = std::move(matches);
  season.last_round = last_round;
  return season;
}

// `entries`: where what the league's entries say is kept, for their meetings to index.
std::vector<StandingsTable> Tables(const League& league, const internal::Season& season,
                                   std::vector<Meeting::Entry>& entries) {
  std::vector<StandingsTable> tables;
  for (TableKind kind : TableKinds(league)) {
    std::vector<StandingRow> rows = internal::TallyRows(league, kind, season, entries);
    for (StandingsTable& table :
         internal::RankTables(league, kind, season.matches, std::move(rows))) {
      tables.push_back(std::move(table));
    }
  }
  return tables;
}

// Each entrant's place and points after each round but the last (per table, by entrant): the
// standings as of that round, ranked the same way. Computed before the final tables, and each
// round's tables let go at once, so that a league of many records holds one set of tables at a
// time. The last round's are the final ones: nothing happens between the last round with a record
// or an entry and the end of the standings that could change a rank.
// The points are taken from the standings as of the round, not added up from the season's: a
// duplicate board's matchpoints depend on every table that played it, so a board played at one
// table by round 1 and at another in round 2 scores nothing as of round 1 (its seed was played at
// one table only) however it scores at the end of the season.
struct AfterRound {
  RoundRank rank;
  int64_t points = 0;
};
using StandingsByRound = std::vector<std::map<std::string, std::vector<AfterRound>>>;

StandingsByRound RankEachRound(const League& league,
                               const std::vector<const PlayedRecord*>& matches,
                               const std::vector<std::string>& rounds,
                               const std::string& last_round,
                               std::span<const PlayedRecord> records) {
  StandingsByRound by_round;
  for (size_t r = 0; r + 1 < rounds.size(); ++r) {
    const std::string& round = rounds[r];
    League as_of = LeagueAsOf(league, round, last_round);
    std::vector<Meeting::Entry> entries;
    std::vector<StandingsTable> then =
        Tables(as_of, SeasonOf(as_of, MatchesUpTo(matches, round), last_round, records), entries);
    by_round.resize(std::max(by_round.size(), then.size()));
    for (size_t t = 0; t < then.size(); ++t) {
      for (const StandingRow& row : then[t].rows) {
        by_round[t][row.entrant].push_back({{row.rank, row.shared}, row.points});
      }
    }
  }
  return by_round;
}

void AddStandingsByRound(StandingsByRound by_round, Standings& standings) {
  for (size_t t = 0; t < standings.tables.size(); ++t) {
    for (StandingRow& row : standings.tables[t].rows) {
      row.rank_by_round.clear();
      row.by_round.clear();
      if (t < by_round.size()) {
        for (const AfterRound& then : by_round[t][row.entrant]) {
          row.rank_by_round.push_back(then.rank);
          row.by_round.push_back(then.points);
        }
      }
      if (standings.rounds.empty()) continue;
      row.rank_by_round.push_back({row.rank, row.shared});
      row.by_round.push_back(row.points);
    }
  }
}

Standings Heading(const League& league, const StandingsOptions& options) {
  Standings standings{league.name, league.game, SchemeText(league.scheme), league.tie_breaks,
                      league.lots};
  standings.shown_tie_breaks = ShownTieBreaks(league);
  standings.shows_draws = league.descriptor->league.sides == games::SideKind::kPartnership;
  if (league.descriptor->league.sides == games::SideKind::kSeat) {
    standings.placings = static_cast<int>(league.descriptor->score_units.size());
  }
  standings.duplicate = league.scheme.kind == SchemeKind::kDuplicate;
  standings.rank_by_percentage = league.scheme.rank_by_percentage;
  standings.after_round = options.after_round;
  return standings;
}

}  // namespace

Standings ComputeStandings(const League& league, std::vector<PlayedRecord> records,
                           const StandingsOptions& options) {
  SortRecords(records);
  CountedRecords counted = CountRecords(league, records, options.after_round);
  Standings standings = Heading(league, options);
  standings.season_rounds = counted.season_rounds;
  standings.league_error = counted.conflict;
  standings.later_records = counted.later_records;
  standings.not_counted = std::move(counted.not_counted);
  standings.records_counted = static_cast<int>(counted.counted.size());
  std::string last_round = counted.season_rounds.empty() ? "" : counted.season_rounds.back();
  League as_of =
      options.after_round ? LeagueAsOf(league, *options.after_round, last_round) : league;
  internal::Season season = SeasonOf(as_of, counted.counted, last_round, records);
  standings.rounds = season.rounds;
  StandingsByRound by_round =
      RankEachRound(league, counted.counted, season.rounds, last_round, records);
  standings.tables = Tables(as_of, season, standings.meeting_entries);
  AddStandingsByRound(std::move(by_round), standings);
  standings.entries = internal::EntryTexts(as_of);
  standings.notes = BoardNotes(season.boards);
  standings.travellers = Travellers(as_of, season.boards);
  standings.warnings = CheckRounds(as_of, counted.counted);
  for (Warning& warning : CheckDirections(as_of, counted.counted)) {
    standings.warnings.push_back(std::move(warning));
  }
  standings.provenance = internal::ProvenanceOf(counted.counted, records, options);
  standings.side_names = league.descriptor->score_units;
  standings.partnerships = league.partnerships;
  standings.teams = league.teams;
  standings.records = std::move(records);  // the meetings and the provenance index them
  return standings;
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

}  // namespace referee::league
