// What Cahoots' record reader and writer (cahoots_record.cpp) share with its live lines
// (cahoots_live.cpp): a live turn is read and written as a record's turn is. Not part of the
// game's interface.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "referee/games/cahoots/cahoots_cards.h"
#include "referee/games/cahoots/cahoots_goals.h"
#include "referee/games/cahoots/cahoots_match.h"
#include "referee/record/fields.h"

namespace referee::games::cahoots {

// The number cards of a list of cards (a list, or one space-separated string), at most
// `max_cards` of them.
Result<std::vector<NumberCard>> ReadNumberCards(record::Value value, const Edition& edition,
                                                size_t max_cards);
// A goal of the pile: a definition (a kind and its parameters) or a catalogue reference, read
// into `spec` (a list's new element: the goal is not moved once read). Its findings are placed at
// `value`; a definition keeps no path (the caller gives it one if it needs it).
Result<void> ReadGoal(record::Value value, const Edition& edition, GoalSpec& spec);
// The index of the player `name` names, or the finding at `path`.
Result<int> FindPlayer(std::string_view name, const std::string& path,
                       const record::Record& record);
// A turn's members by key, a record's turn or a live turn line.
struct TurnMembers {
  std::optional<record::Value> player, card, pile, at, drew, completed;
};
// The keys a turn may have, in the order the findings list them.
std::vector<std::string> TurnKeys();
// The turn's members of `fields`, in one pass over its map; false when it also holds another key
// (which the caller words as a finding, or reads itself: a live line's `event`).
bool GatherTurn(const record::Fields& fields, TurnMembers& members);
// A turn's fields, from its members; `fields` words a finding. `player_required`: a record must
// name the player, a live line may leave it out (filled in from whose turn it is).
Result<void> ReadTurnFields(const record::Fields& fields, const TurnMembers& members,
                            const record::Record& record, const Edition& edition,
                            bool player_required, TurnEvent& turn, std::optional<int>& actor);

// Writing, in canonical form.
record::Node GoalNode(const GoalSpec& goal, const Edition& edition);
std::vector<std::string> CardWords(const std::vector<NumberCard>& cards, const Edition& edition);
record::Node TurnNode(const Event& event, const record::Record& record, const Edition& edition);

}  // namespace referee::games::cahoots
