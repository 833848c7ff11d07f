// verify_bench: what verifying costs next to reading the bytes (docs/performance.md).
//
// Generates its own corpus with the generator (every game, heuristic bots), then prints, in one
// run:
//   - JSON Lines: records and MB per second for a bare Boost.JSON parse of each line (a reused
//     parser and a monotonic arena: the fastest way Boost.JSON offers to read a document), for
//     full verification of the same bytes (ParseJson, the record schema, the replay: what
//     `referee verify` does per line), and their ratio; the seeded deals alone (the SHA-256
//     shuffles verification redoes to check each deal against the record's seed) and the ratio
//     they leave room for; the same pair on the corpus without seeds;
//   - YAML: the same pair against a bare yaml-cpp parse (YAML::Load) of each record;
//   - threads: the real `referee verify --threads 1|2` on a JSON Lines file, and the ratio;
//   - memory: the peak resident set of `referee verify` reading a JSON Lines stream of 64 MB and
//     of STREAM_MB (default 1024) through a pipe, so the stream never exists as a file.
//
//   build/bench/verify_bench [--records N] [--stream-mb M] [--referee PATH]
//
// Figures are wall-clock on whatever else the machine is doing. Contenders are timed in
// alternating rounds and each keeps its best round, so a burst of other load does not land on one
// side of a ratio; still, compare the ratios of one run.
#include <openssl/sha.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <boost/json.hpp>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/yaml_reader.h"
#include "formats/yaml_writer.h"
#include "generator/generator.h"
#include "referee/core/seeded_deal.h"
#include "referee/games/registry.h"
#include "referee/record/record_writer.h"
#include "verifier/sha256.h"
#include "verifier/verifier.h"

namespace {

using namespace referee;  // NOLINT: a small program
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// One seeded shuffle the verifier redoes to check a deal against the record's seed.
struct SeededShuffle {
  std::string seed;
  int board = 0;
  int cards = 0;
};

struct Corpus {
  std::vector<std::string> json_lines;  // one compact JSON record each, without the line break
  std::vector<std::string> yaml_documents;
  size_t json_bytes = 0;
  size_t yaml_bytes = 0;
  // The same records without their seed (each deal stands on its hands or deck alone), as JSON
  // Lines: what a club writes down after play, with nothing to regenerate.
  std::vector<std::string> unseeded_json_lines;
  size_t unseeded_json_bytes = 0;
  std::vector<SeededShuffle> shuffles;  // every seeded deal of the corpus
};

// The shuffles verification of `record` redoes, and the record without its seed.
std::vector<SeededShuffle> SeededShuffles(const record::Record& record) {
  std::vector<SeededShuffle> shuffles;
  for (const record::Record::Entry& entry : record.entries) {
    const Event* event = std::get_if<Event>(&entry.item);
    if (event == nullptr) continue;
    if (const auto* deal = std::get_if<DealEvent>(event); deal && deal->seeded && deal->hands) {
      int cards = 0;
      for (const std::vector<Card>& hand : *deal->hands) cards += static_cast<int>(hand.size());
      shuffles.push_back({*record.seed, deal->board != 0 ? deal->board : deal->deal, cards});
    } else if (const auto* setup = std::get_if<SetupEvent>(event); setup && setup->seeded) {
      shuffles.push_back({*record.seed, 1, static_cast<int>(setup->deck->size())});
    }
  }
  return shuffles;
}

record::Record WithoutSeed(record::Record record) {
  record.seed.reset();
  for (record::Record::Entry& entry : record.entries) {
    Event* event = std::get_if<Event>(&entry.item);
    if (event == nullptr) continue;
    if (auto* deal = std::get_if<DealEvent>(event)) {
      deal->seeded = false;
      deal->board = 0;  // a board number names a seeded deal
    }
    if (auto* setup = std::get_if<SetupEvent>(event)) setup->seeded = false;
  }
  return record;
}

Corpus MakeCorpus(int records_per_game) {
  Corpus corpus;
  for (const games::GameDescriptor* game : games::AllGames()) {
    generator::GenerateOptions options;
    options.game = game;
    options.count = records_per_game;
    options.seed = "verify-bench";
    options.rules = RuleOptions(game->options);
    auto generated = generator::Generate(options);
    if (!generated.has_value()) {
      std::fprintf(stderr, "verify_bench: %s\n", generated.error().message.c_str());
      std::exit(1);
    }
    for (const generator::GeneratedRecord& one : *generated) {
      record::Node tree = record::WriteRecord(one.record);
      corpus.json_lines.push_back(formats::WriteJson(tree, false));
      corpus.yaml_documents.push_back(formats::WriteYaml(tree));
      corpus.json_bytes += corpus.json_lines.back().size() + 1;
      corpus.yaml_bytes += corpus.yaml_documents.back().size();
      corpus.unseeded_json_lines.push_back(
          formats::WriteJson(record::WriteRecord(WithoutSeed(one.record)), false));
      corpus.unseeded_json_bytes += corpus.unseeded_json_lines.back().size() + 1;
      for (SeededShuffle& shuffle : SeededShuffles(one.record)) {
        corpus.shuffles.push_back(std::move(shuffle));
      }
    }
  }
  return corpus;
}

double Seconds(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

struct Throughput {
  double seconds = 0;
  size_t records = 0;
  size_t bytes = 0;
  double RecordsPerSecond() const { return static_cast<double>(records) / seconds; }
  double MegabytesPerSecond() const { return static_cast<double>(bytes) / 1e6 / seconds; }
};

// One pass over a corpus: what it reads, and the code that reads it.
struct Pass {
  size_t records = 0;
  size_t bytes = 0;
  std::function<void()> run;
};

// Times every pass in turn, `rounds` times over, each turn repeating its pass for at least
// `turn_seconds`, and keeps each pass's best turn. Alternating spreads whatever else the machine
// is doing over every contender, and the best turn is the one it disturbed least, so the ratios
// compare like with like.
std::vector<Throughput> Race(const std::vector<Pass>& passes, int rounds = 5,
                             double turn_seconds = 0.3) {
  std::vector<Throughput> best(passes.size());
  for (int round = 0; round < rounds; ++round) {
    for (size_t i = 0; i < passes.size(); ++i) {
      Throughput turn;
      Clock::time_point start = Clock::now();
      do {
        passes[i].run();
        turn.records += passes[i].records;
        turn.bytes += passes[i].bytes;
      } while (Seconds(start) < turn_seconds);
      turn.seconds = Seconds(start);
      if (best[i].seconds == 0 || turn.MegabytesPerSecond() > best[i].MegabytesPerSecond()) {
        best[i] = turn;
      }
    }
  }
  return best;
}

// `reader_name` null: no reader-alone line.
void PrintPair(const char* what, const char* bare_name, const Throughput& bare,
               const char* reader_name, const Throughput& reader, const Throughput& verify,
               double goal) {
  std::printf("%s\n", what);
  std::printf("  %-34s %9.0f records/s %8.1f MB/s\n", bare_name, bare.RecordsPerSecond(),
              bare.MegabytesPerSecond());
  if (reader_name != nullptr) {
    std::printf("  %-34s %9.0f records/s %8.1f MB/s\n", reader_name, reader.RecordsPerSecond(),
                reader.MegabytesPerSecond());
  }
  std::printf("  %-34s %9.0f records/s %8.1f MB/s\n", "full verification",
              verify.RecordsPerSecond(), verify.MegabytesPerSecond());
  double ratio = verify.MegabytesPerSecond() / bare.MegabytesPerSecond();
  std::printf("  ratio verification/parse           %9.3f   (goal >= %.1f: %s)\n", ratio, goal,
              ratio >= goal ? "met" : "NOT met");
}

// The seeded deals alone, against the same bytes: verification cannot be faster than parsing
// plus regenerating every seeded deal, so parse / (parse + shuffles) bounds its ratio.
void PrintSeedFloor(const Corpus& corpus, const Throughput& bare, const Throughput& shuffles,
                    const char* name) {
  double shuffles_per_second = static_cast<double>(corpus.shuffles.size()) *
                               shuffles.RecordsPerSecond() /
                               static_cast<double>(corpus.json_lines.size());
  std::printf("  %-34s %9.0f records/s %8.1f MB/s  (%zu shuffles, %.2f us each)\n", name,
              shuffles.RecordsPerSecond(), shuffles.MegabytesPerSecond(), corpus.shuffles.size(),
              1e6 / shuffles_per_second);
  double ceiling = 1.0 / (1.0 + bare.MegabytesPerSecond() / shuffles.MegabytesPerSecond());
  std::printf("    highest ratio they allow           %9.3f   (parse / (parse + seeded deals))\n",
              ceiling);
}

// volatile sinks keep the optimiser from dropping a parse whose result is unused.
volatile size_t g_sink = 0;

// A bare Boost.JSON parse of each line: a reused parser, a monotonic arena reused per record.
class BareJsonParser {
 public:
  void Parse(const std::string& line) {
    boost::json::monotonic_resource memory(arena_.data(), arena_.size());
    parser_.reset(&memory);
    boost::json::error_code ec;
    parser_.write(line.data(), line.size(), ec);  // a whole document, or an error
    if (ec) std::abort();
    g_sink = g_sink + parser_.release().as_object().size();
  }

 private:
  std::vector<unsigned char> arena_ = std::vector<unsigned char>(size_t{1} << 20);
  unsigned char scratch_[4096];
  boost::json::parser parser_{boost::json::storage_ptr(), boost::json::parse_options(), scratch_,
                              sizeof(scratch_)};
};

void VerifyValid(const Result<record::Node>& node) {
  if (!node.has_value()) std::abort();
  if (verifier::VerifyNode(*node, "bench").status != verifier::Status::kValid) std::abort();
}

// OpenSSL's low-level SHA-256 calls, deprecated since OpenSSL 3 in favour of EVP (which referee
// uses): timed only to show that even the fastest call OpenSSL offers leaves the seeded deals
// over the goal's budget.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
Sha256Digest LowLevelSha256(std::string_view bytes) {
  Sha256Digest digest{};
  SHA256_CTX context;
  SHA256_Init(&context);
  SHA256_Update(&context, bytes.data(), bytes.size());
  SHA256_Final(digest.data(), &context);
  return digest;
}
#pragma GCC diagnostic pop

void RedoShuffles(const std::vector<SeededShuffle>& shuffles, Sha256Function sha256) {
  for (const SeededShuffle& shuffle : shuffles) {
    std::vector<int> order = SeededPermutation(sha256, shuffle.seed, shuffle.board, shuffle.cards);
    g_sink = g_sink + static_cast<size_t>(order[0]);
  }
}

// The JSON contenders, raced together: on the corpus, a bare parse, referee's reader alone (no
// schema, no replay), verification, and the seeded shuffles alone that verification redoes (the
// pinned SHA-256 algorithm of record-format.md; counted against the same bytes, so its MB/s say
// how much of the budget it takes), once with referee's SHA-256 and once with OpenSSL's fastest
// calls; then the bare parse and verification of the unseeded corpus.
enum JsonPass {
  kBare,
  kReader,
  kVerify,
  kShuffles,
  kShufflesLowLevel,
  kBareUnseeded,
  kVerifyUnseeded
};

std::vector<Pass> JsonPasses(const Corpus* corpus, BareJsonParser* bare) {
  size_t n = corpus->json_lines.size();
  size_t bytes = corpus->json_bytes;
  size_t unseeded_bytes = corpus->unseeded_json_bytes;
  return {
      {n, bytes,
       [=] {
         for (const std::string& line : corpus->json_lines) bare->Parse(line);
       }},
      {n, bytes,
       [=] {
         for (const std::string& line : corpus->json_lines) {
           if (!formats::ParseJson(line).has_value()) std::abort();
         }
       }},
      {n, bytes,
       [=] {
         for (const std::string& line : corpus->json_lines) VerifyValid(formats::ParseJson(line));
       }},
      {n, bytes, [=] { RedoShuffles(corpus->shuffles, verifier::Sha256); }},
      {n, bytes, [=] { RedoShuffles(corpus->shuffles, LowLevelSha256); }},
      {n, unseeded_bytes,
       [=] {
         for (const std::string& line : corpus->unseeded_json_lines) bare->Parse(line);
       }},
      {n, unseeded_bytes,
       [=] {
         for (const std::string& line : corpus->unseeded_json_lines) {
           VerifyValid(formats::ParseJson(line));
         }
       }},
  };
}

std::vector<Pass> YamlPasses(const Corpus* corpus) {
  size_t n = corpus->yaml_documents.size();
  size_t bytes = corpus->yaml_bytes;
  return {
      {n, bytes,
       [=] {
         for (const std::string& document : corpus->yaml_documents) {
           g_sink = g_sink + YAML::Load(document).size();
         }
       }},
      {n, bytes,
       [=] {
         for (const std::string& document : corpus->yaml_documents) {
           if (!formats::ParseYaml(document).has_value()) std::abort();
         }
       }},
      {n, bytes,
       [=] {
         for (const std::string& document : corpus->yaml_documents) {
           VerifyValid(formats::ParseYaml(document));
         }
       }},
  };
}

struct ChildRun {
  double seconds = 0;
  long peak_kb = 0;
  int status = 0;
};

// Runs `referee verify --quiet --threads N INPUT` with its output discarded; with `feed`, INPUT is
// "-" and `feed` writes the stream into the child's standard input.
ChildRun RunReferee(const std::string& referee, unsigned threads, const std::string& input,
                    const std::function<void(int fd)>& feed = {}) {
  int pipe_fds[2] = {-1, -1};
  if (feed && pipe(pipe_fds) != 0) std::abort();
  std::fflush(stdout);  // or the child's copy of the buffer is written twice
  Clock::time_point start = Clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    if (feed) {
      dup2(pipe_fds[0], STDIN_FILENO);
      close(pipe_fds[0]);
      close(pipe_fds[1]);
    }
    std::FILE* null = std::freopen("/dev/null", "w", stdout);
    (void)null;
    std::string thread_text = std::to_string(threads);
    execl(referee.c_str(), referee.c_str(), "verify", "--quiet", "--threads", thread_text.c_str(),
          input.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  if (feed) {
    close(pipe_fds[0]);
    feed(pipe_fds[1]);
    close(pipe_fds[1]);
  }
  ChildRun run;
  struct rusage usage {};
  wait4(pid, &run.status, 0, &usage);
  run.seconds = Seconds(start);
  run.peak_kb = usage.ru_maxrss;
  return run;
}

// Writes the corpus's JSON lines again and again until `megabytes` have gone into `fd`.
void FeedStream(int fd, const Corpus& corpus, size_t megabytes) {
  std::string chunk;
  for (const std::string& line : corpus.json_lines) chunk += line + "\n";
  size_t total = megabytes * 1000 * 1000;
  for (size_t written = 0; written < total;) {
    size_t offset = 0;
    while (offset < chunk.size()) {
      ssize_t n = write(fd, chunk.data() + offset, chunk.size() - offset);
      if (n <= 0) return;  // the child is gone; its status tells why
      offset += static_cast<size_t>(n);
    }
    written += chunk.size();
  }
}

std::string DefaultReferee(const char* argv0) {
  std::error_code error;
  fs::path self = fs::canonical("/proc/self/exe", error);
  if (error) self = argv0;
  return (self.parent_path().parent_path() / "cli" / "referee").string();
}

// The threads figure verifies the corpus this many times over, so that a run lasts long enough
// (a second or more) for start-up to be noise.
constexpr int kFileCopies = 8;
// Runs of each thread count, alternating; three let one burst of other load decide the ratio.
constexpr int kThreadRounds = 5;

}  // namespace

int main(int argc, char** argv) {
  int records_per_game = 150;
  size_t stream_mb = 1024;
  std::string referee = DefaultReferee(argv[0]);
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string flag = argv[i];
    if (flag == "--records") {
      records_per_game = std::atoi(argv[i + 1]);
    } else if (flag == "--stream-mb") {
      stream_mb = static_cast<size_t>(std::atol(argv[i + 1]));
    } else if (flag == "--referee") {
      referee = argv[i + 1];
    } else {
      std::fprintf(stderr, "usage: verify_bench [--records N] [--stream-mb M] [--referee PATH]\n");
      return 2;
    }
  }
  std::signal(SIGPIPE, SIG_IGN);
  Corpus corpus = MakeCorpus(records_per_game);
  std::printf("corpus: %zu records of every game (%d each), JSON Lines %.1f MB, YAML %.1f MB\n\n",
              corpus.json_lines.size(), records_per_game, corpus.json_bytes / 1e6,
              corpus.yaml_bytes / 1e6);

  BareJsonParser bare_json_parser;
  std::vector<Throughput> json = Race(JsonPasses(&corpus, &bare_json_parser));
  PrintPair("JSON Lines, in memory, one thread (best of 5 alternating rounds)",
            "bare Boost.JSON parse", json[kBare], "(referee's reader alone: ParseJson)",
            json[kReader], json[kVerify], 0.7);
  PrintSeedFloor(corpus, json[kBare], json[kShuffles], "(seeded deals alone: SHA-256 EVP)");
  PrintSeedFloor(corpus, json[kBare], json[kShufflesLowLevel], "(the same, OpenSSL's SHA256_*)");
  PrintPair("JSON Lines without seeds, in memory, one thread (same rounds)",
            "bare Boost.JSON parse", json[kBareUnseeded], nullptr, {}, json[kVerifyUnseeded], 0.7);
  std::vector<Throughput> yaml = Race(YamlPasses(&corpus));
  PrintPair("YAML, in memory, one thread (best of 5 alternating rounds)",
            "bare yaml-cpp parse (YAML::Load)", yaml[0], "(referee's reader alone: ParseYaml)",
            yaml[1], yaml[2], 0.8);

  fs::path file =
      fs::temp_directory_path() / ("verify_bench-" + std::to_string(getpid()) + ".jsonl");
  {
    std::ofstream out(file, std::ios::binary);
    for (int copy = 0; copy < kFileCopies; ++copy) {
      for (const std::string& line : corpus.json_lines) out << line << "\n";
    }
  }
  // Alternating rounds, best of each, for the same reason as Race.
  ChildRun one;
  ChildRun two;
  for (int round = 0; round < kThreadRounds; ++round) {
    ChildRun run_one = RunReferee(referee, 1, file.string());
    ChildRun run_two = RunReferee(referee, 2, file.string());
    if (round == 0 || run_one.seconds < one.seconds) one = run_one;
    if (round == 0 || run_two.seconds < two.seconds) two = run_two;
  }
  fs::remove(file);
  double file_mb = kFileCopies * static_cast<double>(corpus.json_bytes) / 1e6;
  std::printf(
      "threads: referee verify --quiet --threads N on a %.1f MB JSON Lines file (best of %d)\n",
      file_mb, kThreadRounds);
  std::printf("  1 thread   %6.2f s %8.1f MB/s\n", one.seconds, file_mb / one.seconds);
  std::printf("  2 threads  %6.2f s %8.1f MB/s\n", two.seconds, file_mb / two.seconds);
  double speedup = one.seconds / two.seconds;
  std::printf("  speed-up 2/1                 %6.2f   (goal >= 1.8: %s)\n", speedup,
              speedup >= 1.8 ? "met" : "NOT met");

  std::printf("memory: referee verify --quiet --threads 2 - on a JSON Lines stream (a pipe)\n");
  ChildRun small = RunReferee(referee, 2, "-", [&](int fd) { FeedStream(fd, corpus, 64); });
  std::printf("  64 MB stream     peak RSS %7.1f MB in %6.1f s (exit %d)\n", small.peak_kb / 1024.0,
              small.seconds, WEXITSTATUS(small.status));
  ChildRun large = RunReferee(referee, 2, "-", [&](int fd) { FeedStream(fd, corpus, stream_mb); });
  std::printf("  %zu MB stream   peak RSS %7.1f MB in %6.1f s (exit %d)\n", stream_mb,
              large.peak_kb / 1024.0, large.seconds, WEXITSTATUS(large.status));
  std::printf("  growth                       %6.2fx  (goal: does not grow with the stream)\n",
              static_cast<double>(large.peak_kb) / static_cast<double>(small.peak_kb));
  return 0;
}
