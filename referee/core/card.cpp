#include "referee/core/card.h"

#include <array>
#include <cstdint>

#include "referee/core/printable.h"

namespace referee {
namespace {

constexpr std::array<char, 4> kSuitLetters = {'C', 'D', 'H', 'S'};
constexpr std::array<char, 13> kRankLetters = {'2', '3', '4', '5', '6', '7', '8',
                                               '9', 'T', 'J', 'Q', 'K', 'A'};

// UTF-8 encodings of the suit symbols, black and white forms both accepted.
struct SuitSymbol {
  std::string_view text;
  Suit suit;
};
constexpr std::array<SuitSymbol, 8> kSuitSymbols = {{
    {"\u2663", Suit::kClubs},
    {"\u2667", Suit::kClubs},
    {"\u2666", Suit::kDiamonds},
    {"\u2662", Suit::kDiamonds},
    {"\u2665", Suit::kHearts},
    {"\u2661", Suit::kHearts},
    {"\u2660", Suit::kSpades},
    {"\u2664", Suit::kSpades},
}};

std::optional<Rank> RankFromText(std::string_view text) {
  if (text == "10") return Rank::k10;
  if (text.size() != 1) return std::nullopt;
  char upper = static_cast<char>(text[0] >= 'a' && text[0] <= 'z' ? text[0] - 32 : text[0]);
  for (size_t i = 0; i < kRankLetters.size(); ++i) {
    if (kRankLetters[i] == upper) return static_cast<Rank>(i + 2);
  }
  return std::nullopt;
}

}  // namespace

std::optional<Suit> SuitFromText(std::string_view text) {
  if (text.size() == 1) {
    char upper = static_cast<char>(text[0] >= 'a' && text[0] <= 'z' ? text[0] - 32 : text[0]);
    for (size_t i = 0; i < kSuitLetters.size(); ++i) {
      if (kSuitLetters[i] == upper) return static_cast<Suit>(i);
    }
    return std::nullopt;
  }
  for (const SuitSymbol& symbol : kSuitSymbols) {
    if (symbol.text == text) return symbol.suit;
  }
  return std::nullopt;
}

char SuitLetter(Suit suit) { return kSuitLetters[static_cast<int>(suit)]; }

std::string SuitName(Suit suit) {
  static constexpr std::array<std::string_view, 4> kNames = {"clubs", "diamonds", "hearts",
                                                             "spades"};
  return std::string(kNames[static_cast<int>(suit)]);
}

std::string ToString(Card card) {
  return {kRankLetters[static_cast<int>(card.rank) - 2], SuitLetter(card.suit)};
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
