// A trick game as it declares itself: one TrickGame value says what the game is (its name, rule
// options, pack, scoring units, record parts, statistics, league traits, bot), and
// TrickGameDescriptor makes the registry's GameDescriptor from it once, filling what every trick
// game shares: four seats, `deals:` as the record body, claims and totals per scoring unit plus
// `winner`, tricks as a statistic, the body's readers and writers, the live lines and views, the
// faults the generator injects and the boards `referee deal` prints.
//
// A whole game is then its match (a TrickMatch, trick_match.h) and a function returning its
// TrickGame; tests/plugin/eights.cpp shows one in full.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "referee/core/bot.h"
#include "referee/core/rule_options.h"
#include "referee/games/registry.h"
#include "referee/games/trick/trick_faults.h"
#include "referee/games/trick/trick_match.h"
#include "referee/games/trick/trick_record.h"
#include "referee/games/trick/trick_unseen.h"

namespace referee::games::trick {

struct TrickGame {
  std::string name;    // as written in records: "plonk"
  std::string title;   // "Plonk (David Parlett)"
  std::string source;  // where the rules come from
  std::vector<OptionSpec> options;
  TrickRules rules;  // pack, following suit, scoring units: what the engine reads
  // What the game adds to a deal's record and to a seat's view (a call, a conference); nothing
  // by default.
  TrickBodySpec body;
  // Deal statistics beside "tricks", each per scoring unit, and summed per side of the match.
  std::vector<StatisticSpec> statistics;
  LeagueTraits league;
  // The server's clock in a seat's line (LiveHooks::stamp_line); none: the game times nothing.
  decltype(LiveHooks::stamp_line) stamp_line = nullptr;
  std::unique_ptr<Bot> (*heuristic_bot)() = nullptr;
};

// How a league counts a game of two partnerships: entrants are players or partnerships,
// match points by default, ranked on point difference then head to head.
LeagueTraits PartnershipLeague();

// The registry's descriptor of the trick game `Declare()` declares, whose match is `MatchType`
// (a TrickMatch made from a MatchSetup and the game's TrickRules), made on first use and kept
// for the program's life.
template <class MatchType, TrickGame (*Declare)()>
const GameDescriptor& TrickGameDescriptor();

// One board of a seed for `referee deal` (GameDescriptor::deal_board), dealt by `game`'s engine:
// board b as deal 1 of a match whose dealer is N, E, S, W, N, ... for b = 1, 2, 3, 4, 5, ...
Result<record::Node> DealTrickBoard(const GameDescriptor& game, const RuleOptions& rules,
                                    const std::string& seed, int board, int players,
                                    Sha256Function sha256);

// ---------------------------------------------------------------------------------------------

// The descriptor's fields that need no function of the game's own: all but the readers, the
// writers, the match and the boards.
GameDescriptor SharedTrickDescriptor(const TrickGame& game);

template <TrickGame (*Declare)()>
const TrickGame& DeclaredTrickGame() {
  static const TrickGame kGame = Declare();
  return kGame;
}

template <class MatchType, TrickGame (*Declare)()>
GameDescriptor MakeTrickDescriptor() {
  GameDescriptor game = SharedTrickDescriptor(DeclaredTrickGame<Declare>());
  game.new_match = [](MatchSetup setup) -> std::unique_ptr<Match> {
    return std::make_unique<MatchType>(std::move(setup), DeclaredTrickGame<Declare>().rules);
  };
  game.read_body = [](record::Value root, const record::Record& header, record::BodySink& sink) {
    return ReadTrickBody(root, header, DeclaredTrickGame<Declare>().body, sink);
  };
  game.write_body = [](const record::Record& record, record::Node& root) {
    WriteTrickBody(record, root, DeclaredTrickGame<Declare>().body);
  };
  game.deal_board = [](const RuleOptions& rules, const std::string& seed, int board, int players,
                       Sha256Function sha256) {
    return DealTrickBoard(TrickGameDescriptor<MatchType, Declare>(), rules, seed, board, players,
                          sha256);
  };
  game.live.read_event = [](record::Value line, const record::Record& header, const ToAct& next,
                            LineSource) {
    // A trick game's lines claim nothing a seat cannot see, so their source changes nothing.
    return ReadLiveEvent(line, header, next, DeclaredTrickGame<Declare>().body);
  };
  game.live.write_event = [](const Event& event, const record::Record&) {
    return WriteLiveEvent(event, DeclaredTrickGame<Declare>().body);
  };
  game.live.write_view = [](const View& view, const record::Record&) {
    return WriteLiveView(view, DeclaredTrickGame<Declare>().body);
  };
  game.live.read_view = [](record::Value view, const record::Record&) {
    return ReadLiveView(view, DeclaredTrickGame<Declare>().body);
  };
  game.live.deal_from_play = [](const record::Record&, int deal,
                                const std::vector<record::Node>& lines) {
    return DealFromPlay(DeclaredTrickGame<Declare>().rules, deal, lines);
  };
  return game;
}

template <class MatchType, TrickGame (*Declare)()>
const GameDescriptor& TrickGameDescriptor() {
  static const GameDescriptor kDescriptor = MakeTrickDescriptor<MatchType, Declare>();
  return kDescriptor;
}

}  // namespace referee::games::trick
