#include "referee/core/card.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

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
