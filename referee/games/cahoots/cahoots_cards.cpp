#include "referee/games/cahoots/cahoots_cards.h"

#include <algorithm>
#include <cstring>

#include "referee/core/check.h"
#include "referee/core/printable.h"

namespace referee::games::cahoots {
namespace {

// Letters are compared in ASCII: the colour names and letters are ASCII, and a record must read the
// same under any locale (std::tolower follows the process's, which a program embedding the library
// may set).
char AsciiLower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// The shape of a non-empty name, Edition::by_shape's index: its size (modulo 8) and its first
// letter in lower case (modulo 32).
size_t ShapeOf(std::string_view name) {
  return (name.size() % 8) << 5 | (static_cast<unsigned char>(AsciiLower(name[0])) % 32);
}

// The edition's lookup tables, from its colours and letters.
Edition Indexed(Edition edition) {
  edition.by_letter.fill(-1);
  edition.by_shape.fill(-1);
  for (int i = 0; i < kColours; ++i) {
    char letter = edition.letters[i];
    edition.by_letter[static_cast<unsigned char>(letter)] = static_cast<int8_t>(i);
    edition.by_letter[static_cast<unsigned char>(AsciiLower(letter))] = static_cast<int8_t>(i);
    const std::string& name = edition.colours[i];
    REFEREE_CHECK(!name.empty() && std::all_of(name.begin(), name.end(),
                                               [](char c) { return c >= 'a' && c <= 'z'; }),
                  "a colour name of small letters only, as EqualsLower compares them");
    int8_t& shape = edition.by_shape[ShapeOf(name)];
    REFEREE_CHECK(shape < 0, "two colours of the " + edition.name + " edition share a shape");
    shape = static_cast<int8_t>(i);
  }
  return edition;
}

const std::vector<Edition>& Editions() {
  // rules.md "Components": colours by edition.
  static const std::vector<Edition> kEditions = {
      Indexed({"gamewright", {"green", "pink", "orange", "purple"}, {'G', 'P', 'O', 'U'}}),
      Indexed({"dutch", {"green", "pink", "orange", "purple"}, {'G', 'P', 'O', 'U'}}),
      Indexed({"spanish", {"green", "blue", "yellow", "red"}, {'G', 'B', 'Y', 'R'}}),
  };
  return kEditions;
}

// Four bytes of `text` from `at`, as one word.
uint32_t FourBytes(std::string_view text, size_t at) {
  uint32_t word = 0;
  std::memcpy(&word, text.data() + at, sizeof word);
  return word;
}

// Whether `text` is the colour name `lower` (small letters only: Indexed checks) in any case,
// without a lowered copy. Setting a byte's 0x20 bit makes a capital its small letter and no other
// byte a small letter, so a name of 4 to 8 letters is compared as two overlapping words of four
// bytes: a colour is looked up for every long-form card, and a loop byte by byte ends at another
// place for each colour, which its branch guesses wrong.
bool EqualsLower(std::string_view text, std::string_view lower) {
  if (text.size() != lower.size()) return false;
  if (text.size() >= 4 && text.size() <= 8) {
    constexpr uint32_t kSmallBits = 0x20202020;
    size_t last = text.size() - 4;
    bool head = (FourBytes(text, 0) | kSmallBits) == FourBytes(lower, 0);
    bool tail = (FourBytes(text, last) | kSmallBits) == FourBytes(lower, last);
    return head & tail;  // both words compared, with no branch between them
  }
  for (size_t i = 0; i < text.size(); ++i) {
    if (AsciiLower(text[i]) != lower[i]) return false;
  }
  return true;
}

std::optional<int> LetterIndex(const Edition& edition, char letter) {
  int colour = edition.by_letter[static_cast<unsigned char>(letter)];
  if (colour < 0) return std::nullopt;
  return colour;
}

}  // namespace

const std::vector<std::string>& EditionNames() {
  static const std::vector<std::string> kNames = {"gamewright", "dutch", "spanish"};
  return kNames;
}

const Edition& EditionNamed(std::string_view name) {
  for (const Edition& edition : Editions()) {
    if (edition.name == name) return edition;
  }
  REFEREE_CHECK(false, "unknown Cahoots edition " + std::string(name));
  return Editions().front();
}

std::optional<int> ColourIndex(const Edition& edition, std::string_view name) {
  if (name.empty()) return std::nullopt;
  int colour = edition.by_shape[ShapeOf(name)];  // the one colour the name can be
  if (colour < 0 || !EqualsLower(name, edition.colours[colour])) return std::nullopt;
  return colour;
}

std::string ColourName(const Edition& edition, int colour) {
  REFEREE_CHECK(colour >= 0 && colour < kColours, "colour index out of range");
  return edition.colours[colour];
}

std::string ColourLegend(const Edition& edition) {
  std::string legend;
  for (int i = 0; i < kColours; ++i) {
    legend += (i == 0 ? "" : ", ") + std::string(1, edition.letters[i]) + " " + edition.colours[i];
  }
  return legend;
}

std::optional<NumberCard> NumberCardFromText(std::string_view token, const Edition& edition) {
  if (token.size() < 2 || token[0] < '1' || token[0] > '7') return std::nullopt;
  uint8_t number = static_cast<uint8_t>(token[0] - '0');
  std::optional<int> colour;
  if (token.size() == 2) {
    colour = LetterIndex(edition, token[1]);
  } else if (token[1] == '-') {
    colour = ColourIndex(edition, token.substr(2));
  }
  if (!colour) return std::nullopt;
  return NumberCard{static_cast<uint8_t>(*colour), number};
}

Result<NumberCard> ParseNumberCard(std::string_view token, const Edition& edition,
                                   const std::string& path) {
  if (std::optional<NumberCard> card = NumberCardFromText(token, edition)) return *card;
  return Fail(Malformed("bad-card", path,
                        "expected a number card such as 3" + std::string(1, edition.letters[0]) +
                            " or 3-" + edition.colours[0] + " (number 1-7, colours of the " +
                            edition.name + " edition: " + ColourLegend(edition) + "), found " +
                            Quoted(token)));
}

std::string CardText(NumberCard card, const Edition& edition) {
  REFEREE_CHECK(card.colour < kColours, "colour index out of range");
  return std::to_string(card.number) + std::string(1, edition.letters[card.colour]);
}

std::string CardsText(std::span<const NumberCard> cards, const Edition& edition) {
  std::string text;
  for (NumberCard card : cards) text += (text.empty() ? "" : " ") + CardText(card, edition);
  return text.empty() ? "none" : text;
}

std::vector<NumberCard> CanonicalPack() {
  // record-format.md "Deals": colours in the edition's order, numbers 1..7, copies adjacent.
  std::vector<NumberCard> pack;
  for (int colour = 0; colour < kColours; ++colour) {
    for (int number = 1; number <= kNumbers; ++number) {
      for (int copy = 0; copy < kCopies; ++copy) {
        pack.push_back(NumberCard{static_cast<uint8_t>(colour), static_cast<uint8_t>(number)});
      }
    }
  }
  return pack;
}

std::vector<NumberCard> SeededDeck(Sha256Function sha256, std::string_view seed, int board,
                                   SeededDealFunction deal) {
  std::vector<NumberCard> deck;
  deck.reserve(kPackSize);
  // The card at `index` of the canonical pack (CanonicalPack), worked out rather than looked up.
  for (int index : deal(sha256, seed, board, kPackSize)) {
    REFEREE_CHECK(index >= 0 && index < kPackSize, "a seeded deal outside the pack");
    int number = index % (kNumbers * kCopies) / kCopies + 1;
    deck.push_back(NumberCard{static_cast<uint8_t>(index / (kNumbers * kCopies)),
                              static_cast<uint8_t>(number)});
  }
  return deck;
}

}  // namespace referee::games::cahoots
