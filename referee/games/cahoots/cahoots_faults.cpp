#include "referee/games/cahoots/cahoots_faults.h"

#include "referee/core/bot.h"
#include "referee/games/cahoots/cahoots_match.h"

namespace referee::games::cahoots {
namespace {

// The pile tops before each turn of a valid record, as its replay has them.
std::vector<std::pair<size_t, PileTops>> TopsBeforeTurns(const record::Record& record,
                                                         const MatchSetup& setup) {
  std::vector<std::pair<size_t, PileTops>> tops;
  CahootsMatch match(setup);
  for (size_t i = 0; i < record.entries.size(); ++i) {
    const Event* event = std::get_if<Event>(&record.entries[i].item);
    if (event == nullptr) continue;
    if (event->As<TurnEvent>() != nullptr) tops.emplace_back(i, match.Tops());
    if (!match.Apply(*event).has_value()) break;  // a valid record never stops here
  }
  return tops;
}

std::optional<InjectedFault> WrongClaim(record::Record& record, const MatchSetup& /*setup*/,
                                        std::mt19937_64& rng) {
  if (!record.result) return std::nullopt;
  std::vector<record::ClaimedFact*> goals;
  for (record::ClaimedFact& fact : *record.result) {
    if (fact.key == "goals" && fact.value.IsNumber()) goals.push_back(&fact);
  }
  auto pick = Draw(goals, rng);
  if (!pick) return std::nullopt;
  (*pick)->value = FactValue::Number((*pick)->value.number() + 1);
  return InjectedFault{"wrong-claim", "result-mismatch", (*pick)->path};
}

std::vector<size_t> TurnEntries(const record::Record& record) {
  std::vector<size_t> turns;
  for (size_t i = 0; i < record.entries.size(); ++i) {
    const Event* event = std::get_if<Event>(&record.entries[i].item);
    if (event != nullptr && event->As<TurnEvent>() != nullptr) turns.push_back(i);
  }
  return turns;
}

std::optional<InjectedFault> NoMatch(record::Record& record, const MatchSetup& setup,
                                     std::mt19937_64& rng) {
  std::vector<std::pair<size_t, int>> candidates;  // (entry, pile it does not match)
  for (const auto& [entry, tops] : TopsBeforeTurns(record, setup)) {
    const TurnEvent* turn = record.EventAt<TurnEvent>(entry);
    for (size_t pile = 0; pile < tops.size(); ++pile) {
      if (!Matches(turn->card, tops[pile]))
        candidates.emplace_back(entry, static_cast<int>(pile) + 1);
    }
  }
  auto pick = Draw(candidates, rng);
  if (!pick) return std::nullopt;
  record.EventAt<TurnEvent>(pick->first)->pile = pick->second;
  return InjectedFault{"no-match", "no-match", record.EventAt(pick->first)->path.str()};
}

std::optional<InjectedFault> WrongPlayer(record::Record& record, const MatchSetup& /*setup*/,
                                         std::mt19937_64& rng) {
  if (record.rules.Choice("variant") == "speed") return std::nullopt;  // no turn order
  auto entry = Draw(TurnEntries(record), rng);
  if (!entry) return std::nullopt;
  Event& turn = *record.EventAt(*entry);
  int players = static_cast<int>(record.players.size());
  turn.actor = (turn.actor.value_or(0) + 1 +
                static_cast<int>(UniformIndex(rng, static_cast<size_t>(players - 1)))) %
               players;
  return InjectedFault{"out-of-turn", "wrong-player", turn.path.str()};
}

std::optional<InjectedFault> PlayAfterEnd(record::Record& record, const MatchSetup& /*setup*/,
                                          std::mt19937_64& /*rng*/) {
  std::vector<size_t> turns = TurnEntries(record);
  if (turns.empty()) return std::nullopt;
  Event extra = *record.EventAt(turns.back());
  std::string path = ChildPath("/turns", turns.size());
  extra.path = path;
  extra.As<TurnEvent>()->turn = static_cast<int>(turns.size()) + 1;
  record.entries.push_back({std::move(extra)});
  return InjectedFault{"deal-after-end", "play-after-end", path};
}

}  // namespace

std::vector<FaultSpec> CahootsFaults() {
  return {
      {"no-match", "a turn's card goes on a pile it does not match", &NoMatch},
      {"out-of-turn", "a turn names the next player (not in Speed, which has no turn order)",
       &WrongPlayer},
      {"wrong-claim", "the claimed goals are one off", &WrongClaim},
      {"deal-after-end", "a turn after the end", &PlayAfterEnd},
  };
}

}  // namespace referee::games::cahoots
