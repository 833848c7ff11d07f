// live_bench: how fast the live referee answers, with and without its journal (docs/live.md,
// "Benchmark"). Plays random legal matches of every game through live::LiveReferee (the code
// behind `referee live`, without the pipes) and prints, per journal mode, events per second and
// the 50th and 99th percentile of the time from a line in to its reply out. The journal modes:
// none, a file on tmpfs (/dev/shm: write(2) + fdatasync(2) cost little), and a file on the
// working disk (DIR, default the current directory), where fdatasync waits for the device.
//
//   build/bench/live_bench [EVENTS_PER_MODE] [DIR]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "formats/json_writer.h"
#include "live/journal_file.h"
#include "live/live_referee.h"
#include "live/live_script.h"
#include "referee/games/registry.h"
#include "verifier/verifier.h"

namespace {

using namespace referee;  // NOLINT: a small program
namespace fs = std::filesystem;

// One random legal match of `game` from `seed`, as the lines a client sends.
std::vector<std::string> RandomMatchLines(const games::GameDescriptor& game, uint32_t seed) {
  record::Record record;
  record.game = &game;
  record.rules = RuleOptions(game.options);
  int players = game.player_shape == games::PlayerShape::kFourSeats ? 4 : game.max_players;
  for (int i = 0; i < players; ++i) record.players.push_back("p" + std::to_string(i + 1));
  record.seed = "bench-" + std::to_string(seed);
  std::unique_ptr<Match> match = game.new_match(verifier::SetupFor(record));
  std::mt19937 rng(seed);
  while (!match->IsOver() && match->Next().phase != Phase::kOver) {
    bool deal = match->Next().phase == Phase::kDeal;
    std::vector<Event> legal =
        deal ? std::vector<Event>{match->SeededDeal()} : match->LegalEvents();
    if (legal.empty()) break;
    Event event = legal[rng() % legal.size()];
    if (!match->Apply(event).has_value()) break;
    record.entries.push_back({event});
  }
  live::LiveScript script = live::ScriptFor(record);
  std::vector<std::string> lines = {formats::WriteJson(script.header, false)};
  for (const record::Node& line : script.events) lines.push_back(formats::WriteJson(line, false));
  return lines;
}

struct Timing {
  std::vector<double> micros;
  double seconds = 0;
};

// Plays matches until `events` lines were answered; each match on a fresh journal.
Timing Run(const std::vector<std::vector<std::string>>& matches, size_t events,
           const std::optional<fs::path>& directory) {
  Timing timing;
  for (size_t m = 0; timing.micros.size() < events; ++m) {
    const std::vector<std::string>& lines = matches[m % matches.size()];
    std::unique_ptr<live::JournalFile> journal;
    fs::path path;
    if (directory) {
      path = *directory / ("live_bench_" + std::to_string(m) + ".journal");
      fs::remove(path);
      auto opened = live::JournalFile::Open(path.string());
      if (!opened.has_value()) {
        std::fprintf(stderr, "live_bench: %s\n", opened.error().message.c_str());
        std::exit(4);
      }
      journal = std::move(*opened);
    }
    live::LiveReferee referee(journal.get(), std::nullopt);
    for (const std::string& line : lines) {
      auto start = std::chrono::steady_clock::now();
      live::LiveReferee::Output output = referee.OnLine(line);
      std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
      if (output.stop != live::LiveReferee::Stop::kNo)
        std::fprintf(stderr, "%s\n", output.error.c_str());
      timing.micros.push_back(took.count() * 1e6);
      timing.seconds += took.count();
    }
    journal.reset();
    if (directory) fs::remove(path);
  }
  return timing;
}

void Report(const char* mode, Timing timing) {
  std::sort(timing.micros.begin(), timing.micros.end());
  auto percentile = [&](double p) {
    return timing.micros[static_cast<size_t>(p * static_cast<double>(timing.micros.size() - 1))];
  };
  std::printf("%-28s %8zu events %10.0f events/s   p50 %8.1f us   p99 %8.1f us\n", mode,
              timing.micros.size(), static_cast<double>(timing.micros.size()) / timing.seconds,
              percentile(0.50), percentile(0.99));
}

}  // namespace

int main(int argc, char** argv) {
  size_t events = argc > 1 ? std::stoul(argv[1]) : 2000;
  fs::path disk = argc > 2 ? fs::path(argv[2]) : fs::current_path();
  std::vector<std::vector<std::string>> matches;
  for (const games::GameDescriptor* game : games::AllGames()) {
    for (uint32_t seed = 1; seed <= 3; ++seed) matches.push_back(RandomMatchLines(*game, seed));
  }
  Report("no journal", Run(matches, events, std::nullopt));
  if (fs::is_directory("/dev/shm"))
    Report("journal on tmpfs (/dev/shm)", Run(matches, events, "/dev/shm"));
  Report(("journal on disk (" + disk.string() + ")").c_str(), Run(matches, events, disk));
  return 0;
}
