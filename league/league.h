// The league: a season of matches at many tables, as organisers declare it in a league file
// (docs/standings.md), and its vocabulary (the schemes' and tie-breaks' names, the defaults a game
// gets, round names). Pure: league_file.h reads a league file's tree into it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "referee/core/finding.h"
#include "referee/games/registry.h"
#include "verifier/verifier.h"

namespace referee::league {

inline constexpr std::string_view kLeagueFormat = "referee-league/1";

// A player, a partnership (games played in partnerships) or a team (cooperative games, where the
// whole table plays together).
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

using SchemeKind = games::SchemeKind;

// A duplicate event run by direction (bridge's Mitchell movement): each entrant keeps one
// direction, and each direction is ranked on its own.
struct Direction {
  std::string name;                   // one of the game's scoring units ("NS", "EW", "N", ...)
  std::vector<std::string> entrants;  // partnerships where the league has them, else players
  Place place;                        // its key in the league file
};

// Every scheme with its name as league files write it ("placement", "match-points", ...).
const std::vector<std::pair<SchemeKind, std::string>>& SchemeNames();

struct Scheme {
  SchemeKind kind = SchemeKind::kPlacement;
  std::vector<int> placement = {3, 2, 1, 0};  // kPlacement: points for 1st, 2nd, ...
  int win = 2, draw = 1, loss = 0;            // kMatchPoints
  // kLevelWins: the weight of a win at each level (the game's LeagueTraits::level_weights unless
  // the league file sets them).
  std::vector<std::pair<std::string, int>> level_weights;
  // kDuplicate: rank by the percentage of the tops (points / tops) instead of matchpoints, and the
  // directions when the event ran by direction (none: one ranking).
  bool rank_by_percentage = false;
  std::vector<Direction> directions;
};

// The drawing of lots that separates entrants still level after the last tie-break
// (docs/standings.md, "Drawing of lots"): reproducible from the declared seed.
struct Lots {
  std::string seed;
  bool first_place_only = false;  // `places: first`: only a shared first place is drawn
  Place place;                    // the `lots:` key in the league file
};

// A tie-break (docs/standings.md describes each): one of the standings' own, or one a game
// declares on a statistic of its sides (games::LeagueTraits::statistic_tie_breaks).
struct TieBreak {
  using Kind = games::TieBreakKind;
  using Measure = games::StatisticTieBreak::Measure;

  Kind kind = Kind::kWins;
  std::string name;  // as league files write it: "wins", "goals-completed"
  // kStatistic: the index of the side statistic it reads (-1 when the game has none of that
  // name), how it measures it, and whether fewer is better.
  int statistic = -1;
  Measure measure = Measure::kTotal;
  bool fewer_is_better = false;

  bool operator==(const TieBreak&) const = default;
};
std::string_view TieBreakName(const TieBreak& tie_break);
// Every tie-break name a league file may write: the standings' own, then every game's own.
std::vector<std::string> TieBreakNames();
// The tie-break `name` stands for in a league of `game`; none for a name TieBreakNames() lacks.
// A name the game does not measure is still returned (CheckFit refuses it with its place).
std::optional<TieBreak> TieBreakNamed(std::string_view name, const games::GameDescriptor& game);

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

// A deal the director voided after it was played (docs/standings.md, "Voided deals"): the record
// named by its `id:` is counted with that deal not scored.
struct DealVoid {
  std::string record;  // the record's `id:`
  int deal = 0;        // 1-based
  std::string reason;
  Place place;
};

struct League {
  std::string name;
  std::string game;                                   // a registered game name
  const games::GameDescriptor* descriptor = nullptr;  // that game
  std::vector<Entrant> players;
  std::vector<Entrant> partnerships;  // games played in partnerships
  std::vector<Entrant> teams;         // cooperative games
  std::vector<RecordSource> records;
  Scheme scheme;
  std::vector<TieBreak> tie_breaks;
  std::optional<Lots> lots;
  std::vector<Forfeit> forfeits;
  std::vector<Bye> byes;
  std::vector<Withdrawal> withdrawals;
  std::vector<Adjustment> adjustments;
  std::vector<DealVoid> voids;
};

// A round's name as the standings use it: rounds written as digits are numbers, so "01" and "1"
// are one round, named "1". Other names are kept as written.
std::string RoundName(std::string_view text);

// Whether `id` is one of the league's players (not a partnership or a team).
bool IsPlayer(const League& league, const std::string& id);

// The players an entry naming `id` stands for: a player itself, or a partnership's or team's
// players. Empty for an id that is not an entrant.
std::vector<std::string> PlayersOf(const League& league, const std::string& id);

// The entrants a league ranks in its first table: its teams, its partnerships, or its players.
const std::vector<Entrant>& RankedEntrants(const League& league);

// The league's voids in the form the verifier takes them (verifier::VerifyDocument).
verifier::DirectorVoids VoidsByRecord(const League& league);

// The scheme and tie-breaks a game gets when the league file names none.
Scheme DefaultScheme(const games::GameDescriptor& game);
std::vector<TieBreak> DefaultTieBreaks(const games::GameDescriptor& game, SchemeKind scheme);

}  // namespace referee::league
