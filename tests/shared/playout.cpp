#include "tests/shared/playout.h"

#include <algorithm>

#include "referee/games/cahoots/cahoots_events.h"
#include "referee/games/conspiracy/conspiracy_events.h"
#include "referee/games/trick/trick_events.h"
#include "verifier/sha256.h"
#include "verifier/verifier.h"

namespace referee::testing {
RuleOptions RandomRules(const games::GameDescriptor& game, std::mt19937& rng) {
  RuleOptions rules(game.options);
  for (const OptionSpec& spec : game.options) {
    if (rng() % 2 == 0) continue;
    if (spec.type == OptionSpec::Type::kBool) rules.Set(spec.name, rng() % 2 == 0);
    if (spec.type == OptionSpec::Type::kChoice) {
      rules.Set(spec.name, spec.choices[rng() % spec.choices.size()]);
    }
  }
  return rules;
}

std::unique_ptr<Match> NewMatchFor(const record::Record& record) {
  return record.game->new_match(verifier::SetupFor(record));
}

Playout PlayRandomly(const games::GameDescriptor& game, std::mt19937& rng, const std::string& seed,
                     int max_steps, const std::function<void(Match&)>& before_choice) {
  return PlayRandomly(game, RuleOptions(game.options), rng, seed, max_steps, before_choice);
}

Playout PlayRandomly(const games::GameDescriptor& game, const RuleOptions& rules, std::mt19937& rng,
                     const std::string& seed, int max_steps,
                     const std::function<void(Match&)>& before_choice) {
  Playout playout;
  playout.record.game = &game;
  playout.record.rules = rules;
  int players =
      game.player_shape == games::PlayerShape::kFourSeats
          ? 4
          : game.min_players + static_cast<int>(rng() % (game.max_players - game.min_players + 1));
  for (int i = 0; i < players; ++i) playout.record.players.push_back("p" + std::to_string(i + 1));
  playout.record.seed = seed;
  playout.match = NewMatchFor(playout.record);
  Match& match = *playout.match;
  while (!match.IsOver() && playout.steps < max_steps) {
    ToAct next = match.Next();
    if (next.phase == Phase::kOver) break;
    Event event = next.phase == Phase::kDeal ? match.SeededDeal() : Event{};
    if (next.phase != Phase::kDeal) {
      if (before_choice) before_choice(match);
      std::vector<Event> legal = match.LegalEvents();
      if (legal.empty()) break;  // the caller asserts on the end state
      event = legal[rng() % legal.size()];
      playout.states.push_back(match.Describe());
    }
    if (!match.Apply(event).has_value()) break;
    playout.record.entries.push_back({event});
    ++playout.steps;
  }
  return playout;
}

std::vector<Event> UnlistedEvents(const Match& match, std::mt19937& rng) {
  std::vector<Event> legal = match.LegalEvents();
  std::vector<Event> unlisted;
  if (legal.empty()) return unlisted;
  auto add_if_unlisted = [&](const Event& candidate) {
    bool listed = std::any_of(legal.begin(), legal.end(),
                              [&](const Event& e) { return SameChoice(e, candidate); });
    if (!listed) unlisted.push_back(candidate);
  };
  const Event& model = legal[rng() % legal.size()];
  if (const auto* play = model.As<games::trick::PlayEvent>()) {
    for (int index = 0; index < 52; ++index) {
      Event other = model;
      other.As<games::trick::PlayEvent>()->card = Card::FromIndex(index);
      add_if_unlisted(other);
    }
    (void)play;
  } else if (model.As<games::cahoots::TurnEvent>() != nullptr) {
    for (int colour = 0; colour < 4; ++colour) {
      for (int number = 1; number <= 7; ++number) {
        for (int pile = 0; pile <= 5; ++pile) {
          Event other = model;
          auto* turn = other.As<games::cahoots::TurnEvent>();
          turn->card = games::cahoots::NumberCard{static_cast<uint8_t>(colour),
                                                  static_cast<uint8_t>(number)};
          turn->pile = pile;
          add_if_unlisted(other);
        }
      }
    }
  } else if (model.As<games::conspiracy::CallEvent>() != nullptr) {
    for (int64_t tricks : {int64_t{-1}, int64_t{9}, int64_t{13}}) {
      Event other = model;
      other.As<games::conspiracy::CallEvent>()->tricks = tricks;
      add_if_unlisted(other);
    }
    Event no_trump = model;
    no_trump.As<games::conspiracy::CallEvent>()->trump.reset();
    no_trump.As<games::conspiracy::CallEvent>()->no_trump = false;
    add_if_unlisted(no_trump);
  }
  std::shuffle(unlisted.begin(), unlisted.end(), rng);
  if (unlisted.size() > 8) unlisted.resize(8);
  return unlisted;
}

bool SameChoice(const Event& a, const Event& b) {
  if (a.kind != b.kind || a.actor != b.actor) return false;
  if (const auto* play = a.As<games::trick::PlayEvent>()) {
    return play->card == b.As<games::trick::PlayEvent>()->card;
  }
  if (const auto* turn = a.As<games::cahoots::TurnEvent>()) {
    const auto& other = *b.As<games::cahoots::TurnEvent>();
    return turn->card == other.card && turn->pile == other.pile;
  }
  if (const auto* call = a.As<games::conspiracy::CallEvent>()) {
    const auto& other = *b.As<games::conspiracy::CallEvent>();
    return call->trump == other.trump && call->no_trump == other.no_trump &&
           call->tricks == other.tricks;
  }
  return false;
}

}  // namespace referee::testing
