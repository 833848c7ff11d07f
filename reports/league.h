// The league: a season of matches at many tables, as organisers declare it in a league file
// (docs/standings.md). Pure: the file is parsed by formats/ into a Node and read here with the same
// strict field readers as a record, so a bad league file gets the same precise findings.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "referee/core/finding.h"
#include "referee/core/result.h"
#include "referee/record/node.h"

namespace referee::reports {

inline constexpr std::string_view kLeagueFormat = "referee-league/1";

// A player, a partnership (Plonk, Conspiracy) or a table team (Cahoots).
struct Entrant {
  std::string id;
  std::string name;                  // display name; the id when not given
  std::vector<std::string> players;  // partnerships and teams: the player ids
  std::string path;                  // JSON pointer in the league file
};

// Where records are: a file, a folder or a glob, relative to the league file. `round` overrides
// the records' own `round:` metadata.
struct RecordSource {
  std::string path;
  std::optional<std::string> round;
  Place place;  // the entry in the league file: JSON pointer, line and column
};

enum class SchemeKind {
  kPlacement,    // Collusion: placement points per match, shared on ties
  kMatchPoints,  // Plonk, Conspiracy: points for a win, a draw, a loss
  kLevelWins,    // Cahoots: a win is worth the weight of its level
  kDuplicate,    // trick games with seeded boards: matchpoints seat by seat per board
};

struct Scheme {
  SchemeKind kind = SchemeKind::kPlacement;
  std::vector<int> placement = {3, 2, 1, 0};  // kPlacement: points for 1st, 2nd, ...
  int win = 2, draw = 1, loss = 0;            // kMatchPoints
  // kLevelWins: the weight of a win at each Cahoots level.
  std::vector<std::pair<std::string, int>> level_weights = {
      {"beginner", 1}, {"normal", 2}, {"expert", 3}, {"insane", 4}};
};

// The closed set of tie-breaks (docs/standings.md describes each).
enum class TieBreak {
  kWins,
  kTotalScore,
  kPointDifference,
  kHeadToHead,
  kGoalsCompleted,
  kFewestTurns,
  kCallsMade,
  kMatchesPlayed,
};
std::string_view TieBreakName(TieBreak tie_break);
const std::vector<std::string>& TieBreakNames();

// Decisions the organisers record by hand, each with its reason.
struct Forfeit {
  std::string round;
  std::string by;               // the entrant that forfeited: a loss
  std::vector<std::string> to;  // credited with a win; may be empty
  std::string reason;
  Place place;
};
struct Bye {
  std::string round;
  std::string entrant;
  std::optional<int> points;  // default: the scheme's points for a win
  std::string reason;
  Place place;
};
struct Withdrawal {
  std::string entrant;
  std::string after_round;  // results up to this round stand; later records are not counted
  std::string reason;
  Place place;
};
struct Adjustment {
  std::string entrant;
  int points = 0;                    // may be negative
  std::optional<std::string> round;  // for the chart; the last round when not given
  std::string reason;
  Place place;
};

struct League {
  std::string name;
  std::string game;  // a registered game name
  std::vector<Entrant> players;
  std::vector<Entrant> partnerships;  // Plonk, Conspiracy
  std::vector<Entrant> teams;         // Cahoots
  std::vector<RecordSource> records;
  Scheme scheme;
  std::vector<TieBreak> tie_breaks;
  std::vector<Forfeit> forfeits;
  std::vector<Bye> byes;
  std::vector<Withdrawal> withdrawals;
  std::vector<Adjustment> adjustments;
};

// Reads a league file's tree. The first problem is a Malformed finding naming its JSON pointer.
// Besides the shape of each key, the entries must agree with each other: no self-forfeit, one bye
// per entrant and round, no bye in a round the entrant has a forfeit in, one withdrawal per
// entrant, each tie-break once, and in a Cahoots league entries name teams.
Result<League> ReadLeague(const record::Node& root);

// A round's name as the standings use it: rounds written as digits are numbers, so "01" and "1"
// are one round, named "1". Other names are kept as written.
std::string RoundName(std::string_view text);

// The players an entry naming `id` stands for: a player itself, or a partnership's or team's
// players. Empty for an id that is not an entrant.
std::vector<std::string> PlayersOf(const League& league, const std::string& id);

// The scheme and tie-breaks a game gets when the league file names none.
Scheme DefaultScheme(std::string_view game);
std::vector<TieBreak> DefaultTieBreaks(std::string_view game, SchemeKind scheme);

}  // namespace referee::reports
