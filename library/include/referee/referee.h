// referee as a library: verify game records, referee a match one event at a time, compute league
// standings, from C++ (docs/library.md). This header is the whole installed API: its types are
// plain values, independent of referee's internals, and stay stable within a major version.
//
//   #include <referee/referee.h>
//   referee::api::Verdict verdict = referee::api::Verify(text, "game.yaml");
//   if (verdict.status != "valid") ...
//
// Nothing here throws for bad input: an unreadable record is a verdict with status "malformed",
// a bad live line gets a rejection, a bad league file gives a Standings whose `error` says why.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#if defined(REFEREE_API_BUILDING)
#define REFEREE_API __attribute__((visibility("default")))
#else
#define REFEREE_API
#endif

namespace referee::api {

// The library's version ("0.1.0") and the version of the verdict JSON it writes
// ("referee-verdict/1", docs/json-output.md).
REFEREE_API std::string Version();
REFEREE_API std::string VerdictFormat();

// Where a finding is: the JSON pointer into the record (the same for its YAML and JSON forms), the
// line and column in the text given (0 when unknown), and the place in the game (0 or empty where
// it does not apply).
struct Place {
  std::string path;
  uint32_t line = 0;
  uint32_t column = 0;
  int deal = 0;
  int trick = 0;
  int turn = 0;
  std::string actor;  // a seat ("E") or a player's name
  std::string card;
};

// A typed value: a whole number, or words (the units sharing a win, "draw", "win", a card, a
// seat). The JSON verdict writes a number as a number and words as one string, "S W".
struct Value {
  std::optional<int64_t> number;   // set for a number
  std::vector<std::string> words;  // otherwise
};

struct Finding {
  std::string code;      // stable: docs/findings.md
  std::string severity;  // "malformed", "error" or "note"
  Place place;
  std::string message;  // "expected X, found Y"
  // X and Y as values, where the finding compares two (a claim with its recomputed score, the
  // seat due with the seat that played).
  std::optional<Value> expected;
  std::optional<Value> found;
};

// A statistic of a deal or a side under the name its game gives it ("tricks", "goals").
struct Statistic {
  std::string name;
  std::vector<int64_t> values;  // a deal's: one per scoring unit; a side's: one
};

struct DealScore {
  int deal = 0;
  int board = 0;            // the board its cards came from (a seeded deal's), else the deal
  std::vector<int> points;  // one per scoring unit, in the order of Verdict::units
  std::string label;
  bool void_deal = false;  // not scored: an illegal event stopped its check
  std::vector<Statistic> statistics;
};

// A fact of the result under the key a claimed `result:` uses ("NS", "winner", "goals").
struct Fact {
  std::string key;
  Value value;
};

// One side of the match as a league ranks it: a seat, a partnership or the whole table.
struct Side {
  std::vector<int> actors;  // its seats (N=0 .. W=3) or players, by index in the record
  int64_t total = 0;
  int place = 1;  // 1-based; equal results share a place
  bool won = false;
  bool drew = false;
  std::vector<Statistic> statistics;
};

struct Verdict {
  std::string source;  // the name given, with "#N" for the N-th record of a stream
  int record = 1;      // 1-based position in its text
  std::string status;  // "valid", "invalid", "incomplete" or "malformed"
  std::string game;    // empty when the record could not be read that far
  std::vector<Finding> findings;
  int events_checked = 0;
  int events_unchecked = 0;
  std::vector<std::string> units;  // the scoring units: seats, partnerships or a team
  std::vector<DealScore> deals;
  std::vector<int> totals;
  bool over = false;        // the match finished
  std::string summary;      // "N wins with 104"
  std::vector<Fact> facts;  // the result, in the keys a record claims it with
  std::vector<Side> sides;
  // The verdict as `referee verify --format json` writes it: one line, no line break.
  std::string json;
};

// Verifies a record given as text: YAML, JSON, or JSON Lines (recognised from its first bytes).
// One verdict per record: one for JSON, one per YAML document (documents separated by `---`, named
// NAME#1, NAME#2... when there are several), one per line for JSON Lines. `name` names the text
// in the verdicts.
REFEREE_API std::vector<Verdict> Verify(std::string_view text, std::string_view name = "record");

// One match refereed live, as `referee live` does (docs/live.md), one JSON line at a time: the
// first line is the header, then events, `view` and `legal` requests. Every line gets exactly one
// reply (a JSON object, as text). Nothing is written anywhere: keeping the accepted events is the
// caller's business (Record() holds them).
class REFEREE_API LiveTable {
 public:
  LiveTable();
  ~LiveTable();
  LiveTable(LiveTable&&) noexcept;
  LiveTable& operator=(LiveTable&&) noexcept;

  std::string Handle(std::string_view line);
  // Whether a header was accepted, and whether the match is over.
  bool Started() const;
  bool Over() const;
  // The record of the accepted events, as canonical YAML; empty before a header is accepted.
  std::string Record() const;
  // What `referee verify` says of that record.
  std::optional<api::Verdict> Verdict() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// A record for the standings: its text and the name the league file lists it under (or any name,
// with the round given here).
struct RecordText {
  std::string name;
  std::string text;
  std::optional<std::string> round;
};

struct Standings {
  std::string error;   // why the league file or a record could not be used; empty when fine
  std::string output;  // the standings, in the format asked for
};

// League standings (docs/standings.md) from a league file's text and the records' texts, in one
// of the formats of `referee standings --format`: "text", "markdown", "csv", "json" or "html".
REFEREE_API Standings ComputeStandings(std::string_view league_yaml,
                                       const std::vector<RecordText>& records,
                                       std::string_view format = "json");

}  // namespace referee::api
