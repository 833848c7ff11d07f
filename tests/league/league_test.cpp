// Reading league files: every mistake is a malformed finding at its exact JSON pointer.
#include <gtest/gtest.h>

#include "formats/yaml_reader.h"
#include "league/league_file.h"

namespace referee::league {
namespace {

constexpr const char* kHeader =
    "format: referee-league/1\nname: Test\ngame: collusion\n"
    "entrants: [{id: a}, {id: b, name: Bee}, {id: c}, {id: d}]\nrecords: [records/]\n";

Result<League> Read(const std::string& text) {
  Result<record::Node> node = formats::ParseYaml(text);
  if (!node) return Fail(node.error());
  return ReadLeague(*node);
}

void ExpectFinding(const std::string& text, const std::string& code, const std::string& path,
                   const std::string& message_part) {
  Result<League> league = Read(text);
  ASSERT_FALSE(league.has_value()) << text;
  EXPECT_EQ(league.error().code, code) << league.error().message;
  EXPECT_EQ(league.error().place.path, path) << league.error().message;
  EXPECT_NE(league.error().message.find(message_part), std::string::npos) << league.error().message;
}

TEST(League, ReadsTheDefaults) {
  Result<League> league = Read(kHeader);
  ASSERT_TRUE(league.has_value()) << league.error().message;
  EXPECT_EQ(league->players.size(), 4u);
  EXPECT_EQ(league->players[0].name, "a");  // the id stands in for a missing name
  EXPECT_EQ(league->players[1].name, "Bee");
  EXPECT_EQ(league->scheme.kind, SchemeKind::kPlacement);
  EXPECT_EQ(league->scheme.placement, (std::vector<int>{3, 2, 1, 0}));
  std::vector<std::string> names;
  for (const TieBreak& tie_break : league->tie_breaks) names.emplace_back(TieBreakName(tie_break));
  EXPECT_EQ(names, (std::vector<std::string>{"wins", "total-score", "head-to-head"}));
}

TEST(League, ReadsEntriesAndAScheme) {
  Result<League> league = Read(std::string(kHeader) +
                               "scheme: {name: placement, points: [4, 2, 1, 0]}\n"
                               "tie_breaks: [matches-played]\n"
                               "forfeits: [{round: 2, by: a, to: [b, c], reason: r1}]\n"
                               "byes: [{round: 1, entrant: d, points: 2, reason: r2}]\n"
                               "withdrawals: [{entrant: a, after_round: 3, reason: r3}]\n"
                               "adjustments: [{entrant: b, points: -2, reason: r4}]\n");
  ASSERT_TRUE(league.has_value()) << league.error().message;
  EXPECT_EQ(league->scheme.placement, (std::vector<int>{4, 2, 1, 0}));
  ASSERT_EQ(league->tie_breaks.size(), 1u);
  EXPECT_EQ(league->tie_breaks[0].kind, TieBreak::Kind::kMatchesPlayed);
  EXPECT_EQ(league->forfeits[0].to, (std::vector<std::string>{"b", "c"}));
  EXPECT_EQ(league->byes[0].points, 2);
  EXPECT_EQ(league->withdrawals[0].after_round, "3");
  EXPECT_EQ(league->adjustments[0].points, -2);
  EXPECT_FALSE(league->adjustments[0].round.has_value());
}

TEST(League, ErrorsNameTheirPlace) {
  ExpectFinding(std::string(kHeader) + "tie_breaks: [wins, head-to-haed]\n", "unknown-tie-break",
                "/tie_breaks/1", "did you mean 'head-to-head'?");
  ExpectFinding(std::string(kHeader) + "adjustments: [{entrant: zed, points: 1, reason: x}]\n",
                "unknown-entrant", "/adjustments/0/entrant", "found 'zed'");
  ExpectFinding(std::string(kHeader) + "byes: [{round: 1, entrant: a}]\n", "missing-key", "/byes/0",
                "reason");
  ExpectFinding(std::string(kHeader) + "scheme: fancy\n", "unknown-scheme", "/scheme",
                "found 'fancy'");
  ExpectFinding(std::string(kHeader) + "colour: red\n", "unknown-key", "/colour", "colour");
  ExpectFinding(std::string(kHeader) + "adjustments: [{entrant: a, points: 1.5, reason: x}]\n",
                "bad-type", "/adjustments/0/points", "");
  ExpectFinding(std::string(kHeader) + "tie_breaks: [goals-completed]\n", "bad-tie-break",
                "/tie_breaks/0", "goals-completed");
}

TEST(League, ErrorsInTheHeader) {
  ExpectFinding("format: referee-league/2\nname: x\ngame: collusion\nentrants: []\nrecords: []\n",
                "unknown-format", "/format", "referee-league/1");
  ExpectFinding("format: referee-league/1\nname: x\ngame: colusion\nentrants: []\nrecords: []\n",
                "unknown-game", "/game", "did you mean 'collusion'?");
  ExpectFinding(
      "format: referee-league/1\nname: x\ngame: collusion\nentrants: [{id: a}, {id: a}]\n"
      "records: []\n",
      "duplicate-entrant", "/entrants/1/id", "'a'");
  ExpectFinding(
      "format: referee-league/1\nname: x\ngame: plonk\nentrants: [{id: a}, {id: b}]\n"
      "partnerships: [{id: p, players: [a, c]}]\nrecords: []\n",
      "unknown-entrant", "/partnerships/0/players/1", "'c'");
  ExpectFinding("format: referee-league/1\nname: x\ngame: cahoots\nentrants: []\nrecords: []\n",
                "missing-key", "", "teams");
}

// Regression: two partnerships of the same players were accepted. Their matches were credited to
// the first, while the direction check of a duplicate event took the last, and a partnership that
// listed a player twice was never found.
TEST(League, TwoGroupsOfTheSamePlayersAreAnError) {
  ExpectFinding(
      "format: referee-league/1\nname: x\ngame: plonk\nentrants: [{id: a}, {id: b}]\n"
      "partnerships: [{id: p, players: [a, b]}, {id: q, players: [b, a]}]\nrecords: []\n",
      "duplicate-group", "/partnerships/1/players", "the players of 'p' again in 'q'");
  ExpectFinding(
      "format: referee-league/1\nname: x\ngame: plonk\nentrants: [{id: a}, {id: b}]\n"
      "partnerships: [{id: p, players: [a, a]}]\nrecords: []\n",
      "duplicate-player", "/partnerships/0/players/1", "found 'a' again");
  ExpectFinding(
      "format: referee-league/1\nname: x\ngame: cahoots\nentrants: [{id: a}, {id: b}]\n"
      "teams: [{id: t, players: [a, b]}, {id: u, players: [a, b]}]\nrecords: []\n",
      "duplicate-group", "/teams/1/players", "'t' again in 'u'");
}

// Mistakes that were accepted silently: each is an error at its place in the league file.
TEST(League, EmptyPlacementPointsAreAnError) {
  ExpectFinding(std::string(kHeader) + "scheme: {name: placement, points: []}\n", "out-of-range",
                "/scheme/points", "found an empty list");
}

TEST(League, TieBreakListedTwiceIsAnError) {
  ExpectFinding(std::string(kHeader) + "tie_breaks: [wins, total-score, wins]\n",
                "duplicate-tie-break", "/tie_breaks/2", "'wins' again (/tie_breaks/0)");
}

TEST(League, SelfForfeitIsAnError) {
  ExpectFinding(std::string(kHeader) + "forfeits: [{round: 1, by: a, to: [b, a], reason: x}]\n",
                "self-forfeit", "/forfeits/0/to/1", "found 'a'");
}

TEST(League, ForfeitToOnePartnershipAndItsPlayerIsAnError) {
  std::string plonk =
      "format: referee-league/1\nname: x\ngame: plonk\n"
      "entrants: [{id: a}, {id: b}, {id: c}, {id: d}]\n"
      "partnerships: [{id: ab, players: [a, b]}, {id: cd, players: [c, d]}]\nrecords: []\n";
  ExpectFinding(plonk + "forfeits: [{round: 1, by: ab, to: [b], reason: x}]\n", "self-forfeit",
                "/forfeits/0/to/0", "(b is in both)");
  ExpectFinding(plonk + "forfeits: [{round: 1, by: ab, to: [cd, c], reason: x}]\n",
                "duplicate-entry", "/forfeits/0/to/1", "found 'c' after 'cd'");
}

TEST(League, TwoByesForOneEntrantInOneRoundIsAnError) {
  ExpectFinding(std::string(kHeader) +
                    "byes: [{round: 1, entrant: a, reason: x}, {round: 2, entrant: a, reason: x},"
                    " {round: '01', entrant: a, reason: y}]\n",
                "duplicate-entry", "/byes/2/entrant", "the first is /byes/0");
}

TEST(League, ByeInARoundWithAForfeitIsAnError) {
  ExpectFinding(std::string(kHeader) +
                    "forfeits: [{round: 2, by: c, to: [a], reason: x}]\n"
                    "byes: [{round: 2, entrant: a, reason: x}]\n",
                "bye-in-played-round", "/byes/0/round", "a in the forfeit /forfeits/0 of round 2");
}

TEST(League, TwoWithdrawalsForOneEntrantIsAnError) {
  ExpectFinding(std::string(kHeader) +
                    "withdrawals: [{entrant: b, after_round: 1, reason: x},"
                    " {entrant: b, after_round: 3, reason: y}]\n",
                "duplicate-entry", "/withdrawals/1/entrant", "one withdrawal for b");
}

TEST(League, CahootsEntriesNameTeams) {
  std::string cahoots =
      "format: referee-league/1\nname: x\ngame: cahoots\nentrants: [{id: a}, {id: b}]\n"
      "teams: [{id: ab, players: [a, b]}]\nrecords: []\n";
  ExpectFinding(cahoots + "adjustments: [{entrant: a, points: 2, reason: x}]\n", "not-a-team",
                "/adjustments/0/entrant", "found the player 'a' (of team 'ab')");
  ExpectFinding(cahoots + "byes: [{round: 1, entrant: b, reason: x}]\n", "not-a-team",
                "/byes/0/entrant", "'b'");
  ExpectFinding(cahoots + "withdrawals: [{entrant: a, after_round: 1, reason: x}]\n", "not-a-team",
                "/withdrawals/0/entrant", "'a'");
  ExpectFinding(cahoots + "forfeits: [{round: 1, by: ab, to: [a], reason: x}]\n", "not-a-team",
                "/forfeits/0/to/0", "'a'");
  EXPECT_TRUE(Read(cahoots + "byes: [{round: 1, entrant: ab, reason: x}]\n").has_value());
}

TEST(League, RoundsWrittenWithLeadingZerosAreOneRound) {
  EXPECT_EQ(RoundName("01"), "1");
  EXPECT_EQ(RoundName("000"), "0");
  EXPECT_EQ(RoundName("12"), "12");
  EXPECT_EQ(RoundName("final"), "final");
  EXPECT_EQ(RoundName("01b"), "01b");
  Result<League> league = Read(std::string(kHeader) +
                               "forfeits: [{round: '02', by: a, to: [b], reason: x}]\n"
                               "byes: [{round: 003, entrant: c, reason: x}]\n"
                               "withdrawals: [{entrant: d, after_round: '01', reason: x}]\n"
                               "adjustments: [{entrant: a, points: 1, round: '004', reason: x}]\n");
  ASSERT_TRUE(league.has_value()) << league.error().message;
  EXPECT_EQ(league->forfeits[0].round, "2");
  EXPECT_EQ(league->byes[0].round, "3");
  EXPECT_EQ(league->withdrawals[0].after_round, "1");
  EXPECT_EQ(league->adjustments[0].round, "4");
}

TEST(League, EntriesKnowTheirPlaceInTheFile) {
  Result<League> league = Read(std::string(kHeader) +
                               "byes:\n  - {round: 1, entrant: d, reason: x}\n"
                               "  - {round: 2, entrant: c, reason: y}\n");
  ASSERT_TRUE(league.has_value()) << league.error().message;
  EXPECT_EQ(league->byes[1].place.path, "/byes/1");
  EXPECT_EQ(league->byes[1].place.line, 8u);
  EXPECT_EQ(league->byes[1].place.column, 5u);
  EXPECT_EQ(league->records[0].place.path, "/records/0");
  EXPECT_EQ(league->records[0].place.line, 5u);
}

constexpr const char* kPairs =
    "format: referee-league/1\nname: Pairs\ngame: plonk\n"
    "entrants: [{id: a}, {id: b}, {id: c}, {id: d}, {id: e}, {id: f}, {id: g}, {id: h}]\n"
    "partnerships: [{id: ab, players: [a, b]}, {id: cd, players: [c, d]},\n"
    "               {id: ef, players: [e, f]}, {id: gh, players: [g, h]}]\n"
    "records: [records/]\n";

TEST(League, ReadsLotsInBothForms) {
  Result<League> short_form = Read(std::string(kHeader) + "lots: spring-2026\n");
  ASSERT_TRUE(short_form.has_value()) << short_form.error().message;
  ASSERT_TRUE(short_form->lots.has_value());
  EXPECT_EQ(short_form->lots->seed, "spring-2026");
  EXPECT_FALSE(short_form->lots->first_place_only);
  EXPECT_EQ(short_form->lots->place.line, 6u);
  Result<League> map = Read(std::string(kHeader) + "lots: {seed: s, places: first}\n");
  ASSERT_TRUE(map.has_value()) << map.error().message;
  EXPECT_TRUE(map->lots->first_place_only);
  EXPECT_FALSE(Read(kHeader)->lots.has_value());
}

TEST(League, LotsErrorsNameTheirPlace) {
  ExpectFinding(std::string(kHeader) + "lots: {seed: s, places: some}\n", "out-of-range",
                "/lots/places", "expected all or first");
  ExpectFinding(std::string(kHeader) + "lots: {places: all}\n", "missing-key", "/lots", "seed");
  ExpectFinding(std::string(kHeader) + "lots: {seed: s, sead: t}\n", "unknown-key", "/lots/sead",
                "sead");
  ExpectFinding(std::string(kHeader) + "lots: ''\n", "out-of-range", "/lots", "a seed");
}

TEST(League, OpponentsTieBreaksFitGamesWithOpponents) {
  Result<League> league = Read(std::string(kHeader) + "tie_breaks: [buchholz, sonneborn-berger]\n");
  ASSERT_TRUE(league.has_value()) << league.error().message;
  EXPECT_EQ(league->tie_breaks[0].kind, TieBreak::Kind::kOpponentsPoints);
  EXPECT_EQ(league->tie_breaks[1].kind, TieBreak::Kind::kSonnebornBerger);
  // The whole table of a cooperative game is one team: it has no opponents to measure.
  ExpectFinding(
      "format: referee-league/1\nname: Cup\ngame: cahoots\nentrants: [{id: a}, {id: b}]\n"
      "teams: [{id: t, players: [a, b]}]\nrecords: [records/]\ntie_breaks: [buchholz]\n",
      "bad-tie-break", "/tie_breaks/0", "buchholz");
}

TEST(League, ReadsADuplicateEventByDirection) {
  Result<League> league = Read(std::string(kPairs) +
                               "scheme:\n  name: duplicate\n  rank: percentage\n"
                               "  directions: {NS: [ab, cd], EW: [ef, gh]}\n");
  ASSERT_TRUE(league.has_value()) << league.error().message;
  EXPECT_TRUE(league->scheme.rank_by_percentage);
  ASSERT_EQ(league->scheme.directions.size(), 2u);
  EXPECT_EQ(league->scheme.directions[1].name, "EW");
  EXPECT_EQ(league->scheme.directions[1].entrants, (std::vector<std::string>{"ef", "gh"}));
  EXPECT_EQ(league->scheme.directions[1].place.path, "/scheme/directions/EW");
}

TEST(League, DirectionErrorsNameTheirPlace) {
  std::string scheme = "scheme:\n  name: duplicate\n  directions: ";
  ExpectFinding(std::string(kPairs) + scheme + "{NS: [ab, cd], WE: [ef, gh]}\n",
                "unknown-direction", "/scheme/directions/WE", "(NS, EW), found 'WE'");
  ExpectFinding(std::string(kPairs) + scheme + "{NS: [ab, cd], EW: [ef, ab]}\n", "duplicate-entry",
                "/scheme/directions/EW/1", "'ab' in NS and EW");
  ExpectFinding(std::string(kPairs) + scheme + "{NS: [ab, cd], EW: [ef]}\n", "missing-direction",
                "/scheme/directions", "'gh' in none");
  ExpectFinding(std::string(kPairs) + scheme + "{NS: [ab, a], EW: [ef, gh, cd]}\n",
                "unknown-entrant", "/scheme/directions/NS/1", "expected a partnership id");
  ExpectFinding(std::string(kPairs) + "scheme: {name: match-points, rank: percentage}\n",
                "unexpected-key", "/scheme/rank", "only in a duplicate scheme");
  ExpectFinding(std::string(kPairs) + "scheme: {name: duplicate, rank: fastest}\n", "out-of-range",
                "/scheme/rank", "percentage or matchpoints");
}

}  // namespace
}  // namespace referee::league
