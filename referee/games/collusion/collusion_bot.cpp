#include "referee/games/collusion/collusion_bot.h"

#include <algorithm>
#include <cstdlib>

#include "referee/games/trick/trick_bot.h"

namespace referee::games::collusion {
namespace {

// The other seat whose trick count is closest to `actor`'s; the lower seat on a tie.
int ClosestRival(const std::array<int, 4>& tricks_won, int actor) {
  int best = -1;
  for (int seat = 0; seat < 4; ++seat) {
    if (seat == actor) continue;
    int gap = std::abs(tricks_won[seat] - tricks_won[actor]);
    if (best < 0 || gap < std::abs(tricks_won[best] - tricks_won[actor])) best = seat;
  }
  return best;
}

bool Lower(Card a, Card b) { return a.rank < b.rank || (a.rank == b.rank && a.suit < b.suit); }

// Leading: the highest card of the longest suit held, to win; the lowest card, to lose.
Card Lead(const std::vector<Card>& cards, CardSet hand, bool want_win) {
  if (!want_win) return *std::min_element(cards.begin(), cards.end(), Lower);
  auto longest = [&](Card a, Card b) {
    int la = hand.OfSuit(a.suit).Size(), lb = hand.OfSuit(b.suit).Size();
    return la < lb || (la == lb && Lower(a, b));
  };
  return *std::max_element(cards.begin(), cards.end(), longest);
}

Card Follow(const std::vector<Card>& cards, const std::vector<Card>& trick, bool want_win) {
  std::vector<Card> winners, losers;
  for (Card card : cards)
    (trick::WouldWin(trick, card, std::nullopt) ? winners : losers).push_back(card);
  if (want_win && !winners.empty()) return *std::min_element(winners.begin(), winners.end(), Lower);
  if (!losers.empty()) return *std::max_element(losers.begin(), losers.end(), Lower);
  return *std::min_element(cards.begin(), cards.end(), Lower);
}

class CollusionBot : public Bot {
 public:
  std::string Name() const override { return "heuristic"; }
  Event Choose(const View& view, const std::vector<Event>& legal,
               std::mt19937_64& /*rng*/) override {
    const trick::TrickView& table = trick::TableOf(view);
    std::vector<Card> cards = trick::LegalCards(legal);
    int rival = ClosestRival(table.tricks_won, view.actor);
    bool want_win = table.tricks_won[view.actor] < table.tricks_won[rival];
    Card card = table.trick.empty() ? Lead(cards, table.hand, want_win)
                                    : Follow(cards, table.trick, want_win);
    return trick::PlayOf(legal, card);
  }
};

}  // namespace

std::unique_ptr<Bot> NewHeuristicBot() { return std::make_unique<CollusionBot>(); }

}  // namespace referee::games::collusion
