// Which records count (CountRecords): valid, of the league, each match once, not after a
// withdrawal, and up to the round the standings are asked for.
#include <algorithm>
#include <optional>
#include <set>

#include "league/standings.h"
#include "league/standings_internal.h"
#include "referee/games/registry.h"

namespace referee::league {

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

namespace internal {

const Entrant* FindIn(const std::vector<Entrant>& list, const std::string& id) {
  for (const Entrant& entrant : list) {
    if (entrant.id == id) return &entrant;
  }
  return nullptr;
}

// Asked for every side of every match, and again for its opponents when the cross-table is
// written: compared in place, without a sorted copy of every group's players per call.
const Entrant* GroupOf(const std::vector<Entrant>& groups,
                       const std::vector<std::string>& players) {
  for (const Entrant& group : groups) {
    if (std::is_permutation(group.players.begin(), group.players.end(), players.begin(),
                            players.end())) {
      return &group;
    }
  }
  return nullptr;
}

bool RoundUpTo(const std::string& round, const std::string& limit) {
  return !RoundBefore(limit, round);
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

}  // namespace internal

namespace {

using internal::FindIn;
using internal::GroupOf;

// Why a valid record cannot be counted in this league, or nullopt when it can.
std::optional<std::string> WhyNotCounted(const League& league, const PlayedRecord& played) {
  if (played.game == nullptr) return "a record of no known game in a " + league.game + " league";
  if (played.game != league.descriptor) {
    return "a " + played.game->name + " record in a " + league.game + " league";
  }
  if (played.round.empty()) {
    return "no round: give the record `round:` or its league entry a round";
  }
  std::vector<std::string> players = played.players.All();
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
    if (internal::RoundUpTo(played.round, withdrawal.after_round)) continue;
    std::vector<std::string> players = PlayersOf(league, withdrawal.entrant);
    for (const std::string& player : played.players.All()) {
      if (std::find(players.begin(), players.end(), player) != players.end()) {
        return withdrawal.entrant + " withdrew after round " + withdrawal.after_round;
      }
    }
  }
  return std::nullopt;
}

// Copies of one match are one match, as one file listed by two entries is (docs/standings.md,
// "The same match under two names"): the copy listed by the most specific entry counts, with its
// round, and of copies equally specific the one whose name sorts first. Equally specific copies of
// different rounds are `conflicting-rounds`.
struct Copies {
  std::vector<size_t>
      counted_as;  // per record: the copy that counts for its match (itself if none)
  std::optional<Finding> conflict;
};

std::string RoundText(const std::string& round) {
  return round.empty() ? "no round" : "round " + round;
}

// The round the league file's entry gives a record, if any (not its own `round:`).
std::optional<std::string> EntryRound(const League& league, const PlayedRecord& record) {
  bool known = record.entry >= 0 && static_cast<size_t>(record.entry) < league.records.size();
  return known ? league.records[record.entry].round : std::nullopt;
}

// Of the records `group` (indices, in name order) holding one match, the one that counts.
size_t ChooseCopy(const League& league, const std::vector<PlayedRecord>& records,
                  const std::vector<size_t>& group, std::optional<Finding>& conflict) {
  size_t best = group.front();
  for (size_t i : group) {
    if (records[i].specificity > records[best].specificity) best = i;
  }
  for (size_t i : group) {
    const PlayedRecord& other = records[i];
    if (conflict || other.specificity != records[best].specificity ||
        EntryRound(league, other) == EntryRound(league, records[best])) {
      continue;
    }
    bool known = other.entry >= 0 && static_cast<size_t>(other.entry) < league.records.size();
    Place place = known ? league.records[other.entry].place : Place{};
    conflict = Malformed("conflicting-rounds", place.path,
                         "expected one round for the match in " + records[best].source + " and " +
                             other.source + " (copies of one match), found " +
                             RoundText(records[best].round) + " and " + RoundText(other.round) +
                             " from entries equally specific");
    conflict->place.line = place.line;
    conflict->place.column = place.column;
  }
  return best;
}

// Sorting (digest, index) pairs costs 40 bytes a record, less than a map.
Copies FindCopies(const League& league, const std::vector<PlayedRecord>& records) {
  std::vector<std::pair<Sha256Digest, size_t>> digests;
  for (size_t i = 0; i < records.size(); ++i) {
    if (records[i].content) digests.emplace_back(*records[i].content, i);
  }
  std::sort(digests.begin(), digests.end());
  Copies copies;
  copies.counted_as.resize(records.size());
  for (size_t i = 0; i < records.size(); ++i) copies.counted_as[i] = i;
  for (size_t start = 0; start < digests.size();) {
    size_t end = start + 1;
    while (end < digests.size() && digests[end].first == digests[start].first) ++end;
    if (end - start > 1) {
      std::vector<size_t> group;
      for (size_t k = start; k < end; ++k) group.push_back(digests[k].second);
      size_t chosen = ChooseCopy(league, records, group, copies.conflict);
      for (size_t i : group) copies.counted_as[i] = chosen;
    }
    start = end;
  }
  return copies;
}

// Why a record is not counted, or nullopt when it is. A copy of a match (another file holding
// the same match, see ContentDigest) other than the one chosen (FindCopies) is listed whatever its
// verdict: the chosen copy stands for all.
std::optional<NotCounted> WhySkipped(const League& league, const PlayedRecord& played,
                                     const PlayedRecord* chosen_copy, bool chosen_counted) {
  if (chosen_copy != nullptr) {
    return NotCounted{played.source, "duplicate",
                      "the same match as " + chosen_copy->source +
                          (chosen_counted ? ", counted once, as " + chosen_copy->source
                                          : ", which is not counted either")};
  }
  if (played.status != verifier::Status::kValid) {
    return NotCounted{played.source, std::string(StatusName(played.status)), played.Reason()};
  }
  if (std::optional<std::string> why = WhyNotCounted(league, played)) {
    return NotCounted{played.source, "not counted", *why};
  }
  if (std::optional<std::string> gone = WhyWithdrawn(league, played)) {
    return NotCounted{played.source, "not counted", *gone};
  }
  return std::nullopt;
}

// A record of a round after the one asked for is left out, counted or not: the standings as of
// that round did not know it. A record without a round cannot be placed and stays listed.
bool AfterTheCut(const PlayedRecord& played, const std::optional<std::string>& after_round) {
  return after_round && !played.round.empty() && !internal::RoundUpTo(played.round, *after_round);
}

}  // namespace

void SortRecords(std::vector<PlayedRecord>& records) {
  std::sort(records.begin(), records.end(), [](const PlayedRecord& a, const PlayedRecord& b) {
    return std::tie(a.source, a.record_index, a.round) <
           std::tie(b.source, b.record_index, b.round);
  });
}

// A void no record took (its id matches none, or the record did not play that deal) would leave
// the director's ruling out of the standings without a word: the league file is in error.
std::optional<Finding> UnplayedVoid(const League& league,
                                    const std::vector<PlayedRecord>& records) {
  for (const DealVoid& voided : league.voids) {
    bool taken = std::any_of(records.begin(), records.end(), [&](const PlayedRecord& played) {
      const std::vector<int>& deals = played.VoidedDeals();
      return played.Id() == voided.record &&
             std::find(deals.begin(), deals.end(), voided.deal) != deals.end();
    });
    if (taken) continue;
    Finding finding =
        Malformed("void-not-played", voided.place.path,
                  "expected a record with id '" + voided.record + "' that played deal " +
                      std::to_string(voided.deal) + ", found none");
    finding.place.line = voided.place.line;
    finding.place.column = voided.place.column;
    return finding;
  }
  return std::nullopt;
}

CountedRecords CountRecords(const League& league, const std::vector<PlayedRecord>& records,
                            const std::optional<std::string>& after_round) {
  CountedRecords result;
  Copies copies = FindCopies(league, records);
  result.conflict = std::move(copies.conflict);
  if (!result.conflict) result.conflict = UnplayedVoid(league, records);
  // The chosen copies first: whether another copy says "counted once" depends on them.
  std::vector<std::optional<NotCounted>> skips(records.size());
  for (size_t i = 0; i < records.size(); ++i) {
    if (copies.counted_as[i] == i) skips[i] = WhySkipped(league, records[i], nullptr, false);
  }
  std::vector<const PlayedRecord*> season;
  for (size_t i = 0; i < records.size(); ++i) {
    size_t chosen = copies.counted_as[i];
    if (chosen != i) skips[i] = WhySkipped(league, records[i], &records[chosen], !skips[chosen]);
    std::optional<NotCounted>& skipped = skips[i];
    if (!skipped) season.push_back(&records[i]);
    if (AfterTheCut(records[i], after_round)) {
      ++result.later_records;
    } else if (skipped) {
      result.not_counted.push_back(std::move(*skipped));
    } else {
      result.counted.push_back(&records[i]);
    }
  }
  result.season_rounds = internal::SortedRounds(league, season);
  return result;
}

}  // namespace referee::league
