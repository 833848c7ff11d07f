// verify_bench: what verifying costs next to reading the bytes (docs/performance.md).
//
// Generates its own corpus with the generator (every game, heuristic bots), then prints, in one
// run:
//   - JSON Lines: records and MB per second for a bare Boost.JSON parse of each line (a reused
//     parser and a monotonic arena: the fastest way Boost.JSON offers to read a document), for
//     full verification of the same bytes (ParseJson, the record schema, the replay: what
//     `referee verify` does per line), and their ratio; the seeded deals alone (the SHA-256
//     shuffles verification redoes to check each deal against the record's seed), and the goal's
//     ratio on seeded records: verification against the bare parse plus those shuffles; the
//     corpus without seeds against the bare parse alone; then game by game, with the SAX parse
//     alone (a handler that keeps nothing) and what is left of verification past it, against
//     what the goal leaves: once for the records as referee's writer writes them, once for the
//     same records rewritten into the other forms the format allows (tests/support/record_forms.h:
//     what others write);
//   - a duplicate event (one seed, 8 boards, 500 tables): verification with the cache of dealt
//     boards and without it, and how many shuffles a pass pays;
//   - YAML: the same pair against a bare yaml-cpp parse (YAML::Load) of each record;
//   - threads: the real `referee verify --threads 1|2` on an empty file (start-up), on a JSON
//     Lines file, on one of the records in the forms others write, and on a folder of FILES
//     (default 20,000) files of one record each, and the ratios, with the ratio past start-up and
//     what two one-thread runs side by side get from the machine at the time; with --baseline,
//     another referee binary (the one before a change) raced beside it;
//   - memory: the peak resident set of `referee verify` reading a JSON Lines stream of 64 MB and
//     of STREAM_MB (default 1024) through a pipe, so the stream never exists as a file.
//
//   build/bench/verify_bench [--records N] [--files N] [--stream-mb M] [--referee PATH]
//                            [--baseline PATH] [--only in-memory|threads|memory]
//                            [--write-corpus DIR]
//
// --only runs one of the three parts (the in-memory figures, threads, memory), for a quick look
// at one figure. --write-corpus writes the corpora without seeds, game by game, as JSON Lines
// files in DIR (GAME.jsonl, GAME-mixed.jsonl) and stops: for counting instructions on them.
//
// The in-memory figures are the benchmark thread's CPU time, the threads and memory figures wall
// time, on whatever else the machine is doing. Contenders are timed in alternating rounds and
// each keeps its best round, so a burst of other load does not land on one side of a ratio;
// still, compare the ratios of one run.
#include <openssl/sha.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <array>
#include <boost/json.hpp>
#include <boost/json/basic_parser_impl.hpp>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/yaml_reader.h"
#include "formats/yaml_writer.h"
#include "generator/generator.h"
#include "referee/core/bot.h"
#include "referee/core/seeded_deal.h"
#include "referee/games/cahoots/cahoots_events.h"
#include "referee/games/game_record.h"
#include "referee/games/registry.h"
#include "referee/games/trick/trick_events.h"
#include "referee/record/record_writer.h"
#include "tests/support/record_forms.h"
#include "verifier/deal_cache.h"
#include "verifier/sha256.h"
#include "verifier/verifier.h"
#include "verifier/verify_text.h"

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
  // The same, game by game, in the order of AllGames().
  struct GameLines {
    std::string game;
    std::vector<std::string> lines;
    size_t bytes = 0;
  };
  std::vector<GameLines> unseeded_by_game;
  // The same records again, each rewritten by the second writer of the tests
  // (tests/support/record_forms.h) into other forms the record format allows, as compact JSON:
  // what others write (cards spelled otherwise, deals by pack order, claims on some deals, keys
  // in any order), game by game.
  std::vector<GameLines> mixed_by_game;
  std::vector<SeededShuffle> shuffles;  // every seeded deal of the corpus
};

// The shuffles verification of `record` redoes, and the record without its seed.
std::vector<SeededShuffle> SeededShuffles(const record::Record& record) {
  std::vector<SeededShuffle> shuffles;
  for (const record::Record::Entry& entry : record.entries) {
    const Event* event = std::get_if<Event>(&entry.item);
    if (event == nullptr) continue;
    const auto* deal = event->As<games::trick::DealEvent>();
    const auto* setup = event->As<games::cahoots::SetupEvent>();
    if (deal != nullptr && deal->seeded && deal->hands) {
      int cards = 0;
      for (const std::vector<Card>& hand : *deal->hands) cards += static_cast<int>(hand.size());
      shuffles.push_back({*record.seed, deal->board != 0 ? deal->board : event->deal, cards});
    } else if (setup != nullptr && setup->seeded) {
      int board = setup->board != 0 ? setup->board : 1;
      shuffles.push_back({*record.seed, board, static_cast<int>(setup->deck->size())});
    }
  }
  return shuffles;
}

record::Record WithoutSeed(record::Record record) {
  record.seed.reset();
  for (record::Record::Entry& entry : record.entries) {
    Event* event = std::get_if<Event>(&entry.item);
    if (event == nullptr) continue;
    if (auto* deal = event->As<games::trick::DealEvent>()) {
      deal->seeded = false;
      deal->board = 0;  // a board number names a seeded deal
    }
    if (auto* setup = event->As<games::cahoots::SetupEvent>()) {
      setup->seeded = false;
      setup->board = 0;
    }
  }
  return record;
}

// `record` (written canonically as `canonical`) in another form, as one line of compact JSON.
std::string AnotherJsonLine(const record::Record& record, const std::string& canonical,
                            std::mt19937& rng) {
  verifier::Verdict verdict =
      verifier::VerifyText(canonical, formats::InputFormat::kJson, 1, {}, "corpus", 0);
  if (verdict.status != verifier::Status::kValid) {
    std::fprintf(stderr, "verify_bench: a generated record is not valid\n");
    std::exit(1);
  }
  return formats::WriteJson(testing::AnotherTree(record, verdict, rng), false);
}

Corpus MakeCorpus(int records_per_game) {
  Corpus corpus;
  for (const games::GameDescriptor* game : games::AllGames()) {
    Corpus::GameLines& by_game = corpus.unseeded_by_game.emplace_back();
    by_game.game = game->name;
    Corpus::GameLines& mixed = corpus.mixed_by_game.emplace_back();
    mixed.game = game->name;
    std::mt19937 rng(static_cast<uint32_t>(std::hash<std::string>()(game->name)));
    generator::GenerateOptions options;
    options.game = game;
    options.count = records_per_game;
    // A seed per game: two games of one pack size and one seed would deal the same boards, and
    // the verifier's cache of dealt boards would then shuffle them once for both.
    options.seed = "verify-bench-" + game->name;
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
      by_game.lines.push_back(corpus.unseeded_json_lines.back());
      by_game.bytes += by_game.lines.back().size() + 1;
      mixed.lines.push_back(AnotherJsonLine(WithoutSeed(one.record), by_game.lines.back(), rng));
      mixed.bytes += mixed.lines.back().size() + 1;
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

// The CPU time this thread has run, in seconds: unlike the wall clock it stops while the thread
// waits for a core (another process, or a virtual machine's host taking the core away), which on a
// shared machine moved the wall-clock ratios by a third from run to run.
double ThreadSeconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// Times every pass in turn, `rounds` times over, each turn repeating its pass for at least
// `turn_seconds` of the thread's CPU time, and keeps each pass's best turn. Alternating spreads
// whatever else the machine is doing over every contender, and the best turn is the one it
// disturbed least, so the ratios compare like with like.
std::vector<Throughput> Race(const std::vector<Pass>& passes, int rounds = 5,
                             double turn_seconds = 0.3) {
  std::vector<Throughput> best(passes.size());
  for (int round = 0; round < rounds; ++round) {
    for (size_t i = 0; i < passes.size(); ++i) {
      Throughput turn;
      double start = ThreadSeconds();
      do {
        passes[i].run();
        turn.records += passes[i].records;
        turn.bytes += passes[i].bytes;
      } while (ThreadSeconds() - start < turn_seconds);
      turn.seconds = ThreadSeconds() - start;
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

// The reading alone (the text into the document every record is read through, every reading
// check made), and the share of verification it takes: the rest is the games reading the document
// and the replay.
void PrintDocument(const Throughput& document, const Throughput& verify) {
  std::printf("  %-34s %9.0f records/s %8.1f MB/s\n", "(document alone: ReadJson)",
              document.RecordsPerSecond(), document.MegabytesPerSecond());
  std::printf("    share of verification time        %8.0f%%\n",
              100.0 * verify.MegabytesPerSecond() / document.MegabytesPerSecond());
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

// Two passes over the same records run one after the other: their seconds add up.
Throughput InSeries(const Throughput& first, const Throughput& second) {
  Throughput both;
  both.records = first.records;
  both.bytes = first.bytes;
  both.seconds = first.seconds + second.seconds * (static_cast<double>(first.records) /
                                                   static_cast<double>(second.records));
  return both;
}

// The goal on seeded records: verification against what no verifier that keeps the seed check
// can avoid, a bare parse and the seeded shuffles.
void PrintSeededGoal(const Throughput& budget, const Throughput& verify, const char* name,
                     double goal) {
  std::printf("  %-34s %9.0f records/s %8.1f MB/s\n", name, budget.RecordsPerSecond(),
              budget.MegabytesPerSecond());
  double ratio = verify.MegabytesPerSecond() / budget.MegabytesPerSecond();
  std::printf("  ratio verification/(parse + deals)  %8.3f   (goal >= %.1f: %s)\n", ratio, goal,
              ratio >= goal ? "met" : "NOT met");
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

// Boost.JSON's SAX parser with a handler that keeps nothing: the least that reading a JSON record
// can cost, the floor under any verifier that reads the text (its every check comes on top).
class BareSaxParser {
 public:
  void Parse(const std::string& line) {
    parser_.reset();
    boost::json::error_code ec;
    parser_.write_some(false, line.data(), line.size(), ec);
    if (ec || !parser_.done()) std::abort();
    g_sink = g_sink + parser_.handler().values;
  }

 private:
  struct Handler {
    static constexpr std::size_t max_object_size = SIZE_MAX;
    static constexpr std::size_t max_array_size = SIZE_MAX;
    static constexpr std::size_t max_key_size = SIZE_MAX;
    static constexpr std::size_t max_string_size = SIZE_MAX;
    using Error = boost::json::error_code;
    using Text = boost::json::string_view;
    size_t values = 0;
    bool on_document_begin(Error&) { return true; }
    bool on_document_end(Error&) { return true; }
    bool on_array_begin(Error&) { return true; }
    bool on_array_end(std::size_t, Error&) { return true; }
    bool on_object_begin(Error&) { return true; }
    bool on_object_end(std::size_t, Error&) { return true; }
    bool on_string_part(Text, std::size_t, Error&) { return true; }
    bool on_string(Text, std::size_t, Error&) { return ++values != 0; }
    bool on_key_part(Text, std::size_t, Error&) { return true; }
    bool on_key(Text, std::size_t, Error&) { return true; }
    bool on_number_part(Text, Error&) { return true; }
    bool on_int64(int64_t, Text, Error&) { return ++values != 0; }
    bool on_uint64(uint64_t, Text, Error&) { return ++values != 0; }
    bool on_double(double, Text, Error&) { return ++values != 0; }
    bool on_bool(bool, Error&) { return ++values != 0; }
    bool on_null(Error&) { return ++values != 0; }
    bool on_comment_part(Text, Error&) { return true; }
    bool on_comment(Text, Error&) { return true; }
  };
  boost::json::basic_parser<Handler> parser_{boost::json::parse_options()};
};

// What `referee verify` does with a record's text (verifier/verify_text.h).
void VerifyValidText(std::string_view text, formats::InputFormat format) {
  if (verifier::VerifyText(text, format, 1, {}, "bench", 0).status != verifier::Status::kValid) {
    std::abort();
  }
}

void VerifyValidJson(std::string_view line) { VerifyValidText(line, formats::InputFormat::kJson); }

// A pass of verification starts with an empty cache of dealt boards, as a run of `referee verify`
// does: records seen in an earlier pass would otherwise have their boards dealt already.
void ForgetDealtBoards() { verifier::ThreadDealCache().Clear(); }

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
// schema, no replay), verification, the document alone (ReadJson), and the seeded shuffles alone
// that verification redoes (the pinned SHA-256 algorithm of record-format.md; counted against the
// same bytes, so its MB/s say how much of the budget it takes), once with referee's SHA-256 and
// once with OpenSSL's fastest calls; then the bare parse and verification of the unseeded corpus.
enum JsonPass {
  kBare,
  kReader,
  kVerify,
  kDocument,
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
         ForgetDealtBoards();
         for (const std::string& line : corpus->json_lines) VerifyValidJson(line);
       }},
      {n, bytes,
       [=] {
         record::Document document;
         for (const std::string& line : corpus->json_lines) {
           if (!formats::ReadJson(line, {}, document).has_value()) std::abort();
         }
       }},
      {n, bytes, [=] { RedoShuffles(corpus->shuffles, verifier::Sha256); }},
      {n, bytes, [=] { RedoShuffles(corpus->shuffles, LowLevelSha256); }},
      {n, unseeded_bytes,
       [=] {
         for (const std::string& line : corpus->unseeded_json_lines) bare->Parse(line);
       }},
      {n, unseeded_bytes,
       [=] {
         ForgetDealtBoards();
         for (const std::string& line : corpus->unseeded_json_lines) VerifyValidJson(line);
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
         ForgetDealtBoards();
         for (const std::string& document : corpus->yaml_documents) {
           VerifyValidText(document, formats::InputFormat::kYaml);
         }
       }},
  };
}

// A duplicate event: every table plays the same boards, dealt from one published seed. Conspiracy
// with `deals: 8` plays exactly eight; each table's players choose at random among the legal
// events, so every record is a different match of the same eight boards.
constexpr int kDuplicateTables = 500;
constexpr int kDuplicateBoards = 8;
constexpr const char* kEventSeed = "club-duplicate-2026";

struct DuplicateEvent {
  std::vector<std::string> json_lines;
  size_t bytes = 0;
  std::vector<SeededShuffle> shuffles;  // every seeded deal of every table
};

// One table's match, as its tablet would write it down: the seed and the hands it dealt.
record::Record PlayTable(const games::GameDescriptor& game, const RuleOptions& rules, int table) {
  record::Record record;
  record.game = &game;
  record.rules = rules;
  std::string number = std::to_string(table);
  record.metadata = {{"id", "table-" + number}};
  record.players = {"n" + number, "e" + number, "s" + number, "w" + number};
  record.seed = kEventSeed;
  std::unique_ptr<Match> match = game.new_match(verifier::SetupFor(record));
  std::mt19937_64 rng(static_cast<uint64_t>(table));
  while (!match->IsOver() && match->Next().phase != Phase::kOver) {
    Event event;
    bool next_is_deal = match->Next().phase == Phase::kDeal;
    if (next_is_deal) {
      event = match->SeededDeal();
    } else {
      std::vector<Event> legal = match->LegalEvents();
      event = legal.at(UniformIndex(rng, legal.size()));
    }
    if (!match->Apply(event).has_value()) std::abort();
    if (next_is_deal) event = match->WithCardsWritten(std::move(event));
    record.entries.push_back({std::move(event)});
  }
  return record;
}

DuplicateEvent MakeDuplicateEvent() {
  const games::GameDescriptor* game = games::FindGame("conspiracy");
  RuleOptions rules(game->options);
  auto set = generator::ParseRules(*game, {"deals=" + std::to_string(kDuplicateBoards)});
  if (!set.has_value()) std::abort();
  rules = *set;
  DuplicateEvent event;
  for (int table = 1; table <= kDuplicateTables; ++table) {
    record::Record record = PlayTable(*game, rules, table);
    event.json_lines.push_back(formats::WriteJson(record::WriteRecord(record), false));
    event.bytes += event.json_lines.back().size() + 1;
    for (SeededShuffle& shuffle : SeededShuffles(record)) {
      event.shuffles.push_back(std::move(shuffle));
    }
  }
  return event;
}

// The duplicate event's contenders: a bare parse, verification with the thread's cache of dealt
// boards (emptied as each pass starts, so that each pass pays its boards once) and without it
// (a budget of nothing), and every seeded deal shuffled afresh.
enum DuplicatePass { kDuplicateBare, kDuplicateCached, kDuplicateUncached, kDuplicateShuffles };

std::vector<Pass> DuplicatePasses(const DuplicateEvent* event, BareJsonParser* bare) {
  size_t n = event->json_lines.size();
  size_t bytes = event->bytes;
  auto verify_all = [event] {
    for (const std::string& line : event->json_lines) VerifyValidJson(line);
  };
  return {
      {n, bytes,
       [=] {
         for (const std::string& line : event->json_lines) bare->Parse(line);
       }},
      {n, bytes,
       [=] {
         ForgetDealtBoards();
         verify_all();
       }},
      {n, bytes,
       [=] {
         verifier::ThreadDealCache().SetMaxBytes(0);
         verify_all();
         verifier::ThreadDealCache().SetMaxBytes(verifier::DealCache::kDefaultBytes);
       }},
      {n, bytes, [=] { RedoShuffles(event->shuffles, verifier::Sha256); }},
  };
}

// How many shuffles one pass of verification pays, read from the thread's cache.
size_t ShufflesPerPass(const DuplicateEvent& event) {
  ForgetDealtBoards();
  size_t before = verifier::ThreadDealCache().misses();
  for (const std::string& line : event.json_lines) VerifyValidJson(line);
  return verifier::ThreadDealCache().misses() - before;
}

void PrintDuplicateEvent(const DuplicateEvent& event, BareJsonParser* bare) {
  std::vector<Throughput> race = Race(DuplicatePasses(&event, bare));
  size_t shuffled = ShufflesPerPass(event);
  std::printf(
      "Duplicate event: one seed, %d boards, %d tables (Conspiracy), JSON, one thread (best of "
      "5)\n",
      kDuplicateBoards, kDuplicateTables);
  std::printf("  %-34s %9.0f records/s %8.1f MB/s\n", "bare Boost.JSON parse",
              race[kDuplicateBare].RecordsPerSecond(), race[kDuplicateBare].MegabytesPerSecond());
  std::printf("  %-34s %9.0f records/s %8.1f MB/s\n", "verification, no cache",
              race[kDuplicateUncached].RecordsPerSecond(),
              race[kDuplicateUncached].MegabytesPerSecond());
  std::printf("  %-34s %9.0f records/s %8.1f MB/s\n", "verification, cache of dealt boards",
              race[kDuplicateCached].RecordsPerSecond(),
              race[kDuplicateCached].MegabytesPerSecond());
  const Throughput& shuffles = race[kDuplicateShuffles];
  double each_us =
      1e6 * shuffles.seconds /
      (static_cast<double>(shuffles.records) / static_cast<double>(event.json_lines.size()) *
       static_cast<double>(event.shuffles.size()));
  std::printf("  %-34s %9.0f records/s %8.1f MB/s  (%zu shuffles, %.2f us each)\n",
              "(seeded deals alone, every deal)", shuffles.RecordsPerSecond(),
              shuffles.MegabytesPerSecond(), event.shuffles.size(), each_us);
  std::printf(
      "  shuffles paid by one pass: %zu for %zu seeded deals (%s)\n", shuffled,
      event.shuffles.size(),
      shuffled == static_cast<size_t>(kDuplicateBoards) ? "once per board" : "NOT once per board");
  std::printf(
      "  speed-up of the cache                %6.2f\n",
      race[kDuplicateCached].MegabytesPerSecond() / race[kDuplicateUncached].MegabytesPerSecond());
  // The seeded goal for this corpus: the shuffles a verifier cannot avoid are one per board.
  Throughput once = shuffles;
  once.seconds *= static_cast<double>(shuffled) / static_cast<double>(event.shuffles.size());
  PrintSeededGoal(InSeries(race[kDuplicateBare], once), race[kDuplicateCached],
                  "bare parse + one shuffle a board", 0.7);
}

struct ChildRun {
  double seconds = 0;      // wall time of the command, from its fork to its exit
  double cpu_seconds = 0;  // user and system time of all its threads
  long peak_kb = 0;
  int status = 0;
};

// The peak memory of a child is measured by a small process of its own. A child forked straight
// from this one starts as a copy of it, corpus and all, and the kernel's peak resident set
// (ru_maxrss) keeps that copy's size across exec: 275 MB reported for a referee that peaked at 22.
constexpr const char* kMeasureFlag = "--measure-child";
constexpr int kResultFd = 3;

// This program re-executed with kMeasureFlag and a command: runs the command with standard output
// discarded, and writes its peak resident set in KB, its wait status, its wall time and its CPU
// time to kResultFd. The wall time is taken here, around the command alone: the fork of the
// benchmark and the start of this process would otherwise add to every run alike and pull the
// thread ratios towards 1.
int MeasureChild(char** command) {
  Clock::time_point start = Clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    std::FILE* null = std::freopen("/dev/null", "w", stdout);
    (void)null;
    close(kResultFd);
    execv(command[0], command);
    _exit(127);
  }
  int status = 0;
  struct rusage usage {};
  wait4(pid, &status, 0, &usage);
  double seconds = Seconds(start);
  auto cpu = [](const timeval& time) { return time.tv_sec + time.tv_usec / 1e6; };
  dprintf(kResultFd, "%ld %d %.6f %.6f\n", usage.ru_maxrss, status, seconds,
          cpu(usage.ru_utime) + cpu(usage.ru_stime));
  return 0;
}

// A run of `referee verify` under way: its measuring process, and the pipe its figures come by.
struct StartedRun {
  pid_t pid = -1;
  int result_fd = -1;
  int input_fd = -1;  // the write end of the child's standard input, when it is fed
  Clock::time_point start;
};

// Starts `referee verify --quiet --threads N INPUT` with its output discarded; with `fed`, INPUT is
// "-" and the child's standard input is the pipe StartedRun::input_fd writes into.
StartedRun StartReferee(const std::string& referee, unsigned threads, const std::string& input,
                        bool fed) {
  int input_fds[2] = {-1, -1};
  int result_fds[2] = {-1, -1};
  if ((fed && pipe(input_fds) != 0) || pipe(result_fds) != 0) std::abort();
  std::fflush(stdout);  // or the child's copy of the buffer is written twice
  std::string thread_text = std::to_string(threads);
  StartedRun started;
  started.start = Clock::now();
  started.pid = fork();
  if (started.pid == 0) {
    if (fed) {
      dup2(input_fds[0], STDIN_FILENO);
      close(input_fds[0]);
      close(input_fds[1]);
    }
    close(result_fds[0]);
    dup2(result_fds[1], kResultFd);
    execl("/proc/self/exe", "verify_bench", kMeasureFlag, referee.c_str(), "verify", "--quiet",
          "--threads", thread_text.c_str(), input.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(result_fds[1]);
  started.result_fd = result_fds[0];
  if (fed) {
    close(input_fds[0]);
    started.input_fd = input_fds[1];
  }
  return started;
}

// Waits for a started run and reads its figures.
ChildRun FinishReferee(const StartedRun& started) {
  ChildRun run;
  int measurer_status = 0;
  waitpid(started.pid, &measurer_status, 0);
  run.seconds = Seconds(started.start);
  char result[128] = {};
  ssize_t n = read(started.result_fd, result, sizeof(result) - 1);
  close(started.result_fd);
  if (n <= 0 || std::sscanf(result, "%ld %d %lf %lf", &run.peak_kb, &run.status, &run.seconds,
                            &run.cpu_seconds) != 4) {
    run.status = measurer_status;
  }
  return run;
}

// Runs `referee verify --quiet --threads N INPUT` with its output discarded; with `feed`, INPUT is
// "-" and `feed` writes the stream into the child's standard input.
ChildRun RunReferee(const std::string& referee, unsigned threads, const std::string& input,
                    const std::function<void(int fd)>& feed = {}) {
  StartedRun started = StartReferee(referee, threads, input, static_cast<bool>(feed));
  if (feed) {
    feed(started.input_fd);
    close(started.input_fd);
  }
  return FinishReferee(started);
}

// Two runs of one thread each, started together: the longer one's figures. Two processes that
// share nothing show what the machine gives two busy cores at the time (a neighbour on the same
// host slows one of them down), which no thread count of one process can beat.
ChildRun RunTwoAtOnce(const std::string& referee, const std::string& input) {
  StartedRun first = StartReferee(referee, 1, input, false);
  StartedRun second = StartReferee(referee, 1, input, false);
  ChildRun a = FinishReferee(first);
  ChildRun b = FinishReferee(second);
  return a.seconds >= b.seconds ? a : b;
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

// The threads figure verifies the corpus this many times over, so that a run of one thread lasts
// long enough (half a second or more) for start-up to be noise. With 8 copies (11.4 MB) a run
// lasted 0.12 s, of which start-up was 14 ms: on its own that capped the speed-up at 1.8.
constexpr int kFileCopies = 48;
// Runs of each thread count, alternating; each keeps its best, so that a burst of other load on a
// shared machine does not decide the ratio (seven: five were not enough on a loaded machine).
constexpr int kThreadRounds = 7;

// Best runs of `referee verify --threads 1` and `--threads 2` on one input, for the binary under
// test and, when one is given, a baseline binary, all in alternating rounds.
struct ThreadRuns {
  ChildRun one, two, baseline_one, baseline_two;
  ChildRun two_at_once;  // two one-thread runs side by side: the longer of the pair
};

ThreadRuns RaceThreads(const std::string& referee, const std::string& baseline,
                       const std::string& input) {
  ThreadRuns best;
  // The least wall time and, apart, the least CPU time: other load inflates both.
  auto keep = [](ChildRun& kept, const ChildRun& run, int round) {
    double cpu_seconds = round == 0 ? run.cpu_seconds : std::min(kept.cpu_seconds, run.cpu_seconds);
    if (round == 0 || run.seconds < kept.seconds) kept = run;
    kept.cpu_seconds = cpu_seconds;
  };
  for (int round = 0; round < kThreadRounds; ++round) {
    keep(best.one, RunReferee(referee, 1, input), round);
    keep(best.two, RunReferee(referee, 2, input), round);
    keep(best.two_at_once, RunTwoAtOnce(referee, input), round);
    if (baseline.empty()) continue;
    keep(best.baseline_one, RunReferee(baseline, 1, input), round);
    keep(best.baseline_two, RunReferee(baseline, 2, input), round);
  }
  return best;
}

void PrintThreadPair(const char* name, const ChildRun& one, const ChildRun& two, double megabytes,
                     bool goal) {
  std::printf("  %-9s 1 thread   %6.2f s %8.1f MB/s (exit %d)   CPU %5.2f s\n", name, one.seconds,
              megabytes / one.seconds, WEXITSTATUS(one.status), one.cpu_seconds);
  std::printf("  %-9s 2 threads  %6.2f s %8.1f MB/s (exit %d)   CPU %5.2f s\n", name, two.seconds,
              megabytes / two.seconds, WEXITSTATUS(two.status), two.cpu_seconds);
  // Two threads do more work than one (hand-overs, a cache of dealt boards each, allocation
  // from two arenas): on two cores, the speed-up can be at most 2 * CPU(1) / CPU(2).
  std::printf("  %-9s CPU time 2/1       %6.2f   (speed-up at most %.2f on 2 cores)\n", name,
              two.cpu_seconds / one.cpu_seconds, 2 * one.cpu_seconds / two.cpu_seconds);
  double speedup = one.seconds / two.seconds;
  if (goal) {
    std::printf("  %-9s speed-up 2/1       %6.2f   (goal >= 1.8: %s)\n", name, speedup,
                speedup >= 1.8 ? "met" : "NOT met");
  } else {
    std::printf("  %-9s speed-up 2/1       %6.2f\n", name, speedup);
  }
}

// `start_up`: the runs on an empty file, whose time every run spends before and after its work.
void PrintThreads(const std::string& what, const ThreadRuns& runs, const ThreadRuns& start_up,
                  double megabytes, bool baseline) {
  std::printf("threads: referee verify --quiet --threads N on %s (best of %d)\n", what.c_str(),
              kThreadRounds);
  PrintThreadPair("", runs.one, runs.two, megabytes, true);
  std::printf(
      "            past start-up      %6.2f   ((1 thread - start-up) / (2 threads - start-up))\n",
      (runs.one.seconds - start_up.one.seconds) / (runs.two.seconds - start_up.two.seconds));
  std::printf(
      "            two 1-thread runs at once %5.2f s: the machine gives two processes %.2f\n",
      runs.two_at_once.seconds, 2 * runs.one.seconds / runs.two_at_once.seconds);
  if (baseline) PrintThreadPair("baseline", runs.baseline_one, runs.baseline_two, megabytes, false);
}

// The corpus as `files` files of one JSON record each, named so that they sort in order, in a
// new folder; returns their size in MB.
double WriteFolder(const fs::path& folder, const Corpus& corpus, int files) {
  fs::create_directories(folder);
  size_t bytes = 0;
  for (int i = 0; i < files; ++i) {
    const std::string& line = corpus.json_lines[static_cast<size_t>(i) % corpus.json_lines.size()];
    char name[32];
    std::snprintf(name, sizeof(name), "%06d.json", i + 1);
    std::ofstream(folder / name, std::ios::binary) << line << "\n";
    bytes += line.size() + 1;
  }
  return static_cast<double>(bytes) / 1e6;
}

struct Arguments {
  int records_per_game = 150;
  int files = 20000;
  size_t stream_mb = 1024;
  std::string referee;
  std::string baseline;
  std::string only;           // empty: every part
  std::string corpus_folder;  // --write-corpus: where to write the corpora as JSON Lines files
  bool Runs(const char* part) const { return only.empty() || only == part; }
};

bool ParseArguments(int argc, char** argv, Arguments& arguments) {
  arguments.referee = DefaultReferee(argv[0]);
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string flag = argv[i];
    if (flag == "--records") {
      arguments.records_per_game = std::atoi(argv[i + 1]);
    } else if (flag == "--files") {
      arguments.files = std::atoi(argv[i + 1]);
    } else if (flag == "--stream-mb") {
      arguments.stream_mb = static_cast<size_t>(std::atol(argv[i + 1]));
    } else if (flag == "--referee") {
      arguments.referee = argv[i + 1];
    } else if (flag == "--baseline") {
      arguments.baseline = argv[i + 1];
    } else if (flag == "--write-corpus") {
      arguments.corpus_folder = argv[i + 1];
    } else if (flag == "--only") {
      arguments.only = argv[i + 1];
      if (!arguments.Runs("in-memory") && !arguments.Runs("threads") && !arguments.Runs("memory")) {
        return false;
      }
    } else {
      return false;
    }
  }
  return argc % 2 == 1;
}

// Each game's records without seeds, a bare parse against verification, raced in rounds of their
// own: which game's replay stands between verification and the parse.
// Game by game, the bare parse and verification, and beside them the SAX parse alone: what is
// left of verification once the text is read, as a multiple of a bare parse's time, against what
// the goal leaves for it (1 / goal - SAX / bare parse).
void PrintByGame(const std::vector<Corpus::GameLines>& games, const char* what,
                 BareJsonParser* bare, double goal) {
  std::printf(
      "JSON Lines without seeds, %s, game by game, one thread (best of 15 alternating "
      "rounds)\n",
      what);
  BareSaxParser sax;
  for (const Corpus::GameLines& game : games) {
    const Corpus::GameLines* lines = &game;
    std::vector<Pass> passes = {
        {lines->lines.size(), lines->bytes,
         [=] {
           for (const std::string& line : lines->lines) bare->Parse(line);
         }},
        {lines->lines.size(), lines->bytes,
         [=] {
           for (const std::string& line : lines->lines) VerifyValidJson(line);
         }},
        {lines->lines.size(), lines->bytes,
         [=, &sax] {
           for (const std::string& line : lines->lines) sax.Parse(line);
         }},
    };
    std::vector<Throughput> race = Race(passes, 15, 0.1);
    double parse = race[0].MegabytesPerSecond();
    double verify = race[1].MegabytesPerSecond();
    double sax_alone = race[2].MegabytesPerSecond();
    std::printf("  %-12s bare parse %7.1f MB/s, verification %7.1f MB/s, ratio %5.3f\n",
                game.game.c_str(), parse, verify, verify / parse);
    std::printf(
        "  %-12s SAX alone  %7.1f MB/s; the rest of verification %5.2fx a bare parse, "
        "the goal leaves %5.2fx\n",
        "", sax_alone, parse / verify - parse / sax_alone, 1.0 / goal - parse / sax_alone);
  }
}

void PrintInMemory(const Corpus& corpus) {
  BareJsonParser bare_json_parser;
  std::vector<Throughput> json = Race(JsonPasses(&corpus, &bare_json_parser));
  PrintPair("JSON Lines, in memory, one thread (best of 5 alternating rounds)",
            "bare Boost.JSON parse", json[kBare], "(referee's reader alone: ParseJson)",
            json[kReader], json[kVerify], 0.7);
  PrintDocument(json[kDocument], json[kVerify]);
  PrintSeedFloor(corpus, json[kBare], json[kShuffles], "(seeded deals alone: SHA-256 EVP)");
  PrintSeedFloor(corpus, json[kBare], json[kShufflesLowLevel], "(the same, OpenSSL's SHA256_*)");
  PrintSeededGoal(InSeries(json[kBare], json[kShuffles]), json[kVerify],
                  "bare parse + seeded deals (EVP)", 0.7);
  PrintPair("JSON Lines without seeds, in memory, one thread (same rounds)",
            "bare Boost.JSON parse", json[kBareUnseeded], nullptr, {}, json[kVerifyUnseeded], 0.7);
  PrintByGame(corpus.unseeded_by_game, "as referee writes them", &bare_json_parser, 0.7);
  PrintByGame(corpus.mixed_by_game, "in the forms others write", &bare_json_parser, 0.7);
  PrintDuplicateEvent(MakeDuplicateEvent(), &bare_json_parser);
  std::vector<Throughput> yaml = Race(YamlPasses(&corpus));
  PrintPair("YAML, in memory, one thread (best of 5 alternating rounds)",
            "bare yaml-cpp parse (YAML::Load)", yaml[0], "(referee's reader alone: ParseYaml)",
            yaml[1], yaml[2], 0.9);
}

void PrintThreadFigures(const Corpus& corpus, const Arguments& arguments) {
  fs::path scratch = fs::temp_directory_path() / ("verify_bench-" + std::to_string(getpid()));
  fs::create_directories(scratch);
  fs::path file = scratch / "corpus.jsonl";
  {
    std::ofstream out(file, std::ios::binary);
    for (int copy = 0; copy < kFileCopies; ++copy) {
      for (const std::string& line : corpus.json_lines) out << line << "\n";
    }
  }
  fs::path empty = scratch / "empty.jsonl";
  std::ofstream(empty, std::ios::binary).flush();
  ThreadRuns start_up = RaceThreads(arguments.referee, "", empty.string());
  std::printf("start-up: referee verify --quiet --threads N on an empty file (best of %d)\n",
              kThreadRounds);
  std::printf("            1 thread   %6.3f s, 2 threads %6.3f s\n", start_up.one.seconds,
              start_up.two.seconds);
  double file_mb = kFileCopies * static_cast<double>(corpus.json_bytes) / 1e6;
  char what[96];
  std::snprintf(what, sizeof(what), "a %.1f MB JSON Lines file", file_mb);
  PrintThreads(what, RaceThreads(arguments.referee, arguments.baseline, file.string()), start_up,
               file_mb, !arguments.baseline.empty());
  // The same, in the forms others write: with --baseline, the binary before a change on them.
  fs::path mixed = scratch / "mixed.jsonl";
  double mixed_mb = 0;
  {
    std::ofstream out(mixed, std::ios::binary);
    for (int copy = 0; copy < kFileCopies; ++copy) {
      for (const Corpus::GameLines& game : corpus.mixed_by_game) {
        for (const std::string& line : game.lines) out << line << "\n";
        mixed_mb += static_cast<double>(game.bytes) / 1e6;
      }
    }
  }
  std::snprintf(what, sizeof(what), "a %.1f MB JSON Lines file in the forms others write",
                mixed_mb);
  PrintThreads(what, RaceThreads(arguments.referee, arguments.baseline, mixed.string()), start_up,
               mixed_mb, !arguments.baseline.empty());
  fs::path folder = scratch / "folder";
  double folder_mb = WriteFolder(folder, corpus, arguments.files);
  std::snprintf(what, sizeof(what), "a folder of %d JSON files (%.1f MB)", arguments.files,
                folder_mb);
  PrintThreads(what, RaceThreads(arguments.referee, arguments.baseline, folder.string()), start_up,
               folder_mb, !arguments.baseline.empty());
  fs::remove_all(scratch);
}

// The corpora without seeds, game by game, as JSON Lines files in `folder`: GAME.jsonl as
// referee writes them, GAME-mixed.jsonl in the forms others write. Counting the instructions of
// `referee verify` on them (docs/performance.md, "Where the cost is") is free of the machine's
// noise.
void WriteCorpus(const Corpus& corpus, const fs::path& folder) {
  fs::create_directories(folder);
  auto write = [&](const Corpus::GameLines& game, const char* suffix) {
    std::ofstream out(folder / (game.game + suffix + ".jsonl"), std::ios::binary);
    for (const std::string& line : game.lines) out << line << "\n";
  };
  for (const Corpus::GameLines& game : corpus.unseeded_by_game) write(game, "");
  for (const Corpus::GameLines& game : corpus.mixed_by_game) write(game, "-mixed");
  std::printf("corpora written to %s\n", folder.string().c_str());
}

void PrintMemory(const Corpus& corpus, const Arguments& arguments) {
  std::printf("memory: referee verify --quiet --threads 2 - on a JSON Lines stream (a pipe)\n");
  ChildRun small =
      RunReferee(arguments.referee, 2, "-", [&](int fd) { FeedStream(fd, corpus, 64); });
  std::printf("  64 MB stream     peak RSS %7.1f MB in %6.1f s (exit %d)\n", small.peak_kb / 1024.0,
              small.seconds, WEXITSTATUS(small.status));
  ChildRun large = RunReferee(arguments.referee, 2, "-",
                              [&](int fd) { FeedStream(fd, corpus, arguments.stream_mb); });
  std::printf("  %zu MB stream   peak RSS %7.1f MB in %6.1f s (exit %d)\n", arguments.stream_mb,
              large.peak_kb / 1024.0, large.seconds, WEXITSTATUS(large.status));
  std::printf("  growth                       %6.2fx  (goal: does not grow with the stream)\n",
              static_cast<double>(large.peak_kb) / static_cast<double>(small.peak_kb));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 2 && std::strcmp(argv[1], kMeasureFlag) == 0) return MeasureChild(argv + 2);
  Arguments arguments;
  if (!ParseArguments(argc, argv, arguments)) {
    std::fprintf(stderr,
                 "usage: verify_bench [--records N] [--files N] [--stream-mb M] [--referee PATH] "
                 "[--baseline PATH] [--only in-memory|threads|memory] [--write-corpus DIR]\n");
    return 2;
  }
  std::signal(SIGPIPE, SIG_IGN);
  Corpus corpus = MakeCorpus(arguments.records_per_game);
  std::printf("corpus: %zu records of every game (%d each), JSON Lines %.1f MB, YAML %.1f MB\n\n",
              corpus.json_lines.size(), arguments.records_per_game, corpus.json_bytes / 1e6,
              corpus.yaml_bytes / 1e6);
  if (!arguments.corpus_folder.empty()) {
    WriteCorpus(corpus, arguments.corpus_folder);
    return 0;
  }
  if (arguments.Runs("in-memory")) PrintInMemory(corpus);
  if (arguments.Runs("threads")) PrintThreadFigures(corpus, arguments);
  if (arguments.Runs("memory")) PrintMemory(corpus, arguments);
  return 0;
}
