// The body of a trick-game record: `deals:`, each with its dealer, its cards (hands, pack order
// or the record's seed), the optional call and conference (Conspiracy), its tricks and its claim.
// Shared by the three trick games; each says which optional parts it has.
#pragma once

#include <string>
#include <vector>

#include "referee/core/card.h"
#include "referee/core/match.h"
#include "referee/core/result.h"
#include "referee/games/registry.h"
#include "referee/record/node.h"
#include "referee/record/record.h"

namespace referee::games::trick {

struct TrickBodySpec {
  bool has_call = false;                 // Conspiracy: `call: {by, trump, tricks}`
  bool has_conference = false;           // Conspiracy: `conference: {start, end}` in seconds
  std::vector<std::string> claim_units;  // "N".."W" or "NS", "EW"
};

Result<void> ReadTrickBody(const record::Node& root, record::Record& record,
                           const TrickBodySpec& spec);
void WriteTrickBody(const record::Record& record, record::Node& root);

// What every trick game's descriptor shares: four seats, `deals:` as the body (written by
// WriteTrickBody), claims and totals per `units` ("N".."W" or "NS", "EW") plus `winner`, and the
// seeded deal. The game adds its name, source, options, body reader and match.
GameDescriptor TrickGameDescriptor(const std::vector<std::string>& units);

// One board of a seed for `referee deal` (GameDescriptor::deal_board), dealt by `game`'s engine:
// board b as deal 1 of a match whose dealer is N, E, S, W, N, ... for b = 1, 2, 3, 4, 5, ...
Result<record::Node> DealTrickBoard(const GameDescriptor& game, const RuleOptions& rules,
                                    const std::string& seed, int board, int players,
                                    Sha256Function sha256);

// How a league counts a game of two partnerships: entrants are players or partnerships,
// match points by default, ranked on point difference then head to head.
LeagueTraits PartnershipLeague();

// Parses a list or space-separated string of cards; each bad token is a Malformed finding.
Result<std::vector<Card>> ReadCards(const record::Node& node, const std::string& path,
                                    size_t max_cards = 64);
// The common case of ReadCards, a string of at most max_cards well-formed cards, read without
// strings or paths; nothing when the node is anything else (ReadCards then says what is wrong).
std::optional<std::vector<Card>> WellFormedCards(const record::Node& node, size_t max_cards);

// Live lines (LiveHooks, docs/live.md): `deal` (dealer, board, hands, deck), `call` (seat, trump,
// tricks), `conference` (start, end) and `play` (seat, card), read with the record's readers.
Result<Event> ReadLiveEvent(const record::Node& line, const record::Record& header,
                            const ToAct& next, LineSource source);
record::Node WriteLiveEvent(const Event& event, const record::Record& header);
// The seat, the deal, and within a deal: the dealer, the seat's own hand, the trick in progress,
// the cards played, tricks won, the call and the hands the seat has seen; the score totals.
record::Node WriteLiveView(const View& view, const record::Record& header);
Result<View> ReadLiveView(const record::Node& node, const record::Record& header);

}  // namespace referee::games::trick
