// Standings: a league's verified records (and its hand-made entries) turned into ranked tables,
// with the reason for every place (docs/standings.md). Pure: verdicts and records in, values out.
//
// Only valid records count; the others are listed with their first finding. The result does not
// depend on the order of the records: they are sorted by source first, and every sum and every
// comparison is order-free.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "league/league.h"
#include "referee/core/finding.h"
#include "referee/core/seeded_deal.h"
#include "referee/games/registry.h"
#include "referee/record/node.h"
#include "referee/record/record.h"
#include "verifier/verdict.h"

namespace referee::league {

// A record's players' names in one string, each after its length: a league keeps the names of
// every record, and four names in a list took 168 bytes and five allocations, in one string 32
// bytes and at most one.
class PlayerNames {
 public:
  PlayerNames() = default;
  explicit PlayerNames(const std::vector<std::string>& names);
  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  std::vector<std::string> All() const;
  bool operator==(const PlayerNames&) const = default;

 private:
  std::string packed_;  // each name as its length (7 bits a byte, low first), then its bytes
  size_t count_ = 0;
};

// One side of a verified match as the standings count it: the players sitting in one scoring
// unit ("N" or "NS"), or the whole table of a cooperative game.
// Its players are the record's (PlayedRecord::SidePlayers): a league keeps each name once per
// record, not once more per side in a list of its own.
// 16 bytes, kept for every side of every record of a league.
struct PlayedSide {
  int64_t score = 0;
  uint32_t seats =
      0;  // bit i: the record's seat or player i sits on this side (games::kMostPlayers)
  uint16_t place = 0;  // 0-based, shared by equal results (as the game places its sides)
  bool won = false, drew = false;
};

// The points of each side on one scored deal of a seeded record, for the duplicate scheme.
struct PlayedBoard {
  int board = 0;
  std::vector<int64_t> points;  // per side, in the order of `sides`
};

// A seeded record's scored deals, for the duplicate scheme.
struct PlayedDeals {
  std::string seed;
  std::vector<PlayedBoard> boards;  // by board
};

// One record as the standings need it: where it came from, its verdict in brief, and what places
// and scores it. The parsed record and its tree are not kept, so a league of many records costs a
// few hundred bytes per record: every byte of this struct is paid once a record (docs/standings.md,
// "Memory"), so what most records lack is held by pointer.
struct PlayedRecord {
  std::string source;
  int record_index = 0;
  // The league file's entry that lists it (an index into League::records; -1 when unknown) and
  // how specific that entry is (ListedFile::specificity): the copy of a match that the most
  // specific entry lists is the one counted, with its round.
  int entry = -1;
  uint32_t specificity = 0;
  verifier::Status status = verifier::Status::kValid;
  // The record's game; null when the record could not be read as one (it is then not valid).
  const games::GameDescriptor* game = nullptr;
  std::string round;  // the league's record source first, else `round:` metadata (RoundName)
  // Valid records: the players in the record's order (seats N E S W, or the turn order), and the
  // sides they sat on.
  PlayerNames players;
  std::vector<PlayedSide> sides;
  // The game's side statistics, in its order, side after side: one list for the record rather
  // than one for each side (SideStatistics).
  std::vector<int64_t> statistics;
  // The game's level rule option, where it has one: one of the words its descriptor allows, so a
  // record points at it rather than keeping a copy (Level()).
  const std::string* level = nullptr;
  // Duplicate scheme only, and only for a seeded record. Shared by copies, never changed.
  std::shared_ptr<const PlayedDeals> deals;
  std::optional<Sha256Digest> content;  // ContentDigest: equal for two copies of one match
  // SHA-256 of the record's text as read (a file's bytes, or one line of a JSON Lines stream):
  // what the standings' provenance digest covers. None when the text was not given. Beside
  // `content`: two 33-byte optionals in a row share their padding.
  std::optional<Sha256Digest> text_digest;

  // Not valid: the first finding, or the summary of an unfinished match; and the record's
  // `table:` metadata, for people. Most records have neither: they are kept out of line.
  const std::string& Reason() const;
  const std::string& Table() const;
  const std::string& Level() const;
  void SetReason(std::string reason);
  void SetTable(std::string table);
  // The deals of the record the director voided (a league's `voids:` that reached it, by the
  // record's `id:`): the record's sides and deals leave them out.
  const std::string& Id() const;
  const std::vector<int>& VoidedDeals() const;
  void SetVoided(std::string id, std::vector<int> deals);

  // The players of side `side`, in the record's order.
  std::vector<std::string> SidePlayers(size_t side) const;
  // The statistics of side `side`, in the game's order.
  std::span<const int64_t> SideStatistics(size_t side) const;

 private:
  struct Texts {
    std::string reason;
    std::string table;
    std::string id;  // only where deals were voided
    std::vector<int> voided;
  };
  Texts& EditTexts();                   // a copy of its own, made if shared
  std::shared_ptr<const Texts> texts_;  // null while both are empty
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
// `text` is the record's text as read, for the provenance digest (PlayedRecord::text_digest).
PlayedRecord SummarizeRecord(const League& league, const verifier::Verdict& verdict,
                             const record::Node* document, const std::optional<std::string>& round,
                             std::optional<std::string_view> text = std::nullopt);

// The SHA-256 of the record in canonical form (record::WriteRecord) without its metadata (id,
// event, date, round, table, ...): the same match written as YAML or JSON, under any name or with
// other metadata, gives the same digest.
Sha256Digest ContentDigest(const record::Record& record);

// Points are kept as whole units of 1/55440 of a point (2 x 3 x 4 x ... x 11 x 12's least common
// multiple, doubled): places shared by 2, 3 or 4 entrants split exactly, and so do matchpoints
// scaled by Neuberg's formula for boards played at up to 12 tables, and their halves
// (Sonneborn-Berger).
inline constexpr int64_t kPointUnit = 55440;
std::string FormatPoints(int64_t units);  // "9", "1.5", "0.33"
// A place in words: "1st", "2nd", "3rd", "11th".
std::string Ordinal(int n);

// What one entrant met in one round, for the cross-table: a match it played, or an entry of the
// league file (a forfeit, a bye, an adjustment, a withdrawal). An entrant has one per match, so a
// league holds one per player per record: a match's meeting keeps numbers only (what it says in
// words, its round and opponents, is read from its record), small fields share their padding, and
// what only an entry has is kept apart.
struct Meeting {
  enum class Kind : uint8_t { kMatch, kForfeitWon, kForfeitLost, kBye, kAdjustment, kWithdrawal };
  enum class Outcome : uint8_t { kNone, kWon, kDrew, kLost };
  // An entrant of this standings table on another side, and in a match the place it took
  // (0-based, as `place`).
  struct Opponent {
    std::string entrant;
    int place = 0;
  };
  // What an entry of the league file says: its round, the opponents a forfeit names and the
  // reason, kept once in Standings::meeting_entries for every entrant it applies to. A match has
  // none: its round is its record's and its opponents are the record's other sides (RoundOf,
  // OpponentsOf).
  struct Entry {
    std::string round;
    std::vector<Opponent> opponents;
    std::string reason;
  };
  Kind kind = Kind::kMatch;
  bool shared_place = false;  // kMatch: another side has the same place
  Outcome outcome = Outcome::kNone;
  // kMatch: the record (an index into Standings::records: its source, `table:` and level are
  // not copied into every meeting) and the side (an index into Standings::side_names).
  int record = -1;
  int side = -1;
  int place = 0;       // kMatch: 0-based, as the game placed the sides
  int sides = 0;       // kMatch: how many sides the match had
  int entry = -1;      // entries only: an index into Standings::meeting_entries
  int64_t points = 0;  // units: the points it gave (matchpoints under duplicate)
};
std::string_view MeetingKindName(Meeting::Kind kind);  // "match", "forfeit-won", ...

// An entrant's place after one round: the standings as `--after-round` that round gives them.
struct RoundRank {
  int rank = 0;
  bool shared = false;
  bool operator==(const RoundRank&) const = default;
};

struct StandingRow {
  std::string entrant;
  std::string name;
  int rank = 0;         // 1-based; entrants that share a place share its number
  bool shared = false;  // the place is shared
  int played = 0, won = 0, drawn = 0, lost = 0;
  // Games of more than two sides: the matches finished in each place (0 the first), a shared place
  // under the place it shares; a forfeit as a first place for those it went to and as the last
  // place for the side that gave it.
  std::vector<int> placings;
  int64_t points = 0;  // units (kPointUnit)
  int64_t score_for = 0;
  int64_t score_against = 0;
  int won_played = 0;  // wins in counted records, not by forfeit: what a mean in wins divides by
  // Per side statistic of the game: its sum over the matches counted, and over those won in play.
  std::vector<int64_t> statistic_totals;
  std::vector<int64_t> statistic_in_wins;
  std::vector<int64_t> by_round;         // cumulative points (units) after each league round
  std::vector<RoundRank> rank_by_round;  // the place after each league round
  std::optional<std::string> withdrawn_after;
  // The value of each tie-break as it was applied (head-to-head within the group then level).
  std::vector<std::optional<int64_t>> applied;
  // Duplicate: the tops (units) of the boards the entrant's matchpoints came from; the percentage
  // is points / tops.
  int64_t tops = 0;
  // Opponents' strength (docs/standings.md): the sum of the opponents' points, and of those beaten
  // plus half of those met level (units).
  int64_t opponents_points = 0;
  int64_t sonneborn_berger = 0;
  // The entrant's lot (DrawLot), when a drawing of lots separated it from entrants still level.
  std::optional<Sha256Digest> lot;
  std::vector<Meeting> meetings;  // in round order, then as they happened
};

// The percentage of the tops an entrant's matchpoints make, in hundredths (5833 for 58.33%,
// rounded half up); none without a board.
std::optional<int64_t> PercentageHundredths(const StandingRow& row);
// Hundredths as a number for people: "58.33", "58.3", "-2".
std::string FormatHundredths(int64_t hundredths);

struct StandingsTable {
  std::string kind;  // "players", "partnerships" or "teams"
  std::vector<StandingRow> rows;
  std::vector<std::string> explanations;  // one per pair of neighbours level on points
  std::string direction;  // a duplicate event run by direction: the direction ranked ("NS")

  std::string Title() const { return direction.empty() ? kind : kind + " " + direction; }
};

// Duplicate: every table's result on one board, each side (direction) compared with the same
// side at the other tables (bridge's traveller).
struct TravellerLine {
  std::string source;
  std::string table;  // the record's `table:` metadata
  std::string round;
  std::vector<std::string> entrants;  // per side: who sat there (a partnership, or players)
  std::vector<int64_t> scores;        // per side
  std::vector<int64_t> matchpoints;   // per side, units, after Neuberg's formula
};
struct Traveller {
  std::string seed;
  int board = 0;
  int tables = 0;    // the tables that played it
  int expected = 0;  // the most tables any board of its seed was played at
  int64_t top = 0;   // units: a top on this board, 2 x (expected - 1) matchpoints
  std::vector<std::string> directions;  // the sides' names ("NS", "EW")
  std::vector<TravellerLine> lines;
};

// Where the standings come from, so that a published page can be re-derived and checked: the
// program, and SHA-256 digests of the league file and of each counted record's text
// (docs/standings.md, "Provenance").
struct Provenance {
  std::string referee;                 // "referee 0.1.0"
  std::optional<Sha256Digest> league;  // the league file's bytes
  // The records counted, by source: indices into Standings::records, whose text_digest each
  // record's digest is.
  std::vector<size_t> records;
  // InputsDigest of the above; none when a digest is unknown.
  std::optional<Sha256Digest> inputs;
};

// The digest over a league file and the records counted: SHA-256 of the text
// "league <hex>\n" followed by "record <hex>\n" for each record, sorted.
Sha256Digest InputsDigest(const Sha256Digest& league, std::vector<Sha256Digest> records);

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
  std::optional<Lots> lots;  // the drawing of lots after the last tie-break
  // The tie-breaks the tables show as columns: those applied but head-to-head (which depends on
  // the group, so it is only explained), then any the game always shows.
  std::vector<TieBreak> shown_tie_breaks;
  bool shows_draws = false;  // a column of draws: the game is played by partnerships
  // Games of more than two sides: the tables show the matches finished in each place (1st, 2nd,
  // ...) rather than won and lost; the number of places, else 0.
  int placings = 0;
  bool duplicate = false;                  // matchpoints: a percentage column and travellers
  bool rank_by_percentage = false;         // duplicate ranked by percentage, not matchpoints
  std::vector<std::string> rounds;         // in order, up to after_round
  std::vector<std::string> season_rounds;  // every round of the season, in order
  std::optional<std::string> after_round;  // the standings as of this round
  int later_records = 0;                   // records of rounds after after_round, left out
  int records_counted = 0;
  std::vector<StandingsTable> tables;
  std::vector<std::string> entries;  // forfeits, byes, withdrawals, adjustments, with reasons
  std::vector<NotCounted> not_counted;
  std::vector<std::string> notes;
  std::vector<Warning> warnings;
  // A contradiction found only once the records were read (CountedRecords::conflict): the league
  // file is in error, as for one file listed by two entries.
  std::optional<Finding> league_error;
  std::vector<Traveller> travellers;  // duplicate: by seed and board
  Provenance provenance;
  // Every record given, sorted by source: the meetings and the provenance refer to them. They are
  // kept, not copied, so that a league of many records holds its cross-table at a few bytes each.
  std::vector<PlayedRecord> records;
  std::vector<std::string> side_names;  // the game's scoring units ("N", "NS"): Meeting::side
  std::vector<Meeting::Entry> meeting_entries;  // what the entries' meetings say: Meeting::entry
  // The league's partnerships and teams: whom a match's other sides are in those tables.
  std::vector<Entrant> partnerships;
  std::vector<Entrant> teams;
};

// A match meeting's record, or null for an entry; its seat ("N", "NS"; empty where the game has
// none).
const PlayedRecord* RecordOf(const Standings& standings, const Meeting& meeting);
std::string SeatOf(const Standings& standings, const Meeting& meeting);
// A match meeting's score, where the game keeps one (the side's total), and the other sides'
// totals in side order; read from its record.
std::optional<int64_t> ScoreOf(const Standings& standings, const Meeting& meeting);
std::vector<int64_t> OtherScoresOf(const Standings& standings, const Meeting& meeting);
// A meeting's round (its record's for a match) and an entry's reason (empty for a match).
const std::string& RoundOf(const Standings& standings, const Meeting& meeting);
const std::string& ReasonOf(const Standings& standings, const Meeting& meeting);
// Whom a meeting of `table` was against: for a match, the entrants of the table on its record's
// other sides, in side order, with their places; for an entry, those it names.
std::vector<Meeting::Opponent> OpponentsOf(const Standings& standings, const StandingsTable& table,
                                           const Meeting& meeting);
std::vector<std::string> OpponentIdsOf(const Standings& standings, const StandingsTable& table,
                                       const Meeting& meeting);

struct StandingsOptions {
  // The standings as of this round: only records, forfeits, byes, adjustments and withdrawals of
  // rounds up to it count (docs/standings.md, "Standings as of a round").
  std::optional<std::string> after_round;
  std::string referee;                        // the program, for the provenance: "referee 0.1.0"
  std::optional<Sha256Digest> league_digest;  // of the league file's bytes
};

Standings ComputeStandings(const League& league, std::vector<PlayedRecord> records,
                           const StandingsOptions& options = {});

// The records that count, each once, in a stable order (by source), for the standings and for
// any other report over a league's results (ratings): valid, of the league's game and entrants,
// not a later copy of a counted match, not after a withdrawal, and of a round up to
// `after_round` when one is given. `records` must outlive the result.
struct CountedRecords {
  std::vector<const PlayedRecord*> counted;
  std::vector<NotCounted> not_counted;     // records of rounds after `after_round` are left out
  std::vector<std::string> season_rounds;  // of every counted record and entry, in order
  int later_records = 0;                   // records of rounds after `after_round`
  // `conflicting-rounds`: copies of one match listed by equally specific entries that give them
  // different rounds. The league file does not say which round the match counts for.
  std::optional<Finding> conflict;
};
void SortRecords(std::vector<PlayedRecord>& records);  // the order CountRecords expects
CountedRecords CountRecords(const League& league, const std::vector<PlayedRecord>& records,
                            const std::optional<std::string>& after_round = std::nullopt);

// Round names in season order: integers by value first, then other names alphabetically.
bool RoundBefore(const std::string& a, const std::string& b);
// The value a tie-break shows in tables (head-to-head has none: it depends on the group).
std::optional<int64_t> TieBreakValue(const TieBreak& tie_break, const StandingRow& row);
// A tie-break value for people: "38.5" for a mean in wins (kept in hundredths; "none" without a
// win), else the integer.
std::string FormatTieBreakValue(const TieBreak& tie_break, int64_t value);
// Whether a tie-break's values are hundredths of a mean (written with decimals).
bool IsMeanTieBreak(const TieBreak& tie_break);
// Whether a tie-break's values are points (units), written as points are.
bool IsPointsTieBreak(const TieBreak& tie_break);

}  // namespace referee::league
