#include "referee/games/cahoots/cahoots.h"

#include "referee/core/check.h"
#include "referee/games/cahoots/cahoots_bot.h"
#include "referee/games/cahoots/cahoots_cards.h"
#include "referee/games/cahoots/cahoots_match.h"
#include "referee/games/cahoots/cahoots_record.h"

namespace referee::games::cahoots {
namespace {

std::unique_ptr<Match> NewMatch(const MatchSetup& setup) {
  return std::make_unique<CahootsMatch>(setup);
}

Event SeededSetup(const Match& match) {
  const auto* cahoots = dynamic_cast<const CahootsMatch*>(&match);
  REFEREE_CHECK(cahoots != nullptr, "seeded_deal of cahoots on another game's match");
  return cahoots->SeededSetupEvent();
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
  game.read_body = &ReadCahootsBody;
  game.write_body = &WriteCahootsBody;
  game.new_match = &NewMatch;
  game.heuristic_bot = &NewHeuristicBot;
  game.seeded_deal = &SeededSetup;
  game.live = CahootsLiveHooks();
  return game;
}

}  // namespace

const GameDescriptor& Descriptor() {
  static const GameDescriptor kDescriptor = MakeDescriptor();
  return kDescriptor;
}

}  // namespace referee::games::cahoots
