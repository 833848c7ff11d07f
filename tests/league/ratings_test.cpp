// Weng-Lin Plackett-Luce ratings (league/ratings.h, docs/ratings.md).
//
// The worked numbers come from the README of OpenSkill 3.3.0 for Python
// (https://pypi.org/project/openskill/3.3.0/, "Usage" and "Artificial Ranks"), which implements the
// same model, Weng and Lin (JMLR 12, 2011) Algorithm 4, with the same defaults and no tau. They
// are reproduced here from the formulas, not from OpenSkill's code.
#include <gtest/gtest.h>

#include <cmath>

#include "reports/ratings_output.h"
#include "tests/league/standings_fixtures.h"

namespace referee::league {
namespace {

using namespace standings_fixtures;

RatingParameters WithoutTau() {
  RatingParameters parameters;
  parameters.tau = 0;
  return parameters;
}

void ExpectRating(const Rating& rating, double mu, double sigma) {
  EXPECT_NEAR(rating.mu, mu, 1e-9);
  EXPECT_NEAR(rating.sigma, sigma, 1e-9);
}

// OpenSkill 3.3.0 README, "Usage": a1 and a2 beat b1 and b2.
TEST(PlackettLuce, TwoTeamsOfTwoAsOpenSkillsReadme) {
  std::vector<std::vector<Rating>> teams = {{{25, 25.0 / 3}, {32.444, 5.123}},
                                            {{43.381, 2.421}, {25.188, 6.211}}};
  auto rated = RatePlackettLuce(teams, {0, 1}, WithoutTau());
  ExpectRating(rated[0][0], 28.669648436582808, 8.071520788025197);
  ExpectRating(rated[0][1], 33.83086971107981, 5.062772998705765);
  ExpectRating(rated[1][0], 43.071274808241974, 2.4166900452721256);
  ExpectRating(rated[1][1], 23.149503312339064, 6.1378606973362135);
}

// OpenSkill 3.3.0 README, "Artificial Ranks": four new players each for themselves, ranked
// 4, 1, 3, 2.
TEST(PlackettLuce, FourPlayersEachForThemselvesAsOpenSkillsReadme) {
  Rating fresh{25, 25.0 / 3};
  auto rated = RatePlackettLuce({{fresh}, {fresh}, {fresh}, {fresh}}, {3, 0, 2, 1}, WithoutTau());
  ExpectRating(rated[0][0], 20.96265504062538, 8.083731307186588);
  ExpectRating(rated[1][0], 27.795084971874736, 8.263160757613477);
  ExpectRating(rated[2][0], 24.68943500312503, 8.083731307186588);
  ExpectRating(rated[3][0], 26.552824984374855, 8.179213704945203);
}

// Tied teams of equal ratings are updated alike, and a tie for first between two of three
// moves both up and the last down.
TEST(PlackettLuce, TiedTeamsAreUpdatedAlike) {
  Rating fresh{25, 25.0 / 3};
  auto rated = RatePlackettLuce({{fresh}, {fresh}, {fresh}}, {0, 0, 1}, WithoutTau());
  EXPECT_DOUBLE_EQ(rated[0][0].mu, rated[1][0].mu);
  EXPECT_DOUBLE_EQ(rated[0][0].sigma, rated[1][0].sigma);
  EXPECT_GT(rated[0][0].mu, 25);
  EXPECT_LT(rated[2][0].mu, 25);
}

// A drawn match between equal teams moves nobody's mean.
TEST(PlackettLuce, ADrawBetweenEqualsKeepsTheMeans) {
  Rating fresh{25, 25.0 / 3};
  auto rated = RatePlackettLuce({{fresh, fresh}, {fresh, fresh}}, {0, 0}, WithoutTau());
  for (const auto& team : rated) {
    for (const Rating& player : team) {
      EXPECT_NEAR(player.mu, 25, 1e-12);
      EXPECT_LT(player.sigma, 25.0 / 3);
    }
  }
}

// Tau is added to each deviation in quadrature before the match; a team alone learns nothing
// more.
TEST(PlackettLuce, TauWidensTheDeviationFirst) {
  RatingParameters parameters;
  auto rated = RatePlackettLuce({{{30, 3}}}, {0}, parameters);
  ExpectRating(rated[0][0], 30, std::sqrt(9 + parameters.tau * parameters.tau));
}

// Kappa floors the factor a variance shrinks by: at 1, deviations never shrink.
TEST(PlackettLuce, KappaFloorsTheShrink) {
  RatingParameters parameters = WithoutTau();
  parameters.kappa = 1;
  Rating fresh{25, 25.0 / 3};
  auto rated = RatePlackettLuce({{fresh}, {fresh}}, {0, 1}, parameters);
  EXPECT_DOUBLE_EQ(rated[0][0].sigma, 25.0 / 3);
  EXPECT_DOUBLE_EQ(rated[1][0].sigma, 25.0 / 3);
}

TEST(RatingParameters, RefusesWhatTheModelCannotUse) {
  RatingParameters parameters;
  EXPECT_TRUE(CheckParameters(parameters).has_value());
  parameters.sigma = 0;
  EXPECT_EQ(CheckParameters(parameters).error().message,
            "sigma: expected a number above 0, found 0");
  parameters = {};
  parameters.kappa = 2;
  EXPECT_EQ(CheckParameters(parameters).error().message,
            "kappa: expected a number above 0 and at most 1, found 2");
  parameters = {};
  parameters.tau = -1;
  EXPECT_EQ(CheckParameters(parameters).error().message,
            "tau: expected a number of 0 or more, found -1");
  EXPECT_EQ(CheckParameters(parameters).error().exit_code(), 3);
  parameters = {};
  parameters.beta = std::nan("");
  EXPECT_FALSE(CheckParameters(parameters).has_value());
}

RatedLeague Rated(League league, std::vector<PlayedRecord> records) {
  return {"league.yaml", std::move(league), std::move(records), std::nullopt};
}

const PlayerRating& PlayerOf(const Ratings& ratings, const std::string& id) {
  for (const PlayerRating& player : ratings.players) {
    if (player.player == id) return player;
  }
  throw std::runtime_error("no player " + id);
}

// Four players each for themselves: the first match as the README's example, the records rated
// by round whatever their sources say.
TEST(Ratings, FourPlayersEachForThemselvesByRound) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  RatedLeague rated = Rated(
      league, {Collusion("z-first.yaml", "1", {"a", "b", "c", "d"}, {10, 110, 40, 70}, "E"),
               Collusion("a-second.yaml", "2", {"a", "b", "c", "d"}, {105, 20, 30, 40}, "N")});
  Ratings ratings = ComputeRatings({rated}, WithoutTau(), "referee test");
  ASSERT_EQ(ratings.leagues.size(), 1u);
  EXPECT_EQ(ratings.leagues[0].rated, 2);
  std::vector<std::vector<Rating>> first =
      RatePlackettLuce({{{25, 25.0 / 3}}, {{25, 25.0 / 3}}, {{25, 25.0 / 3}}, {{25, 25.0 / 3}}},
                       {3, 0, 2, 1}, WithoutTau());
  std::vector<std::vector<Rating>> second = RatePlackettLuce(first, {0, 3, 2, 1}, WithoutTau());
  ExpectRating(PlayerOf(ratings, "a").rating, second[0][0].mu, second[0][0].sigma);
  ExpectRating(PlayerOf(ratings, "b").rating, second[1][0].mu, second[1][0].sigma);
  EXPECT_EQ(PlayerOf(ratings, "a").matches, 2);
}

// Partnerships: partners are one team, so partners who always play together share a rating and
// a rank.
TEST(Ratings, PartnersAreOneTeam) {
  League league = MakeLeague("plonk", {"p1", "p2", "q1", "q2"});
  AddGroups(league, league.partnerships, {{"p1", "p2"}, {"q1", "q2"}});
  RatedLeague rated =
      Rated(league, {Pairs("plonk", "r1.yaml", "1", {"p1", "q1", "p2", "q2"}, 300, 120)});
  Ratings ratings = ComputeRatings({rated}, WithoutTau(), "referee test");
  auto expected = RatePlackettLuce(
      {{{25, 25.0 / 3}, {25, 25.0 / 3}}, {{25, 25.0 / 3}, {25, 25.0 / 3}}}, {0, 1}, WithoutTau());
  ExpectRating(PlayerOf(ratings, "p1").rating, expected[0][0].mu, expected[0][0].sigma);
  ExpectRating(PlayerOf(ratings, "q2").rating, expected[1][1].mu, expected[1][1].sigma);
  EXPECT_EQ(PlayerOf(ratings, "p1").rank, 1);
  EXPECT_TRUE(PlayerOf(ratings, "p2").shared);
  EXPECT_EQ(PlayerOf(ratings, "q1").rank, 3);
}

// A cooperative table is one team: nothing to rank it against, so its records are counted as
// not rated, and a note says why.
TEST(Ratings, ACooperativeTableIsNotRated) {
  League league = MakeLeague("cahoots", {"a", "b"});
  AddGroups(league, league.teams, {{"a", "b"}});
  RatedLeague rated = Rated(league, {Cahoots("r1.yaml", "1", {"a", "b"}, true, 5, 30, "normal")});
  Ratings ratings = ComputeRatings({rated}, {}, "referee test");
  EXPECT_EQ(ratings.leagues[0].rated, 0);
  EXPECT_EQ(ratings.leagues[0].not_rated, 1);
  EXPECT_TRUE(ratings.players.empty());
  ASSERT_EQ(ratings.notes.size(), 1u);
  EXPECT_NE(ratings.notes[0].find("cooperative"), std::string::npos);
}

// Across seasons: a player's rating carries from one league to the next, and the order of the
// leagues is the order rated.
TEST(Ratings, CarryAcrossLeaguesInTheOrderGiven) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  RatedLeague spring =
      Rated(league, {Collusion("s.yaml", "1", {"a", "b", "c", "d"}, {110, 10, 20, 30}, "N")});
  RatedLeague autumn =
      Rated(league, {Collusion("a.yaml", "1", {"a", "b", "c", "d"}, {10, 110, 20, 30}, "E")});
  Ratings forward = ComputeRatings({spring, autumn}, {}, "referee test");
  Ratings backward = ComputeRatings({autumn, spring}, {}, "referee test");
  EXPECT_EQ(PlayerOf(forward, "a").matches, 2);
  EXPECT_NE(PlayerOf(forward, "a").rating.mu, PlayerOf(backward, "a").rating.mu);
  EXPECT_EQ(reports::FormatRatingsText(forward),
            reports::FormatRatingsText(ComputeRatings({spring, autumn}, {}, "referee test")));
}

// Invalid records are not rated; the count says so.
TEST(Ratings, OnlyValidRecordsAreRated) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  PlayedRecord invalid = Collusion("bad.yaml", "1", {"a", "b", "c", "d"}, {110, 10, 20, 30}, "N");
  invalid.status = verifier::Status::kInvalid;
  RatedLeague rated = Rated(league, {invalid});
  Ratings ratings = ComputeRatings({rated}, {}, "referee test");
  EXPECT_EQ(ratings.leagues[0].rated, 0);
  EXPECT_EQ(ratings.leagues[0].not_counted, 1);
  EXPECT_TRUE(ratings.players.empty());
}

// A league given twice (or two leagues listing one record file) rates each match once.
TEST(Ratings, AMatchListedByTwoLeaguesIsRatedOnce) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  PlayedRecord match = Collusion("s.yaml", "1", {"a", "b", "c", "d"}, {110, 10, 20, 30}, "N");
  match.content = Sha256Digest{1};
  RatedLeague spring = Rated(league, {match});
  Ratings twice = ComputeRatings({spring, spring}, {}, "referee test");
  EXPECT_EQ(twice.leagues[1].rated, 0);
  EXPECT_EQ(twice.leagues[1].already_rated, 1);
  EXPECT_EQ(PlayerOf(twice, "a").matches, 1);
  EXPECT_DOUBLE_EQ(PlayerOf(twice, "a").rating.mu,
                   PlayerOf(ComputeRatings({spring}, {}, "referee test"), "a").rating.mu);
}

// Names come from league files: Markdown cannot be opened by them, CSV quotes them, the terminal
// is never told anything.
TEST(Ratings, HostileNamesAreShownNotObeyed) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  league.players[0].name = "A|<b>x</b>,\"q\"\x1b[2J";
  RatedLeague rated =
      Rated(league, {Collusion("s.yaml", "1", {"a", "b", "c", "d"}, {110, 10, 20, 30}, "N")});
  Ratings ratings = ComputeRatings({rated}, {}, "referee test");
  std::string markdown = reports::FormatRatingsMarkdown(ratings);
  EXPECT_NE(markdown.find("A\\|\\<b\\>x\\</b\\>"), std::string::npos) << markdown;
  std::string csv = reports::FormatRatingsCsv(ratings);
  EXPECT_NE(csv.find(",\"A|<b>x</b>,\"\"q\"\""), std::string::npos) << csv;
  for (const std::string& text : {markdown, csv, reports::FormatRatingsText(ratings)}) {
    EXPECT_EQ(text.find('\x1b'), std::string::npos);
  }
}

TEST(Ratings, NumbersNeverShowMinusZero) {
  EXPECT_EQ(reports::FormatDecimal(-0.0001, 3), "0.000");
  EXPECT_EQ(reports::FormatDecimal(-1.5, 1), "-1.5");
}

// A duplicate event is rated as it is scored, by matchpoints: ab wins at its table but makes the
// fewest matchpoints in NS, gh loses at its table but makes the most in EW. Before, ab was rated
// as a winner and gh as a loser.
TEST(Ratings, ADuplicateEventIsRatedByMatchpoints) {
  League league = MakeLeague("plonk", {"a", "b", "c", "d", "e", "f", "g", "h"});
  AddGroups(league, league.partnerships, {{"a", "b"}, {"c", "d"}, {"e", "f"}, {"g", "h"}});
  league.scheme.kind = SchemeKind::kDuplicate;
  std::vector<PlayedRecord> records = {Pairs("plonk", "t1", "1", {"a", "c", "b", "d"}, 20, 10),
                                       Pairs("plonk", "t2", "1", {"e", "g", "f", "h"}, 60, 50)};
  SetDeals(records[0], "s", {{1, {20, 10}}});  // NS 20 (the lower NS score), EW 10 (the lower EW)
  SetDeals(records[1], "s", {{1, {60, 50}}});
  Ratings ratings = ComputeRatings({Rated(league, records)}, WithoutTau(), "referee test");
  EXPECT_TRUE(ratings.leagues[0].by_matchpoints);
  EXPECT_EQ(ratings.leagues[0].rated, 2);
  EXPECT_LT(PlayerOf(ratings, "a").rating.mu, 25);  // won at the table, last of NS
  EXPECT_GT(PlayerOf(ratings, "g").rating.mu, 25);  // lost at the table, first of EW
  EXPECT_GT(PlayerOf(ratings, "e").rating.mu, PlayerOf(ratings, "a").rating.mu);
  EXPECT_EQ(PlayerOf(ratings, "a").matches, 1);  // one comparison: NS of seed s
  EXPECT_NE(reports::FormatRatingsText(ratings).find("a duplicate event, rated by matchpoints"),
            std::string::npos);
  ASSERT_FALSE(ratings.notes.empty());
  EXPECT_NE(ratings.notes[0].find("rated the same way, not by who won at the table"),
            std::string::npos);
}

// For people: figures rounded as the standings round (two decimals), what they mean said, and
// provisional ratings marked; JSON and CSV keep six decimals and the exact parameters.
TEST(Ratings, RoundedExplainedAndProvisionalMarked) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  RatedLeague rated =
      Rated(league, {Collusion("s.yaml", "1", {"a", "b", "c", "d"}, {110, 10, 20, 30}, "N")});
  Ratings ratings = ComputeRatings({rated}, {}, "referee test");
  std::string text = reports::FormatRatingsText(ratings);
  EXPECT_EQ(text.find("8.333333"), std::string::npos) << text;
  EXPECT_NE(text.find("parameters: mu 25, sigma 8.33, beta 4.17, kappa 0.0001, tau 0.08 "
                      "(OpenSkill's defaults)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("rating: mu - 3 sigma, a cautious estimate"), std::string::npos);
  EXPECT_NE(text.find("so at a rating of 0.00; a rating below that"), std::string::npos) << text;
  EXPECT_NE(text.find("provisional: fewer than 10 matches rated"), std::string::npos);
  EXPECT_TRUE(PlayerOf(ratings, "a").Provisional());
  EXPECT_NE(text.find("provisional\n"), std::string::npos) << text;  // the column
  std::string csv = reports::FormatRatingsCsv(ratings);
  EXPECT_NE(csv.find("sigma,8.333333333333334"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",1,true\n"), std::string::npos) << csv;
  PlayerRating established{"x", "x", {25, 3}, kEstablishedMatches, 1, false};
  EXPECT_FALSE(established.Provisional());
  EXPECT_EQ(RoundedParameter(25.0 / 300), "0.08");
  EXPECT_EQ(RoundedParameter(0.0001), "0.0001");
  EXPECT_EQ(RoundedParameter(-2.5), "-2.5");
}

// One player's name spelled two ways in two leagues is probably a mistake: a warning names both.
TEST(Ratings, WarnsOfANameSpelledTwoWays) {
  League spring = MakeLeague("collusion", {"a", "b", "c", "d"});
  League autumn = spring;
  spring.players[0].name = "Ann Smith";
  autumn.players[0].name = "Anne Smith";
  RatedLeague first =
      Rated(spring, {Collusion("s.yaml", "1", {"a", "b", "c", "d"}, {110, 10, 20, 30}, "N")});
  RatedLeague second =
      Rated(autumn, {Collusion("t.yaml", "1", {"a", "b", "c", "d"}, {10, 110, 20, 30}, "E")});
  first.path = "spring.yaml";
  second.path = "autumn.yaml";
  Ratings ratings = ComputeRatings({first, second}, {}, "referee test");
  ASSERT_EQ(ratings.warnings.size(), 1u);
  EXPECT_EQ(ratings.warnings[0],
            "player a is named 'Ann Smith' in spring.yaml and 'Anne Smith' in autumn.yaml: rated "
            "as one player, shown as 'Ann Smith'");
  EXPECT_NE(reports::FormatRatingsText(ratings).find("warnings:\n  player a is named"),
            std::string::npos);
  EXPECT_TRUE(ComputeRatings({first, first}, {}, "referee test").warnings.empty());
}

}  // namespace
}  // namespace referee::league
