// Bot clients of `referee serve` (docs/serve.md, "Bot clients"): each seat is played by a Bot
// (referee/core/bot.h) that sees only what its own token may fetch: its view and its legal events,
// as the server's JSON. The client rebuilds a referee::View from that JSON (ReadView); it keeps no
// mirror of the match. The tests and the benchmark drive whole tables with it over real HTTP.
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "referee/core/bot.h"
#include "referee/core/error.h"
#include "referee/core/match.h"
#include "referee/core/result.h"
#include "referee/record/node.h"
#include "referee/record/record.h"

namespace referee::server {

// The header as a seat client reads it: the table's public header (GET /tables/ID: no seed, no
// deck), read as a record so event lines and cards can be parsed. Only names, rules and goals are
// used from it.
Result<record::Record, referee::Error> ClientRecord(const record::Node& public_header);

// The `view` object of a view reply, back into a View for `header`'s game.
Result<View, referee::Error> ReadView(const record::Node& view, const record::Record& header);

// The line a bot plays, from a seat's wait reply (its `view` and `legal`); none when the seat has
// nothing to play.
Result<std::optional<record::Node>, referee::Error> ChooseLine(const record::Node& state,
                                                               const record::Record& header,
                                                               Bot& bot, std::mt19937_64& rng);

struct DriveStats {
  int moves = 0;
  int rejected = 0;            // lines refused (a race of a game anyone may move in), then retried
  std::vector<double> micros;  // every request's round trip
  std::vector<record::Node> acknowledged;  // the `event` of every accepted reply, in order
};

// Plays table `id` to its end over HTTP on 127.0.0.1:`port`: `tokens` are the seats' tokens in
// seat or turn order and `bots` their players. One connection per seat; each seat asks only for
// its own view and legal events. With `max_moves` >= 0 it stops after that many moves.
Result<DriveStats, referee::Error> DriveTable(uint16_t port, const std::string& id,
                                              const std::vector<std::string>& tokens,
                                              std::vector<std::unique_ptr<Bot>>& bots,
                                              uint64_t seed, int max_moves = -1);
// The same, filling in `stats` as it goes: what was acknowledged before an error (a server killed
// in the middle of a match) is kept.
Result<void, referee::Error> PlayTable(uint16_t port, const std::string& id,
                                       const std::vector<std::string>& tokens,
                                       std::vector<std::unique_ptr<Bot>>& bots, uint64_t seed,
                                       int max_moves, DriveStats* stats);

}  // namespace referee::server
