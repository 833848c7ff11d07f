#include "referee/games/cahoots/cahoots_faults.h"

#include "referee/core/bot.h"
#include "referee/games/cahoots/cahoots_match.h"

namespace referee::games::cahoots {
namespace {

template <class T>
T* EventAt(record::Record& record, size_t entry) {
  Event* event = std::get_if<Event>(&record.entries[entry].item);
  return event == nullptr ? nullptr : std::get_if<T>(event);
}

// Draws one of the candidates; nothing when there are none.
template <class T>
std::optional<T> Draw(const std::vector<T>& candidates, std::mt19937_64& rng) {
  if (candidates.empty()) return std::nullopt;
  return candidates[UniformIndex(rng, candidates.size())];
}

// The pile tops before each turn of a valid record, as its replay has them.
std::vector<std::pair<size_t, PileTops>> TopsBeforeTurns(const record::Record& record,
                                                         const MatchSetup& setup) {
  std::vector<std::pair<size_t, PileTops>> tops;
  CahootsMatch match(setup);
  for (size_t i = 0; i < record.entries.size(); ++i) {
    const Event* event = std::get_if<Event>(&record.entries[i].item);
    if (event == nullptr) continue;
    if (std::holds_alternative<TurnEvent>(*event)) tops.emplace_back(i, match.Tops());
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
    if (event != nullptr && std::holds_alternative<TurnEvent>(*event)) turns.push_back(i);
  }
  return turns;
}

std::optional<InjectedFault> NoMatch(record::Record& record, const MatchSetup& setup,
                                     std::mt19937_64& rng) {
  std::vector<std::pair<size_t, int>> candidates;  // (entry, pile it does not match)
  for (const auto& [entry, tops] : TopsBeforeTurns(record, setup)) {
    const TurnEvent* turn = EventAt<TurnEvent>(record, entry);
    for (size_t pile = 0; pile < tops.size(); ++pile) {
      if (!Matches(turn->card, tops[pile]))
        candidates.emplace_back(entry, static_cast<int>(pile) + 1);
    }
  }
  auto pick = Draw(candidates, rng);
  if (!pick) return std::nullopt;
  TurnEvent& turn = *EventAt<TurnEvent>(record, pick->first);
  turn.pile = pick->second;
  return InjectedFault{"no-match", "no-match", turn.path};
}

std::optional<InjectedFault> WrongPlayer(record::Record& record, const MatchSetup& /*setup*/,
                                         std::mt19937_64& rng) {
  if (record.rules.Choice("variant") == "speed") return std::nullopt;  // no turn order
  auto entry = Draw(TurnEntries(record), rng);
  if (!entry) return std::nullopt;
  TurnEvent& turn = *EventAt<TurnEvent>(record, *entry);
  int players = static_cast<int>(record.players.size());
  turn.player = (turn.player.value_or(0) + 1 +
                 static_cast<int>(UniformIndex(rng, static_cast<size_t>(players - 1)))) %
                players;
  return InjectedFault{"out-of-turn", "wrong-player", turn.path};
}

std::optional<InjectedFault> PlayAfterEnd(record::Record& record, const MatchSetup& /*setup*/,
                                          std::mt19937_64& /*rng*/) {
  std::vector<size_t> turns = TurnEntries(record);
  if (turns.empty()) return std::nullopt;
  TurnEvent extra = *EventAt<TurnEvent>(record, turns.back());
  extra.path = ChildPath("/turns", turns.size());
  extra.turn = static_cast<int>(turns.size()) + 1;
  record.entries.push_back({Event(extra)});
  return InjectedFault{"deal-after-end", "play-after-end", extra.path};
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
