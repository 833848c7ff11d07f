#include "referee/core/card.h"

#include <array>
#include <cstdint>

#include "referee/core/printable.h"

namespace referee {
namespace {

// The suit symbols, black and white forms both accepted, are U+2660..U+2667: in UTF-8, E2 99
// followed by A0..A7. Their suits by that last byte, in the order of the code points.
constexpr std::array<Suit, 8> kSymbolSuits = {
    Suit::kSpades,    // U+2660 black spade
    Suit::kHearts,    // U+2661 white heart
    Suit::kDiamonds,  // U+2662 white diamond
    Suit::kClubs,     // U+2663 black club
    Suit::kSpades,    // U+2664 white spade
    Suit::kHearts,    // U+2665 black heart
    Suit::kDiamonds,  // U+2666 black diamond
    Suit::kClubs,     // U+2667 white club
};

std::optional<Rank> RankFromText(std::string_view text) {
  if (text == "10") return Rank::k10;
  if (text.size() != 1) return std::nullopt;
  int rank = card_letters::kRankOf[static_cast<unsigned char>(text[0])];
  if (rank < 0) return std::nullopt;
  return static_cast<Rank>(rank + 2);
}

}  // namespace

std::optional<Suit> SuitFromText(std::string_view text) {
  if (text.size() == 1) {
    int suit = card_letters::kSuitOf[static_cast<unsigned char>(text[0])];
    if (suit < 0) return std::nullopt;
    return static_cast<Suit>(suit);
  }
  auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  if (text.size() != 3 || byte(0) != 0xE2 || byte(1) != 0x99 || byte(2) < 0xA0 || byte(2) > 0xA7) {
    return std::nullopt;
  }
  return kSymbolSuits[byte(2) - 0xA0];
}

char SuitLetter(Suit suit) { return card_letters::kSuits[static_cast<size_t>(suit)]; }

std::string SuitName(Suit suit) {
  static constexpr std::array<std::string_view, 4> kNames = {"clubs", "diamonds", "hearts",
                                                             "spades"};
  return std::string(kNames[static_cast<int>(suit)]);
}

std::string ToString(Card card) {
  return {card_letters::kRanks[static_cast<size_t>(card.rank) - 2], SuitLetter(card.suit)};
}

std::optional<Card> CardFromText(std::string_view token) {
  if (token.size() == 2) return CardFromLetters(token[0], token[1]);
  // The rank is "10" or one character; everything after it must be a suit.
  size_t rank_length = token.starts_with("10") ? 2 : 1;
  if (token.size() > rank_length) {
    std::optional<Rank> rank = RankFromText(token.substr(0, rank_length));
    std::optional<Suit> suit = SuitFromText(token.substr(rank_length));
    if (rank && suit) return Card{*suit, *rank};
  }
  return std::nullopt;
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
