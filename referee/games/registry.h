// The registry: one explicit table of the games referee knows. Adding a game adds its folder and
// one line in registry.cpp; a meta-test checks that the folder, the table, the tests and the
// samples agree.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "referee/core/bot.h"
#include "referee/core/match.h"
#include "referee/core/result.h"
#include "referee/core/rule_options.h"
#include "referee/record/node.h"
#include "referee/record/record.h"

namespace referee::games {

enum class PlayerShape {
  kFourSeats,  // players: {N: ..., E: ..., S: ..., W: ...}
  kTurnOrder,  // players: [first, second, ...]
};

// What the live referee (live/, docs/live.md) needs from a game: its event lines and its views.
// The readers and writers are the record body's own, so a live line and a record entry mean the
// same thing.
// Where a live line comes from. A seat's line is answered to that seat, so it may not claim what
// the seat cannot see (a Cahoots draw, goals the turn completes): any answer to such a claim,
// accepted or refused, would tell the seat hidden cards. A journal's line was accepted once and
// is replayed without an answer; journals written before those claims were refused may hold them.
enum class LineSource { kSeat, kJournal };

struct LiveHooks {
  // The body key a live session fills event by event ("deals", "turns"). A live header leaves it
  // out; it may give the rest of the body (Cahoots: deck, goals), which sets the table at once.
  std::string events_key;
  // Reads one event line, e.g. {"event": "play", "seat": "E", "card": "QH"}. What the rules
  // determine and the line leaves out (the seat to play, the dealer of a seeded deal, the deal
  // number) is filled in from `next`, so the event is complete and can be journaled as it is.
  Result<Event> (*read_event)(const record::Node& line, const record::Record& header,
                              const ToAct& next, LineSource source) = nullptr;
  // The canonical line of an event (the journal's form); read_event reads it back unchanged.
  record::Node (*write_event)(const Event& event, const record::Record& header) = nullptr;
  // A View as a map: the actor's own hand and what is public, nothing else.
  record::Node (*write_view)(const View& view, const record::Record& header) = nullptr;
  // A view written by write_view read back, by a client that plays from it (`header` as
  // record::ReadRecordHeader reads the public header): everything but the score totals, which
  // no player chooses a move by.
  Result<View> (*read_view)(const record::Node& view, const record::Record& header) = nullptr;
  // The header keys no seat may see before the match is over, beside `seed`: what deals the
  // cards (a pack order, the goal pile). The public header of a table leaves them out.
  std::vector<std::string> hidden_keys;
};

struct GameDescriptor {
  std::string name;    // as written in records: "collusion"
  std::string title;   // "Collusion (David Parlett)"
  std::string source;  // where the rules come from
  std::vector<OptionSpec> options;
  PlayerShape player_shape = PlayerShape::kFourSeats;
  int min_players = 4;
  int max_players = 4;
  std::vector<std::string> body_keys;    // top-level keys of the body, e.g. {"deals"}
  std::vector<std::string> result_keys;  // keys a claimed result may use
  std::vector<std::string> score_units;  // deal-claim keys ("N".."W" or "NS", "EW")

  // Reads the body keys of `root` into record.entries. The header is already read.
  Result<void> (*read_body)(const record::Node& root, record::Record& record) = nullptr;
  // Appends the body keys to the root map of a record being written.
  void (*write_body)(const record::Record& record, record::Node& root) = nullptr;
  std::unique_ptr<Match> (*new_match)(const MatchSetup& setup) = nullptr;
  // The event that deals the next deal (Cahoots: sets up the table) from the match's seed, for a
  // match whose Next() is Phase::kDeal. Playouts (the shared tests, the generator) use it to run
  // any game without knowing its cards. The match must have been set up with a seed.
  Event (*seeded_deal)(const Match& match) = nullptr;
  // The live referee's event lines and views (every game has them).
  LiveHooks live;
  // A simple player of this game that plays from a View only (games/<game>/<game>_bot.h documents
  // its heuristic and the rule-text note it follows). `referee generate` uses it for records that
  // look like real play; RandomBot (core/bot.h) is the other bot every game has.
  std::unique_ptr<Bot> (*heuristic_bot)() = nullptr;
};

const std::vector<const GameDescriptor*>& AllGames();
const GameDescriptor* FindGame(std::string_view name);

}  // namespace referee::games
