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
#include "referee/record/document.h"
#include "referee/record/node.h"
#include "referee/record/record.h"

namespace referee::games::cahoots {

// The body read into `sink`: the set-up event, then each turn's.
Result<void> ReadCahootsBody(record::Value root, const record::Record& header,
                             record::BodySink& sink);
void WriteCahootsBody(const record::Record& record, record::Node& root);

// Live lines (docs/live.md): `turn` (player, card, pile, and optionally at, drew, completed) read
// with the record's turn reader; the view shows the player's own cards, the pile tops, the visible
// goals and the counts, and other players' cards only with Lil Cahoots' open hands.
LiveHooks CahootsLiveHooks();

}  // namespace referee::games::cahoots
