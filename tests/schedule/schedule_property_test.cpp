// Properties of schedule/: every random event of every method that fits each game, from the
// smallest playable size to 60 entrants, with late arrivals and withdrawals between rounds, passes
// the checker; and its schedule reads back as written.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "formats/yaml_reader.h"
#include "formats/yaml_writer.h"
#include "league/league_file.h"
#include "schedule/schedule.h"

namespace referee::schedule {
namespace {

// The breaches of a generated event, read back from its YAML as `referee schedule --check` would.
std::vector<Breach> CheckGenerated(const games::GameDescriptor& game, Method method, int entrants,
                                   const std::string& seed, std::string* yaml) {
  Result<record::Node, referee::Error> event = RandomEvent(game, method, entrants, seed);
  if (!event) return {Breach{"not-generated", 0, 0, event.error().message}};
  *yaml = formats::WriteYaml(*event);
  Result<record::Node> root = formats::ParseYaml(*yaml);
  if (!root) return {Breach{"not-read", 0, 0, root.error().message}};
  Result<league::League> league = league::ReadLeague(*root);
  if (!league) return {Breach{"not-a-league", 0, 0, league.error().message}};
  Result<Schedule> schedule = ReadSchedule(*root->Find("schedule"), "/schedule", *league);
  if (!schedule) return {Breach{"not-a-schedule", 0, 0, schedule.error().message}};
  if (formats::WriteYaml(ScheduleNode(*schedule)) != formats::WriteYaml(*root->Find("schedule"))) {
    return {Breach{"not-read-back", 0, 0, "the schedule reads back otherwise"}};
  }
  Result<Field> field = FieldOf(*league, *schedule);
  if (!field) return {Breach{"no-field", 0, 0, field.error().message}};
  return Check(*field, *schedule);
}

std::string Described(const std::vector<Breach>& breaches) {
  std::string text;
  for (const Breach& breach : breaches) text += BreachText(breach) + "\n";
  return text;
}

RC_GTEST_PROP(ScheduleProperty, EveryGeneratedEventPassesTheChecker, ()) {
  const auto& all = games::BuiltInGames();
  const games::GameDescriptor& game = *all[*rc::gen::inRange<size_t>(0, all.size())];
  std::vector<Method> methods = MethodsFor(game);
  Method method = methods[*rc::gen::inRange<size_t>(0, methods.size())];
  int entrants = *rc::gen::inRange(SmallestEvent(method, game), 61);
  std::string seed = std::to_string(*rc::gen::inRange(0, 1 << 30));
  std::string yaml;
  std::vector<Breach> breaches = CheckGenerated(game, method, entrants, seed, &yaml);
  RC_TAG(game.name, MethodName(method));
  if (!breaches.empty()) {
    RC_FAIL(game.name + " " + std::string(MethodName(method)) + ", " + std::to_string(entrants) +
            " entrants, seed " + seed + ":\n" + Described(breaches));
  }
}

// Every size once, for every method of every game: the property above draws sizes at random.
TEST(ScheduleEverySize, FromTheSmallestPlayableToSixty) {
  for (const games::GameDescriptor* game : games::BuiltInGames()) {
    for (Method method : MethodsFor(*game)) {
      for (int entrants = SmallestEvent(method, *game); entrants <= 60; ++entrants) {
        std::string seed = "size-" + std::to_string(entrants);
        std::string yaml;
        std::vector<Breach> breaches = CheckGenerated(*game, method, entrants, seed, &yaml);
        EXPECT_TRUE(breaches.empty()) << game->name << " " << MethodName(method) << ", " << entrants
                                      << " entrants, seed " << seed << ":\n"
                                      << Described(breaches);
      }
    }
  }
}

}  // namespace
}  // namespace referee::schedule
