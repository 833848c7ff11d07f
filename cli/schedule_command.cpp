// `referee schedule` (docs/schedule.md): reads a league file, makes its next rounds (or checks
// them, or makes a random event), and writes the league file with its rounds. Thin: the rounds
// are schedule/'s.
#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/help.h"
#include "formats/yaml_reader.h"
#include "formats/yaml_writer.h"
#include "io/input_file.h"
#include "league/league_file.h"
#include "referee/core/printable.h"
#include "referee/core/seeded_deal.h"
#include "schedule/schedule.h"

namespace referee::cli {
namespace {

const formats::ReadLimits kLimits;

// A copy of a map with `key` set to `value` (replaced where it was, else added last).
record::Node WithMember(const record::Node& map, const std::string& key, record::Node value) {
  record::Node copy = record::Node::Map({});
  bool replaced = false;
  for (const auto& member : map.members()) {
    if (member.key == key) {
      copy.AddMember(key, member.key_pos, value);
      replaced = true;
    } else {
      copy.AddMember(member.key, member.key_pos, member.value);
    }
  }
  if (!replaced) copy.AddMember(key, {}, std::move(value));
  return copy;
}

// A fresh seed for a generated event when none is given: 16 hex digits from the OS.
std::string FreshSeed() {
  std::random_device device;
  std::string seed;
  for (int i = 0; i < 2; ++i) {
    char part[9];
    std::snprintf(part, sizeof part, "%08x", static_cast<unsigned>(device()));
    seed += part;
  }
  return seed;
}

int WriteText(const std::string& text, const std::string& path, std::ostream& out,
              std::ostream& err) {
  if (path.empty() || path == "-") {
    out << text;
    return kExitValid;
  }
  // Written beside the file and renamed over it, so that the league file is never half written.
  std::string temporary = path + ".tmp";
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    file << text;
    if (!file.flush()) {
      err << "referee: cannot write " << Printable(temporary) << "\n";
      return kExitIo;
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) {
    err << "referee: cannot write " << Printable(path) << ": " << error.message() << "\n";
    return kExitIo;
  }
  return kExitValid;
}

int Generate(const ScheduleOptions& options, std::ostream& out, std::ostream& err) {
  const games::GameDescriptor* game = games::FindGame(options.game);
  if (game == nullptr) {
    err << UnknownGame(options.game);
    return kExitUsage;
  }
  std::optional<schedule::Method> method = schedule::MethodNamed(
      options.method.empty() ? schedule::MethodName(schedule::MethodsFor(*game).front())
                             : options.method);
  if (!method) {
    err << "referee schedule: unknown method '" << Printable(options.method) << "'\n";
    return kExitUsage;
  }
  std::string seed = options.seed.empty() ? FreshSeed() : options.seed;
  int entrants = options.entrants > 0 ? options.entrants : 12;
  Result<record::Node, referee::Error> event =
      schedule::RandomEvent(*game, *method, entrants, seed);
  if (!event) {
    err << "referee schedule: " << event.error().message << "\n";
    return kExitUsage;
  }
  err << "referee schedule: generated with seed " << Printable(seed) << "\n";
  return WriteText(formats::WriteYaml(*event), options.output, out, err);
}

// The league file read whole, its tree and the league it declares.
struct LeagueText {
  std::string text;
  record::Node root;
  league::League league;
};

int ReadLeagueFile(const std::string& path, std::ostream& err, std::optional<LeagueText>& read) {
  Result<std::string, Error> file = io::ReadInput(path, kLimits.max_document_bytes);
  if (!file.has_value()) {
    err << "referee: " << file.error().message << "\n";
    return file.error().exit_code();
  }
  std::string text = std::move(*file);
  Result<record::Node> root = formats::ParseYaml(text, kLimits);
  if (!root) return ReportLeagueFinding(root.error(), nullptr, path, text, err);
  Result<league::League> league = league::ReadLeague(*root);
  if (!league) return ReportLeagueFinding(league.error(), &*root, path, text, err);
  read.emplace(LeagueText{std::move(text), std::move(*root), std::move(*league)});
  return kExitValid;
}

// The schedule the league file holds, or a new one from --method, --seed and --planned-rounds.
int ScheduleOf(const ScheduleOptions& options, const LeagueText& file, std::ostream& err,
               std::optional<schedule::Schedule>& made) {
  const record::Node* node = file.root.Find("schedule");
  bool starting = !options.method.empty() || !options.seed.empty() || options.planned_rounds > 0;
  if (node != nullptr && starting) {
    err << "referee schedule: " << Printable(options.league)
        << " has a schedule already: --method, --seed and --planned-rounds start one\n";
    return kExitUsage;
  }
  if (node != nullptr) {
    Result<schedule::Schedule> read = schedule::ReadSchedule(*node, "/schedule", file.league);
    if (!read) return ReportLeagueFinding(read.error(), &file.root, options.league, file.text, err);
    made = std::move(*read);
    return kExitValid;
  }
  if (options.method.empty() || options.seed.empty() || options.planned_rounds <= 0) {
    err << "referee schedule: " << Printable(options.league)
        << " has no schedule: start one with --method, --seed and --planned-rounds\n";
    return kExitUsage;
  }
  std::optional<schedule::Method> method = schedule::MethodNamed(options.method);
  std::vector<schedule::Method> fit = schedule::MethodsFor(*file.league.descriptor);
  if (!method || std::find(fit.begin(), fit.end(), *method) == fit.end()) {
    std::string listed;
    for (schedule::Method known : fit) {
      listed += (listed.empty() ? "" : ", ") + std::string(schedule::MethodName(known));
    }
    err << "referee schedule: expected a method that fits " << file.league.game << " (" << listed
        << "), found '" << Printable(options.method) << "'\n";
    return kExitUsage;
  }
  made = schedule::Schedule{*method, options.seed, options.planned_rounds, {}, {}};
  return kExitValid;
}

int CheckSchedule(const ScheduleOptions& options, const schedule::Field& field,
                  const schedule::Schedule& made, std::ostream& out) {
  std::vector<schedule::Breach> breaches = schedule::Check(field, made);
  for (const schedule::Breach& breach : breaches) {
    out << Printable(options.league) << ": " << Printable(schedule::BreachText(breach)) << "\n";
  }
  out << Printable(options.league) << ": " << made.made.size() << " of " << made.rounds
      << " rounds checked, " << breaches.size() << (breaches.size() == 1 ? " rule" : " rules")
      << " broken\n";
  return breaches.empty() ? kExitValid : kExitInvalid;
}

// Swiss rounds seat entrants by their points, counted as `referee standings` counts them.
int PointsOf(const ScheduleOptions& options, const schedule::Schedule& made, std::ostream& err,
             schedule::Points& points) {
  if (made.method != schedule::Method::kSwiss || made.made.empty()) return kExitValid;
  std::optional<league::Standings> standings;
  if (int code = LeagueStandings(options.league, options.threads, err, standings)) return code;
  // Every table of the standings (a duplicate event by direction ranks each direction apart).
  for (const league::StandingsTable& table : standings->tables) {
    for (const league::StandingRow& row : table.rows) points.emplace(row.entrant, row.points);
  }
  return kExitValid;
}

}  // namespace

int RunSchedule(const ScheduleOptions& options, std::ostream& out, std::ostream& err) {
  if (options.generate) return Generate(options, out, err);
  if (options.league.empty()) {
    err << "referee schedule: expected a league file (or --generate)\n";
    return kExitUsage;
  }
  std::optional<LeagueText> file;
  if (int code = ReadLeagueFile(options.league, err, file)) return code;
  std::optional<schedule::Schedule> made;
  if (int code = ScheduleOf(options, *file, err, made)) return code;
  Result<schedule::Field> field = schedule::FieldOf(file->league, *made);
  if (!field) {
    return ReportLeagueFinding(field.error(), &file->root, options.league, file->text, err);
  }
  if (options.check) return CheckSchedule(options, *field, *made, out);
  if (options.all && made->method == schedule::Method::kSwiss) {
    err << "referee schedule: a Swiss round needs the results of the rounds before it: make one "
           "round at a time (without --all)\n";
    return kExitUsage;
  }
  schedule::Points points;
  if (int code = PointsOf(options, *made, err, points)) return code;
  do {
    Result<schedule::Round, referee::Error> round = schedule::NextRound(*field, *made, points);
    if (!round) {
      err << "referee schedule: " << Printable(options.league) << ": " << round.error().message
          << "\n";
      return kExitMalformed;
    }
    made->made.push_back(std::move(*round));
  } while (options.all && static_cast<int>(made->made.size()) < made->rounds);
  record::Node root = WithMember(file->root, "schedule", schedule::ScheduleNode(*made));
  std::string target = options.in_place ? options.league : options.output;
  return WriteText(formats::WriteYaml(root), target, out, err);
}

}  // namespace referee::cli
