#include "generator/generator.h"

#include <algorithm>
#include <memory>

#include "generator/faults.h"
#include "referee/core/bot.h"
#include "referee/core/check.h"
#include "referee/games/game_record.h"
#include "referee/record/record_writer.h"
#include "verifier/sha256.h"
#include "verifier/verifier.h"

namespace referee::generator {
namespace {

constexpr int kMaxSteps = 200000;  // far beyond any real match: a stuck match is a bug

Finding Problem(const std::string& message) { return Malformed("generate", "", message); }

int PlayerCount(const GenerateOptions& options, std::mt19937_64& rng) {
  const games::GameDescriptor& game = *options.game;
  if (!options.players.empty()) return static_cast<int>(options.players.size());
  if (game.player_shape == games::PlayerShape::kFourSeats) return 4;
  return game.min_players + static_cast<int>(UniformIndex(
                                rng, static_cast<size_t>(game.max_players - game.min_players + 1)));
}

std::unique_ptr<Bot> NewBot(const games::GameDescriptor& game, bool heuristic) {
  if (heuristic && game.heuristic_bot != nullptr) return game.heuristic_bot();
  return std::make_unique<RandomBot>();
}

std::vector<std::unique_ptr<Bot>> SeatBots(const GenerateOptions& options, int players,
                                           std::mt19937_64& rng) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (int seat = 0; seat < players; ++seat) {
    bool heuristic = options.bots == BotChoice::kHeuristic ||
                     (options.bots == BotChoice::kMixed && UniformIndex(rng, 2) == 1);
    bots.push_back(NewBot(*options.game, heuristic));
  }
  return bots;
}

// Seat names default to the bot and seat number ("heuristic-1"), so a reader sees who played.
std::vector<std::string> PlayerNames(const GenerateOptions& options,
                                     const std::vector<std::unique_ptr<Bot>>& bots) {
  if (!options.players.empty()) return options.players;
  std::vector<std::string> names;
  for (size_t i = 0; i < bots.size(); ++i) {
    names.push_back(bots[i]->Name() + "-" + std::to_string(i + 1));
  }
  return names;
}

// Who acts now: the seat or player Next() names; in a game without a turn order, a player
// drawn from the match's generator among those with a legal play.
int ActorOf(const Match& match, const std::vector<Event>& legal, std::mt19937_64& rng) {
  ToAct next = match.Next();
  if (next.actor) return *next.actor;
  std::vector<int> players;
  for (const Event& event : legal) {
    if (event.actor && (players.empty() || players.back() != *event.actor)) {
      players.push_back(*event.actor);
    }
  }
  REFEREE_CHECK(!players.empty(), "no player can act in a match that is not over");
  return players[UniformIndex(rng, players.size())];
}

std::vector<Event> LegalFor(const std::vector<Event>& legal, int actor) {
  std::vector<Event> mine;
  for (const Event& event : legal) {
    if (!event.actor || *event.actor == actor) mine.push_back(event);
  }
  return mine;
}

void AddClaims(const Match& match, size_t& claimed, record::Record& record) {
  const ScoreSheet& sheet = match.Scores();
  for (; claimed < sheet.rows.size(); ++claimed) {
    const ScoreSheet::Row& row = sheet.rows[claimed];
    record::DealClaim claim{row.deal, "", {}};
    for (size_t unit = 0; unit < sheet.units.size(); ++unit) {
      claim.values.push_back({unit, row.points[unit]});
    }
    record.entries.push_back({claim});
  }
}

std::vector<record::ClaimedFact> ResultOf(const Outcome& outcome) {
  std::vector<record::ClaimedFact> result;
  for (const Fact& fact : outcome.facts) result.push_back({fact.key, fact.value, ""});
  return result;
}

Result<void> PlayOut(Match& match, std::vector<std::unique_ptr<Bot>>& bots, std::mt19937_64& rng,
                     record::Record& record) {
  size_t claimed = 0;
  for (int step = 0; step < kMaxSteps; ++step) {
    ToAct next = match.Next();
    if (match.IsOver() || next.phase == Phase::kOver) return {};
    Event event;
    if (next.phase == Phase::kDeal) {
      event = match.SeededDeal();
    } else {
      std::vector<Event> legal = match.LegalEvents();
      if (legal.empty()) return Fail(Problem("a match had no legal event before its end"));
      int actor = ActorOf(match, legal, rng);
      event = bots.at(actor)->Choose(match.ViewFor(actor), LegalFor(legal, actor), rng);
    }
    auto ruling = match.Apply(event);
    REFEREE_CHECK(ruling.has_value(), "a bot's or a seeded event was refused: " +
                                          (ruling ? "" : ruling.error().message));
    // The record keeps its seed (so anyone can deal again) and shows the cards (so a reader
    // sees them); the verifier checks that both agree.
    if (next.phase == Phase::kDeal) event = match.WithCardsWritten(std::move(event));
    record.entries.push_back({std::move(event)});
    AddClaims(match, claimed, record);
  }
  return Fail(Problem("a match did not end within " + std::to_string(kMaxSteps) + " events"));
}

Result<record::Record> PlayMatch(const GenerateOptions& options, int index) {
  std::string seed = MatchSeed(options.seed, index);
  std::mt19937_64 rng = SeededRng(seed + "/" + std::string(BotChoiceName(options.bots)));
  int players = PlayerCount(options, rng);
  std::vector<std::unique_ptr<Bot>> bots = SeatBots(options, players, rng);
  record::Record record;
  record.game = options.game;
  record.rules = options.rules;
  record.metadata = {{"id", RecordName(options.game->name, index, options.count)}};
  record.players = PlayerNames(options, bots);
  record.seed = seed;
  std::unique_ptr<Match> match = options.game->new_match(verifier::SetupFor(record));
  REFEREE_TRY(PlayOut(*match, bots, rng, record));
  record.result = ResultOf(match->GetOutcome());
  // Read back from the written tree, so that every event carries its path for the faults.
  auto reread = record::ReadRecord(record::WriteRecord(record));
  REFEREE_CHECK(reread.has_value(), "a generated record did not read back");
  return std::move(reread).value();
}

Result<void> CheckOptions(const GenerateOptions& options) {
  const games::GameDescriptor& game = *options.game;
  if (options.count < 1) return Fail(Problem("expected --count of at least 1"));
  if (options.faults < 0 || options.faults > options.count) {
    return Fail(Problem("expected --faults between 0 and --count (" +
                        std::to_string(options.count) + "), found " +
                        std::to_string(options.faults)));
  }
  int players = static_cast<int>(options.players.size());
  if (players != 0 && (players < game.min_players || players > game.max_players)) {
    return Fail(Problem("expected " + std::to_string(game.min_players) + "-" +
                        std::to_string(game.max_players) + " players for " + game.name +
                        ", found " + std::to_string(players)));
  }
  return {};
}

// Which records get a fault: options.faults indexes drawn by a partial Fisher-Yates shuffle from
// a generator seeded with "S/faults", in ascending order.
std::vector<int> FaultedIndexes(const GenerateOptions& options) {
  std::vector<int> order(static_cast<size_t>(options.count));
  for (int i = 0; i < options.count; ++i) order[i] = i;
  std::mt19937_64 rng = SeededRng(options.seed + "/faults");
  for (int i = 0; i < options.faults; ++i) {
    size_t j = static_cast<size_t>(i) + UniformIndex(rng, order.size() - static_cast<size_t>(i));
    std::swap(order[i], order[j]);
  }
  order.resize(static_cast<size_t>(options.faults));
  std::sort(order.begin(), order.end());
  return order;
}

Result<void> AddFaults(const GenerateOptions& options, std::vector<GeneratedRecord>& records) {
  std::vector<std::string> kinds = FaultKinds(*options.game);
  std::vector<int> faulted = FaultedIndexes(options);
  for (size_t n = 0; n < faulted.size(); ++n) {
    GeneratedRecord& generated = records[faulted[n]];
    std::mt19937_64 rng = SeededRng(MatchSeed(options.seed, faulted[n] + 1) + "/fault");
    generated.expected = PlaceFault(generated.record, kinds, n % kinds.size(), rng);
    if (!generated.expected) {
      return Fail(Problem("could not place a fault in " + generated.name));
    }
  }
  if (!options.wrong_claims) return {};
  for (GeneratedRecord& generated : records) {
    if (generated.expected) continue;
    std::mt19937_64 rng = SeededRng(MatchSeed(options.seed, 0) + generated.name + "/claim");
    generated.expected = PlaceFault(generated.record, {"wrong-claim"}, 0, rng);
  }
  return {};
}

}  // namespace

std::string RecordName(std::string_view game, int index, int count) {
  std::string number = std::to_string(index);
  size_t digits = std::max<size_t>(4, std::to_string(count).size());
  return std::string(game) + "-" + std::string(digits - std::min(digits, number.size()), '0') +
         number;
}

std::string MatchSeed(const std::string& seed, int index) {
  return seed + "/" + std::to_string(index);
}

std::mt19937_64 SeededRng(std::string_view text) {
  Sha256Digest digest = verifier::Sha256(text);
  uint64_t word = 0;
  for (int i = 0; i < 8; ++i) word = (word << 8) | digest[i];
  return std::mt19937_64(word);
}

std::string_view BotChoiceName(BotChoice choice) {
  switch (choice) {
    case BotChoice::kRandom:
      return "random";
    case BotChoice::kHeuristic:
      return "heuristic";
    case BotChoice::kMixed:
      return "mixed";
  }
  return "heuristic";
}

Result<std::vector<GeneratedRecord>> Generate(const GenerateOptions& options) {
  REFEREE_CHECK(options.game != nullptr, "Generate without a game");
  REFEREE_TRY(CheckOptions(options));
  std::vector<GeneratedRecord> records;
  for (int index = 1; index <= options.count; ++index) {
    auto record = PlayMatch(options, index);
    REFEREE_TRY(record);
    records.push_back(
        {RecordName(options.game->name, index, options.count), std::move(*record), std::nullopt});
    if (options.on_match_played) options.on_match_played();
  }
  REFEREE_TRY(AddFaults(options, records));
  return records;
}

namespace {

// A --rules value typed by its shape, as a YAML plain scalar would be.
record::Node RuleValueNode(const std::string& text) {
  using Kind = record::Node::Kind;
  if (text == "true" || text == "false") return record::Node::Scalar(Kind::kBool, text, {});
  bool integer = !text.empty() &&
                 text.find_first_not_of("0123456789", text[0] == '-') == std::string::npos &&
                 text != "-";
  return record::Node::Scalar(integer ? Kind::kInteger : Kind::kString, text, {});
}

}  // namespace

Result<RuleOptions> ParseRules(const games::GameDescriptor& game,
                               const std::vector<std::string>& settings) {
  record::Node rules = record::Node::Map({});
  for (const std::string& setting : settings) {
    size_t equals = setting.find('=');
    if (equals == std::string::npos || equals == 0) {
      return Fail(Problem("expected --rules key=value, found '" + setting + "'"));
    }
    rules.AddMember(setting.substr(0, equals), {}, RuleValueNode(setting.substr(equals + 1)));
  }
  RuleOptions options(game.options);
  REFEREE_TRY(record::ReadRuleOptions(rules, "/rules", game.options, options));
  return options;
}

record::Node ExpectedNode(const GeneratedRecord& generated) {
  record::Node node = record::Node::Map({});
  node.AddMember("record", {}, record::StringNode(generated.name));
  if (generated.expected) {
    node.AddMember("fault", {}, record::StringNode(generated.expected->fault));
    node.AddMember("code", {}, record::StringNode(generated.expected->code));
    node.AddMember("path", {}, record::StringNode(generated.expected->path));
  }
  return node;
}

}  // namespace referee::generator
