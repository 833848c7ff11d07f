#include "referee/core/bot.h"

#include <algorithm>
#include <limits>

#include "referee/core/check.h"

namespace referee {

Bot::~Bot() = default;

Event RandomBot::Choose(const View& /*view*/, const std::vector<Event>& legal,
                        std::mt19937_64& rng) {
  REFEREE_CHECK(!legal.empty(), "a bot asked to choose among no legal events");
  return legal[UniformIndex(rng, legal.size())];
}

size_t UniformIndex(std::mt19937_64& rng, size_t n) {
  REFEREE_CHECK(n > 0, "UniformIndex of an empty range");
  // The same rejection rule as the seeded deal's uniform(m) (record-format.md).
  const uint64_t max = std::numeric_limits<uint64_t>::max();
  const uint64_t limit = max - (max % n + 1) % n;
  uint64_t word = rng();
  while (word > limit) word = rng();
  return static_cast<size_t>(word % n);
}

std::vector<Card> LegalCards(const std::vector<Event>& legal) {
  std::vector<Card> cards;
  for (const Event& event : legal) {
    if (const auto* play = std::get_if<PlayEvent>(&event)) cards.push_back(play->card);
  }
  return cards;
}

Event PlayOf(const std::vector<Event>& legal, Card card) {
  for (const Event& event : legal) {
    const auto* play = std::get_if<PlayEvent>(&event);
    if (play != nullptr && play->card == card) return event;
  }
  REFEREE_CHECK(false, "a bot chose a card that is not legal: " + ToString(card));
  return legal.front();
}

namespace {

bool Beats(Card challenger, Card holder, std::optional<Suit> trump) {
  if (challenger.suit == holder.suit) return challenger.rank > holder.rank;
  return trump && challenger.suit == *trump;
}

}  // namespace

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

}  // namespace referee
