#include "referee/games/conspiracy/conspiracy_bot.h"

#include <algorithm>

#include "referee/core/check.h"
#include "referee/games/conspiracy/conspiracy_events.h"
#include "referee/games/trick/trick_bot.h"

namespace referee::games::conspiracy {
namespace {

bool Lower(Card a, Card b) { return a.rank < b.rank || (a.rank == b.rank && a.suit < b.suit); }

Card Lowest(const std::vector<Card>& cards) {
  return *std::min_element(cards.begin(), cards.end(), Lower);
}

// The side's cards as the caller knows them: own hand and the partner's dealt hand, or own hand
// counted twice when the partner's is unknown (a rough "the partner is like me").
CardSet SideCards(const trick::TrickView& view, int& weight) {
  CardSet side = view.hand;
  weight = 2;
  for (const auto& [seat, hand] : view.known_hands) {
    side = side | hand;
    weight = 1;
  }
  return side;
}

Event ChooseCall(const trick::TrickView& view, const std::vector<Event>& legal) {
  int weight = 1;
  CardSet side = SideCards(view, weight);
  auto [trump, tricks] = ExpectedCall(side);
  tricks = std::clamp(tricks * weight, 0, 8);
  const Event* closest = nullptr;
  int64_t gap = 0;
  for (const Event& event : legal) {
    const auto* call = event.As<CallEvent>();
    if (call == nullptr || call->trump != trump) continue;
    int64_t this_gap = std::abs(call->tricks - tricks);
    if (closest == nullptr || this_gap < gap) closest = &event, gap = this_gap;
  }
  REFEREE_CHECK(closest != nullptr, "no legal call in the trump suit the bot chose");
  return *closest;
}

Card Play(const trick::TrickView& view, int actor, const std::vector<Card>& cards) {
  const auto* made = view.extension.As<MadeCall>();
  std::optional<Suit> trump = made != nullptr ? made->call.trump : std::nullopt;
  if (view.trick.empty()) {
    auto longest = [&](Card a, Card b) {
      int la = view.hand.OfSuit(a.suit).Size(), lb = view.hand.OfSuit(b.suit).Size();
      return la < lb || (la == lb && Lower(a, b));
    };
    return *std::max_element(cards.begin(), cards.end(), longest);
  }
  size_t winner = *trick::WinningPosition(view.trick, trump);
  int leader = view.trick_leader ? SeatIndex(*view.trick_leader) : 0;
  if ((leader + static_cast<int>(winner)) % 4 == (actor + 2) % 4) return Lowest(cards);
  std::vector<Card> winners;
  for (Card card : cards) {
    if (trick::WouldWin(view.trick, card, trump)) winners.push_back(card);
  }
  return winners.empty() ? Lowest(cards) : Lowest(winners);
}

class ConspiracyBot : public Bot {
 public:
  std::string Name() const override { return "heuristic"; }
  Event Choose(const View& view, const std::vector<Event>& legal,
               std::mt19937_64& /*rng*/) override {
    const trick::TrickView& table = trick::TableOf(view);
    if (legal.front().As<CallEvent>() != nullptr) return ChooseCall(table, legal);
    return trick::PlayOf(legal, Play(table, view.actor, trick::LegalCards(legal)));
  }
};

}  // namespace

std::pair<Suit, int> ExpectedCall(CardSet side) {
  Suit trump = Suit::kSpades;
  for (Suit suit : {Suit::kSpades, Suit::kHearts, Suit::kDiamonds, Suit::kClubs}) {
    if (side.OfSuit(suit).Size() > side.OfSuit(trump).Size()) trump = suit;
  }
  int tricks = std::max(0, side.OfSuit(trump).Size() - 4);
  for (Suit suit : kAllSuits) {
    if (side.Contains(Card{suit, Rank::kAce})) ++tricks;
    if (side.Contains(Card{suit, Rank::kKing}) && side.OfSuit(suit).Size() >= 2) ++tricks;
  }
  return {trump, std::clamp(tricks, 0, 8)};
}

std::unique_ptr<Bot> NewHeuristicBot() { return std::make_unique<ConspiracyBot>(); }

}  // namespace referee::games::conspiracy
