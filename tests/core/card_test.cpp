#include "referee/core/card.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "referee/core/seat.h"

namespace referee {
namespace {

Card Parsed(std::string_view token) {
  auto card = ParseCard(token, "/x");
  EXPECT_TRUE(card.has_value()) << token;
  return card.has_value() ? *card : Card{};
}

TEST(Card, ParsesEveryAcceptedSpelling) {
  EXPECT_EQ(Parsed("TS"), (Card{Suit::kSpades, Rank::k10}));
  EXPECT_EQ(Parsed("10S"), (Card{Suit::kSpades, Rank::k10}));
  EXPECT_EQ(Parsed("ts"), (Card{Suit::kSpades, Rank::k10}));
  EXPECT_EQ(Parsed("A\u2665"), (Card{Suit::kHearts, Rank::kAce}));
  EXPECT_EQ(Parsed("q\u2663"), (Card{Suit::kClubs, Rank::kQueen}));
  EXPECT_EQ(Parsed("2d"), (Card{Suit::kDiamonds, Rank::k2}));
}

// record-format.md, "Cards": a suit may be written as its symbol, black or white.
TEST(Card, EverySuitSymbolNamesItsSuit) {
  const std::pair<std::string_view, Suit> symbols[] = {
      {"\u2660", Suit::kSpades}, {"\u2664", Suit::kSpades},   {"\u2665", Suit::kHearts},
      {"\u2661", Suit::kHearts}, {"\u2666", Suit::kDiamonds}, {"\u2662", Suit::kDiamonds},
      {"\u2663", Suit::kClubs},  {"\u2667", Suit::kClubs}};
  for (const auto& [symbol, suit] : symbols) {
    EXPECT_EQ(SuitFromText(symbol), suit) << symbol;
    EXPECT_EQ(Parsed("10" + std::string(symbol)), (Card{suit, Rank::k10})) << symbol;
  }
  // The code points on either side, and the same last byte under another lead, are no suit.
  for (std::string_view near :
       {"\u265f", "\u2668", "\u2560", "\u1660", "\xe2\x99", "\xe2\x99\xa0!"}) {
    EXPECT_FALSE(SuitFromText(near).has_value()) << near;
  }
}

TEST(Card, RejectsNonCardsWithTheToken) {
  for (std::string_view bad : {"", "1S", "11S", "AX", "A", "S", "AS ", "10", "KHH", "\xff\xfe"}) {
    auto card = ParseCard(bad, "/deals/0/tricks/0/1");
    ASSERT_FALSE(card.has_value()) << bad;
    EXPECT_EQ(card.error().code, "bad-card");
    EXPECT_EQ(card.error().place.path, "/deals/0/tricks/0/1");
    EXPECT_EQ(card.error().severity, Severity::kMalformed);
  }
}

// Every spelling of every card record-format.md allows ("Cards"), listed from the text: a rank
// letter (either case) or "10", then a suit letter (either case) or symbol (black or white).
std::map<std::string, Card> EverySpelling() {
  const std::pair<std::string, Suit> suits[] = {
      {"C", Suit::kClubs},         {"c", Suit::kClubs},         {"\u2663", Suit::kClubs},
      {"\u2667", Suit::kClubs},    {"D", Suit::kDiamonds},      {"d", Suit::kDiamonds},
      {"\u2666", Suit::kDiamonds}, {"\u2662", Suit::kDiamonds}, {"H", Suit::kHearts},
      {"h", Suit::kHearts},        {"\u2665", Suit::kHearts},   {"\u2661", Suit::kHearts},
      {"S", Suit::kSpades},        {"s", Suit::kSpades},        {"\u2660", Suit::kSpades},
      {"\u2664", Suit::kSpades}};
  std::map<std::string, Card> spellings;
  const std::string ranks = "23456789TJQKA";
  for (size_t r = 0; r < ranks.size(); ++r) {
    std::vector<std::string> rank_spellings = {std::string(1, ranks[r])};
    if (ranks[r] >= 'A') rank_spellings.emplace_back(1, static_cast<char>(ranks[r] + 32));
    if (ranks[r] == 'T') rank_spellings.emplace_back("10");
    for (const std::string& rank : rank_spellings) {
      for (const auto& [suit_text, suit] : suits) {
        spellings[rank + suit_text] = Card{suit, static_cast<Rank>(r + 2)};
      }
    }
  }
  return spellings;
}

TEST(Card, ReadsEverySpellingAndNoOtherWordOfItsBytes) {
  std::map<std::string, Card> spellings = EverySpelling();
  EXPECT_EQ(spellings.size(), 13u * 16 + 2 * 16 + 4 * 16);  // ranks, lower-case letters, 10
  for (const auto& [text, card] : spellings) EXPECT_EQ(CardFromText(text), card) << text;
  // Each spelling with a byte changed, dropped or added at each place is a card only if it is
  // another spelling.
  const std::string bytes = std::string("0123456789TtAaSsHh \t\xe2\x99\xa0\xa7\xa8\x9f\x98", 27);
  for (const auto& [text, card] : spellings) {
    for (size_t at = 0; at <= text.size(); ++at) {
      for (char b : bytes) {
        std::vector<std::string> near = {text.substr(0, at) + b + text.substr(at)};
        if (at < text.size()) {
          near.push_back(text.substr(0, at) + text.substr(at + 1));
          near.push_back(text.substr(0, at) + b + text.substr(at + 1));
        }
        for (const std::string& word : near) {
          auto known = spellings.find(word);
          std::optional<Card> expected;
          if (known != spellings.end()) expected = known->second;
          EXPECT_EQ(CardFromText(word), expected) << word;
        }
      }
    }
  }
}

// The cards of a text as the rule says: its words, apart by spaces or tabs, each a spelling.
std::optional<std::vector<Card>> CardsByTheRule(const std::string& text, size_t max_cards) {
  static const std::map<std::string, Card> spellings = EverySpelling();
  std::vector<Card> cards;
  std::string word;
  auto end_word = [&] {
    if (word.empty()) return true;
    auto known = spellings.find(word);
    word.clear();
    if (known == spellings.end() || cards.size() == max_cards) return false;
    cards.push_back(known->second);
    return true;
  };
  for (char c : text) {
    if (c == ' ' || c == '\t') {
      if (!end_word()) return std::nullopt;
    } else {
      word += c;
    }
  }
  if (!end_word()) return std::nullopt;
  return cards;
}

RC_GTEST_PROP(ForEachCardWord, AgreesWithTheRuleOnWordsOfEverySpelling, ()) {
  static const std::map<std::string, Card> spellings = EverySpelling();
  std::vector<std::string> words;
  for (const auto& [text, card] : spellings) words.push_back(text);
  for (std::string other : {"", "1", "10", "11S", "A", "KHH", "\xe2\x99", "AS!", "ASAS", "10SS",
                            "\xe2\x99\xa0", "A\xe2\x99\xa8", "!"}) {
    words.push_back(other);
  }
  words.emplace_back(1, '\0');
  auto separators = [] {  // up to past the eight bytes a word is found in
    return *rc::gen::container<std::string>(*rc::gen::inRange<size_t>(1, 11),
                                            rc::gen::elementOf(std::string(" \t")));
  };
  std::string text = *rc::gen::elementOf(std::vector<std::string>{"", " ", "\t  "});
  int count = *rc::gen::inRange(0, 14);
  bool all_known = *rc::gen::inRange(0, 3) != 0;  // most texts hold only cards
  for (int i = 0; i < count; ++i) {
    if (i > 0) text += separators();
    text += all_known ? *rc::gen::elementOf(std::vector<std::string>(
                            words.begin(), words.begin() + spellings.size()))
                      : *rc::gen::elementOf(words);
  }
  if (*rc::gen::inRange(0, 3) == 0) text += separators();
  size_t max_cards = *rc::gen::inRange<size_t>(0, 16);
  std::vector<Card> read;
  bool whole = ForEachCardWord(text, max_cards, [&](Card card) { read.push_back(card); });
  std::optional<std::vector<Card>> expected = CardsByTheRule(text, max_cards);
  RC_ASSERT(whole == expected.has_value());
  if (expected) RC_ASSERT(read == *expected);
}

TEST(Card, OutputIsCanonical) {
  EXPECT_EQ(ToString(Card{Suit::kSpades, Rank::k10}), "TS");
  EXPECT_EQ(ToString(Card{Suit::kClubs, Rank::k2}), "2C");
}

TEST(CardSet, PacksHaveTheirSizes) {
  EXPECT_EQ(FullPack52().Size(), 52);
  EXPECT_EQ(Pack32().Size(), 32);
  EXPECT_FALSE(Pack32().Contains(Card{Suit::kHearts, Rank::k6}));
  EXPECT_TRUE(Pack32().Contains(Card{Suit::kHearts, Rank::k7}));
  EXPECT_EQ(CanonicalOrder(Pack32()).front(), (Card{Suit::kClubs, Rank::k7}));
  EXPECT_EQ(CanonicalOrder(Pack32()).back(), (Card{Suit::kSpades, Rank::kAce}));
}

RC_GTEST_PROP(Card, TextRoundTrips, ()) {
  int index = *rc::gen::inRange(0, 52);
  Card card = Card::FromIndex(index);
  RC_ASSERT(card.Index() == index);
  auto parsed = ParseCard(ToString(card), "");
  RC_ASSERT(parsed.has_value());
  RC_ASSERT(*parsed == card);
}

RC_GTEST_PROP(CardSet, SuitsPartitionTheSet, (uint64_t bits)) {
  CardSet set(bits & FullPack52().Bits());
  int total = 0;
  for (Suit suit : kAllSuits) total += set.OfSuit(suit).Size();
  RC_ASSERT(total == set.Size());
  RC_ASSERT(static_cast<int>(set.Cards().size()) == set.Size());
}

TEST(Seat, TurnsGoClockwise) {
  EXPECT_EQ(LeftOf(Seat::kNorth), Seat::kEast);
  EXPECT_EQ(LeftOf(Seat::kWest), Seat::kNorth);
  EXPECT_EQ(RightOf(Seat::kNorth), Seat::kWest);
  EXPECT_EQ(PartnerOf(Seat::kEast), Seat::kWest);
  EXPECT_EQ(PartnershipOf(Seat::kSouth), Partnership::kNorthSouth);
  EXPECT_FALSE(ParseSeat("n", "").has_value());
  EXPECT_TRUE(ParseSeat("W", "").has_value());
}

}  // namespace
}  // namespace referee
