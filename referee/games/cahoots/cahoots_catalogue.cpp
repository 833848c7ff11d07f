#include "referee/games/cahoots/cahoots_catalogue.h"

#include <charconv>

#include "referee/core/printable.h"
#include "referee/games/cahoots/cahoots_goals.h"

namespace referee::games::cahoots {
namespace {

constexpr std::string_view kMiddlederg = "github.com/Middlederg/cahoots MissionDeck.cs [C]";

struct Row {
  std::string kind;
  std::vector<std::string> colours;
  std::vector<int> numbers;
  std::string note;
};

// rules.md "Best available concrete list", in the order of MissionDeck.cs.
Catalogue SpanishUnverified() {
  const std::vector<Row> rows = {
      {"sum-colour", {"yellow"}, {2}},
      {"sum-colour", {"blue"}, {3}},
      {"sum-colour", {"red"}, {4}},
      {"sum-colour", {"green"}, {6}},
      {"sum-colour", {"green"}, {7}},
      {"sum-colour", {"blue"}, {9}},
      {"sum-colour", {"red"}, {10}},
      {"sum-colour", {"yellow"}, {11}},
      {"sum-all", {}, {10}},
      {"sum-all", {}, {20}},
      {"sum-all", {}, {15}},
      {"sum-all", {}, {18}},
      {"colours-different", {}, {}},
      {"numbers-different", {}, {}},
      {"all-different", {}, {}},
      {"apart", {"red"}, {}},
      {"apart", {"green"}, {}},
      {"apart", {"blue"}, {}},
      {"apart", {"yellow"}, {}},
      {"sum-double", {"red", "blue"}, {}},
      {"sum-double", {"green", "red"}, {}},
      {"sum-double", {"blue", "green"}, {}},
      {"sum-double", {"blue", "yellow"}, {}},
      {"sum-double", {"green", "yellow"}, {}},
      {"sum-double", {"yellow", "red"}, {}},
      {"alternating", {"green"}, {}},
      {"alternating", {"blue"}, {}},
      {"alternating", {"yellow"}, {}},
      {"adjacent", {"yellow"}, {}},
      {"adjacent", {"green"}, {}},
      {"adjacent", {"red"}, {}},
      {"adjacent", {"blue"}, {}},
      {"adjacent", {"red"}, {}, "listed twice in the source: probably a bug"},
      {"run-in-order", {}, {3}},
      {"run-any-order", {}, {}},
      {"all-below", {}, {4}},
      {"all-above", {}, {4}, "the source code tests >= 4; the card says greater than 4"},
      {"sum-equal", {"red", "yellow"}, {}},
      {"sum-equal", {"green", "blue"}, {}},
      {"sum-equal", {"blue", "red"}, {}},
      {"sum-equal", {"green", "red"}, {}},
      {"sum-equal", {"yellow", "blue"}, {}},
      {"sum-equal", {"yellow", "green"}, {}},
      {"pile-count", {"red"}, {3}},
      {"pile-count", {"yellow"}, {3}},
      {"pile-count", {"blue"}, {3}},
      {"two-colours", {"green", "yellow"}, {}},
      {"two-colours", {"red", "blue"}, {}},
      {"two-colours", {"red", "green"}, {}},
      {"all-even", {}, {}},
      {"all-odd", {}, {}},
      {"parity-alternating", {}, {}},
  };
  Catalogue catalogue{"spanish-unverified",
                      "the 52 missions of a third-party Spanish-edition implementation; "
                      "unverified, the real deck has 54",
                      {}};
  for (const Row& row : rows) {
    int card = static_cast<int>(catalogue.entries.size()) + 1;
    catalogue.entries.push_back(CatalogueEntry{
        card, row.kind, row.colours, row.numbers, "spanish",
        std::string(kMiddlederg) + ", entry " + std::to_string(card), false, row.note});
  }
  return catalogue;
}

CatalogueEntry Seen(std::string kind, std::vector<std::string> colours, std::vector<int> numbers,
                    std::string edition, std::string source) {
  return CatalogueEntry{0,
                        std::move(kind),
                        std::move(colours),
                        std::move(numbers),
                        std::move(edition),
                        std::move(source),
                        true,
                        ""};
}

// rules.md "Goal types that are confirmed", one entry per example seen.
Catalogue Confirmed() {
  Catalogue catalogue{"confirmed", "goals seen in primary or secondary sources", {}};
  catalogue.entries = {
      Seen("pile-count", {"green"}, {3}, "gamewright", "seed 004 [P]: \"three green piles\""),
      Seen("pile-count", {"orange"}, {3}, "gamewright",
           "casualgamerevolution, meeplegamers, spellenplank [S]: \"three orange piles\""),
      Seen("sum-all", {}, {10}, "gamewright",
           "seed 001 [P]: \"make the value of all cards exactly 10\"; imaginationgaming [S]"),
      Seen("sum-all", {}, {15}, "gamewright", "casualgamerevolution [S]"),
      Seen("sum-all", {}, {13}, "dutch", "metrotime [S] (Dutch review)"),
      Seen("sum-colour", {"pink"}, {10}, "gamewright",
           "meeplegamers [S]: \"sum of all pink cards is 10\""),
      Seen("sum-double", {"purple", "green"}, {}, "gamewright",
           "meeplegamers [S]: \"purple is half as much as green\""),
      Seen("sum-double", {"green", "red"}, {}, "spanish",
           "consolaytablero [S]: \"red = double green\""),
      Seen("sum-equal", {"green", "blue"}, {}, "spanish",
           "consolaytablero [S]: \"green same value as blue\""),
      Seen("two-colours", {"purple", "green"}, {}, "gamewright",
           "imaginationgaming, starfish [S]: \"all piles purple or green\""),
      Seen("two-colours", {"purple", "orange"}, {}, "dutch",
           "seed 001 [P]: \"make all the piles purple or orange\""),
      Seen("all-below", {}, {4}, "gamewright",
           "imaginationgaming, starfish [S]: \"every card lower than four\""),
      Seen("colours-different", {}, {}, "dutch", "metrotime [S]: \"vier verschillende kleuren\""),
      Seen("adjacent", {"green"}, {}, "spanish",
           "coop-land, consolaytablero [S]: \"2 green cards adjacent\""),
  };
  for (size_t i = 0; i < catalogue.entries.size(); ++i) {
    catalogue.entries[i].card = static_cast<int>(i) + 1;
  }
  return catalogue;
}

}  // namespace

const std::vector<Catalogue>& Catalogues() {
  static const std::vector<Catalogue> kCatalogues = {SpanishUnverified(), Confirmed()};
  return kCatalogues;
}

const Catalogue* FindCatalogue(std::string_view name) {
  for (const Catalogue& catalogue : Catalogues()) {
    if (catalogue.name == name) return &catalogue;
  }
  return nullptr;
}

Result<GoalSpec> ResolveCatalogueGoal(std::string_view name, int card, const Edition& edition,
                                      const std::string& path) {
  const Catalogue* catalogue = FindCatalogue(name);
  if (catalogue == nullptr) {
    std::string names;
    for (const Catalogue& known : Catalogues()) names += (names.empty() ? "" : ", ") + known.name;
    return Fail(Malformed("unknown-catalogue", ChildPath(path, "catalogue"),
                          "expected a goal catalogue (" + names + "), found " + Quoted(name)));
  }
  int size = static_cast<int>(catalogue->entries.size());
  if (card < 1 || card > size) {
    return Fail(Malformed("out-of-range", ChildPath(path, "card"),
                          "expected a card from 1 to " + std::to_string(size) + " of catalogue " +
                              catalogue->name + ", found " + std::to_string(card)));
  }
  const CatalogueEntry& entry = catalogue->entries[card - 1];
  GoalSpec goal{
      GoalKindNamed(entry.kind), {}, GoalParams(entry.numbers), CatalogueLabel(name, card), path};
  for (const std::string& colour : entry.colours) {
    std::optional<int> index = ColourIndex(edition, colour);
    if (!index) {
      return Fail(Malformed("bad-goal", path,
                            "expected a goal in the colours of the " + edition.name + " edition (" +
                                ColourLegend(edition) + "), found " + goal.label +
                                ", which names " + colour));
    }
    goal.colours.push_back(*index);
  }
  REFEREE_TRY(CheckGoal(goal, path));
  return goal;
}

std::string CatalogueLabel(std::string_view catalogue, int card) {
  return std::string(catalogue) + "#" + std::to_string(card);
}

std::optional<std::pair<std::string, int>> ParseCatalogueLabel(std::string_view label) {
  // Most labels are a goal's words, without '#': found so by memchr, not by a walk back.
  if (label.find('#') == std::string_view::npos) return std::nullopt;
  size_t hash = label.rfind('#');
  if (hash == std::string_view::npos || hash == 0) return std::nullopt;
  std::string_view digits = label.substr(hash + 1);
  int card = 0;
  auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), card);
  if (error != std::errc() || end != digits.data() + digits.size() || digits.empty()) {
    return std::nullopt;
  }
  std::string name(label.substr(0, hash));
  if (FindCatalogue(name) == nullptr) return std::nullopt;
  return std::make_pair(name, card);
}

}  // namespace referee::games::cahoots
