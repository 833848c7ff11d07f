// The registry: one explicit table of the games referee knows. Adding a game adds its folder and
// one line in registry.cpp; a meta-test checks that the folder, the table, the tests and the
// samples agree.
#pragma once

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "referee/core/bot.h"
#include "referee/core/match.h"
#include "referee/core/result.h"
#include "referee/core/rule_options.h"
#include "referee/games/league_traits.h"
#include "referee/record/document.h"
#include "referee/record/node.h"
#include "referee/record/record.h"

namespace referee::games {

enum class PlayerShape {
  kFourSeats,  // players: {N: ..., E: ..., S: ..., W: ...}
  kTurnOrder,  // players: [first, second, ...]
};

// Where a live line comes from. A seat's line is answered to that seat, so it may not claim what
// the seat cannot see (a Cahoots draw, goals the turn completes): any answer to such a claim,
// accepted or refused, would tell the seat hidden cards. A journal's line was accepted once and
// is replayed without an answer; journals written before those claims were refused may hold them.
enum class LineSource { kSeat, kJournal };

// What the live referee (live/, docs/live.md) needs from a game: its event lines and its views.
// The readers and writers are the record body's own, so a live line and a record entry mean the
// same thing.
struct LiveHooks {
  // The body key a live session fills event by event ("deals", "turns"). A live header leaves it
  // out; it may give the rest of the body (Cahoots: deck, goals), which sets the table at once.
  std::string events_key;
  // Reads one event line, e.g. {"event": "play", "seat": "E", "card": "QH"}. What the rules
  // determine and the line leaves out (the seat to play, the dealer of a seeded deal, the deal
  // number) is filled in from `next`, so the event is complete and can be journaled as it is.
  Result<Event> (*read_event)(record::Value line, const record::Record& header, const ToAct& next,
                              LineSource source) = nullptr;
  // The canonical line of an event (the journal's form); read_event reads it back unchanged.
  record::Node (*write_event)(const Event& event, const record::Record& header) = nullptr;
  // A record's event as a seat would send it live: without what a seat may not claim (what it
  // drew, the goals it completed: the referee works them out); none for an entry that is not a
  // line of its own (the end of a record's deal, a table the header sets up).
  std::optional<Event> (*seat_line)(const Event& event) = nullptr;
  // A View as a map: the actor's own hand and what is public, nothing else.
  record::Node (*write_view)(const View& view, const record::Record& header) = nullptr;
  // A view written by write_view read back, by a client that plays from it (`header` as
  // record::ReadRecordHeader reads the public header): everything but the score totals, which
  // no player chooses a move by.
  Result<View> (*read_view)(record::Value view, const record::Record& header) = nullptr;
  // The server's clock in a seat's line (docs/serve.md, "Time"): the times a line carries are
  // the server's, never the client's. Given a seat's line (its `event` is `kind`), the seat or
  // player posting it, what the match awaits, when that began and now (milliseconds since the
  // table was made), the line with the server's times written in, or a finding when the seat
  // may not post such a line now. None: the game times nothing, and lines go as they are.
  Result<record::Node> (*stamp_line)(record::Node line, std::string_view kind, int actor,
                                     const ToAct& next, int64_t phase_started_ms,
                                     int64_t now_ms) = nullptr;
  // A table played with real cards whose hands nobody entered (docs/serve.md, "Hands unknown"):
  // the `deal` line of deal `deal` (1-based) with hands that agree with `lines`, the deal's event
  // lines after it so far, or the finding that no hands can (a revoke the cards show). None: the
  // game's hands cannot be learnt from its play.
  Result<record::Node> (*deal_from_play)(const record::Record& header, int deal,
                                         const std::vector<record::Node>& lines) = nullptr;
  // The header keys no seat may see before the match is over, beside `seed`: what deals the
  // cards (a pack order, the goal pile). The public header of a table leaves them out.
  std::vector<std::string> hidden_keys;
  // The members of a view (write_view) that are the actor's own: its name or seat and the cards
  // it holds or is shown. What every actor's view has alike is public, except these: actors may
  // hold the same cards (Cahoots' pack has two of each), and the scorer must not learn them then.
  std::vector<std::string> own_view_keys;
};

// A statistic a game keeps, per deal (for each scoring unit) or per side of a match, under the
// name the outputs write ("tricks", "calls-made", "goals", "turns").
struct StatisticSpec {
  std::string name;
  std::string description;  // for people: "deals in which the side called and took its call"
};

// A rule break the generator can inject into a valid record (`referee generate --faults`), with
// the finding the verifier must then report first.
struct InjectedFault {
  std::string fault;  // the kind: "revoke", "out-of-turn", ...
  std::string code;   // the finding code expected first: "revoke", "card-not-in-hand", ...
  std::string path;   // its JSON pointer: "/deals/2/tricks/4/1"
};
struct FaultSpec {
  std::string name;
  std::string description;  // what is changed and what the verifier must say
  // Edits `record` (read back from its written tree, so its events carry their paths) with one
  // such fault at a position drawn from `rng`; nothing when the record has no place for it.
  // `setup` is the record's match set-up, for a replay that says who played what.
  std::optional<InjectedFault> (*inject)(record::Record& record, const MatchSetup& setup,
                                         std::mt19937_64& rng) = nullptr;
};

// The most players a game may seat: a league's summary of a record keeps a side's players as the
// bits of one 32-bit word, for every record of the league.
inline constexpr int kMostPlayers = 32;

struct GameDescriptor {
  std::string name;    // as written in records: "collusion"
  std::string title;   // "Collusion (David Parlett)"
  std::string source;  // where the rules come from
  std::vector<OptionSpec> options;
  PlayerShape player_shape = PlayerShape::kFourSeats;
  int min_players = 4;
  int max_players = 4;                   // at most kMostPlayers
  std::vector<std::string> body_keys;    // top-level keys of the body, e.g. {"deals"}
  std::vector<std::string> result_keys;  // keys a claimed result may use
  std::vector<std::string> score_units;  // deal-claim keys ("N".."W" or "NS", "EW")
  // What the actors are called in messages and outputs: "seat" or "player".
  std::string actor_noun = "seat";
  // The statistics kept per deal (ScoreSheet::Row::statistics) and per side of the match
  // (SideResult::statistics), in order.
  std::vector<StatisticSpec> deal_statistics;
  std::vector<StatisticSpec> side_statistics;
  LeagueTraits league;
  // The rule breaks `referee generate --faults` injects, in the order a corpus cycles through them.
  std::vector<FaultSpec> faults;

  // Reads the body keys of the record at `root`, whose header is read already, and hands its
  // events and deal claims to `sink` in record order as it reads them (the verifier replays each
  // as it comes). The first problem found is a Malformed finding with its JSON pointer; what the
  // sink was given before it stands.
  Result<void> (*read_body)(record::Value root, const record::Record& header,
                            record::BodySink& sink) = nullptr;
  // Appends the body keys to the root map of a record being written.
  void (*write_body)(const record::Record& record, record::Node& root) = nullptr;
  // A match of the game under `setup`, which it keeps: a caller done with its setup moves it in
  // (the verifier makes one for every record it replays).
  std::unique_ptr<Match> (*new_match)(MatchSetup setup) = nullptr;
  // One board of a seed as `referee deal` prints it (docs/generator.md): the cards it deals,
  // dealt by the engine as a record with `seed:` and `board:` is. `players`: for a game whose
  // number of players varies, also the hands dealt to that many (0: the board alone).
  Result<record::Node> (*deal_board)(const RuleOptions& rules, const std::string& seed, int board,
                                     int players, Sha256Function sha256) = nullptr;
  // The live referee's event lines and views (every game has them).
  LiveHooks live;
  // A simple player of this game that plays from a View only (games/<game>/<game>_bot.h documents
  // its heuristic and the rule-text note it follows). `referee generate` uses it for records that
  // look like real play; RandomBot (core/bot.h) is the other bot every game has.
  std::unique_ptr<Bot> (*heuristic_bot)() = nullptr;
};

// The games referee ships, in the order they are listed.
const std::vector<const GameDescriptor*>& BuiltInGames();
// Every game referee knows: the built-in ones and any a ScopedGame adds.
const std::vector<const GameDescriptor*>& AllGames();
const GameDescriptor* FindGame(std::string_view name);

// Adds a game to AllGames() while it lives: a game of the tests' own (tests/plugin/) shows what
// adding a game costs without being in the program. The registry is not locked: a game is added
// and removed only while nothing reads the registry on another thread.
class ScopedGame {
 public:
  explicit ScopedGame(const GameDescriptor& game);
  ~ScopedGame();
  ScopedGame(const ScopedGame&) = delete;
  ScopedGame& operator=(const ScopedGame&) = delete;

 private:
  const GameDescriptor* game_;
};

}  // namespace referee::games
