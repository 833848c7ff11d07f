// Recovery after a slip in a trick game's record: a deal one trick short, its missing trick
// found where the cards never played make a legal trick (docs/findings.md, "Recovery").
#include <algorithm>
#include <string>

#include "referee/core/plural.h"
#include "referee/games/trick/trick_match.h"

namespace referee::games::trick {
namespace {}  // namespace

std::vector<std::array<Card, 4>> TrickMatch::WrittenTricks() const {
  std::vector<std::array<Card, 4>> written;
  for (const CompletedTrick& trick : deal_->tricks) written.push_back(trick.cards);
  return written;
}

std::optional<TrickMatch::MissingTrick> TrickMatch::FindMissingTrick(
    const std::vector<std::array<Card, 4>>& written) const {
  if (!deal_ || written.size() + 1 != static_cast<size_t>(deal_->hand_size)) return std::nullopt;
  CardSet unplayed;
  for (CardSet hand : deal_->dealt) unplayed = unplayed | hand;
  for (const std::array<Card, 4>& trick : written) {
    for (Card card : trick) {
      if (!unplayed.Contains(card)) return std::nullopt;  // not dealt, or written twice
      unplayed.Remove(card);
    }
  }
  if (unplayed.Size() != 4) return std::nullopt;
  MissingTrick found;
  for (size_t at = 0; at <= written.size(); ++at) {
    auto tricks = PlayedWithTrickAt(written, unplayed, at);
    if (!tricks) continue;
    if (found.place == 0) {
      found.tricks = std::move(*tricks);
      found.place = static_cast<int>(at) + 1;
    } else {
      found.also.push_back(static_cast<int>(at) + 1);
    }
  }
  if (found.place == 0) return std::nullopt;
  return found;
}

std::optional<std::vector<std::array<Card, 4>>> TrickMatch::PlayedWithTrickAt(
    const std::vector<std::array<Card, 4>>& written, CardSet unplayed, size_t insert_at) const {
  std::array<CardSet, 4> hands = deal_->dealt;
  Seat leader = deal_->first_leader;
  std::optional<Suit> trump = DealTrump();
  std::vector<std::array<Card, 4>> tricks;
  tricks.reserve(written.size() + 1);
  auto seat_at = [&](int position) { return SeatIndex(SeatAt(SeatIndex(leader) + position)); };
  for (size_t k = 0, next = 0; k <= written.size(); ++k) {
    std::array<Card, 4> cards;
    if (k == insert_at) {
      for (int position = 0; position < 4; ++position) {
        CardSet own = hands[seat_at(position)] & unplayed;
        if (own.Size() != 1) return std::nullopt;
        cards[position] = own.Cards().front();
      }
    } else {
      cards = written[next++];
    }
    for (int position = 0; position < 4; ++position) {
      CardSet& hand = hands[seat_at(position)];
      Card card = cards[position];
      Suit led = cards[0].suit;
      bool revoke = deal_->must_follow_suit && card.suit != led && hand.HasSuit(led);
      if (!hand.Contains(card) || (position > 0 && revoke)) return std::nullopt;
      hand.Remove(card);
    }
    Seat winner = TrickWinner(cards, leader, trump);
    leader = NextLeader(CompletedTrick{leader, cards, winner});
    tricks.push_back(cards);
  }
  return tricks;
}

Finding TrickMatch::MissingTrickFinding(const MissingTrick& missing,
                                        const std::string& tricks_path) const {
  int written = static_cast<int>(missing.tricks.size()) - 1;
  std::string cards;
  for (Card card : missing.tricks[missing.place - 1])
    cards += (cards.empty() ? "" : " ") + ToString(card);
  std::string also;
  for (int place : missing.also) also += (also.empty() ? "" : ", ") + std::to_string(place);
  std::string after = also.empty() ? "; the deal is checked and scored with it there"
                                   : " or trick " + also + " (the record cannot tell which)";
  std::string path =
      missing.place <= written ? ChildPath(tricks_path, missing.place - 1) : tricks_path;
  return Illegal("missing-trick",
                 Place{path, GamePlace{.deal = deal_->number, .step = TrickStep(missing.place)}},
                 "expected " + Plural(HandSize(), "trick") + " in deal " +
                     std::to_string(deal_->number) + ", found " + Plural(written, "trick") +
                     ": the cards never played, " + cards + ", make a legal trick " +
                     std::to_string(missing.place) + after)
      .Comparing(FactValue::Number(HandSize()), FactValue::Number(written));
}

void TrickMatch::ReplayDealWith(const std::vector<std::array<Card, 4>>& tricks) {
  DealInProgress& deal = *deal_;
  deal.hands = deal.dealt;
  deal.played.clear();
  deal.tricks.clear();
  deal.current_size = 0;
  deal.leader = deal.first_leader;
  // Every card is legal (PlayedWithTrickAt): the last closes the deal and scores it.
  for (const std::array<Card, 4>& trick : tricks) {
    for (Card card : trick) PlayCard(card);
  }
}

std::optional<std::vector<std::array<Card, 4>>> TrickMatch::WholeDealShortByATrick(
    std::span<const Event> events) const {
  if (!deal_) return std::nullopt;
  size_t count = static_cast<size_t>(deal_->hand_size - 1) * 4;
  if (events.size() != count || deal_->played.size() > count) return std::nullopt;
  std::vector<std::array<Card, 4>> written(static_cast<size_t>(deal_->hand_size - 1));
  for (size_t i = 0; i < events.size(); ++i) {
    const auto* play = events[i].As<PlayEvent>();
    if (play == nullptr || events[i].actor || events[i].deal != deal_->number ||
        play->trick != static_cast<int>(i / 4) + 1 || play->position != static_cast<int>(i % 4) ||
        play->written_size != 4) {
      return std::nullopt;
    }
    // The run holds the deal's plays from its first: what was played so far is its start.
    if (i < deal_->played.size() && deal_->played[i] != play->card) return std::nullopt;
    written[i / 4][i % 4] = play->card;
  }
  return written;
}

}  // namespace referee::games::trick
