// Ratings across seasons: players rated from the valid records of one or more leagues of one game
// with the Plackett-Luce model of Weng and Lin, "A Bayesian Approximation Method for Online
// Ranking", Journal of Machine Learning Research 12 (2011) 267-300, Algorithm 4, with OpenSkill's
// default parameters (docs/ratings.md). Pure and deterministic: the same leagues, in the same
// order, give the same ratings.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "league/league.h"
#include "league/standings.h"
#include "referee/core/error.h"
#include "referee/core/result.h"
#include "referee/core/seeded_deal.h"

namespace referee::league {

// The model's parameters, OpenSkill's defaults: a new player's mean `mu` and deviation `sigma`, the
// deviation `beta` of one match's performance about the skill, the floor `kappa` of the factor a
// variance shrinks by in one match, and `tau`, added to every deviation before each match (in
// quadrature) so that a rating never freezes.
struct RatingParameters {
  double mu = 25.0;
  double sigma = 25.0 / 3.0;
  double beta = 25.0 / 6.0;
  double kappa = 0.0001;
  double tau = 25.0 / 300.0;
};

// Refuses a parameter the model cannot use: a usage error that names it ("sigma: expected a
// number above 0, found -1").
Result<void, Error> CheckParameters(const RatingParameters& parameters);

struct Rating {
  double mu = 0;
  double sigma = 0;
  // The rating shown and ranked by, as OpenSkill's ordinal: a skill the player has with about 99.9%
  // confidence.
  double Ordinal() const { return mu - 3 * sigma; }
};

// One match: the teams (each a list of its players' ratings) and each team's place, 0 the best,
// equal places tied. Returns every player's new rating, in the same shape. Every team must have a
// player; a match of one team changes nothing but tau.
std::vector<std::vector<Rating>> RatePlackettLuce(std::vector<std::vector<Rating>> teams,
                                                  const std::vector<int>& places,
                                                  const RatingParameters& parameters);

// One league as the command line read and verified it.
struct RatedLeague {
  std::string path;  // for people: as given on the command line
  League league;
  std::vector<PlayedRecord> records;   // every record listed, valid or not
  std::optional<Sha256Digest> digest;  // of the league file's bytes
};

// A rating is provisional while the player has fewer matches rated than this: with the defaults,
// sigma is still above 6.5 (of 8.33 at the start) and one result moves the rating by several
// points.
inline constexpr int kEstablishedMatches = 10;

struct PlayerRating {
  std::string player;  // the id records seat
  std::string name;    // the first league's name for it
  Rating rating;
  int matches = 0;  // the matches rated (in a duplicate event: the comparisons)
  int rank = 0;     // 1-based, by ordinal; players of equal ordinal and mean share it
  bool shared = false;
  bool Provisional() const { return matches < kEstablishedMatches; }
};

struct RatingsSource {
  std::string path;
  std::string name;
  std::string game;
  int rated = 0;
  int not_rated = 0;      // valid records that cannot be rated (a cooperative table)
  int not_counted = 0;    // records the standings would not count either (invalid, ...)
  int already_rated = 0;  // matches an earlier league of the same ratings listed too
  std::optional<Sha256Digest> inputs;  // InputsDigest of the league file and its records counted
  // A duplicate event: rated by matchpoints, as it is scored (ComputeRatings), not by who won at
  // the table.
  bool by_matchpoints = false;
};

struct Ratings {
  std::string referee;  // "referee 0.1.0"
  std::string game;
  RatingParameters parameters;
  std::vector<RatingsSource> leagues;  // in the order rated
  std::vector<PlayerRating> players;   // best first
  std::vector<std::string> notes;      // e.g. why a cooperative game's records are not rated
  // Probably mistakes: one player's name spelled differently in two leagues.
  std::vector<std::string> warnings;
};

// Rates the valid records of `leagues`, league by league in the order given, within a league by
// round and then by source (the standings' order), every player starting at (mu, sigma). The
// leagues must be of one game: the caller checks.
// A duplicate event is rated by the comparison it is scored by: for each seed (a set of boards)
// and direction, the sides that sat in that direction are placed by the matchpoints they made on
// the seed's boards (equal matchpoints share a place), and each such comparison is one match,
// rated in the order of its first round.
Ratings ComputeRatings(std::vector<RatedLeague> leagues, const RatingParameters& parameters,
                       const std::string& referee);

// A parameter for people: two decimals at most, as the standings round ("8.33", "25"), or two
// significant digits where that would show 0 ("0.0001").
std::string RoundedParameter(double value);

}  // namespace referee::league
