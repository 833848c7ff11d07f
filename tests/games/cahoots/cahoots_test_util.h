// Helpers shared by the Cahoots tests: cards from text, decks built around chosen hands and piles,
// and matches with chosen rule options.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "referee/games/cahoots/cahoots.h"
#include "referee/games/cahoots/cahoots_cards.h"
#include "referee/games/cahoots/cahoots_events.h"
#include "referee/games/cahoots/cahoots_goals.h"
#include "referee/games/cahoots/cahoots_match.h"

namespace referee::games::cahoots::cahoots_test {

inline std::vector<NumberCard> Cards(const std::string& text,
                                     const std::string& edition = "gamewright") {
  std::vector<NumberCard> cards;
  std::istringstream words(text);
  for (std::string word; words >> word;) {
    auto card = ParseNumberCard(word, EditionNamed(edition), "");
    EXPECT_TRUE(card.has_value()) << word;
    if (card) cards.push_back(*card);
  }
  return cards;
}

inline PileTops Tops(const std::string& text, const std::string& edition = "gamewright") {
  std::vector<NumberCard> cards = Cards(text, edition);
  EXPECT_EQ(cards.size(), 4u);
  PileTops tops{};
  for (size_t i = 0; i < 4 && i < cards.size(); ++i) tops[i] = cards[i];
  return tops;
}

// A 56-card deck that deals `hands` (one string per player, 4 cards each), starts the piles with
// `piles`, puts `draw` on top of the draw pile and the rest of the pack below in canonical order.
inline std::vector<NumberCard> MakeDeck(const std::vector<std::string>& hands,
                                        const std::string& piles, const std::string& draw = "") {
  std::vector<NumberCard> deck;
  std::vector<std::vector<NumberCard>> held;
  for (const std::string& hand : hands) held.push_back(Cards(hand));
  for (size_t round = 0; round < 4; ++round) {
    for (const auto& hand : held) deck.push_back(hand.at(round));
  }
  for (NumberCard card : Cards(piles)) deck.push_back(card);
  for (NumberCard card : Cards(draw)) deck.push_back(card);
  std::vector<NumberCard> rest = CanonicalPack();
  for (NumberCard used : deck) {
    auto found = std::find(rest.begin(), rest.end(), used);
    EXPECT_NE(found, rest.end()) << "a third copy in the test deck";
    if (found != rest.end()) rest.erase(found);
  }
  deck.insert(deck.end(), rest.begin(), rest.end());
  return deck;
}

inline GoalSpec Goal(const std::string& kind, GoalParams colours = {}, GoalParams numbers = {}) {
  return GoalSpec{GoalKindNamed(kind), colours, numbers, "", ""};
}

// Gamewright colour indexes.
inline constexpr int kGreen = 0;
inline constexpr int kPink = 1;
inline constexpr int kOrange = 2;
inline constexpr int kPurple = 3;

inline CahootsMatch NewMatch(int players, const std::map<std::string, OptionValue>& options = {}) {
  RuleOptions rules(Descriptor().options);
  for (const auto& [name, value] : options) rules.Set(name, value);
  std::vector<std::string> names = {"ann", "bob", "cy", "dee"};
  names.resize(players);
  return CahootsMatch(MatchSetup{rules, names, std::nullopt, nullptr});
}

inline Event SetupWith(std::vector<NumberCard> deck, std::vector<GoalSpec> goals) {
  SetupEvent setup;
  setup.deck = std::move(deck);
  for (size_t i = 0; i < goals.size(); ++i) goals[i].path = "/goals/" + std::to_string(i);
  setup.goals = std::move(goals);
  return MakeEvent(std::move(setup), 0, std::nullopt, "/deck");
}

inline Event Turn(int player, const std::string& card, int pile) {
  TurnEvent turn;
  turn.card = Cards(card).at(0);
  turn.pile = pile;
  return MakeEvent(turn, 0, player);
}

inline TurnEvent& TurnOf(Event& event) { return *event.As<TurnEvent>(); }
inline const TurnEvent& TurnOf(const Event& event) { return *event.As<TurnEvent>(); }
inline SetupEvent& SetupOf(Event& event) { return *event.As<SetupEvent>(); }

// A turn that claims what it drew, or the goals it completed.
inline Event Drawing(Event turn, std::vector<NumberCard> drawn) {
  TurnClaims claims = TurnOf(turn).claims ? *TurnOf(turn).claims : TurnClaims{};
  claims.drawn = std::move(drawn);
  TurnOf(turn).claims = std::make_shared<const TurnClaims>(std::move(claims));
  return turn;
}
inline Event Completing(Event turn, std::vector<std::string> completed) {
  TurnClaims claims = TurnOf(turn).claims ? *TurnOf(turn).claims : TurnClaims{};
  claims.completed = std::move(completed);
  TurnOf(turn).claims = std::make_shared<const TurnClaims>(std::move(claims));
  return turn;
}
inline Event At(Event turn, int64_t at_ms) {
  TurnOf(turn).at_ms = at_ms;
  return turn;
}

}  // namespace referee::games::cahoots::cahoots_test
