// The body of a trick-game record: `deals:`, each with its dealer, its cards (hands, pack order
// or the record's seed), the parts the game adds (a call, a conference), its tricks and its
// claim; the live lines and views of the trick games. Shared by the trick games; each says which
// parts it adds.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "referee/core/card.h"
#include "referee/core/match.h"
#include "referee/core/result.h"
#include "referee/games/registry.h"
#include "referee/games/trick/trick_events.h"
#include "referee/games/trick/trick_match.h"
#include "referee/record/fields.h"
#include "referee/record/node.h"
#include "referee/record/record.h"

namespace referee::games::trick {

// A part a game adds to each deal (a call, a conference): its key in a deal's map, which is also
// the `event` of its live line, and how its event is read and written in a record and in a live
// line. Parts are read and written in the order the game lists them, after the deal's cards and
// before its tricks.
struct DealPart {
  std::string key;
  // The part's map at `path`, of deal `deal`.
  Result<Event> (*read)(const record::Node& node, const std::string& path, int deal) = nullptr;
  record::Node (*write)(const Event& event) = nullptr;
  // A live line of this kind (its `event` key already read), the rest filled in from `next`.
  Result<Event> (*read_live)(const record::MapFields& line, const ToAct& next) = nullptr;
  // The line's members after `event`.
  record::Node (*write_live)(const Event& event) = nullptr;
  // The fast path's reader (trick_stream.cpp): the part's value at `index` read straight from the
  // tokens into the event `read` makes of it, for its plain form; none for any other, which
  // `read` then reads from its tree. The event's path is the caller's. None: always the tree.
  std::optional<Event> (*read_tokens)(const record::TokenBuffer& tokens, size_t index,
                                      int deal) = nullptr;
};

struct TrickBodySpec {
  std::vector<DealPart> parts;
  std::vector<std::string> claim_units;  // "N".."W" or "NS", "EW"
  // What the game adds to a seat's view (TrickView::extension), as the live view writes it and
  // reads it back; none by default.
  void (*write_view_extension)(const TrickView& view, record::Node& node) = nullptr;
  Result<void> (*read_view_extension)(const record::MapFields& node, TrickView& view) = nullptr;
};

Result<void> ReadTrickBody(const record::Node& root, record::Record& record,
                           const TrickBodySpec& spec);
void WriteTrickBody(const record::Record& record, record::Node& root, const TrickBodySpec& spec);

// Live lines (LiveHooks, docs/live.md): `deal` (dealer, board, hands, deck) and `play` (seat,
// card), and the game's parts, read with the record's readers. The seat the rules name and the
// line leaves out is filled in from `next`.
Result<Event> ReadLiveEvent(const record::Node& line, const record::Record& header,
                            const ToAct& next, const TrickBodySpec& spec);
record::Node WriteLiveEvent(const Event& event, const TrickBodySpec& spec);
// The seat, the deal, and within a deal: the dealer, the seat's own hand, the trick in progress,
// the cards played, tricks won, the hands the seat has seen and the game's extension; the score
// totals.
record::Node WriteLiveView(const View& view, const TrickBodySpec& spec);
Result<View> ReadLiveView(const record::Node& node, const TrickBodySpec& spec);

// What every trick game's descriptor shares, for a game whose body `Spec()` gives: four seats,
// `deals:` as the body, claims and totals per unit plus `winner`, tricks as a statistic, the
// body's readers and writers and the live lines and views. The game adds its name, source,
// options, match and the rest.
// `MatchType`, the game's match, is a TrickMatch made from a MatchSetup.
template <const TrickBodySpec& (*Spec)(), class MatchType>
GameDescriptor TrickGameDescriptor();

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
// The same for a string's text.
std::optional<std::vector<Card>> WellFormedCardText(std::string_view text, size_t max_cards);

// The keys a deal's map may have: the trick games' own and the game's parts.
std::vector<std::string> DealKeysOf(const TrickBodySpec& spec);

// The fast path's replay of the body (GameDescriptor::replay_body): the record's deals read from
// its tokens and replayed whole in `match` (TrickMatch::ReplayWholeDeal), the events counted and
// the deal claims kept in `tally`. False as soon as a deal is not in a plain form (cards as
// strings, whole tricks of four) or not plainly legal: the record is then verified the slow way.
bool ReplayTrickBody(const record::TokenBuffer& tokens, const record::BodyValues& values,
                     const record::Record& header, const TrickBodySpec& spec, TrickMatch& match,
                     record::FastTally& tally);
// An optional seat under `key` ("N".."W").
Result<std::optional<Seat>> ReadOptionalSeat(const record::MapFields& fields, std::string_view key);

// ---------------------------------------------------------------------------------------------

void FillTrickDescriptor(GameDescriptor& game, const std::vector<std::string>& units);

template <const TrickBodySpec& (*Spec)(), class MatchType>
GameDescriptor TrickGameDescriptor() {
  GameDescriptor game;
  FillTrickDescriptor(game, Spec().claim_units);
  game.new_match = [](const MatchSetup& setup) -> std::unique_ptr<Match> {
    return std::make_unique<MatchType>(setup);
  };
  game.read_body = [](const record::Node& root, record::Record& record) {
    return ReadTrickBody(root, record, Spec());
  };
  game.write_body = [](const record::Record& record, record::Node& root) {
    WriteTrickBody(record, root, Spec());
  };
  game.live.read_event = [](const record::Node& line, const record::Record& header,
                            const ToAct& next, LineSource) {
    // A trick game's lines claim nothing a seat cannot see, so their source changes nothing.
    return ReadLiveEvent(line, header, next, Spec());
  };
  game.live.write_event = [](const Event& event, const record::Record&) {
    return WriteLiveEvent(event, Spec());
  };
  game.live.write_view = [](const View& view, const record::Record&) {
    return WriteLiveView(view, Spec());
  };
  game.live.read_view = [](const record::Node& view, const record::Record&) {
    return ReadLiveView(view, Spec());
  };
  game.replay_body = [](const record::TokenBuffer& tokens, const record::BodyValues& values,
                        const record::Record& header, MatchSetup setup,
                        record::FastTally& tally) -> std::unique_ptr<Match> {
    auto match = std::make_unique<MatchType>(std::move(setup));
    if (!ReplayTrickBody(tokens, values, header, Spec(), *match, tally)) return nullptr;
    return match;
  };
  return game;
}

}  // namespace referee::games::trick
