// CahootsMatch, the set-up (rules.md Setup 1-5): the table, the deck, the goal pile and the deal.

#include <algorithm>
#include <numeric>
#include <set>
#include <sstream>

#include "referee/core/check.h"
#include "referee/games/cahoots/cahoots_catalogue.h"
#include "referee/games/cahoots/cahoots_match.h"
#include "referee/games/cahoots/cahoots_text.h"

namespace referee::games::cahoots {

Result<void> CahootsMatch::CheckTable(const Event& event) const {
  int players = static_cast<int>(match_setup().players.size());
  if (players < 2 || players > 4) {
    return Fail(Illegal("wrong-player-count", Place{"/players", {}},
                        "expected 2 to 4 players (there are no official solo rules), found " +
                            std::to_string(players)));
  }
  if (match_setup().rules.Flag("open_hands") && match_setup().rules.Choice("variant") != "lil") {
    return Fail(Illegal("open-hands-not-allowed", Place{"/rules/open_hands", {}},
                        "expected open hands only in the lil variant (Lil Cahoots), found "
                        "open_hands: true with variant " +
                            match_setup().rules.Choice("variant")));
  }
  if (goal_count_ == 0) {
    return Fail(Illegal("wrong-goal-count", Place{event.path, {}},
                        "expected a level of the goal table or a goal_count, found neither"));
  }
  return {};
}

Result<void> CahootsMatch::CheckDeck(const std::vector<NumberCard>& deck, const Event& head) const {
  std::array<int, kColours * 8> copies{};
  for (size_t i = 0; i < deck.size(); ++i) {
    NumberCard card = deck[i];
    bool known = card.colour < kColours && card.number >= 1 && card.number <= kNumbers;
    if (!known || ++copies[card.colour * 8 + card.number] > kCopies) {
      return Fail(DeckCardFinding(deck, i, head));
    }
  }
  if (deck.size() == static_cast<size_t>(kPackSize)) return {};
  std::vector<NumberCard> missing;
  for (NumberCard card : CanonicalPack()) {
    if (copies[card.colour * 8 + card.number]-- <= 0) missing.push_back(card);
  }
  return Fail(Illegal("wrong-deck", Place{head.path.str(), {}},
                      "expected 56 cards in the deck, found " + std::to_string(deck.size()) +
                          " (missing: " + Cards(missing) + ")"));
}

// The finding about the first card of the deck that is no card of the pack, or a third copy.
// Worded only then: a deck of 56 good cards makes no place for each of them.
Finding CahootsMatch::DeckCardFinding(const std::vector<NumberCard>& deck, size_t index,
                                      const Event& head) const {
  NumberCard card = deck[index];
  Place place{ChildPath(head.path.str(), index), GamePlace{}};
  if (card.colour >= kColours || card.number < 1 || card.number > kNumbers) {
    return Illegal("wrong-deck", place, "expected a number card 1-7 in one of 4 colours");
  }
  place.game.card = Text(card);
  return Illegal(
      "wrong-deck", place,
      "expected each card twice in the 56-card deck, found " + Text(card) + " a third time");
}

Result<CahootsMatch::Deck> CahootsMatch::ResolveDeck(const Event& head,
                                                     const SetupEvent& event) const {
  if (event.deck) REFEREE_TRY(CheckDeck(*event.deck, head));
  Deck deck{};
  if (!event.seeded) {
    if (!event.deck) {
      return Fail(Illegal("missing-deal", Place{head.path.str(), {}},
                          "expected the deck or a record seed"));
    }
    std::copy(event.deck->begin(), event.deck->end(), deck.begin());
    return deck;
  }
  if (!match_setup().seed || match_setup().sha256 == nullptr) {
    return Fail(Illegal("missing-deal", Place{head.path.str(), {}},
                        "expected a record seed to deal from, found none"));
  }
  std::vector<NumberCard> seeded =
      SeededDeck(match_setup().sha256, *match_setup().seed, event.board > 0 ? event.board : 1,
                 match_setup().seeded_deal);
  for (size_t i = 0; event.deck && i < seeded.size(); ++i) {
    if ((*event.deck)[i] == seeded[i]) continue;
    return Fail(
        Illegal("deal-mismatch",
                Place{ChildPath(head.path.str(), i), GamePlace{.card = Text((*event.deck)[i])}},
                "expected " + Text(seeded[i]) + " at deck position " + std::to_string(i + 1) +
                    " (the seeded deck), found " + Text((*event.deck)[i])));
  }
  REFEREE_CHECK(seeded.size() == deck.size(), "a seeded deck that is not the pack");
  std::copy(seeded.begin(), seeded.end(), deck.begin());
  return deck;
}

// The goal pile made ready to test, once every goal is valid, none is a catalogue card given
// twice, and the pile has as many as the table needs.
Result<std::shared_ptr<const CahootsMatch::GoalPile>> CahootsMatch::CheckGoals(
    const SetupEvent& event) const {
  auto pile = std::make_shared<GoalPile>();
  pile->tests.reserve(event.goals.size());
  std::set<std::string> references;
  for (size_t i = 0; i < event.goals.size(); ++i) {
    const GoalSpec& goal = event.goals[i];
    // A goal given with its place (a live view's) is placed there; one read from a record, or
    // dealt from the seed, by its position in the pile.
    auto place = [&] { return goal.path.empty() ? ChildPath("/goals", i) : goal.path; };
    Result<GoalTest> test = CheckGoalAt(goal, place);
    REFEREE_TRY(test);
    bool reference = ParseCatalogueLabel(goal.label).has_value();
    if (reference && !references.insert(goal.label).second) {
      return Fail(Illegal(
          "duplicate-goal", Place{place(), {}},
          "expected each catalogue card once in the goal pile, found " + goal.label + " twice"));
    }
    pile->tests.push_back(*test);
    if (reference) pile->references.emplace_back(static_cast<int>(i), goal.label);
  }
  if (static_cast<int>(event.goals.size()) != goal_count_) return Fail(GoalCountFinding(event));
  return std::shared_ptr<const GoalPile>(std::move(pile));
}

Finding CahootsMatch::GoalCountFinding(const SetupEvent& event) const {
  bool from_table = match_setup().rules.Integer("goal_count") == 0;
  std::string why = from_table
                        ? "level " + match_setup().rules.Choice("level") + " with " +
                              Plural(static_cast<int>(match_setup().players.size()), "player")
                        : "goal_count";
  return Illegal("wrong-goal-count", Place{"/goals", {}},
                 "expected " + Plural(goal_count_, "goal") + " in the goal pile (" + why +
                     "), found " + std::to_string(event.goals.size()))
      .Comparing(FactValue::Number(goal_count_),
                 FactValue::Number(static_cast<int64_t>(event.goals.size())));
}

void CahootsMatch::Deal(const Deck& deck) {
  // record-format.md: one card at a time to each player in turn order until each holds 4, then
  // the next 4 cards start piles 1-4, the rest is the draw pile, top first.
  size_t players = match_setup().players.size();
  hands_.assign(players, {});
  for (std::vector<NumberCard>& hand : hands_) hand.reserve(kHandSize);
  size_t next = 0;
  for (; next < players * kHandSize; ++next) hands_[next % players].push_back(deck[next]);
  PileTops tops;
  for (int pile = 0; pile < kPiles; ++pile) {
    piles_[pile].Start(deck[next]);
    tops[pile] = deck[next++];
  }
  tops_ = TopsFacts(tops);
  deck_ = deck;
  draw_next_ = static_cast<int>(next);
}

std::optional<Finding> CahootsMatch::CheckSetup(const Event& head, const SetupEvent& event) const {
  if (set_up_) {
    return Illegal("unexpected-event", Place{head.path, {}},
                   "expected a turn, found a second set-up");
  }
  Result<void> table = CheckTable(head);
  if (!table.has_value()) return std::move(table).error();
  auto deck = ResolveDeck(head, event);
  if (!deck.has_value()) return std::move(deck).error();
  auto goals = CheckGoals(event);
  if (!goals.has_value()) return std::move(goals).error();
  checked_setup_.emplace(CheckedSetup{&head, *deck, std::move(*goals)});
  return std::nullopt;
}

Ruling CahootsMatch::CommitSetup(const Event& head, const SetupEvent& event) {
  if (!checked_setup_ || checked_setup_->head != &head) {
    checked_setup_.emplace(CheckedSetup{&head, *ResolveDeck(head, event), *CheckGoals(event)});
  }
  Deal(checked_setup_->deck);
  goals_ = std::move(checked_setup_->goals);
  checked_setup_.reset();
  completed_.reserve(goals_->tests.size());  // no turn allocates for the goals it completes
  set_up_ = true;
  size_t first = ResolveGoals(kEveryColour);  // Setup 5: goals met by the starting piles
  CheckEnd();
  Ruling ruling;
  if (!match_setup().announce) return ruling;
  std::vector<int> completed(completed_.begin() + static_cast<std::ptrdiff_t>(first),
                             completed_.end());
  ruling.announcements.push_back({"setup", "piles " + Cards(tops_.tops()) + "; goals shown " +
                                               ShownText() + "; completed at set-up " +
                                               PositionsText(completed)});
  if (IsOver()) ruling.announcements.push_back({"end", GetOutcome().summary});
  return ruling;
}

}  // namespace referee::games::cahoots
