// Named Cahoots goal catalogues, as data: a record may write a goal as a reference into one
// (`{catalogue: spanish-unverified, card: 12}`) instead of spelling out its kind and parameters.
//
// Source: rules.md section 1 "Goal cards: what is and is not known". The full list of the 50
// Gamewright goal cards is not public, so no catalogue claims to be that deck:
// - "spanish-unverified": the 52 entries of github.com/Middlederg/cahoots MissionDeck.cs [C], in
//   its order, numbered 1-52. Third-party code, Spanish edition (colours green, blue, yellow, red;
//   the code's "orange" is yellow on the cards). Every entry has confirmed = false. The code's
//   "greater than 4" tests >= 4; the entry follows the card's wording (strict, ruling 6).
// - "confirmed": one entry per goal seen in a primary or secondary source, with that source and
//   the edition whose colours it names; confirmed = true (the goal is attested; the exact card
//   wording is ours).
// An entry names its colours by name; a reference resolves only in an edition that has those
// colours (the mapping between the Spanish and the Gamewright colours is unconfirmed).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "referee/core/event.h"
#include "referee/core/result.h"
#include "referee/games/cahoots/cahoots_cards.h"
#include "referee/games/cahoots/cahoots_goals.h"

namespace referee::games::cahoots {

struct CatalogueEntry {
  int card = 0;  // 1-based position in the catalogue
  std::string kind;
  std::vector<std::string> colours;  // colour names, in the order of the kind's parameters
  std::vector<int> numbers;
  std::string edition;  // whose colours the entry names
  std::string source;   // where it comes from, with its quality key [P] [S] [C]
  bool confirmed = false;
  std::string note;  // known doubts, empty if none
};

struct Catalogue {
  std::string name;
  std::string description;
  std::vector<CatalogueEntry> entries;
};

const std::vector<Catalogue>& Catalogues();
const Catalogue* FindCatalogue(std::string_view name);

// The goal of entry `card` of the catalogue, with its colours as indexes of `edition` and its
// label "catalogue#card". Malformed findings at `path`: `unknown-catalogue`, `out-of-range`, or
// `bad-goal` when the edition lacks a colour the entry names.
Result<GoalSpec> ResolveCatalogueGoal(std::string_view catalogue, int card, const Edition& edition,
                                      const std::string& path);

// "spanish-unverified#12", and back.
std::string CatalogueLabel(std::string_view catalogue, int card);
std::optional<std::pair<std::string, int>> ParseCatalogueLabel(std::string_view label);

}  // namespace referee::games::cahoots
