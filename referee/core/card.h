// Standard playing cards, hands as 64-bit sets, and the two packs the trick games use.
//
// Notation (docs/record-format.md): rank then suit, "AS KH QD JC TS 9H ... 2C". On input "10" is
// accepted for "T", suit symbols (♠♥♦♣) and lower case are accepted; output is always canonical.
#pragma once

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
// The same without a finding: for readers that build the path of a word only when it is wrong.
std::optional<Card> CardFromText(std::string_view token);
// Parses a suit letter or symbol (C D H S, ♣♦♥♠, lower case accepted).
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
  CardSet OfSuit(Suit suit) const;
  bool HasSuit(Suit suit) const { return !OfSuit(suit).Empty(); }
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
