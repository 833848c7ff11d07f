// Cahoots number cards: the editions' colour sets and the card notation.
//
// Source: rules.md section 1 "Components" (56 number cards: four colours, 1-7, two copies each)
// and record-format.md "Notation". Interpretation choices (docs/rules/cahoots.md):
// - Gamewright: green, pink, orange, purple [S: starfisheducation, meeplegamers]. The Dutch edition
//   uses the same list; its fourth colour (pink) is unconfirmed (the Dutch seed names only
//   purple, orange and green). Spanish: green, blue, yellow, red [S: coop-land].
// - A card is written as its number then a colour letter unique within the edition
//   (Gamewright/Dutch: G green, P pink, O orange, U purple; Spanish: G green, B blue, Y yellow,
//   R red), case-insensitive on input; the long form "3-green" is accepted too. Output is always
//   the compact form, "3G".
// - Colour index = position in the edition's colour list. The canonical pack order (seeded decks)
//   is colours in that order, numbers 1..7, the two copies adjacent.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "referee/core/result.h"
#include "referee/core/seeded_deal.h"

namespace referee::games::cahoots {

inline constexpr int kColours = 4;
inline constexpr int kNumbers = 7;
inline constexpr int kCopies = 2;
inline constexpr int kPackSize = kColours * kNumbers * kCopies;  // 56

// A number card: colour index in the edition's colour order, number 1..7.
struct NumberCard {
  uint8_t colour = 0;
  uint8_t number = 1;
  // Both bytes in one comparison: a hand is searched for a card every turn, and comparing colour
  // then number makes two guesses where a card that shares one of them with another is common.
  bool operator==(const NumberCard& other) const {
    return std::bit_cast<uint16_t>(*this) == std::bit_cast<uint16_t>(other);
  }
};
static_assert(sizeof(NumberCard) == 2);

struct Edition {
  std::string name;                           // "gamewright", "dutch", "spanish"
  std::array<std::string, kColours> colours;  // lower case, in the edition's order
  std::array<char, kColours> letters;         // upper case, unique within the edition
  // The colour of each byte as a letter (either case), and of each shape of a name (its size and
  // first letter: no two colours of an edition share one), -1 for none; made from the above with
  // the editions. The card readers look a colour up for every card, in whatever spelling, and a
  // search colour by colour guesses wrong at every change of spelling.
  std::array<int8_t, 256> by_letter{};
  std::array<int8_t, 256> by_shape{};
};

const std::vector<std::string>& EditionNames();
// The edition of that name; an unknown name is a bug (the option reader checks the choices).
const Edition& EditionNamed(std::string_view name);

// Colour index of a full colour name (case-insensitive) in the edition, if it has that colour.
std::optional<int> ColourIndex(const Edition& edition, std::string_view name);
std::string ColourName(const Edition& edition, int colour);
// "G green, P pink, O orange, U purple", for messages.
std::string ColourLegend(const Edition& edition);

// Parses "3G", "3g" or "3-green"; a bad token is a Malformed `bad-card` naming the token.
Result<NumberCard> ParseNumberCard(std::string_view token, const Edition& edition,
                                   const std::string& path);
// The same reading without a finding: nothing for a bad token.
std::optional<NumberCard> NumberCardFromText(std::string_view token, const Edition& edition);
std::string CardText(NumberCard card, const Edition& edition);  // canonical: "3G"
std::string CardsText(std::span<const NumberCard> cards, const Edition& edition);

// The 56 cards in canonical pack order: colours 0..3, numbers 1..7, the two copies adjacent.
std::vector<NumberCard> CanonicalPack();
// The deck of one board of a seed, top first: the canonical pack shuffled by the seeded deal of
// record-format.md ("Seeded deals"). The verifier and `referee deal` both deal with it; `deal` is
// the match's seeded-deal function (MatchSetup::seeded_deal).
std::vector<NumberCard> SeededDeck(Sha256Function sha256, std::string_view seed, int board,
                                   SeededDealFunction deal = &SeededPermutation);

// Matching rule of rules.md "Play": same colour, same number, or both.
inline bool Matches(NumberCard card, NumberCard top) {
  return (card.colour == top.colour) | (card.number == top.number);  // one guess, not two
}

}  // namespace referee::games::cahoots
