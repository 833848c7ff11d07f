#include "referee/games/trick/trick_game.h"

#include "referee/record/record_writer.h"

namespace referee::games::trick {

using record::Node;

GameDescriptor SharedTrickDescriptor(const TrickGame& declared) {
  GameDescriptor game;
  game.name = declared.name;
  game.title = declared.title;
  game.source = declared.source;
  game.options = declared.options;
  game.player_shape = PlayerShape::kFourSeats;
  game.body_keys = {"deals"};
  const std::vector<std::string>& units = declared.rules.units;
  game.result_keys = units;
  game.result_keys.push_back("winner");
  game.score_units = units;
  game.deal_statistics = {{"tricks", "tricks taken"}};
  game.deal_statistics.insert(game.deal_statistics.end(), declared.statistics.begin(),
                              declared.statistics.end());
  game.side_statistics = game.deal_statistics;
  game.league = declared.league;
  game.faults = TrickFaults(declared.rules.must_follow_suit);
  game.live.events_key = "deals";
  game.live.seat_line = [](const Event& event) -> std::optional<Event> {
    if (event.As<DealEndEvent>() != nullptr) return std::nullopt;  // a record's marker only
    return event;
  };
  game.live.stamp_line = declared.stamp_line;
  // A seat's view (trick_live.cpp): its seat, its hand and the hands shown to it.
  game.live.own_view_keys = {"seat", "hand", "known_hands"};
  game.heuristic_bot = declared.heuristic_bot;
  return game;
}

Result<Node> DealTrickBoard(const GameDescriptor& game, const RuleOptions& rules,
                            const std::string& seed, int board, int /*players*/,
                            Sha256Function sha256) {
  MatchSetup setup{rules, {"N", "E", "S", "W"}, seed, sha256};
  std::unique_ptr<Match> match = game.new_match(setup);
  DealEvent deal{.dealer = SeatAt(board - 1), .board = board, .seeded = true};
  auto ruling = match->Apply(MakeEvent(deal, 1, std::nullopt, "/deals/0"));
  if (!ruling.has_value()) return Fail(std::move(ruling).error());
  Node node = Node::Map({});
  node.AddMember("board", {}, record::IntegerNode(board));
  node.AddMember("dealer", {}, record::StringNode(SeatName(*deal.dealer)));
  Node hands = Node::Map({});
  for (Seat seat : kAllSeats) {
    View view = match->ViewFor(SeatIndex(seat));
    hands.AddMember(SeatName(seat), {},
                    record::StringNode(view.game.As<TrickView>()->hand.ToString()));
  }
  node.AddMember("hands", {}, std::move(hands));
  return node;
}

LeagueTraits PartnershipLeague() {
  LeagueTraits league;
  league.sides = SideKind::kPartnership;
  league.schemes = {SchemeKind::kMatchPoints, SchemeKind::kPlacement, SchemeKind::kDuplicate};
  league.tie_breaks = {
      TieBreakKind::kWins,           TieBreakKind::kTotalScore,    TieBreakKind::kPointDifference,
      TieBreakKind::kHeadToHead,     TieBreakKind::kMatchesPlayed, TieBreakKind::kOpponentsPoints,
      TieBreakKind::kSonnebornBerger};
  league.default_tie_breaks = {TieBreakKind::kPointDifference, TieBreakKind::kHeadToHead};
  return league;
}

}  // namespace referee::games::trick
