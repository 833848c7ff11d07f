#include "referee/games/cahoots/cahoots.h"

#include <utility>

#include "referee/core/check.h"
#include "referee/games/cahoots/cahoots_bot.h"
#include "referee/games/cahoots/cahoots_cards.h"
#include "referee/games/cahoots/cahoots_faults.h"
#include "referee/games/cahoots/cahoots_match.h"
#include "referee/games/cahoots/cahoots_record.h"
#include "referee/record/record_writer.h"

namespace referee::games::cahoots {
namespace {

std::unique_ptr<Match> NewMatch(MatchSetup setup) {
  return std::make_unique<CahootsMatch>(std::move(setup));
}

// One board of a seed for `referee deal`: the deck in the edition's card names and, for a number
// of players, the deal of docs/rules/cahoots.md (one card at a time in turn order until each
// holds 4), the four pile starters and the size of the draw pile.
Result<record::Node> DealBoard(const RuleOptions& rules, const std::string& seed, int board,
                               int players, Sha256Function sha256) {
  using record::Node;
  const Edition& edition = EditionNamed(rules.Choice("edition"));
  std::vector<NumberCard> deck = SeededDeck(sha256, seed, board);
  Node node = Node::Map({});
  node.AddMember("board", {}, record::IntegerNode(board));
  node.AddMember("deck", {}, record::StringNode(CardsText(deck, edition)));
  if (players == 0) return node;
  size_t dealt = static_cast<size_t>(players) * kHandSize;
  std::vector<std::vector<NumberCard>> hands(static_cast<size_t>(players));
  for (size_t i = 0; i < dealt; ++i) hands[i % hands.size()].push_back(deck[i]);
  Node list = Node::List({});
  for (const auto& hand : hands) list.Append(record::StringNode(CardsText(hand, edition)));
  node.AddMember("hands", {}, std::move(list));
  std::vector<NumberCard> piles(deck.begin() + dealt, deck.begin() + dealt + kPiles);
  node.AddMember("piles", {}, record::StringNode(CardsText(piles, edition)));
  node.AddMember("draw", {},
                 record::IntegerNode(static_cast<int64_t>(deck.size() - dealt - kPiles)));
  return node;
}

std::vector<OptionSpec> Options() {
  using Type = OptionSpec::Type;
  return {
      OptionSpec{
          "edition", Type::kChoice, 0, 0, EditionNames(), std::string("gamewright"),
          "the edition, which fixes the colours: gamewright and dutch green, pink, orange, "
          "purple (the Dutch fourth colour is unconfirmed); spanish green, blue, yellow, red"},
      OptionSpec{"level",
                 Type::kChoice,
                 0,
                 0,
                 {"beginner", "normal", "expert", "insane"},
                 std::string("normal"),
                 "the level: 15/18/21/24 goals for 2-3 players, 12/15/18/21 for 4"},
      OptionSpec{"goal_count",
                 Type::kInteger,
                 0,
                 60,
                 {},
                 int64_t{0},
                 "the number of goals in the goal pile; 0 takes it from the level table"},
      OptionSpec{"variant",
                 Type::kChoice,
                 0,
                 0,
                 {"standard", "speed", "mums-the-word", "lil"},
                 std::string("standard"),
                 "speed: no turn order, a timer; mums-the-word: no talking; lil: relaxed talk"},
      OptionSpec{"open_hands",
                 Type::kBool,
                 0,
                 0,
                 {},
                 false,
                 "hands played face up; allowed only in the lil variant"},
      OptionSpec{"speed_seconds",
                 Type::kInteger,
                 1,
                 3600,
                 {},
                 int64_t{240},
                 "the Speed timer in seconds, checked against the turns' times"},
  };
}

GameDescriptor MakeDescriptor() {
  GameDescriptor game;
  game.name = "cahoots";
  game.title = "Cahoots (Ken Gruhl, Gamewright 2018)";
  game.source = "Gamewright rulebook; gerbsboardgames.be/how-to-play-cahoots (Dutch edition)";
  game.options = Options();
  game.player_shape = PlayerShape::kTurnOrder;
  game.min_players = 2;
  game.max_players = 4;
  game.body_keys = {"board", "deck", "goals", "turns"};
  game.result_keys = {"outcome", "reason", "goals", "turns"};
  game.score_units = {};
  game.actor_noun = "player";
  game.side_statistics = {{"goals", "goals completed"}, {"turns", "turns played"}};
  game.league.sides = SideKind::kTable;
  game.league.schemes = {SchemeKind::kLevelWins};
  game.league.tie_breaks = {TieBreakKind::kWins, TieBreakKind::kTotalScore,
                            TieBreakKind::kMatchesPlayed};
  using Measure = StatisticTieBreak::Measure;
  game.league.statistic_tie_breaks = {
      {.name = "goals-completed", .statistic = "goals", .by_default = true},
      {.name = "fewest-turns",
       .statistic = "turns",
       .measure = Measure::kMeanInWins,
       .fewer_is_better = true,
       .by_default = true}};
  game.league.level_option = "level";
  game.league.level_weights = {{"beginner", 1}, {"normal", 2}, {"expert", 3}, {"insane", 4}};
  game.read_body = &ReadCahootsBody;
  game.write_body = &WriteCahootsBody;
  game.new_match = &NewMatch;
  game.heuristic_bot = &NewHeuristicBot;
  game.deal_board = &DealBoard;
  game.faults = CahootsFaults();
  game.live = CahootsLiveHooks();
  return game;
}

}  // namespace

const GameDescriptor& Descriptor() {
  static const GameDescriptor kDescriptor = MakeDescriptor();
  return kDescriptor;
}

}  // namespace referee::games::cahoots
