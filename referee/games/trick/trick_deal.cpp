// TrickMatch, the deal: a deal event admitted, the hands it gives (by list, deck or seed), and
// its end.

#include <algorithm>
#include <sstream>

#include "referee/core/check.h"
#include "referee/games/trick/trick_match.h"
#include "referee/games/trick/trick_text.h"

namespace referee::games::trick {

std::optional<Finding> TrickMatch::CheckDeal(const Event& event, const DealEvent& deal) const {
  GamePlace place{.deal = event.deal};
  if (AcceptsNoMoreDeals()) {
    return Illegal(
        "deal-after-end", Place{event.path, place},
        "expected no further deal: the match ended after deal " + std::to_string(DealsScored()));
  }
  if (deal_) {
    return Unexpected(event.path, place,
                      "expected deal " + std::to_string(deal_->number) +
                          " to be played out first, found a new deal");
  }
  if (!deal.dealer) {
    return Illegal("missing-dealer", Place{event.path, place},
                   "expected the deal to name its dealer");
  }
  if (std::optional<Seat> expected = ExpectedDealer();
      expected && *expected != *deal.dealer && !PassesFromVoidedDeal(*deal.dealer)) {
    place.actor = SeatName(*deal.dealer);
    return Illegal("wrong-dealer", Place{ChildPath(event.path.str(), "dealer"), place},
                   "expected " + SeatName(*expected) +
                       " to deal (the deal passes to the left of the last dealer, " +
                       SeatName(*last_dealer_) + "), found " + SeatName(*deal.dealer))
        .Comparing(FactValue::Word(SeatName(*expected)), FactValue::Word(SeatName(*deal.dealer)));
  }
  auto hands = ResolveHands(event, deal, *deal.dealer);
  if (!hands.has_value()) return std::move(hands).error();
  checked_hands_.emplace(&event, *hands);
  return std::nullopt;
}

Ruling TrickMatch::CommitDeal(const Event& event, const DealEvent& dealt) {
  int number = CurrentDealNumber();
  bool checked = checked_hands_ && checked_hands_->first == &event;
  std::array<CardSet, 4> hands =
      checked ? checked_hands_->second : *ResolveHands(event, dealt, *dealt.dealer);
  checked_hands_.reset();
  StartDeal(*dealt.dealer, dealt.seeded && dealt.board > 0 ? dealt.board : number, hands);
  return Announcing("deal", [&] {
    return "deal " + std::to_string(deal_->number) + " dealt by " + SeatName(deal_->dealer);
  });
}

void TrickMatch::StartDeal(Seat dealer, int board, std::array<CardSet, 4> hands) {
  int number = CurrentDealNumber();
  // Made in place: the deal's state holds room for every card and trick of a pack.
  DealInProgress& deal = deal_.emplace();
  deal.number = number;
  deal.board = board;
  deal.dealer = dealer;
  deal.hands = hands;
  deal.dealt = hands;
  deal.leader = LeftOf(dealer);
  deal.first_leader = deal.leader;
  deal.must_follow_suit = rules_->must_follow_suit;
  deal.hand_size = HandSize();
  voided_dealers_.clear();
  ResetDeal();
}

bool TrickMatch::HandsAreADeal(const std::array<CardSet, 4>& hands,
                               const std::array<int, 4>& counts) const {
  CardSet all;
  for (size_t seat = 0; seat < hands.size(); ++seat) {
    // A set smaller than its count names a card twice; sets that meet share one.
    if (counts[seat] != HandSize() || hands[seat].Size() != counts[seat]) return false;
    if (!(all & hands[seat]).Empty()) return false;
    all = all | hands[seat];
  }
  return (all & Pack()) == all;
}

bool TrickMatch::DeckIsThePack(std::span<const Card> deck) const {
  CardSet seen;
  for (Card card : deck) seen.Add(card);
  return static_cast<int>(deck.size()) == Pack().Size() && seen == Pack();
}

Result<void> TrickMatch::CheckDeck(const std::vector<Card>& deck, const Event& event) const {
  if (DeckIsThePack(deck)) return {};
  // What is wrong, worded: the first card out of the pack or seen twice, else the count. The
  // place is written out only here: every deal given by its pack order passes above.
  std::string path = ChildPath(event.path.str(), "deck");
  int deal = event.deal;
  CardSet seen;
  for (size_t i = 0; i < deck.size(); ++i) {
    Card card = deck[i];
    Place place{ChildPath(path, i), GamePlace{.deal = deal, .card = ToString(card)}};
    if (!Pack().Contains(card)) {
      return Fail(Illegal("card-not-in-pack", place,
                          "expected a card of the " + std::to_string(Pack().Size()) +
                              "-card pack, found " + ToString(card)));
    }
    if (seen.Contains(card)) {
      return Fail(
          Illegal("duplicate-card", place,
                  "expected each card once in the pack, found " + ToString(card) + " twice"));
    }
    seen.Add(card);
  }
  if (static_cast<int>(deck.size()) != Pack().Size()) {
    return Fail(Illegal("wrong-deck-size", Place{path, GamePlace{.deal = deal}},
                        "expected " + std::to_string(Pack().Size()) + " cards in the pack, found " +
                            std::to_string(deck.size()) +
                            " (missing: " + CardSet(Pack().Bits() & ~seen.Bits()).ToString() + ")")
                    .Comparing(FactValue::Number(Pack().Size()),
                               FactValue::Number(static_cast<int64_t>(deck.size()))));
  }
  return {};
}

std::array<CardSet, 4> TrickMatch::DealOut(std::span<const Card> deck, Seat dealer) const {
  // One card at a time, clockwise, starting at the dealer's left.
  std::array<CardSet, 4> hands;
  for (size_t i = 0; i < deck.size(); ++i) {
    hands[SeatIndex(SeatAt(SeatIndex(dealer) + 1 + static_cast<int>(i)))].Add(deck[i]);
  }
  return hands;
}

std::vector<Card> TrickMatch::SeededDeck(int board) const {
  REFEREE_CHECK(setup_.seed && setup_.sha256 && setup_.seeded_deal,
                "a seeded deal needs a seed and SHA-256");
  // The pack's canonical order is the same for every deal: worked out once per match.
  if (canonical_.empty()) canonical_ = CanonicalOrder(Pack());
  std::vector<int> order =
      setup_.seeded_deal(setup_.sha256, *setup_.seed, board, static_cast<int>(canonical_.size()));
  std::vector<Card> deck(order.size());
  for (size_t i = 0; i < order.size(); ++i) deck[i] = canonical_[order[i]];
  return deck;
}

Result<std::array<CardSet, 4>> TrickMatch::HandsFromList(
    const std::array<std::vector<Card>, 4>& hands, const Event& event) const {
  std::array<CardSet, 4> sets;
  std::array<int, 4> counts{};
  for (size_t seat = 0; seat < hands.size(); ++seat) {
    for (Card card : hands[seat]) sets[seat].Add(card);
    counts[seat] = static_cast<int>(hands[seat].size());
  }
  if (HandsAreADeal(sets, counts)) return sets;
  // What is wrong, worded: the first card out of the pack or seen twice, else a hand's size.
  sets = {};
  CardSet seen;
  for (Seat seat : kAllSeats) {
    const std::vector<Card>& hand = hands[SeatIndex(seat)];
    auto hand_path = [&] {
      return ChildPath(ChildPath(event.path.str(), "hands"), SeatName(seat));
    };
    for (size_t i = 0; i < hand.size(); ++i) {
      Card card = hand[i];
      // Made only for a finding: a legal hand costs no strings.
      auto place = [&] {
        return Place{
            ChildPath(hand_path(), i),
            GamePlace{.deal = event.deal, .actor = SeatName(seat), .card = ToString(card)}};
      };
      if (!Pack().Contains(card)) {
        return Fail(Illegal("card-not-in-pack", place(),
                            "expected a card of the " + std::to_string(Pack().Size()) +
                                "-card pack, found " + ToString(card)));
      }
      if (seen.Contains(card)) {
        return Fail(Illegal(
            "duplicate-card", place(),
            "expected each card in one hand only, found " + ToString(card) + " a second time"));
      }
      seen.Add(card);
      sets[SeatIndex(seat)].Add(card);
    }
    if (static_cast<int>(hand.size()) != HandSize()) {
      return Fail(
          Illegal("wrong-hand-size",
                  Place{hand_path(), GamePlace{.deal = event.deal, .actor = SeatName(seat)}},
                  "expected " + std::to_string(HandSize()) + " cards in " + SeatName(seat) +
                      "'s hand, found " + std::to_string(hand.size()))
              .Comparing(FactValue::Number(HandSize()),
                         FactValue::Number(static_cast<int64_t>(hand.size()))));
    }
  }
  return sets;
}

Result<std::array<CardSet, 4>> TrickMatch::ResolveHands(const Event& event, const DealEvent& deal,
                                                        Seat dealer) const {
  // Where the cards come from: named, and the place written out, only for a finding (every deal
  // of every record verified passes here).
  enum class Source { kHands, kPack, kSeed };
  int board = deal.board > 0 ? deal.board : event.deal;
  auto name = [&](Source source) -> std::string {
    switch (source) {
      case Source::kHands:
        return "the hands";
      case Source::kPack:
        return "the pack order";
      case Source::kSeed:
        break;
    }
    return "the seeded deal of board " + std::to_string(board);
  };
  auto path_of = [&](Source source) -> std::string {
    std::string path = event.path.str();
    if (source == Source::kHands) return ChildPath(path, "hands");
    if (source == Source::kPack) return ChildPath(path, "deck");
    return path;
  };
  std::optional<std::array<CardSet, 4>> hands;
  Source first = Source::kHands;
  auto agree = [&](const std::array<CardSet, 4>& other, Source other_source) -> Result<void> {
    if (!hands) {
      hands = other;
      first = other_source;
      return {};
    }
    for (Seat seat : kAllSeats) {
      if ((*hands)[SeatIndex(seat)] == other[SeatIndex(seat)]) continue;
      return Fail(Illegal(
          "deal-mismatch",
          Place{path_of(other_source), GamePlace{.deal = event.deal, .actor = SeatName(seat)}},
          "expected " + SeatName(seat) + "'s hand from " + name(other_source) + " (" +
              other[SeatIndex(seat)].ToString() + ") to match " + name(first) + " (" +
              (*hands)[SeatIndex(seat)].ToString() + ")"));
    }
    return {};
  };
  if (deal.hands) {
    auto listed = HandsFromList(*deal.hands, event);
    REFEREE_TRY(listed);
    REFEREE_TRY(agree(*listed, Source::kHands));
  }
  if (deal.deck) {
    REFEREE_TRY(CheckDeck(*deal.deck, event));
    REFEREE_TRY(agree(DealOut(*deal.deck, dealer), Source::kPack));
  }
  if (deal.seeded) REFEREE_TRY(agree(DealOut(SeededDeck(board), dealer), Source::kSeed));
  if (!hands) {
    return Fail(Illegal("missing-deal", Place{event.path.str(), GamePlace{.deal = event.deal}},
                        "expected the deal's hands, its pack order or a record seed"));
  }
  return *hands;
}

std::optional<Finding> TrickMatch::CheckDealEnd(const Event& event) const {
  if (!deal_) return std::nullopt;
  // A deal a trick short whose missing trick fits at one place only is accepted with its
  // finding, and played out with it (CommitDealEnd).
  if (deal_->current_size == 0) {
    if (std::optional<MissingTrick> missing = FindMissingTrick(WrittenTricks())) {
      if (missing->also.empty()) return std::nullopt;
      return MissingTrickFinding(*missing, event.path.str());  // where, it cannot tell
    }
  }
  int played = static_cast<int>(deal_->tricks.size());
  std::string partial = deal_->current_size == 0 ? ""
                                                 : " and " + Plural(deal_->current_size, "card") +
                                                       " of trick " + std::to_string(played + 1);
  return Illegal("short-deal", Place{event.path, GamePlace{.deal = deal_->number}},
                 "expected " + Plural(HandSize(), "trick") + " in deal " +
                     std::to_string(deal_->number) + " before the next deal, found " +
                     Plural(played, "trick") + partial);
}

Ruling TrickMatch::CommitDealEnd(const Event& event) {
  if (!deal_) return {};
  std::optional<MissingTrick> missing = FindMissingTrick(WrittenTricks());
  REFEREE_CHECK(missing.has_value(), "a short deal was accepted without its missing trick");
  Ruling ruling;
  ruling.findings.push_back(MissingTrickFinding(*missing, event.path.str()));
  ReplayDealWith(missing->tricks);
  return ruling;
}

}  // namespace referee::games::trick
