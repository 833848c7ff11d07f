#include "referee/games/trick/trick_bot.h"

#include "referee/core/check.h"

namespace referee::games::trick {
namespace {

bool Beats(Card challenger, Card holder, std::optional<Suit> trump) {
  if (challenger.suit == holder.suit) return challenger.rank > holder.rank;
  return trump && challenger.suit == *trump;
}

}  // namespace

const TrickView& TableOf(const View& view) {
  const auto* table = view.game.As<TrickView>();
  REFEREE_CHECK(table != nullptr, "a trick game's view without its table");
  return *table;
}

std::vector<Card> LegalCards(const std::vector<Event>& legal) {
  std::vector<Card> cards;
  for (const Event& event : legal) {
    if (const auto* play = event.As<PlayEvent>()) cards.push_back(play->card);
  }
  return cards;
}

Event PlayOf(const std::vector<Event>& legal, Card card) {
  for (const Event& event : legal) {
    const auto* play = event.As<PlayEvent>();
    if (play != nullptr && play->card == card) return event;
  }
  REFEREE_CHECK(false, "a bot chose a card that is not legal: " + ToString(card));
  return legal.front();
}

std::optional<size_t> WinningPosition(const std::vector<Card>& trick, std::optional<Suit> trump) {
  if (trick.empty()) return std::nullopt;
  size_t best = 0;
  for (size_t i = 1; i < trick.size(); ++i) {
    if (Beats(trick[i], trick[best], trump)) best = i;
  }
  return best;
}

bool WouldWin(const std::vector<Card>& trick, Card card, std::optional<Suit> trump) {
  std::optional<size_t> best = WinningPosition(trick, trump);
  return !best || Beats(card, trick[*best], trump);
}

}  // namespace referee::games::trick
