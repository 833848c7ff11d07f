// Weng and Lin's Plackett-Luce update (JMLR 12, 2011, Algorithm 4) and the ratings of a series of
// leagues (docs/ratings.md).
#include "league/ratings.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "league/duplicate.h"
#include "league/standings_internal.h"

namespace referee::league {
namespace {

struct TeamSums {
  double mu = 0;
  double variance = 0;  // sigma_i^2: the sum of the players' variances
};

TeamSums SumsOf(const std::vector<Rating>& team) {
  TeamSums sums;
  for (const Rating& player : team) {
    sums.mu += player.mu;
    sums.variance += player.sigma * player.sigma;
  }
  return sums;
}

// The paper's Omega_i and Delta_i for team `i` (Algorithm 4, step 3): over every team q placed at
// or above i, the probability p that i comes first among the teams placed at or below q, each
// term divided by A_q, the number of teams sharing q's place.
struct Update {
  double omega = 0;
  double delta = 0;
};

Update UpdateOf(size_t i, const std::vector<TeamSums>& sums, const std::vector<int>& places,
                double c) {
  Update update;
  for (size_t q = 0; q < sums.size(); ++q) {
    if (places[q] > places[i]) continue;
    double below_q = 0;  // C_q: the sum of exp(mu / c) over the teams placed at or below q
    int sharing = 0;     // A_q
    for (size_t s = 0; s < sums.size(); ++s) {
      if (places[s] >= places[q]) below_q += std::exp(sums[s].mu / c);
      if (places[s] == places[q]) ++sharing;
    }
    double p = std::exp(sums[i].mu / c) / below_q;
    update.omega += ((q == i ? 1.0 : 0.0) - p) / sharing;
    update.delta += p * (1 - p) / sharing;
  }
  return update;
}

}  // namespace

Result<void, Error> CheckParameters(const RatingParameters& parameters) {
  auto bad = [](const char* name, const char* expected, double value) {
    return Fail(UsageError(std::string(name) + ": expected " + expected + ", found " +
                           fmt::format("{}", value)));
  };
  if (!std::isfinite(parameters.mu)) return bad("mu", "a finite number", parameters.mu);
  if (!std::isfinite(parameters.sigma) || parameters.sigma <= 0) {
    return bad("sigma", "a number above 0", parameters.sigma);
  }
  if (!std::isfinite(parameters.beta) || parameters.beta <= 0) {
    return bad("beta", "a number above 0", parameters.beta);
  }
  if (!(parameters.kappa > 0 && parameters.kappa <= 1)) {
    return bad("kappa", "a number above 0 and at most 1", parameters.kappa);
  }
  if (!std::isfinite(parameters.tau) || parameters.tau < 0) {
    return bad("tau", "a number of 0 or more", parameters.tau);
  }
  return {};
}

std::vector<std::vector<Rating>> RatePlackettLuce(std::vector<std::vector<Rating>> teams,
                                                  const std::vector<int>& places,
                                                  const RatingParameters& parameters) {
  for (auto& team : teams) {
    for (Rating& player : team) player.sigma = std::hypot(player.sigma, parameters.tau);
  }
  std::vector<TeamSums> sums;
  double c_squared = 0;  // c^2 = sum over the teams of (sigma_i^2 + beta^2)
  for (const auto& team : teams) {
    sums.push_back(SumsOf(team));
    c_squared += sums.back().variance + parameters.beta * parameters.beta;
  }
  if (teams.size() < 2) return teams;
  double c = std::sqrt(c_squared);
  for (size_t i = 0; i < teams.size(); ++i) {
    Update update = UpdateOf(i, sums, places, c);
    double omega = sums[i].variance / c * update.omega;
    // gamma_i = sigma_i / c, the paper's suggestion, which OpenSkill uses by default.
    double gamma = std::sqrt(sums[i].variance) / c;
    double delta = gamma * sums[i].variance / c_squared * update.delta;
    for (Rating& player : teams[i]) {
      double share = player.sigma * player.sigma / sums[i].variance;
      player.mu += share * omega;
      player.sigma *= std::sqrt(std::max(1 - share * delta, parameters.kappa));
    }
  }
  return teams;
}

namespace {

// The players' ratings while the records are rated, and who they are.
struct Book {
  const RatingParameters& parameters;
  std::map<std::string, PlayerRating> players;
  std::set<Sha256Digest> rated;  // the content digests of the matches rated so far

  // Whether `record` is a match rated in an earlier league: a league listed twice, or two leagues
  // listing one record file, must not rate a match twice.
  bool AlreadyRated(const PlayedRecord& record) {
    return record.content.has_value() && !rated.insert(*record.content).second;
  }

  PlayerRating& Of(const std::string& id, const League& league) {
    auto [at, added] = players.try_emplace(id);
    if (added) {
      const Entrant* entrant = internal::FindIn(league.players, id);
      at->second = {id, entrant ? entrant->name : id, {parameters.mu, parameters.sigma}, 0, 0};
    }
    return at->second;
  }

  // One match of the model: the players of each team and each team's place (0 the best).
  void Rate(const std::vector<std::vector<std::string>>& players, const std::vector<int>& places,
            const League& league) {
    std::vector<std::vector<Rating>> teams;
    for (const std::vector<std::string>& team : players) {
      teams.emplace_back();
      for (const std::string& id : team) teams.back().push_back(Of(id, league).rating);
    }
    teams = RatePlackettLuce(std::move(teams), places, parameters);
    for (size_t s = 0; s < players.size(); ++s) {
      for (size_t p = 0; p < players[s].size(); ++p) {
        PlayerRating& player = Of(players[s][p], league);
        player.rating = teams[s][p];
        ++player.matches;
      }
    }
  }

  // A match as the table placed its sides.
  void Rate(const PlayedRecord& record, const League& league) {
    std::vector<std::vector<std::string>> players;
    std::vector<int> places;
    for (size_t s = 0; s < record.sides.size(); ++s) {
      players.push_back(record.SidePlayers(s));
      places.push_back(record.sides[s].place);
    }
    Rate(players, places, league);
  }
};

// One comparison of a duplicate event: the sides that sat in one direction at the tables of one
// seed, with the matchpoints each made on the seed's boards.
struct Comparison {
  std::string first_round;
  std::string seed;
  size_t direction = 0;
  std::vector<std::pair<const PlayedRecord*, int64_t>> sides;  // by source
};

// The comparisons of a duplicate event, in the order of their first round, then seed and
// direction. `records` sorted by source, as ScoreBoards expects. A board without a comparison
// (its seed played at one table) takes no part.
std::vector<Comparison> Comparisons(const std::vector<const PlayedRecord*>& records) {
  std::map<std::pair<std::string, size_t>, std::map<size_t, int64_t>> made;
  for (const ScoredBoard& board : ScoreBoards(records)) {
    if (board.top == 0) continue;
    for (const BoardSide& result : board.results) {
      size_t at = std::find(records.begin(), records.end(), result.match) - records.begin();
      made[{board.seed, result.side}][at] += result.matchpoints;
    }
  }
  std::vector<Comparison> comparisons;
  for (const auto& [key, sides] : made) {
    Comparison comparison{"", key.first, key.second, {}};
    for (const auto& [at, matchpoints] : sides) {
      const PlayedRecord* record = records[at];
      comparison.sides.emplace_back(record, matchpoints);
      bool earlier =
          comparison.sides.size() == 1 || RoundBefore(record->round, comparison.first_round);
      if (earlier) comparison.first_round = record->round;
    }
    if (comparison.sides.size() >= 2) comparisons.push_back(std::move(comparison));
  }
  std::stable_sort(comparisons.begin(), comparisons.end(),
                   [](const Comparison& a, const Comparison& b) {
                     return RoundBefore(a.first_round, b.first_round);
                   });
  return comparisons;
}

// Rates a comparison: more matchpoints place higher, equal matchpoints share a place.
void RateComparison(const Comparison& comparison, const League& league, Book& book) {
  std::vector<std::vector<std::string>> players;
  std::vector<int> places;
  for (const auto& [record, matchpoints] : comparison.sides) {
    players.push_back(record->SidePlayers(comparison.direction));
    int above = 0;
    for (const auto& [other, theirs] : comparison.sides) above += theirs > matchpoints ? 1 : 0;
    places.push_back(above);
  }
  book.Rate(players, places, league);
}

// A match the model can rate: two sides or more, each with a player.
bool Ratable(const PlayedRecord& record) {
  if (record.sides.size() < 2) return false;
  return std::all_of(record.sides.begin(), record.sides.end(),
                     [](const PlayedSide& side) { return side.seats != 0; });
}

// The counted records of a league in the order they are rated: by round, then by source.
std::vector<const PlayedRecord*> InRatingOrder(const League& league,
                                               std::vector<PlayedRecord>& records,
                                               CountedRecords& counted) {
  SortRecords(records);
  counted = CountRecords(league, records);
  std::vector<const PlayedRecord*> order = counted.counted;
  std::stable_sort(order.begin(), order.end(), [](const PlayedRecord* a, const PlayedRecord* b) {
    return RoundBefore(a->round, b->round);
  });
  return order;
}

// A duplicate event's records rated by their comparisons; those in none are not rated (no seed,
// or boards played at one table only).
void RateByMatchpoints(const std::vector<const PlayedRecord*>& fresh, const League& league,
                       Book& book, RatingsSource& source) {
  std::vector<const PlayedRecord*> by_source = fresh;
  std::sort(by_source.begin(), by_source.end(),
            [](const PlayedRecord* a, const PlayedRecord* b) { return a->source < b->source; });
  std::set<const PlayedRecord*> compared;
  for (const Comparison& comparison : Comparisons(by_source)) {
    RateComparison(comparison, league, book);
    for (const auto& [record, matchpoints] : comparison.sides) compared.insert(record);
  }
  source.rated += static_cast<int>(compared.size());
  source.not_rated += static_cast<int>(fresh.size() - compared.size());
}

RatingsSource RateLeague(RatedLeague& given, Book& book) {
  RatingsSource source{given.path, given.league.name, given.league.game, 0, 0, 0, 0, std::nullopt};
  source.by_matchpoints = given.league.scheme.kind == SchemeKind::kDuplicate;
  CountedRecords counted;
  std::vector<Sha256Digest> digests;
  std::vector<const PlayedRecord*> fresh;  // duplicate: rated once their comparisons are known
  bool complete = given.digest.has_value();
  for (const PlayedRecord* record : InRatingOrder(given.league, given.records, counted)) {
    if (record->text_digest) digests.push_back(*record->text_digest);
    complete = complete && record->text_digest.has_value();
    if (!Ratable(*record)) {
      ++source.not_rated;
      continue;
    }
    if (book.AlreadyRated(*record)) {
      ++source.already_rated;
      continue;
    }
    if (source.by_matchpoints) {
      fresh.push_back(record);
      continue;
    }
    book.Rate(*record, given.league);
    ++source.rated;
  }
  if (source.by_matchpoints) RateByMatchpoints(fresh, given.league, book, source);
  source.not_counted = static_cast<int>(counted.not_counted.size());
  if (complete) source.inputs = InputsDigest(*given.digest, std::move(digests));
  return source;
}

// Best first: by ordinal, then by mean; equal on both share a rank, listed by id.
void RankPlayers(std::vector<PlayerRating>& players) {
  auto key = [](const PlayerRating& p) { return std::pair(p.rating.Ordinal(), p.rating.mu); };
  std::stable_sort(players.begin(), players.end(),
                   [&](const PlayerRating& a, const PlayerRating& b) { return key(a) > key(b); });
  for (size_t i = 0; i < players.size(); ++i) {
    bool level = i > 0 && key(players[i]) == key(players[i - 1]);
    players[i].rank = level ? players[i - 1].rank : static_cast<int>(i) + 1;
    if (level) players[i].shared = players[i - 1].shared = true;
  }
}

// One player's name spelled differently in two leagues: the ratings carry one player by id and
// show the first league's name, so a second spelling is probably a mistake in a league file.
std::vector<std::string> NameWarnings(const std::vector<RatedLeague>& leagues) {
  std::vector<std::string> warnings;
  std::map<std::string, std::pair<std::string, std::string>> first;  // id: name, league
  for (const RatedLeague& league : leagues) {
    for (const Entrant& player : league.league.players) {
      auto [at, added] = first.try_emplace(player.id, player.name, league.path);
      if (added || at->second.first == player.name) continue;
      warnings.push_back("player " + player.id + " is named '" + at->second.first + "' in " +
                         at->second.second + " and '" + player.name + "' in " + league.path +
                         ": rated as one player, shown as '" + at->second.first + "'");
    }
  }
  return warnings;
}

}  // namespace

std::string RoundedParameter(double value) {
  std::string text = fmt::format("{:.2f}", value);
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  if (text == "0" || text == "-0") return value == 0 ? "0" : fmt::format("{:.2g}", value);
  return text;
}

Ratings ComputeRatings(std::vector<RatedLeague> leagues, const RatingParameters& parameters,
                       const std::string& referee) {
  Ratings ratings{referee, leagues.empty() ? "" : leagues[0].league.game, parameters, {}, {}, {}};
  ratings.warnings = NameWarnings(leagues);
  Book book{parameters, {}, {}};
  int cooperative = 0;
  for (RatedLeague& league : leagues) {
    ratings.leagues.push_back(RateLeague(league, book));
    const games::GameDescriptor* game = league.league.descriptor;
    if (game != nullptr && game->league.sides == games::SideKind::kTable) {
      cooperative += ratings.leagues.back().not_rated;
    }
    if (ratings.leagues.back().by_matchpoints) {
      ratings.notes.push_back(
          league.path +
          " is a duplicate event, scored by matchpoints: it is rated the same way, not by who won "
          "at the table. For each set of boards (seed) and direction, the pairs or players that "
          "sat in that direction are placed by the matchpoints they made on those boards, and "
          "each such comparison is rated as one match (docs/ratings.md)");
    }
  }
  for (auto& [id, player] : book.players) ratings.players.push_back(player);
  RankPlayers(ratings.players);
  if (cooperative > 0) {
    ratings.notes.push_back(
        "the game is cooperative: the whole table is one team that wins or loses together, and "
        "Weng-Lin rates teams against each other, so its " +
        std::to_string(cooperative) + " records are not rated (docs/ratings.md)");
  }
  return ratings;
}

}  // namespace referee::league
