// The body of a Cahoots record (docs/rules/cahoots.md, record-format.md "Shape"):
//
//   deck: "3G 5P ..."     # 56 cards, top first (or a list); may be left out when `seed:` is set
//   goals:                # the goal pile, top first: definitions or catalogue references
//     - {kind: pile-count, colour: green, count: 3}
//     - {catalogue: confirmed, card: 3}
//   turns:                # one per turn: "player card pile", or a map with optional parts
//     - "ann 3G 2"
//     - {player: bob, card: 5P, pile: 1, at: 12.5, drew: "6O", completed: [1, 3]}
//
// `at` is seconds (Speed timestamps); `drew` the cards the player drew, top of the draw pile
// first (an empty string or list: no draw); `completed` the goals this turn completed, cascade
// included, each as its 1-based position in `goals:`. Entries: one SetupEvent (path "/deck", or ""
// when only the seed deals; goals at "/goals/i"), then one TurnEvent per turn ("/turns/i").
#pragma once

#include <cstddef>
#include <optional>

#include "referee/core/event.h"
#include "referee/core/result.h"
#include "referee/games/cahoots/cahoots_cards.h"
#include "referee/games/registry.h"
#include "referee/record/node.h"
#include "referee/record/record.h"
#include "referee/record/record_stream.h"
#include "referee/record/tokens.h"

namespace referee::games::cahoots {

Result<void> ReadCahootsBody(const record::Node& root, record::Record& record);
void WriteCahootsBody(const record::Record& record, record::Node& root);
// The fast path's replay of the body (GameDescriptor::replay_body): the set-up and then each turn
// read from the tokens (the tree readers reading a part the token readers decline) and applied to
// `match`, the events counted in `tally`; false as soon as one is not read as ReadCahootsBody
// reads it, or is not accepted without a finding.
bool ReplayCahootsBody(const record::TokenBuffer& tokens, const record::BodyValues& values,
                       const record::Record& header, Match& match, record::FastTally& tally);

// The token readers of the fast path: the set-up and a turn read straight from the tokens into
// the events ReadCahootsBody makes of them (no tree, no string per turn or card), for the plain
// forms: the deck as a string or list of cards, goals as maps (definitions and catalogue
// references), turns as "player card pile" strings or as maps. None for any other form and for
// anything the tree readers would make a finding of: the caller then reads that part with them.
//
// The set-up from `values`, the body keys' token indexes in GameDescriptor::body_keys order
// (board, deck, goals, turns).
std::optional<Event> ReadSetupFromTokens(const record::TokenBuffer& tokens,
                                         const record::BodyValues& values,
                                         const record::Record& header, const Edition& edition);
// The turn whose value is at `index`, the `turn_number`th of the record (1-based). Its path
// ("/turns/N") is written out only when it is read.
std::optional<Event> ReadTurnFromTokens(const record::TokenBuffer& tokens, size_t index,
                                        int turn_number, const record::Record& header,
                                        const Edition& edition);
// The same into `event`, false when the turn is not read; an event that holds a turn already is
// read over without a new payload (the replay keeps one for a record's turns).
bool ReadTurnFromTokens(const record::TokenBuffer& tokens, size_t index, int turn_number,
                        const record::Record& header, const Edition& edition, Event& event);

// Live lines (docs/live.md): `turn` (player, card, pile, and optionally at, drew, completed) read
// with the record's turn reader; the view shows the player's own cards, the pile tops, the visible
// goals and the counts, and other players' cards only with Lil Cahoots' open hands.
LiveHooks CahootsLiveHooks();

}  // namespace referee::games::cahoots
