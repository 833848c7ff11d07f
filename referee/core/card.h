// Standard playing cards, hands as 64-bit sets, and the two packs the trick games use.
//
// Notation (docs/record-format.md): rank then suit, "AS KH QD JC TS 9H ... 2C". On input "10" is
// accepted for "T", suit symbols (♠♥♦♣) and lower case are accepted; output is always canonical.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
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

// The suit of a word's last byte, by whether the word ends in a suit symbol: from 0, kSuitOf of a
// letter; from 256, the suit of a symbol's last byte (A0..A7), -1 for any other byte.
constexpr std::array<int8_t, 512> SuitsOfLastByte() {
  std::array<int8_t, 512> values{};
  for (size_t i = 0; i < 256; ++i) {
    values[i] = kSuitOf[i];
    values[256 + i] = -1;
  }
  for (size_t i = 0; i < kSymbolSuits.size(); ++i) {
    values[256 + 0xA0 + i] = static_cast<int8_t>(kSymbolSuits[i]);
  }
  return values;
}
inline constexpr std::array<int8_t, 512> kSuitOfLastByte = SuitsOfLastByte();

// Whether two bytes are the first two of a suit symbol's three (E2 99): its last gives its suit.
constexpr bool StartsSymbol(unsigned char lead, unsigned char middle) {
  return (lead == 0xE2) & (middle == 0x99);
}

// The suit a letter or a symbol spells, or -1.
inline int SuitOfText(std::string_view text) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  bool symbol = text.size() == 3 && StartsSymbol(byte(0), byte(1));
  if (text.size() != 1 && !symbol) return -1;
  return kSuitOfLastByte[256 * size_t{symbol} + byte(text.size() - 1)];
}

// Words of cards are found eight bytes at a time: a card is at most five bytes ("10♠"), so a card's
// word and the separators after it lie in the eight bytes where it starts. The bit masks below
// mark a byte by its high bit, the byte text[at] lowest.
inline constexpr uint64_t kEveryByte = 0x0101010101010101;
inline constexpr uint64_t kHighBits = 0x8080808080808080;
inline constexpr size_t kLongestCard = 5;

// The high bit of each byte of `bytes` that is zero. Exact for every byte: the sum below cannot
// carry from one byte into the next.
constexpr uint64_t ZeroBytes(uint64_t bytes) {
  constexpr uint64_t kLowBits = ~kHighBits;
  return ~(((bytes & kLowBits) + kLowBits) | bytes | kLowBits);
}

// `bytes` as loaded from memory, with its first byte lowest.
constexpr uint64_t LittleEndian(uint64_t bytes) {
  if constexpr (std::endian::native == std::endian::big) return __builtin_bswap64(bytes);
  return bytes;
}

// The separators (spaces and tabs) among the eight bytes of `text` from `at` (< text.size()); a
// byte past the end of the text counts as one. Read without reading past the text.
inline uint64_t SeparatorsAt(std::string_view text, size_t at) {
  uint64_t bytes = 0;
  size_t left = text.size() - at;
  if (text.size() >= 8) {
    // Fewer than eight bytes left: the eight that end the text, the ones before `at` shifted out.
    size_t from = std::min(at, text.size() - 8);
    std::memcpy(&bytes, text.data() + from, 8);
    bytes = LittleEndian(bytes) >> (8 * (at - from));
  } else {
    std::memcpy(&bytes, text.data() + at, left);
    bytes = LittleEndian(bytes);
  }
  uint64_t separators =
      ZeroBytes(bytes ^ (kEveryByte * ' ')) | ZeroBytes(bytes ^ (kEveryByte * '\t'));
  // kHighBits << (8 * left) in two shifts, as a shift by 64 (eight bytes left) is undefined.
  uint64_t past_end = (kHighBits << 1) << (8 * std::min<size_t>(left, 8) - 1);
  return separators | past_end;
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
// letter or symbol. Inline, as the readers of every spelling of a record's cards call it. Its
// parts are found by arithmetic on the word's size, not by a test of each spelling: a record
// written by hand mixes the spellings, and such tests were mispredicted at every change.
inline std::optional<Card> CardFromText(std::string_view token) {
  size_t size = token.size();
  if (size < 2 || size > card_letters::kLongestCard) return std::nullopt;
  auto byte = [&](size_t i) { return static_cast<unsigned char>(token[i]); };
  unsigned char first = byte(0), second = byte(1), last = byte(size - 1);
  // A symbol ends the word in E2 99 A0..A7. (A word of two bytes looks at its first byte here.)
  unsigned char symbol_lead = byte(size - 3 + (size == 2));
  unsigned char symbol_middle = byte(size - 2);
  bool symbol = (size >= 4) & card_letters::StartsSymbol(symbol_lead, symbol_middle);
  int suit = card_letters::kSuitOfLastByte[256 * size_t{symbol} + last];
  size_t rank_size = size - 1 - 2 * size_t{symbol};
  bool ten = (rank_size == 2) & (first == '1') & (second == '0');
  int letter = card_letters::kRankOf[first] | -static_cast<int>(rank_size != 1);
  int rank = ten ? static_cast<int>(Rank::k10) - 2 : letter;
  if ((rank | suit) < 0) return std::nullopt;
  return Card{static_cast<Suit>(suit), static_cast<Rank>(rank + 2)};
}

// Calls take(card) for each word of `text` (words apart by spaces or tabs) read as CardFromText
// reads it, in order, and returns true; false, as soon as a word is no card or there are more
// than `max_cards`. The two-letter card is read where it lies, without a word of its own.
template <typename Take>
bool ForEachCardWord(std::string_view text, size_t max_cards, Take&& take) {
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
  // The other words, each from the separators of the eight bytes where it starts.
  while (i < text.size()) {
    uint64_t separators = card_letters::SeparatorsAt(text, i);
    uint64_t starts = ~separators & card_letters::kHighBits;  // the bytes that are no separator
    if (starts == 0) {
      i += 8;
      continue;
    }
    if (size_t lead = std::countr_zero(starts) / 8; lead != 0) {
      i += lead;  // the word starts past separators: its own eight bytes are read
      continue;
    }
    size_t length = std::countr_zero(separators) / 8;  // 8 when no separator is among them
    if (length > card_letters::kLongestCard) return false;
    std::optional<Card> card = CardFromText(text.substr(i, length));
    if (!card || count++ == max_cards) return false;
    take(*card);
    uint64_t next = starts & (~uint64_t{0} << (8 * length));  // the next word, if it starts here
    i += next != 0 ? std::countr_zero(next) / 8 : 8;
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
