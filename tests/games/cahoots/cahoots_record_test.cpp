// The Cahoots record body: deck, goals (definitions and catalogue references) and turns in their
// two forms, strict about unknown keys, bad cards and bad goals, and written back canonically.
#include <gtest/gtest.h>

#include <clocale>
#include <cstdlib>
#include <optional>

#include "formats/yaml_reader.h"
#include "referee/games/cahoots/cahoots_cards.h"
#include "referee/games/game_record.h"
#include "referee/record/record_writer.h"
#include "tests/games/cahoots/cahoots_test_util.h"

namespace referee::games::cahoots {
namespace {

std::string PackText() {
  std::string text;
  for (NumberCard card : CanonicalPack()) {
    text += (text.empty() ? "" : " ") + CardText(card, EditionNamed("gamewright"));
  }
  return text;
}

std::string RecordText(const std::string& goals, const std::string& turns,
                       const std::string& extra = "") {
  return "format: referee/1\ngame: cahoots\nrules: {goal_count: 2}\nplayers: [ann, bob]\n" + extra +
         "deck: \"" + PackText() + "\"\ngoals:\n" + goals + "turns:\n" + turns;
}

Result<record::Record> Read(const std::string& text) {
  auto node = formats::ParseYaml(text);
  if (!node) return Fail(node.error());
  return record::ReadRecord(*node);
}

const std::string kGoals =
    "  - {kind: two-colours, colours: [purple, Green]}\n"
    "  - {catalogue: confirmed, card: 1}\n";

TEST(CahootsRecord, ReadsDeckGoalsAndBothTurnForms) {
  auto record = Read(RecordText(kGoals,
                                "  - ann 1g 1\n"
                                "  - {player: bob, card: 2-green, pile: 2, at: 12.5, drew: \"7U\","
                                " completed: [2]}\n"));
  ASSERT_TRUE(record.has_value()) << record.error().message;
  ASSERT_EQ(record->entries.size(), 3u);
  const Event& setup_event = std::get<Event>(record->entries[0].item);
  const auto& setup = *setup_event.As<SetupEvent>();
  EXPECT_EQ(setup_event.path.str(), "/deck");
  EXPECT_EQ(setup.deck->size(), 56u);
  ASSERT_EQ(setup.goals.size(), 2u);
  EXPECT_EQ(setup.goals[0].kind, GoalKind::kTwoColours);
  EXPECT_EQ(setup.goals[0].colours, (GoalParams{3, 0}));
  // A definition keeps no path: the set-up places a goal's finding by its position.
  EXPECT_TRUE(setup.goals[0].path.empty());
  EXPECT_EQ(setup.goals[1].label, "confirmed#1");
  EXPECT_EQ(setup.goals[1].kind, GoalKind::kPileCount);
  const Event& first_event = std::get<Event>(record->entries[1].item);
  const auto& first = *first_event.As<TurnEvent>();
  EXPECT_EQ(first.turn, 1);
  EXPECT_EQ(first_event.actor, 0);
  EXPECT_EQ(first.card, (NumberCard{0, 1}));
  EXPECT_EQ(first.pile, 1);
  const Event& second_event = std::get<Event>(record->entries[2].item);
  const auto& second = *second_event.As<TurnEvent>();
  EXPECT_EQ(second_event.path.str(), "/turns/1");
  EXPECT_EQ(second.at_ms, 12500);
  ASSERT_NE(second.claims, nullptr);
  EXPECT_EQ(second.claims->drawn, (std::vector<NumberCard>{{3, 7}}));
  EXPECT_EQ(second.claims->completed, (std::vector<std::string>{"2"}));
}

// A record's turns are read over one event kept from turn to turn. A turn read after one that
// claimed a draw and completed goals at a time keeps none of them: it reads as the same turn read
// alone.
TEST(CahootsRecord, ATurnReadAfterOneWithClaimsKeepsNoneOfThem) {
  auto record = Read(RecordText(kGoals,
                                "  - {player: ann, card: 1G, pile: 1, at: 12.5, drew: \"7U\","
                                " completed: [2]}\n"
                                "  - bob 2G 2\n"));
  ASSERT_TRUE(record.has_value()) << record.error().message;
  auto alone = Read(RecordText(kGoals, "  - bob 2G 2\n"));
  ASSERT_TRUE(alone.has_value()) << alone.error().message;
  const Event& second = std::get<Event>(record->entries[2].item);
  const Event& single = std::get<Event>(alone->entries[1].item);
  EXPECT_EQ(second.As<TurnEvent>()->claims, nullptr);
  EXPECT_FALSE(second.As<TurnEvent>()->at_ms.has_value());
  EXPECT_EQ(second.As<TurnEvent>()->card, single.As<TurnEvent>()->card);
  EXPECT_EQ(second.As<TurnEvent>()->pile, single.As<TurnEvent>()->pile);
  EXPECT_EQ(second.As<TurnEvent>()->turn, 2);
  EXPECT_EQ(second.actor, single.actor);
  EXPECT_EQ(second.path.str(), "/turns/1");
}

TEST(CahootsRecord, WritesBackCanonically) {
  auto record =
      Read(RecordText(kGoals, "  - ann 1g 1\n  - {player: bob, card: 2-green, pile: 2, at: 3}\n"));
  ASSERT_TRUE(record.has_value()) << record.error().message;
  record::Node written = record::WriteRecord(*record);
  auto again = record::ReadRecord(written);
  ASSERT_TRUE(again.has_value()) << again.error().message;
  EXPECT_EQ(record::WriteRecord(*again), written);
  const record::Node* turns = written.Find("turns");
  ASSERT_NE(turns, nullptr);
  EXPECT_EQ(turns->items()[0].text(), "ann 1G 1");
  EXPECT_EQ(turns->items()[1].Find("card")->text(), "2G");
  EXPECT_EQ(written.Find("goals")->items()[1].Find("catalogue")->text(), "confirmed");
}

TEST(CahootsRecord, RejectsMalformedBodies) {
  struct Case {
    std::string goals;
    std::string turns;
    std::string code;
    std::string path;
  };
  std::vector<Case> cases = {
      {kGoals, "  - ann 8G 1\n", "bad-card", "/turns/0/1"},
      {kGoals, "  - ann 1X 1\n", "bad-card", "/turns/0/1"},
      {kGoals, "  - zed 1G 1\n", "unknown-player", "/turns/0/0"},
      {kGoals, "  - ann 1G\n", "bad-turn", "/turns/0"},
      {kGoals, "  - ann 1G x\n", "bad-type", "/turns/0/2"},
      {kGoals, "  - ann 1G 1 2\n", "too-large", "/turns/0"},
      {kGoals, "  - {player: ann, card: 1G, pile: 1, seat: N}\n", "unknown-key", "/turns/0/seat"},
      {kGoals, "  - {player: ann, card: 1G, pile: 1, completed: [x]}\n", "bad-goal-reference",
       "/turns/0/completed/0"},
      {"  - {kind: three-greens}\n", "", "bad-goal", "/goals/0/kind"},
      {"  - {kind: pile-count, colour: green}\n", "", "missing-key", "/goals/0"},
      {"  - {kind: pile-count, colour: green, count: 3, extra: 1}\n", "", "unknown-key",
       "/goals/0/extra"},
      {"  - {kind: pile-count, colour: blue, count: 3}\n", "", "bad-colour", "/goals/0/colour"},
      // More members than any goal has; a key the kind lacks before a parameter it misses; no kind.
      {"  - {kind: sum-all, total: 12, extra: 1, more: 2}\n", "", "unknown-key", "/goals/0/extra"},
      {"  - {kind: pile-count, extra: 1, colour: green}\n", "", "unknown-key", "/goals/0/extra"},
      {"  - {colour: green, count: 3}\n", "", "missing-key", "/goals/0"},
      {"  - {catalogue: spanish-unverified, card: 16}\n", "", "bad-goal", "/goals/0"},
      // Parameters that are each right but not together: placed at the goal, wherever it is.
      {"  - {kind: sum-all, total: 16}\n  - {kind: two-colours, colours: [green, Green]}\n", "",
       "bad-goal", "/goals/1"},
  };
  for (const Case& c : cases) {
    auto record = Read(RecordText(c.goals, c.turns.empty() ? "  []\n" : c.turns));
    ASSERT_FALSE(record.has_value()) << c.code;
    EXPECT_EQ(record.error().code, c.code) << record.error().message;
    EXPECT_EQ(record.error().place.path, c.path) << record.error().message;
  }
}

TEST(CahootsRecord, SeedWithoutDeckGivesASeededSetUp) {
  std::string text =
      "format: referee/1\ngame: cahoots\nrules: {goal_count: 1}\nplayers: [ann, bob]\n"
      "seed: s1\ngoals:\n  - {kind: sum-all, total: 28}\nturns: []\n";
  auto record = Read(text);
  ASSERT_TRUE(record.has_value()) << record.error().message;
  const auto& setup = *std::get<Event>(record->entries[0].item).As<SetupEvent>();
  EXPECT_TRUE(setup.seeded);
  EXPECT_FALSE(setup.deck.has_value());
  auto no_deal =
      Read("format: referee/1\ngame: cahoots\nplayers: [ann, bob]\ngoals: []\nturns: []\n");
  ASSERT_FALSE(no_deal.has_value());
  EXPECT_EQ(no_deal.error().code, "missing-deal");
}

// Bug: colour names and card letters were compared after std::tolower and std::toupper, which
// follow the process's locale: under a Turkish one (the Python module runs under the user's), 'I'
// stays 'I' (tr_TR.UTF-8) or lowers to a dotless i (ISO-8859-9), so "PINK" was no colour and
// "3-PINK" no card. They are compared in ASCII now. The build makes a Turkish locale in its own
// tree where the machine has the locales' sources (tests/CMakeLists.txt), and then the test must
// find it; it is skipped only on a machine without them.
TEST(CahootsRecord, UpperCaseColoursAreReadUnderATurkishLocale) {
  std::string before = std::setlocale(LC_CTYPE, nullptr);
#ifdef REFEREE_TEST_LOCALE_FOLDER
  const char* locpath_before = std::getenv("LOCPATH");
  std::optional<std::string> saved_locpath;
  if (locpath_before != nullptr) saved_locpath = locpath_before;
  setenv("LOCPATH", REFEREE_TEST_LOCALE_FOLDER, 1);
#endif
  const char* turkish = nullptr;
  for (const char* name : {"tr_TR.UTF-8", "tr_TR.utf8", "tr_TR.ISO-8859-9"}) {
    if (std::setlocale(LC_CTYPE, name) != nullptr) {
      turkish = name;
      break;
    }
  }
#ifdef REFEREE_TEST_LOCALE_FOLDER
  if (saved_locpath) {
    setenv("LOCPATH", saved_locpath->c_str(), 1);
  } else {
    unsetenv("LOCPATH");
  }
  ASSERT_NE(turkish, nullptr) << "the build's Turkish locale in " REFEREE_TEST_LOCALE_FOLDER;
#endif
  if (turkish == nullptr) GTEST_SKIP() << "no Turkish locale installed";
  const Edition& edition = EditionNamed("gamewright");
  std::optional<int> pink = ColourIndex(edition, "PINK");
  std::optional<NumberCard> card = NumberCardFromText("3-PINK", edition);
  std::optional<NumberCard> lower_letter = NumberCardFromText("3p", edition);
  std::setlocale(LC_CTYPE, before.c_str());
  EXPECT_EQ(pink, 1) << turkish;
  EXPECT_EQ(card, (NumberCard{1, 3})) << turkish;
  EXPECT_EQ(lower_letter, (NumberCard{1, 3})) << turkish;
}

// Whatever the locale, a colour name is read in any ASCII case and no other byte stands for a
// letter of it.
TEST(CahootsRecord, ColourNamesAndLettersAreReadInAsciiCase) {
  const Edition& edition = EditionNamed("gamewright");
  for (int byte = 1; byte < 256; ++byte) {
    char c = static_cast<char>(byte);
    std::string name = std::string("p") + c + "nk";
    bool letter_i = c == 'i' || c == 'I';
    EXPECT_EQ(ColourIndex(edition, name).has_value(), letter_i) << byte;
    // The first letter too: a colour is looked up by its name's size and first letter.
    bool letter_p = c == 'p' || c == 'P';
    EXPECT_EQ(ColourIndex(edition, c + std::string("ink")),
              letter_p ? std::optional(1) : std::nullopt)
        << byte;
    // Every place of a longer name, each byte of which is compared within a word of four.
    for (size_t at = 0; at < 6; ++at) {
      std::string orange = "orange";
      bool same = c == orange[at] || c == static_cast<char>(orange[at] - 'a' + 'A');
      orange[at] = c;
      EXPECT_EQ(ColourIndex(edition, orange), same ? std::optional(2) : std::nullopt)
          << byte << " at " << at;
    }
    std::string card = std::string("3") + c;
    bool letter = std::string("GPOUgpou").find(c) != std::string::npos;
    EXPECT_EQ(NumberCardFromText(card, edition).has_value(), letter) << byte;
  }
}

// Every colour of every edition by its name in any case and by its letter, and no name of the
// same size and first letter that is not one.
TEST(CahootsRecord, EveryEditionsColoursAreFoundByNameAndLetter) {
  for (const std::string& name : EditionNames()) {
    const Edition& edition = EditionNamed(name);
    for (int colour = 0; colour < kColours; ++colour) {
      std::string lower = edition.colours[colour];
      std::string upper = lower;
      for (char& c : upper) c = static_cast<char>(c - 'a' + 'A');
      std::string capital = upper.substr(0, 1) + lower.substr(1);
      for (const std::string& spelling : {lower, upper, capital}) {
        EXPECT_EQ(ColourIndex(edition, spelling), colour) << name << " " << spelling;
        EXPECT_EQ(NumberCardFromText("5-" + spelling, edition),
                  (NumberCard{static_cast<uint8_t>(colour), 5}))
            << name << " " << spelling;
      }
      char letter = edition.letters[colour];
      for (char spelled : {letter, static_cast<char>(letter - 'A' + 'a')}) {
        EXPECT_EQ(NumberCardFromText(std::string("7") + spelled, edition),
                  (NumberCard{static_cast<uint8_t>(colour), 7}))
            << name << " " << spelled;
      }
      std::string last_changed = lower;
      last_changed.back() = last_changed.back() == 'z' ? 'y' : 'z';
      EXPECT_EQ(ColourIndex(edition, last_changed), std::nullopt) << name << " " << last_changed;
      EXPECT_EQ(ColourIndex(edition, lower + lower), std::nullopt) << name;
    }
  }
}

}  // namespace
}  // namespace referee::games::cahoots
