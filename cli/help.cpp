#include "cli/help.h"

#include <fmt/format.h>

#include <map>
#include <set>

#include "cli/source_commit.h"
#include "formats/json_writer.h"
#include "generator/generator.h"
#include "referee/core/names.h"
#include "referee/core/printable.h"
#include "referee/games/game_record.h"
#include "referee/games/registry.h"
#include "referee/record/record_writer.h"

namespace referee::cli {
namespace {

using record::Node;

// The first registered game, for examples that need one.
std::string AnyGame() { return games::AllGames().front()->name; }

struct Example {
  std::string command;
  std::string meaning;
};

std::vector<Example> Examples(std::string_view command) {
  std::string game = AnyGame();
  if (command == "verify") {
    return {
        {"referee verify match.yaml", "one record: its findings, score sheet and result"},
        {"referee verify --quiet records/", "every record under a folder, without score tables"},
        {"referee verify --format json season.jsonl", "one JSON verdict per record"}};
  }
  if (command == "convert") {
    return {{"referee convert match.yaml --to json", "the record as canonical JSON"},
            {"referee convert season.jsonl --to yaml", "one YAML document per record"}};
  }
  if (command == "live") {
    return {{"referee live < session.jsonl", "answer each line of a match, one line each"},
            {"referee live --journal table-1.journal", "the same, every accepted event on disk"}};
  }
  if (command == "serve") {
    return {{"referee serve --data club --port 8080", "tables over HTTP; tokens in club/"},
            {"referee serve --data club --port 0", "any free port, printed at start"}};
  }
  if (command == "deal") {
    return {{"referee deal --game " + game + " --seed club-2026 --boards 1-4", "seeded deals"},
            {"referee deal --game " + game, "a fresh secret seed, printed once"},
            {"referee deal --rules", "every game's rule options"}};
  }
  if (command == "generate") {
    return {{"referee generate --game " + game + " --seed demo | referee verify -",
             "one record, verified"},
            {"referee generate --game " + game + " --count 20 --seed s --output corpus/",
             "20 records in a folder"},
            {"referee generate --rules", "every game's rule options"}};
  }
  if (command == "standings") {
    return {{"referee standings league.yaml", "the standings as a table"},
            {"referee standings league.yaml --format html --output standings.html", "a web page"},
            {"referee standings league.yaml --check published.csv", "exit 1 on a difference"}};
  }
  if (command == "schedule") {
    return {{"referee schedule league.yaml --method swiss --seed club-night --planned-rounds 3",
             "start a schedule: round 1 written into the league file, on standard output"},
            {"referee schedule league.yaml --in-place", "the next round, written into the file"},
            {"referee schedule league.yaml --all --in-place",
             "every round left (a movement, individual or team rounds: no results needed)"},
            {"referee schedule --check league.yaml", "name every rule the rounds break"},
            {"referee schedule --generate --game " + game + " --entrants 20 --seed demo",
             "a random event and its rounds, the seed on standard error"}};
  }
  if (command == "event") {
    return {{"referee event verify club/events/night.journal", "the chain of the director's acts"},
            {"referee event export --data club night night-export/",
             "league.yaml, records/ and event.journal of event 'night'"},
            {"(cd night-export && referee standings league.yaml --format json)",
             "the night's standings, as the server showed them"}};
  }
  if (command == "ratings") {
    return {{"referee ratings spring.yaml autumn.yaml", "players rated over two seasons"},
            {"referee ratings league.yaml --format json --output ratings.json", "for programs"},
            {"referee ratings league.yaml --tau 0", "no drift between matches"},
            {"referee ratings league.yaml --check ratings.json", "exit 1 on a difference"}};
  }
  return {{"referee verify match.yaml", "verify a record"},
          {"referee standings league.yaml", "a league's standings"},
          {"referee COMMAND --help", "a command's options, examples and exit status"}};
}

struct ExitCode {
  int code;
  std::string meaning;
};

std::vector<ExitCode> ExitCodes(std::string_view command) {
  const ExitCode usage{3, "usage: a bad command line"};
  const ExitCode internal{70, "internal error: a bug in referee"};
  if (command == "verify" || command.empty()) {
    return {{0, "every record valid"},
            {1, "some record invalid or incomplete"},
            {2, "some input is not a readable record (malformed)"},
            usage,
            {4, "I/O: a file could not be read, a folder holds no record, or output failed"},
            internal};
  }
  if (command == "convert") {
    return {{0, "every record written"},
            {2, "some record cannot be read"},
            usage,
            {4, "I/O: the input cannot be read or the output written"},
            internal};
  }
  if (command == "live") {
    return {{0, "the match finished and is valid"},
            {1, "the match is unfinished or invalid"},
            {2, "the header or the journal cannot be read"},
            usage,
            {4, "I/O: the journal or standard output failed"},
            internal};
  }
  if (command == "serve") {
    return {{0, "stopped by SIGINT or SIGTERM"},
            usage,
            {4, "the data folder, the token file or the port cannot be used"},
            internal};
  }
  if (command == "standings") {
    return {{0, "the standings were computed (and agree with --check)"},
            {1, "--check found a difference"},
            {2, "the league file is malformed or leaves its folder"},
            usage,
            {4, "I/O: a file could not be read or written"},
            {5, "a record the league lists was not counted (listed); --allow-uncounted: exit 0"},
            internal};
  }
  if (command == "schedule") {
    return {{0, "the rounds were made and written (--check: no rule broken)"},
            {1, "--check: some rule broken, each named on standard output"},
            {2, "the league file or its schedule is malformed, or no round can be made"},
            usage,
            {4, "I/O: a file could not be read or written"},
            internal};
  }
  if (command == "event") {
    return {{0, "the journal's chain holds (export: the folder was written)"},
            {1, "the chain is broken: the line named was changed, added or removed"},
            {2, "the journal is not an event's"},
            usage,
            {4, "I/O: a file could not be read or written"},
            internal};
  }
  if (command == "ratings") {
    return {{0, "the ratings were computed (and agree with --check)"},
            {1, "--check found a difference"},
            {2, "a league file (or the --check file) is malformed or leaves its folder"},
            {3, "usage: a bad command line, a bad parameter, or leagues of different games"},
            {4, "I/O: a file could not be read or written"},
            {5, "a record a league lists was not counted (listed); --allow-uncounted: exit 0"},
            internal};
  }
  return {{0, "done"}, usage, {4, "I/O: output could not be written"}, internal};
}

// A list of "name  meaning" lines indented by two, the names padded to one column.
std::string Lines(const std::vector<std::pair<std::string, std::string>>& lines) {
  size_t width = 0;
  for (const auto& [name, meaning] : lines) width = std::max(width, name.size());
  std::string text;
  for (const auto& [name, meaning] : lines) {
    text += fmt::format("  {:{}}  {}\n", name, width, meaning);
  }
  return text;
}

std::string OptionValues(const OptionSpec& spec) {
  switch (spec.type) {
    case OptionSpec::Type::kInteger:
      return fmt::format("{}-{}", spec.min, spec.max);
    case OptionSpec::Type::kBool:
      return "true|false";
    case OptionSpec::Type::kChoice: {
      std::string choices;
      for (const std::string& choice : spec.choices)
        choices += (choices.empty() ? "" : "|") + choice;
      return choices;
    }
  }
  return "";
}

// A game's sample match, played by random bots from a fixed seed: the lines its live writer
// gives its events are the examples.
std::optional<generator::GeneratedRecord> SampleMatch(const games::GameDescriptor& game) {
  generator::GenerateOptions options;
  options.game = &game;
  options.seed = "help";
  options.bots = generator::BotChoice::kRandom;
  options.rules = RuleOptions(game.options);
  auto records = generator::Generate(options);
  if (!records || records->empty()) return std::nullopt;
  return std::move(records->front());
}

// The line without what the referee deals itself from a header's seed.
Node WithoutDealtCards(const Node& line) {
  Node kept = Node::Map({});
  for (const Node::Member& member : line.members()) {
    if (member.key != "hands" && member.key != "deck") kept.AddMember(member.key, {}, member.value);
  }
  return kept;
}

// The keys of the sample's header line: its record without the events, the claimed result, the
// id and what the seed deals (the deck). A game's header can be long (a goal pile): its keys say
// enough, and the record format says the rest.
std::string HeaderKeys(const generator::GeneratedRecord& sample) {
  const games::GameDescriptor& game = *sample.record.game;
  std::string keys;
  Node written = record::WriteRecord(sample.record);
  for (const Node::Member& member : written.members()) {
    if (member.key == game.live.events_key || member.key == "result" || member.key == "id" ||
        member.key == "deck") {
      continue;
    }
    keys += (keys.empty() ? "" : ", ") + member.key;
  }
  return "a record without its " + game.live.events_key + ": " + keys;
}

std::string GameEventLines(const games::GameDescriptor& game) {
  std::optional<generator::GeneratedRecord> sample = SampleMatch(game);
  if (!sample) return "";
  std::vector<std::pair<std::string, std::string>> lines;
  lines.push_back({"header", HeaderKeys(*sample)});
  std::set<std::string> kinds;
  for (const record::Record::Entry& entry : sample->record.entries) {
    const Event* event = std::get_if<Event>(&entry.item);
    // A table set up from its header, a record's markers: no lines of their own.
    std::optional<Event> seat_line = event != nullptr ? game.live.seat_line(*event) : std::nullopt;
    if (!seat_line) continue;
    Node line = WithoutDealtCards(game.live.write_event(*seat_line, sample->record));
    const Node* kind = line.Find("event");
    if (kind == nullptr || !kinds.insert(kind->text()).second) continue;
    lines.push_back({kind->text(), formats::WriteJson(line, false)});
  }
  return game.name + " (" + game.title + "):\n" + Lines(lines);
}

}  // namespace

std::vector<std::string> GameNames() {
  std::vector<std::string> names;
  for (const games::GameDescriptor* game : games::AllGames()) names.push_back(game->name);
  return names;
}

std::string UnknownGame(const std::string& name) {
  std::vector<std::string> names = GameNames();
  std::optional<std::string> closest = ClosestName(name, names);
  if (closest) return "unknown game " + Quoted(name) + "; did you mean '" + *closest + "'?";
  std::string listed;
  for (const std::string& game : names) listed += (listed.empty() ? "" : ", ") + game;
  return "unknown game " + Quoted(name) + "; expected one of " + listed;
}

std::string LiveEventLines() {
  std::string text =
      "Event lines:\n"
      "  JSON Lines on standard input, each answered by one line: the header first, then events.\n"
      "  Each game's lines as its own writer writes them (docs/live.md has every event and "
      "field):\n";
  for (const games::GameDescriptor* game : games::AllGames()) text += GameEventLines(*game);
  text += "every game:\n" + Lines({{"view", R"({"event":"view","seat":"E"}: what E may see now)"},
                                   {"legal", R"({"event":"legal","seat":"E"}: E's legal lines)"}});
  return text + "  (a game whose players sit in a turn order takes \"player\" for \"seat\")\n";
}

std::string RuleOptionsText(const std::string& only) {
  std::string text = "Rule options, as --rules key=value (a record's rules: map):\n";
  for (const games::GameDescriptor* game : games::AllGames()) {
    if (!only.empty() && game->name != only) continue;
    std::vector<std::pair<std::string, std::string>> lines;
    for (const OptionSpec& spec : game->options) {
      lines.push_back({spec.name + "=" + OptionValues(spec),
                       spec.meaning + " (default " + OptionValueText(spec.default_value) + ")"});
    }
    if (lines.empty()) lines.push_back({"(none)", ""});
    text += game->name + " (" + game->title + "):\n" + Lines(lines);
  }
  return text;
}

std::string HelpFooter(std::string_view command) {
  std::vector<std::pair<std::string, std::string>> examples, codes;
  for (const Example& example : Examples(command)) {
    examples.push_back({example.command, "# " + example.meaning});
  }
  for (const ExitCode& code : ExitCodes(command)) {
    codes.push_back({std::to_string(code.code), code.meaning});
  }
  std::string text = command == "live" ? "\n" + LiveEventLines() : "";
  return text + "\nExamples:\n" + Lines(examples) + "\nExit status:\n" + Lines(codes);
}

std::optional<std::string> ClosestOption(std::string_view word,
                                         const std::vector<std::string>& options) {
  std::string name(word.substr(0, word.find('=')));
  std::optional<std::string> closest = ClosestName(name, options);
  if (!closest) return std::nullopt;
  return "did you mean '" + *closest + "'?";
}

std::string VersionText() {
  return fmt::format("referee {} (source commit {})", REFEREE_VERSION, kSourceCommit);
}

}  // namespace referee::cli
