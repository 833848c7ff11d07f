// The sub-commands of the referee program. Each takes its parsed options and the output streams,
// and returns the exit code; main only parses arguments and catches internal errors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "formats/input_format.h"
#include "league/ratings.h"
#include "league/standings.h"
#include "referee/core/finding.h"
#include "referee/record/node.h"

namespace referee::cli {

struct VerifyOptions {
  std::vector<std::string> files;
  std::string output = "text";  // text | json
  std::optional<formats::InputFormat> input;
  bool quiet = false;    // text: nothing for a valid record, no score tables
  unsigned threads = 0;  // 0: every core
};
int RunVerify(const VerifyOptions& options, std::ostream& out, std::ostream& err);

struct ConvertOptions {
  std::string file;
  std::string to = "yaml";  // yaml | json | jsonl
  std::optional<formats::InputFormat> input;
};
int RunConvert(const ConvertOptions& options, std::ostream& out, std::ostream& err);

struct LiveOptions {
  std::optional<std::string> journal;  // the journal file: created, or replayed and continued
};
// Reads the live protocol (docs/live.md) from `in` and answers each line on `out`, flushed.
int RunLive(const LiveOptions& options, std::istream& in, std::ostream& out, std::ostream& err);

struct DealOptions {
  std::string game;
  std::optional<std::string> seed;  // none: draw a fresh secret seed from the OS
  std::string boards = "1";         // "3" or "1-4"
  std::string format = "text";      // text | json
  std::vector<std::string> rules;   // key=value
  int players = 0;                  // turn-order games: also the hands dealt to this many
};
int RunDeal(const DealOptions& options, std::ostream& out, std::ostream& err);

struct GenerateOptions {
  std::string game;
  int count = 1;
  std::string seed;
  std::string bot = "heuristic";  // random | heuristic | mixed
  std::string format = "yaml";    // yaml | json | jsonl
  std::string output;             // a folder (yaml, json) or a file (jsonl); empty: stdout
  std::vector<std::string> rules;
  std::vector<std::string> players;
  int faults = 0;
  bool wrong_claims = false;
};
int RunGenerate(const GenerateOptions& options, std::ostream& out, std::ostream& err);

// `referee standings LEAGUE.yaml` (docs/standings.md).
struct StandingsOptions {
  std::string league;
  std::string format = "text";  // text | markdown | csv | json | html
  std::string output;           // a file; empty or "-": standard output
  std::string check;            // a published standings file (JSON or CSV) to compare with
  std::optional<std::string> after_round;  // the standings as of this round
  unsigned threads = 0;                    // 0: every core
  bool records_anywhere = false;           // league paths may lead outside the league file's folder
  bool allow_uncounted = false;            // exit 0 even when a listed record is not counted
};
int RunStandings(const StandingsOptions& options, std::ostream& out, std::ostream& err);

// What the league commands share: a league file's finding printed compiler style (exit 2), and a
// league's standings computed as `referee standings` computes them (`standings` set on exit 0).
int ReportLeagueFinding(Finding finding, const record::Node* root, const std::string& path,
                        const std::string& text, std::ostream& err);
int LeagueStandings(const std::string& path, unsigned threads, std::ostream& err,
                    std::optional<league::Standings>& standings);

// `referee schedule` (docs/schedule.md): the rounds of an event made into its league file, checked
// (--check), or a random event made (--generate).
struct ScheduleOptions {
  std::string league;
  std::string output;  // a file; empty or "-": standard output
  bool in_place = false;
  bool all = false;    // every round left, where no results are needed
  bool check = false;  // the checker mode
  bool generate = false;
  // Starting a schedule, or generating an event:
  std::string method;
  std::string seed;
  int planned_rounds = 0;
  std::string game;  // --generate
  int entrants = 0;  // --generate
  unsigned threads = 0;
};
int RunSchedule(const ScheduleOptions& options, std::ostream& out, std::ostream& err);

// `referee event verify JOURNAL`, `referee event export --data DIR EVENT OUT` and
// `referee event play --port PORT EVENT REPLY` (docs/serve.md, "A club night").
struct EventOptions {
  bool verify = false;
  bool play = false;    // else export
  std::string journal;  // verify
  std::string data;     // export: the server's data folder
  std::string event;
  std::string output;
  uint16_t port = 0;   // play: the server's port on 127.0.0.1
  std::string tokens;  // play: the reply that gave the seat links
};
int RunEvent(const EventOptions& options, std::ostream& out, std::ostream& err);

// `referee ratings LEAGUE.yaml...` (docs/ratings.md): the players of leagues of one game rated
// from their valid records, league by league in the order given.
struct RatingsOptions {
  std::vector<std::string> leagues;
  std::string format = "text";  // text | markdown | csv | json | html
  std::string output;           // a file; empty or "-": standard output
  std::string check;            // a published ratings file (JSON or CSV) to compare with
  league::RatingParameters parameters;
  unsigned threads = 0;           // 0: every core
  bool records_anywhere = false;  // league paths may lead outside the league file's folder
  bool allow_uncounted = false;   // exit 0 even when a listed record is not counted
};
int RunRatings(const RatingsOptions& options, std::ostream& out, std::ostream& err);

// `referee serve --data DIR` (docs/serve.md): the live referee over HTTP until SIGINT/SIGTERM.
struct ServeOptions {
  std::string data;  // journals, metadata, records and the organiser's token
  std::string address = "127.0.0.1";
  uint16_t port = 8080;  // 0: any free port, printed at start
  int threads = 2;
  std::string organiser_token_file;  // empty: DIR/organiser.token
  double poll_seconds = 25;          // the longest a wait request is held
  double request_seconds = 10;       // a request must arrive whole within this
  size_t max_body_bytes = 65536;
  size_t max_connections = 8192;
  size_t max_connections_per_client = 2048;
  size_t log_segment_kib = 8192;  // the commit log moves on to a new segment past this
  int write_threads = 1;          // rule the requests that write, below the I/O threads' priority
};
int RunServe(const ServeOptions& options, std::ostream& out, std::ostream& err);

}  // namespace referee::cli
