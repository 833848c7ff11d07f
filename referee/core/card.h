// Standard playing cards, hands as 64-bit sets, and the two packs the trick games use.
//
// Notation (docs/record-format.md): rank then suit, "AS KH QD JC TS 9H ... 2C". On input "10" is
// accepted for "T", suit symbols (♠♥♦♣) and lower case are accepted; output is always canonical.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "referee/core/result.h"

namespace referee {

enum class Suit : uint8_t { kClubs = 0, kDiamonds = 1, kHearts = 2, kSpades = 3 };
inline constexpr Suit kAllSuits[] = {Suit::kClubs, Suit::kDiamonds, Suit::kHearts, Suit::kSpades};

// Ranks carry their natural value: 2..10, J=11, Q=12, K=13, A=14.
enum class Rank : uint8_t { k2 = 2, k3, k4, k5, k6, k7, k8, k9, k10, kJack, kQueen, kKing, kAce };

struct Card {
  Suit suit = Suit::kClubs;
  Rank rank = Rank::k2;

  // 0..51: suit-major, rank ascending (the canonical pack order of record-format.md).
  constexpr int Index() const { return static_cast<int>(suit) * 13 + static_cast<int>(rank) - 2; }
  static constexpr Card FromIndex(int index) {
    return Card{static_cast<Suit>(index / 13), static_cast<Rank>(index % 13 + 2)};
  }
  constexpr bool operator==(const Card&) const = default;
};

char SuitLetter(Suit suit);
std::string SuitName(Suit suit);  // "clubs", ...
std::string ToString(Card card);  // canonical: "TS"

// Parses one card token; the error names the token and says what a card looks like.
Result<Card> ParseCard(std::string_view token, const std::string& path);

namespace card_letters {
// The letters of the suits and ranks, as a card is written: the one place they are spelled.
inline constexpr std::string_view kSuits = "CDHS";           // by Suit
inline constexpr std::string_view kRanks = "23456789TJQKA";  // by Rank, from 2
// The value of a rank letter or a suit letter, either case, by byte: -1 for any other byte. The
// two-letter card ("AS", "td") is nearly every card a record holds, so it is read by two lookups.
constexpr std::array<int8_t, 256> LetterValues(std::string_view letters) {
  std::array<int8_t, 256> values{};
  for (int8_t& value : values) value = -1;
  for (size_t i = 0; i < letters.size(); ++i) {
    auto upper = static_cast<unsigned char>(letters[i]);
    values[upper] = static_cast<int8_t>(i);
    if (upper >= 'A' && upper <= 'Z') values[upper + 32] = static_cast<int8_t>(i);
  }
  return values;
}
inline constexpr std::array<int8_t, 256> kSuitOf = LetterValues(kSuits);
inline constexpr std::array<int8_t, 256> kRankOf = LetterValues(kRanks);

// The suit symbols, black and white forms both accepted, are U+2660..U+2667: in UTF-8, E2 99
// followed by A0..A7. Their suits by that last byte, in the order of the code points.
inline constexpr std::array<Suit, 8> kSymbolSuits = {
    Suit::kSpades,    // U+2660 black spade
    Suit::kHearts,    // U+2661 white heart
    Suit::kDiamonds,  // U+2662 white diamond
    Suit::kClubs,     // U+2663 black club
    Suit::kSpades,    // U+2664 white spade
    Suit::kHearts,    // U+2665 black heart
    Suit::kDiamonds,  // U+2666 black diamond
    Suit::kClubs,     // U+2667 white club
};

// The suit a letter or a symbol spells, or -1.
inline int SuitOfText(std::string_view text) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  if (text.size() == 1) return kSuitOf[byte(0)];
  if (text.size() != 3 || byte(0) != 0xE2 || byte(1) != 0x99 || byte(2) < 0xA0 || byte(2) > 0xA7) {
    return -1;
  }
  return static_cast<int>(kSymbolSuits[byte(2) - 0xA0]);
}
}  // namespace card_letters

// The card a rank letter and a suit letter spell ("AS", "td"), or none: CardFromText's two-letter
// case.
inline std::optional<Card> CardFromLetters(char rank, char suit) {
  int r = card_letters::kRankOf[static_cast<unsigned char>(rank)];
  int s = card_letters::kSuitOf[static_cast<unsigned char>(suit)];
  if (r < 0 || s < 0) return std::nullopt;
  return Card{static_cast<Suit>(s), static_cast<Rank>(r + 2)};
}

// The card one word spells ("AS", "td", "10H", "K♠"), or none: a rank letter or "10", then a suit
// letter or symbol. Inline, as the readers of every spelling of a record's cards call it.
inline std::optional<Card> CardFromText(std::string_view token) {
  if (token.size() == 2) return CardFromLetters(token[0], token[1]);
  size_t rank_length = token.size() > 2 && token[0] == '1' && token[1] == '0' ? 2 : 1;
  if (token.size() <= rank_length) return std::nullopt;
  int rank = rank_length == 2 ? static_cast<int>(Rank::k10) - 2
                              : card_letters::kRankOf[static_cast<unsigned char>(token[0])];
  int suit = card_letters::SuitOfText(token.substr(rank_length));
  if (rank < 0 || suit < 0) return std::nullopt;
  return Card{static_cast<Suit>(suit), static_cast<Rank>(rank + 2)};
}

// Calls take(card) for each word of `text` (words apart by spaces or tabs) read as CardFromText
// reads it, in order, and returns true; false, as soon as a word is no card or there are more
// than `max_cards`. The two-letter card is read where it lies, without a word of its own.
template <typename Take>
bool ForEachCardWord(std::string_view text, size_t max_cards, Take&& take) {
  auto apart = [](char c) { return c == ' ' || c == '\t'; };
  size_t count = 0;
  size_t i = 0;
  // The canonical form first, two-letter cards one space apart ("AS KD 7C"): three bytes a card.
  // Where it stops, the words from there on are read one by one.
  for (; i + 2 <= text.size() && (i + 2 == text.size() || text[i + 2] == ' '); i += 3) {
    std::optional<Card> card = CardFromLetters(text[i], text[i + 1]);
    if (!card) break;
    if (count++ == max_cards) return false;
    take(*card);
  }
  while (i < text.size()) {
    if (apart(text[i])) {
      ++i;
      continue;
    }
    std::optional<Card> card;
    if (i + 2 <= text.size() && (i + 2 == text.size() || apart(text[i + 2]))) {
      card = CardFromLetters(text[i], text[i + 1]);
      i += 2;
    } else {
      size_t start = i;
      while (i < text.size() && !apart(text[i])) ++i;
      card = CardFromText(text.substr(start, i - start));
    }
    if (!card || count++ == max_cards) return false;
    take(*card);
  }
  return true;
}
// The suit of a letter or symbol (C D H S, ♣♦♥♠ and their white forms, lower case accepted), or
// none.
inline std::optional<Suit> SuitFromText(std::string_view text) {
  int suit = card_letters::SuitOfText(text);
  if (suit < 0) return std::nullopt;
  return static_cast<Suit>(suit);
}
// The same, with the finding that says what a suit is (placed at `path`) for any other text.
Result<Suit> ParseSuit(std::string_view token, const std::string& path);

// A set of cards as a bit set over Card::Index().
class CardSet {
 public:
  constexpr CardSet() = default;
  constexpr explicit CardSet(uint64_t bits) : bits_(bits) {}

  constexpr bool Contains(Card card) const { return (bits_ >> card.Index()) & 1u; }
  constexpr void Add(Card card) { bits_ |= Bit(card); }
  constexpr void Remove(Card card) { bits_ &= ~Bit(card); }
  constexpr int Size() const { return std::popcount(bits_); }
  constexpr bool Empty() const { return bits_ == 0; }
  constexpr uint64_t Bits() const { return bits_; }
  constexpr CardSet OfSuit(Suit suit) const {
    constexpr uint64_t kSuitMask = (uint64_t{1} << 13) - 1;
    return CardSet(bits_ & (kSuitMask << (13 * static_cast<int>(suit))));
  }
  constexpr bool HasSuit(Suit suit) const { return !OfSuit(suit).Empty(); }
  std::vector<Card> Cards() const;  // canonical order
  std::string ToString() const;     // canonical order, space-separated

  constexpr CardSet operator|(CardSet other) const { return CardSet(bits_ | other.bits_); }
  constexpr CardSet operator&(CardSet other) const { return CardSet(bits_ & other.bits_); }
  constexpr bool operator==(const CardSet&) const = default;

 private:
  static constexpr uint64_t Bit(Card card) { return uint64_t{1} << card.Index(); }
  uint64_t bits_ = 0;
};

CardSet FullPack52();
CardSet Pack32();  // A K Q J 10 9 8 7 in each suit
// Canonical pack order of record-format.md: suits C, D, H, S, ranks ascending.
std::vector<Card> CanonicalOrder(CardSet pack);

}  // namespace referee
