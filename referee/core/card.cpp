#include "referee/core/card.h"

#include <array>
#include <cstdint>

#include "referee/core/printable.h"

namespace referee {

char SuitLetter(Suit suit) { return card_letters::kSuits[static_cast<size_t>(suit)]; }

std::string SuitName(Suit suit) {
  static constexpr std::array<std::string_view, 4> kNames = {"clubs", "diamonds", "hearts",
                                                             "spades"};
  return std::string(kNames[static_cast<int>(suit)]);
}

std::string ToString(Card card) {
  return {card_letters::kRanks[static_cast<size_t>(card.rank) - 2], SuitLetter(card.suit)};
}

Result<Card> ParseCard(std::string_view token, const std::string& path) {
  if (std::optional<Card> card = CardFromText(token)) return *card;
  return Fail(Malformed("bad-card", path,
                        "expected a card such as AS, TD or 10H (rank 2-10 J Q K A, then suit C D "
                        "H S), found " +
                            Quoted(token)));
}

Result<Suit> ParseSuit(std::string_view token, const std::string& path) {
  if (std::optional<Suit> suit = SuitFromText(token)) return *suit;
  return Fail(Malformed("bad-suit", path, "expected a suit C, D, H or S, found " + Quoted(token)));
}

std::vector<Card> CardSet::Cards() const {
  std::vector<Card> cards;
  cards.reserve(Size());
  for (uint64_t rest = bits_; rest != 0; rest &= rest - 1) {
    cards.push_back(Card::FromIndex(std::countr_zero(rest)));
  }
  return cards;
}

std::string CardSet::ToString() const {
  std::string text;
  for (Card card : Cards()) {
    if (!text.empty()) text += ' ';
    text += referee::ToString(card);
  }
  return text;
}

CardSet FullPack52() { return CardSet((uint64_t{1} << 52) - 1); }

CardSet Pack32() {
  // Made once: the engines ask for their pack on every trick.
  static const CardSet kPack = [] {
    CardSet pack;
    for (Suit suit : kAllSuits) {
      for (int rank = 7; rank <= 14; ++rank) pack.Add(Card{suit, static_cast<Rank>(rank)});
    }
    return pack;
  }();
  return kPack;
}

std::vector<Card> CanonicalOrder(CardSet pack) { return pack.Cards(); }

}  // namespace referee
