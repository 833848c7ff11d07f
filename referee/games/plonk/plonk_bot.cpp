#include "referee/games/plonk/plonk_bot.h"

#include <algorithm>

#include "referee/games/trick/trick_bot.h"

namespace referee::games::plonk {
namespace {

bool Lower(Card a, Card b) { return a.rank < b.rank || (a.rank == b.rank && a.suit < b.suit); }

std::vector<Card> OfSuit(const std::vector<Card>& cards, Suit suit, bool in_suit) {
  std::vector<Card> out;
  for (Card card : cards) {
    if ((card.suit == suit) == in_suit) out.push_back(card);
  }
  std::sort(out.begin(), out.end(), Lower);
  return out;
}

Card Lowest(const std::vector<Card>& cards) {
  return *std::min_element(cards.begin(), cards.end(), Lower);
}

Card Lead(const std::vector<Card>& cards, CardSet hand) {
  auto shorter_or_higher = [&](Card a, Card b) {
    int la = hand.OfSuit(a.suit).Size(), lb = hand.OfSuit(b.suit).Size();
    return la > lb || (la == lb && Lower(a, b));
  };
  return *std::min_element(cards.begin(), cards.end(), shorter_or_higher);
}

Card Follow(const trick::TrickView& view, int actor, const std::vector<Card>& cards) {
  Suit led = view.trick.front().suit;
  std::vector<Card> live = OfSuit(cards, led, false);
  std::vector<Card> dead = OfSuit(cards, led, true);
  if (view.trick.size() == 1) return live.empty() ? Lowest(cards) : live.front();
  size_t winner = *trick::WinningPosition(view.trick, std::nullopt);
  int leader = view.trick_leader ? SeatIndex(*view.trick_leader) : 0;
  bool partner_winning = (leader + static_cast<int>(winner)) % 4 == (actor + 2) % 4;
  if (partner_winning) return live.empty() ? Lowest(cards) : live.back();
  if (!dead.empty()) return dead[(dead.size() - 1) / 2];
  return Lowest(cards);
}

class PlonkBot : public Bot {
 public:
  std::string Name() const override { return "heuristic"; }
  Event Choose(const View& view, const std::vector<Event>& legal,
               std::mt19937_64& /*rng*/) override {
    const trick::TrickView& table = trick::TableOf(view);
    std::vector<Card> cards = trick::LegalCards(legal);
    Card card = table.trick.empty() ? Lead(cards, table.hand) : Follow(table, view.actor, cards);
    return trick::PlayOf(legal, card);
  }
};

}  // namespace

std::unique_ptr<Bot> NewHeuristicBot() { return std::make_unique<PlonkBot>(); }

}  // namespace referee::games::plonk
