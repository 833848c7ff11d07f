// standings_bench: the memory `referee standings` needs for a league of many records
// (docs/standings.md, "Memory").
//
// Writes a league of RECORDS records of GAME (Cahoots unless --game; the generator's heuristic
// bots, one YAML file each, in folders of 1,000) and a league of 1,000 of them, runs the real
// `referee standings --threads 2` on each under GNU time (/usr/bin/time, scripts/setup.sh
// installs it) and prints its peak resident set and wall time, and the bytes each record added
// between the two.
//
//   build/bench/standings_bench [--records N] [--game NAME] [--referee PATH] [--formats LIST]
//
// The goal is a peak under 100 MB for 100,000 records: memory that follows the records in flight,
// plus a summary of a few hundred bytes per record, never the parsed records, and in every output
// format (LIST, comma-separated; every format by default): the large league is also run with
// each `--format` after the first, whose report is written as it is made or held whole.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "formats/yaml_writer.h"
#include "generator/generator.h"
#include "referee/games/game_record.h"
#include "referee/games/registry.h"
#include "referee/record/record_writer.h"

namespace {

using namespace referee;  // NOLINT: a small program
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kFolderRecords = 1000;

// The league's entrants: a player per seat, or for a game the whole table plays together, the
// team of its players as well.
std::string Entrants(const games::GameDescriptor& game, const std::vector<std::string>& players) {
  std::string entrants = "entrants: [";
  std::string team;
  for (const std::string& player : players) {
    entrants += (player == players.front() ? "{id: " : ", {id: ") + player + "}";
    team += player;
  }
  entrants += "]\n";
  if (game.league.sides == games::SideKind::kTable) {
    entrants += "teams: [{id: " + team + ", players: [";
    for (const std::string& player : players) {
      entrants += (player == players.front() ? "" : ", ") + player;
    }
    entrants += "]}]\n";
  }
  return entrants;
}

// RECORDS records of GAME played by the same players (the fewest the game seats), in folders of
// kFolderRecords, and the league that lists them.
void WriteLeague(const fs::path& folder, const games::GameDescriptor& game, int records) {
  std::vector<std::string> players;
  for (int p = 0; p < game.min_players; ++p) players.push_back(std::string(1, 'a' + p));
  for (int written = 0, chunk = 0; written < records; ++chunk) {
    generator::GenerateOptions options;
    options.game = &game;
    options.count = std::min(kFolderRecords, records - written);
    options.seed = "standings-bench-" + std::to_string(chunk);
    options.rules = RuleOptions(game.options);
    options.players = players;
    auto generated = generator::Generate(options);
    if (!generated.has_value()) {
      std::fprintf(stderr, "standings_bench: %s\n", generated.error().message.c_str());
      std::exit(1);
    }
    fs::path records_folder = folder / "records" / std::to_string(chunk);
    fs::create_directories(records_folder);
    for (const generator::GeneratedRecord& one : *generated) {
      std::ofstream(records_folder / (one.name + ".yaml"), std::ios::binary)
          << formats::WriteYaml(record::WriteRecord(one.record));
    }
    written += options.count;
  }
  std::ofstream(folder / "league.yaml")
      << "format: referee-league/1\nname: Standings benchmark\ngame: " << game.name << "\n"
      << Entrants(game, players) << "records: [{path: records/, round: 1}]\n";
}

struct ChildRun {
  double seconds = 0;
  long peak_kb = 0;
  int status = 0;
};

// The peak resident set comes from GNU time: the bench's own wait4 would count the bench's pages,
// which the forked child holds until it runs referee.
ChildRun RunStandings(const std::string& referee, const fs::path& league,
                      const std::string& format) {
  fs::path rss = league.parent_path() / "rss";
  std::fflush(stdout);  // or the child's copy of the buffer is written twice
  Clock::time_point start = Clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    std::FILE* out = std::freopen("/dev/null", "w", stdout);
    std::FILE* err = std::freopen("/dev/null", "w", stderr);
    (void)out;
    (void)err;
    execl("/usr/bin/time", "time", "-f", "%M", "-o", rss.c_str(), referee.c_str(), "standings",
          "--threads", "2", "--format", format.c_str(), league.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  ChildRun run;
  waitpid(pid, &run.status, 0);
  run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::ifstream(rss) >> run.peak_kb;
  return run;
}

std::string DefaultReferee(const char* argv0) {
  std::error_code error;
  fs::path self = fs::canonical("/proc/self/exe", error);
  if (error) self = argv0;
  return (self.parent_path().parent_path() / "cli" / "referee").string();
}

void Print(int records, const std::string& format, const ChildRun& run) {
  std::printf("  %7d records, %-8s  peak RSS %7.1f MB in %6.1f s (exit %d)\n", records,
              format.c_str(), static_cast<double>(run.peak_kb) / 1024.0, run.seconds,
              WEXITSTATUS(run.status));
}

std::vector<std::string> Split(const std::string& list) {
  std::vector<std::string> items;
  size_t start = 0;
  while (start <= list.size()) {
    size_t end = std::min(list.find(',', start), list.size());
    if (end > start) items.push_back(list.substr(start, end - start));
    start = end + 1;
  }
  return items;
}

}  // namespace

int main(int argc, char** argv) {
  int records = 100'000;
  std::string game_name = "cahoots";
  std::string referee = DefaultReferee(argv[0]);
  std::vector<std::string> formats = {"text", "json", "csv", "markdown", "html"};
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string flag = argv[i];
    if (flag == "--records") {
      records = std::max(kFolderRecords + 1, std::atoi(argv[i + 1]));
    } else if (flag == "--game") {
      game_name = argv[i + 1];
    } else if (flag == "--referee") {
      referee = argv[i + 1];
    } else if (flag == "--formats") {
      formats = Split(argv[i + 1]);
    } else {
      std::fprintf(stderr,
                   "usage: standings_bench [--records N] [--game NAME] [--referee PATH] "
                   "[--formats LIST]\n");
      return 3;
    }
  }
  if (formats.empty()) {
    std::fprintf(stderr, "standings_bench: --formats: expected a format\n");
    return 3;
  }
  const games::GameDescriptor* game = games::FindGame(game_name);
  if (game == nullptr) {
    std::fprintf(stderr, "standings_bench: no game '%s'\n", game_name.c_str());
    return 3;
  }
  fs::path scratch = fs::temp_directory_path() / ("standings-bench-" + std::to_string(getpid()));
  std::printf("writing a league of %d %s records and one of %d ...\n", records, game->name.c_str(),
              kFolderRecords);
  WriteLeague(scratch / "small", *game, kFolderRecords);
  WriteLeague(scratch / "large", *game, records);
  std::printf("referee standings --threads 2 --format F, one YAML file per record\n");
  ChildRun small = RunStandings(referee, scratch / "small" / "league.yaml", formats[0]);
  Print(kFolderRecords, formats[0], small);
  ChildRun large = RunStandings(referee, scratch / "large" / "league.yaml", formats[0]);
  Print(records, formats[0], large);
  std::printf("  each record added %.0f bytes\n",
              static_cast<double>(large.peak_kb - small.peak_kb) * 1024.0 /
                  static_cast<double>(records - kFolderRecords));
  long worst = large.peak_kb;
  for (size_t f = 1; f < formats.size(); ++f) {
    ChildRun run = RunStandings(referee, scratch / "large" / "league.yaml", formats[f]);
    Print(records, formats[f], run);
    worst = std::max(worst, run.peak_kb);
  }
  std::printf("  highest peak of the formats %.1f MB (goal for 100,000 records: under 100 MB)\n",
              static_cast<double>(worst) / 1024.0);
  fs::remove_all(scratch);
  return 0;
}
