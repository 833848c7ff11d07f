// The referee program: parses the command line, runs one sub-command, maps the outcome to an
// exit code (README: "Exit codes"). Everything else lives in the libraries.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/help.h"
#include "cli/output.h"
#include "referee/core/check.h"
#include "referee/core/names.h"

namespace referee::cli {
namespace {

const std::map<std::string, formats::InputFormat> kInputFormats = {
    {"yaml", formats::InputFormat::kYaml},
    {"json", formats::InputFormat::kJson},
    {"jsonl", formats::InputFormat::kJsonLines},
};

// glibc gives the top of the heap back to the system whenever more than 128 KB of it is free. A
// verifying thread frees a block of records and a record's state many times a second, so the
// heap shrank and grew again about a hundred times a run of two threads on a 68 MB stream (`brk`,
// then a page fault for every page taken back, and on a virtual machine an interrupt of the other
// core each time); keeping up to 4 MB of free heap made that run 5 to 8% faster. The peak is
// unchanged: at most 4 MB of freed heap is kept above what is in use. (Setting it also fixes
// glibc's mmap threshold at 128 KB, which it would otherwise raise after large frees.)
void KeepFreedHeap() {
#ifdef __GLIBC__
  mallopt(M_TRIM_THRESHOLD, 4 << 20);
#endif
}

// "did you mean 'verify'?" for a mistyped sub-command.
std::string CommandSuggestion(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return "";
  std::vector<std::string> commands;
  for (const CLI::App* command : app.get_subcommands({})) commands.push_back(command->get_name());
  // A known command with a bad option (or --help) is not a typo of the command.
  if (std::find(commands.begin(), commands.end(), argv[1]) != commands.end()) return "";
  std::optional<std::string> closest = ClosestName(argv[1], commands);
  if (!closest) return "";
  return "referee: unknown command '" + std::string(argv[1]) + "'; did you mean '" + *closest +
         "'?\n";
}

// The options `command` takes, as written on a command line: "--quiet", "-h".
std::vector<std::string> OptionNames(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::Option* option : command.get_options()) {
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    for (const std::string& name : option->get_snames()) names.push_back("-" + name);
  }
  return names;
}

// "did you mean '--quiet'?" for the first option of the command line that its command does not
// take and that is close to one it does.
std::string OptionSuggestion(CLI::App& app, int argc, char** argv) {
  CLI::App* command = &app;
  std::string prefix = "referee";
  for (int i = 1; i < argc; ++i) {
    std::string word = argv[i];
    if (word == "--") break;
    if (command == &app && word[0] != '-') {
      CLI::App* sub = nullptr;
      for (CLI::App* candidate : app.get_subcommands({})) {
        if (candidate->get_name() == word) sub = candidate;
      }
      if (sub != nullptr) command = sub, prefix += " " + word;
      continue;
    }
    if (word.size() < 2 || word[0] != '-') continue;
    std::vector<std::string> names = OptionNames(*command);
    std::string name = word.substr(0, word.find('='));
    if (std::find(names.begin(), names.end(), name) != names.end()) continue;
    if (std::optional<std::string> closest = ClosestOption(name, names)) {
      return prefix + ": unknown option '" + name + "'; " + *closest + "\n";
    }
  }
  return "";
}

void AddInputFormat(CLI::App& command, std::optional<formats::InputFormat>& input) {
  command
      .add_option_function<std::string>(
          "--input-format", [&input](const std::string& name) { input = kInputFormats.at(name); },
          "read the input as yaml, json or jsonl (default: from the file name, or sniffed)")
      ->check(CLI::IsMember({"yaml", "json", "jsonl"}));
}

void AddStandingsOptions(CLI::App& command, StandingsOptions& options) {
  command.add_option("league", options.league, "the league file (YAML)")->required();
  command.add_option("--format", options.format, "text, markdown, csv, json or html")
      ->check(CLI::IsMember({"text", "markdown", "csv", "json", "html"}));
  command.add_option("--output", options.output, "write the report to this file");
  command.add_option("--check", options.check,
                     "compare with published standings (JSON or CSV); exit 1 on a difference");
  command.add_option("--after-round", options.after_round,
                     "the standings as of this round: later rounds are left out");
  command.add_option("--threads", options.threads, "threads to verify on (default: every core)");
  command.add_flag("--records-anywhere", options.records_anywhere,
                   "let the league file list records outside its own folder");
  command.add_flag("--allow-uncounted", options.allow_uncounted,
                   "exit 0 even when a record the league lists is not counted (else exit 5)");
}

void AddRatingsOptions(CLI::App& command, RatingsOptions& options) {
  command
      .add_option("leagues", options.leagues,
                  "league files (YAML) of one game, in the order to rate")
      ->required();
  command.add_option("--format", options.format, "text, markdown, csv, json or html")
      ->check(CLI::IsMember({"text", "markdown", "csv", "json", "html"}));
  command.add_option("--output", options.output, "write the ratings to this file");
  command.add_option("--check", options.check,
                     "compare with published ratings (JSON or CSV); exit 1 on a difference");
  league::RatingParameters& parameters = options.parameters;
  command.add_option("--mu", parameters.mu, "a new player's mean skill (default 25)");
  command.add_option("--sigma", parameters.sigma, "a new player's deviation (default 25/3)");
  command.add_option("--beta", parameters.beta, "one match's performance deviation (default 25/6)");
  command.add_option("--kappa", parameters.kappa,
                     "the floor of a variance's shrink (default 0.0001)");
  command.add_option("--tau", parameters.tau,
                     "added to each deviation before a match (default 25/300)");
  command.add_option("--threads", options.threads, "threads to verify on (default: every core)");
  command.add_flag("--records-anywhere", options.records_anywhere,
                   "let a league file list records outside its own folder");
  command.add_flag("--allow-uncounted", options.allow_uncounted,
                   "exit 0 even when a record a league lists is not counted (else exit 5)");
}

void SetUpLogging(const std::string& level) {
  auto logger = spdlog::stderr_color_mt("referee");
  logger->set_pattern("referee: %l: %v");
  spdlog::set_default_logger(logger);
  spdlog::set_level(spdlog::level::from_str(level));
}

std::string Listed(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

// `--rules key=value ...`; given alone it lists every game's options (or --game's) and exits 0.
// The listing is thrown as CLI::Success from the option's callback, which CLI11 runs before it
// checks the required options: `referee generate --rules` needs no --game.
void AddRulesOption(CLI::App& command, std::vector<std::string>& rules, const std::string& game) {
  command
      .add_option_function<std::vector<std::string>>(
          "--rules",
          [&rules, &game](const std::vector<std::string>& values) {
            if (values.empty() || (values.size() == 1 && values[0].empty())) {
              std::cout << RuleOptionsText(game);
              throw CLI::Success();
            }
            rules = values;
          },
          "rule options as key=value; alone, list every game's options")
      ->expected(0, CLI::detail::expected_max_vector_size);
}

CLI::App* AddDealCommand(CLI::App& app, DealOptions& deal) {
  CLI::App* command = app.add_subcommand(
      "deal", "print the seeded deals of a range of boards and the commitment SHA-256(seed)");
  command->add_option("--game", deal.game, "the game: " + Listed(GameNames()))->required();
  command->add_option("--seed", deal.seed,
                      "the seed; without it a fresh secret seed is drawn and printed once");
  command->add_option("--boards", deal.boards, "a board or a range, e.g. 3 or 1-4 (default 1)");
  command->add_option("--format", deal.format, "text or json")
      ->check(CLI::IsMember({"text", "json"}));
  AddRulesOption(*command, deal.rules, deal.game);
  command->add_option("--players", deal.players,
                      "games with a turn order: also print the hands dealt to this many players");
  return command;
}

CLI::App* AddGenerateCommand(CLI::App& app, GenerateOptions& generate) {
  CLI::App* command =
      app.add_subcommand("generate", "write whole matches played by bots as records");
  command->add_option("--game", generate.game, "the game: " + Listed(GameNames()))->required();
  command->add_option("--count", generate.count, "how many records (default 1)")
      ->check(CLI::Range(1, 100000));
  command->add_option("--seed", generate.seed, "the seed every deal and choice derives from")
      ->required();
  command->add_option("--bot", generate.bot, "random, heuristic (default) or mixed")
      ->check(CLI::IsMember({"random", "heuristic", "mixed"}));
  command->add_option("--format", generate.format, "yaml (default), json or jsonl")
      ->check(CLI::IsMember({"yaml", "json", "jsonl"}));
  command->add_option("--output", generate.output,
                      "a folder (yaml, json) or a file (jsonl); default standard output");
  AddRulesOption(*command, generate.rules, generate.game);
  command->add_option("--players", generate.players, "player names, in seat or turn order")
      ->delimiter(',');
  command->add_option("--faults", generate.faults, "inject one known fault into K records")
      ->check(CLI::Range(0, 100000));
  command->add_flag("--wrong-claims", generate.wrong_claims,
                    "give every record without a fault one wrong claim");
  return command;
}

CLI::App* AddServeCommand(CLI::App& app, ServeOptions& serve) {
  CLI::App* command = app.add_subcommand(
      "serve", "serve the live referee over HTTP for many tables (docs/serve.md)");
  command->add_option("--data", serve.data, "the folder of journals and records")->required();
  command->add_option("--address", serve.address, "the address to listen on (default 127.0.0.1)");
  command->add_option("--port", serve.port, "the port (default 8080; 0: any free port)");
  command->add_option("--threads", serve.threads, "I/O threads (default 2)")
      ->check(CLI::Range(1, 64));
  command->add_option("--organiser-token-file", serve.organiser_token_file,
                      "read the organiser's token from FILE (default DIR/organiser.token)");
  command
      ->add_option("--poll-seconds", serve.poll_seconds,
                   "the longest a wait request is held (default 25)")
      ->check(CLI::Range(0.01, 3600.0));
  command
      ->add_option("--request-seconds", serve.request_seconds,
                   "a request must arrive whole within this (default 10)")
      ->check(CLI::Range(0.01, 3600.0));
  command->add_option("--max-body-bytes", serve.max_body_bytes, "default 65536")
      ->check(CLI::Range(16, 16 << 20));
  command->add_option("--max-connections", serve.max_connections, "default 8192")
      ->check(CLI::Range(1, 1000000));
  command
      ->add_option("--max-connections-per-client", serve.max_connections_per_client,
                   "from one address (default 2048)")
      ->check(CLI::Range(1, 1000000));
  command
      ->add_option("--log-segment-kib", serve.log_segment_kib,
                   "the commit log's segment, checkpointed when full (default 8192)")
      ->check(CLI::Range(4, 1 << 20));
  command
      ->add_option("--write-threads", serve.write_threads,
                   "threads that rule events and other writes, below the I/O threads' priority "
                   "(default 1; 0: on the I/O threads)")
      ->check(CLI::Range(0, 16));
  return command;
}

CLI::App* AddScheduleCommand(CLI::App& app, ScheduleOptions& schedule) {
  CLI::App* command = app.add_subcommand(
      "schedule", "make, check or generate the rounds of an event (docs/schedule.md)");
  command->add_option("league", schedule.league,
                      "the league file (YAML); its rounds are under `schedule:`");
  command->add_option("--output", schedule.output,
                      "write the league file with its rounds here (default standard output)");
  command->add_flag("--in-place", schedule.in_place, "write the league file over itself");
  command->add_flag("--all", schedule.all,
                    "make every round left (not Swiss, whose rounds need the results)");
  command->add_flag("--check", schedule.check,
                    "the checker: name every rule the rounds break; exit 1 if any");
  command->add_flag("--generate", schedule.generate,
                    "write a random event with its rounds (--game, --method, --entrants, --seed)");
  command
      ->add_option("--method", schedule.method,
                   "individual, swiss, mitchell, howell or teams (those that fit the game)")
      ->check(CLI::IsMember({"individual", "swiss", "mitchell", "howell", "teams"}));
  command->add_option("--seed", schedule.seed,
                      "the event's seed: lots and seeded boards (--generate: the draws)");
  command->add_option("--planned-rounds", schedule.planned_rounds, "the rounds the event has")
      ->check(CLI::Range(1, 1000));
  command->add_option("--game", schedule.game, "--generate: the game: " + Listed(GameNames()));
  command->add_option("--entrants", schedule.entrants, "--generate: how many (default 12)")
      ->check(CLI::Range(1, 1000));
  command->add_option("--threads", schedule.threads,
                      "threads to verify the records on for Swiss points (default: every core)");
  return command;
}

CLI::App* AddEventCommand(CLI::App& app, EventOptions& event) {
  CLI::App* command = app.add_subcommand(
      "event", "check an event's journal or export an event from a server's data (docs/serve.md)");
  command->require_subcommand(1);
  CLI::App* verify = command->add_subcommand(
      "verify", "check the SHA-256 chain of an event's journal: exit 1 where it breaks");
  verify->add_option("journal", event.journal, "the journal: DIR/events/ID.journal")->required();
  verify->callback([&event] { event.verify = true; });
  CLI::App* export_command = command->add_subcommand(
      "export", "write an event's league file, records and journal into a folder");
  export_command->add_option("--data", event.data, "the server's data folder")->required();
  export_command->add_option("event", event.event, "the event's id")->required();
  export_command->add_option("output", event.output, "the folder to write")->required();
  CLI::App* play = command->add_subcommand(
      "play", "play the tables of an event's current round with bots, through the server");
  play->add_option("--port", event.port, "the server's port on 127.0.0.1")->required();
  play->add_option("event", event.event, "the event's id")->required();
  play->add_option("reply", event.tokens, "the reply that created the event (its seat links)")
      ->required();
  play->callback([&event] { event.play = true; });
  return command;
}

int Run(int argc, char** argv) {
  // Named, so that usage lines say "referee verify", not the path the program was started by.
  CLI::App app{"referee: verifies card-game records, referees live play and ranks leagues",
               "referee"};
  app.set_version_flag("--version", VersionText());
  app.require_subcommand(1);
  std::string log_level = "warn";
  app.add_option("--log-level", log_level, "trace, debug, info, warn, error or off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}));

  VerifyOptions verify;
  CLI::App* verify_command =
      app.add_subcommand("verify", "replay records through the rules and report every finding");
  verify_command
      ->add_option("files", verify.files,
                   "record files (YAML, JSON, JSON Lines); - reads standard input")
      ->required();
  verify_command
      ->add_option("--format", verify.output,
                   "text or json (one JSON verdict per line; the tally on standard error)")
      ->check(CLI::IsMember({"text", "json"}));
  verify_command->add_flag("--quiet", verify.quiet,
                           "text: nothing for a valid record, no score tables");
  verify_command->add_option("--threads", verify.threads,
                             "threads to verify on (default: every core)");
  AddInputFormat(*verify_command, verify.input);

  ConvertOptions convert;
  CLI::App* convert_command =
      app.add_subcommand("convert", "write a record back in canonical YAML, JSON or JSON Lines");
  convert_command->add_option("file", convert.file, "the record file; - reads standard input")
      ->required();
  convert_command->add_option("--to", convert.to, "yaml, json or jsonl")
      ->check(CLI::IsMember({"yaml", "json", "jsonl"}));
  AddInputFormat(*convert_command, convert.input);

  LiveOptions live;
  CLI::App* live_command =
      app.add_subcommand("live", "referee a match event by event (JSON Lines on stdin/stdout)");
  live_command->add_option("--journal", live.journal,
                           "append every accepted event to FILE; restarted, continue from it");

  DealOptions deal;
  CLI::App* deal_command = AddDealCommand(app, deal);
  GenerateOptions generate;
  CLI::App* generate_command = AddGenerateCommand(app, generate);

  ServeOptions serve;
  CLI::App* serve_command = AddServeCommand(app, serve);

  ScheduleOptions schedule;
  CLI::App* schedule_command = AddScheduleCommand(app, schedule);

  EventOptions event;
  CLI::App* event_command = AddEventCommand(app, event);

  StandingsOptions standings;
  CLI::App* standings_command = app.add_subcommand(
      "standings", "verify a league's records and rank its entrants (docs/standings.md)");
  AddStandingsOptions(*standings_command, standings);

  RatingsOptions ratings;
  CLI::App* ratings_command = app.add_subcommand(
      "ratings", "rate the players of leagues of one game from their records (docs/ratings.md)");
  AddRatingsOptions(*ratings_command, ratings);

  app.footer([] { return HelpFooter(""); });
  for (CLI::App* command : app.get_subcommands({})) {
    std::string name = command->get_name();
    command->footer([name] { return HelpFooter(name); });
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    std::string suggestion = CommandSuggestion(app, argc, argv);
    if (suggestion.empty() && error.get_exit_code() != 0) {
      suggestion = OptionSuggestion(app, argc, argv);
    }
    if (!suggestion.empty()) {
      std::cerr << suggestion;
      return kExitUsage;
    }
    int code = app.exit(error);
    return code == 0 ? kExitValid : kExitUsage;
  }
  SetUpLogging(log_level);
  OutputBuffer standard_output(STDOUT_FILENO, "standard output");
  std::ostream out(&standard_output);
  auto run = [&] {
    if (verify_command->parsed()) return RunVerify(verify, out, std::cerr);
    if (standings_command->parsed()) return RunStandings(standings, out, std::cerr);
    if (ratings_command->parsed()) return RunRatings(ratings, out, std::cerr);
    if (schedule_command->parsed()) return RunSchedule(schedule, out, std::cerr);
    if (event_command->parsed()) return RunEvent(event, out, std::cerr);
    if (live_command->parsed()) return RunLive(live, std::cin, out, std::cerr);
    if (serve_command->parsed()) return RunServe(serve, out, std::cerr);
    if (deal_command->parsed()) return RunDeal(deal, out, std::cerr);
    if (generate_command->parsed()) return RunGenerate(generate, out, std::cerr);
    return RunConvert(convert, out, std::cerr);
  };
  int code = run();
  out.flush();
  if (Result<void, Error> written = standard_output.Written(); !written.has_value()) {
    std::cerr << "referee: " << written.error().message << "\n";
    return WorseExit(code, written.error().exit_code());
  }
  return code;
}

}  // namespace
}  // namespace referee::cli

int main(int argc, char** argv) {
  // The standard streams get buffers of their own: reading standard input byte by byte through C
  // stdio (a live line of a gigabyte) would cost a call per byte. Nothing here writes with stdio.
  std::ios::sync_with_stdio(false);
  referee::cli::KeepFreedHeap();
  try {
    return referee::cli::Run(argc, argv);
  } catch (const referee::InternalError& error) {
    std::cerr << "referee: " << error.what() << "\nThis is a bug in referee; please report it "
              << "with the input that caused it.\n";
  } catch (const std::exception& error) {
    std::cerr << "referee: internal error: " << error.what() << "\n";
  }
  return referee::cli::kExitInternal;
}
