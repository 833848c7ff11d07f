// Standings: a league's verified records (and its hand-made entries) turned into ranked tables,
// with the reason for every place (docs/standings.md). Pure: verdicts and records in, values out.
//
// Only valid records count; the others are listed with their first finding. The result does not
// depend on the order of the records: they are sorted by source first, and every sum and every
// comparison is order-free.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "referee/core/finding.h"
#include "referee/core/seeded_deal.h"
#include "referee/record/node.h"
#include "referee/record/record.h"
#include "reports/league.h"
#include "verifier/verdict.h"

namespace referee::reports {

// One side of a verified match as the standings count it: the players sitting in one scoring
// unit ("N" or "NS"), or the whole table of a cooperative game.
struct PlayedSide {
  std::vector<int> actors;  // the record's seat or player index of each of the players
  std::vector<std::string> players;
  int64_t score = 0;
  int place = 0;  // 0-based, shared by equal results (as the game places its sides)
  bool won = false, drew = false;
  std::vector<int64_t> statistics;  // the game's side statistics, in its order
};

// The points of each side on one scored deal of a seeded record, for the duplicate scheme.
struct PlayedBoard {
  int board = 0;
  std::vector<int64_t> points;  // per side, in the order of `sides`
};

// One record as the standings need it: where it came from, its verdict in brief, and what places
// and scores it. The parsed record and its tree are not kept, so a league of many records costs a
// few hundred bytes per record.
struct PlayedRecord {
  std::string source;
  int record_index = 0;
  verifier::Status status = verifier::Status::kValid;
  std::string game;
  std::string reason;  // not valid: the first finding, or the summary of an unfinished match
  std::string round;   // the league's record source first, else `round:` metadata (RoundName)
  std::vector<PlayedSide> sides;        // valid records
  std::string level;                    // the game's level rule option, where it has one
  std::optional<std::string> seed;      // duplicate scheme only
  std::vector<PlayedBoard> boards;      // duplicate scheme only: scored deals, by board
  std::optional<Sha256Digest> content;  // ContentDigest: equal for two copies of one match

  // The players of the record in its order (seats N E S W, or the turn order). Not kept apart
  // from the sides: a league of many records holds every name once per record.
  std::vector<std::string> Players() const;
};

// Builds a PlayedRecord for `league`. `record` is null when the record could not be read;
// `document` is its parsed tree, null when even that failed. A document that is not a record at
// all (not a map with a `format:` key) keeps only its finding's code and place, so a file listed
// by mistake is not quoted in a published report.
PlayedRecord DescribeRecord(const League& league, const verifier::Verdict& verdict,
                            const record::Record* record, const record::Node* document,
                            const std::optional<std::string>& round);

// DescribeRecord for a verified document (null when it could not be parsed): the record is read
// from it, and its content digest kept.
PlayedRecord SummarizeRecord(const League& league, const verifier::Verdict& verdict,
                             const record::Node* document, const std::optional<std::string>& round);

// The SHA-256 of the record in canonical form (record::WriteRecord) without its metadata (id,
// event, date, round, table, ...): the same match written as YAML or JSON, under any name or with
// other metadata, gives the same digest.
Sha256Digest ContentDigest(const record::Record& record);

// Points are kept in twelfths, so that places shared by 2, 3 or 4 entrants split exactly.
inline constexpr int64_t kPointUnit = 12;
std::string FormatPoints(int64_t twelfths);  // "9", "1.5", "0.33"

struct StandingRow {
  std::string entrant;
  std::string name;
  int rank = 0;         // 1-based; entrants that share a place share its number
  bool shared = false;  // the place is shared
  int played = 0, won = 0, drawn = 0, lost = 0;
  int64_t points = 0;  // twelfths
  int64_t score_for = 0;
  int64_t score_against = 0;
  int won_played = 0;  // wins in counted records, not by forfeit: what a mean in wins divides by
  // Per side statistic of the game: its sum over the matches counted, and over those won in play.
  std::vector<int64_t> statistic_totals;
  std::vector<int64_t> statistic_in_wins;
  std::vector<int64_t> by_round;  // cumulative points (twelfths) after each league round
  std::optional<std::string> withdrawn_after;
  // The value of each tie-break as it was applied (head-to-head within the group then level).
  std::vector<std::optional<int64_t>> applied;
};

struct StandingsTable {
  std::string kind;  // "players", "partnerships" or "teams"
  std::vector<StandingRow> rows;
  std::vector<std::string> explanations;  // one per pair of neighbours level on points
};

struct NotCounted {
  std::string source;
  std::string status;  // "invalid", "malformed", "incomplete", "duplicate" or "not counted"
  std::string reason;
};

// Something in the league that is probably a mistake but that a league could have meant: the
// standings are computed as the league file says, and the warning is shown with them.
struct Warning {
  std::string code;  // stable, listed in docs/standings.md
  Place place;       // the league-file entry it concerns; empty path when it is records only
  std::string message;
};

struct Standings {
  std::string league;
  std::string game;
  std::string scheme;  // described for people
  std::vector<TieBreak> tie_breaks;
  // The tie-breaks the tables show as columns: those applied but head-to-head (which depends on
  // the group, so it is only explained), then any the game always shows.
  std::vector<TieBreak> shown_tie_breaks;
  bool shows_draws = false;         // a column of draws: the game is played by partnerships
  std::vector<std::string> rounds;  // in order
  int records_counted = 0;
  std::vector<StandingsTable> tables;
  std::vector<std::string> entries;  // forfeits, byes, withdrawals, adjustments, with reasons
  std::vector<NotCounted> not_counted;
  std::vector<std::string> notes;
  std::vector<Warning> warnings;
};

Standings ComputeStandings(const League& league, std::vector<PlayedRecord> records);

// The value a tie-break shows in tables (head-to-head has none: it depends on the group).
std::optional<int64_t> TieBreakValue(const TieBreak& tie_break, const StandingRow& row);
// A tie-break value for people: "38.5" for a mean in wins (kept in hundredths; "none" without a
// win), else the integer.
std::string FormatTieBreakValue(const TieBreak& tie_break, int64_t value);
// Whether a tie-break's values are hundredths of a mean (written with decimals).
bool IsMeanTieBreak(const TieBreak& tie_break);

}  // namespace referee::reports
