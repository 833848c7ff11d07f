// hostile_bench: whether any reader of outside input costs more than its size (docs/performance.md,
// "Hostile inputs").
//
// For every reader referee has of what others write (records in JSON and YAML, league files, live
// journals, the standings and ratings CSV that --check reads back, the bodies of requests to
// `referee serve`) and every shape that is cheap to write and dear to read (many keys, deep
// nesting, one long line, many tiny items, YAML anchors and aliases, long strings of escapes), it
// makes an input of SIZE MB and one four times larger, reads each (the best of five runs), and
// prints the time per MB of each. A reader that is linear costs the same per MB at both sizes; one
// that is quadratic costs four times more. A case whose larger input costs more than five times
// the smaller is flagged `SUPERLINEAR`, and the program exits 1.
//
//   build/bench/hostile_bench [--mb SIZE] [--only READER]
//
// Most inputs are refused (unknown keys, a depth or size over the limits, an alias): what is
// measured is what it costs to get to the refusal. The limits are the defaults of `referee verify`
// (16 MB a document), and for request bodies the same limits with the size raised to fit the
// input (the server's own default is 64 KiB, which no input here would pass).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "formats/csv_reader.h"
#include "formats/input_format.h"
#include "formats/read_limits.h"
#include "formats/yaml_reader.h"
#include "league/league_file.h"
#include "live/journal.h"
#include "server/requests.h"
#include "verifier/verify_text.h"

namespace {

using namespace referee;  // NOLINT: a small program
using Clock = std::chrono::steady_clock;

// An input of about `bytes` bytes: a shape, given the size to reach.
using Shape = std::function<std::string(size_t bytes)>;

struct Case {
  std::string reader;
  std::string shape;
  Shape make;
};

// Repeats `item` (separated by `separator`) between `open` and `close` until the text is about
// `bytes` long; `item` is given its number, so that keys can differ.
std::string Repeated(size_t bytes, const std::string& open, const std::string& close,
                     const std::string& separator, const std::function<std::string(size_t)>& item) {
  std::string text = open;
  for (size_t i = 0; text.size() < bytes; ++i) {
    if (i > 0) text += separator;
    text += item(i);
  }
  return text + close;
}

// JSON shapes: of a record, a journal's line, a request body.
std::string JsonManyKeys(size_t bytes) {
  return Repeated(bytes, "{", "}", ",",
                  [](size_t i) { return "\"k" + std::to_string(i) + "\":0"; });
}
std::string JsonDeep(size_t bytes) {
  size_t depth = bytes / 2;
  return std::string(depth, '[') + std::string(depth, ']');
}
// One line of strings each just under the limit of one value (1 MiB), so that both sizes are
// read to their end.
constexpr size_t kLongString = (size_t{1} << 20) - 64;
std::string JsonLongLine(size_t bytes) {
  return Repeated(bytes, "{\"k\":[", "]}", ",",
                  [](size_t) { return "\"" + std::string(kLongString, 'x') + "\""; });
}
std::string JsonTinyItems(size_t bytes) {
  return Repeated(bytes, "{\"k\":[", "]}", ",", [](size_t) { return "0"; });
}
// Strings of escapes, each 256 KiB of text.
std::string Escapes() {
  std::string text;
  while (text.size() < (size_t{1} << 18)) text += "\\u00e9\\n";
  return text;
}
std::string JsonEscapes(size_t bytes) {
  return Repeated(bytes, "{\"k\":[", "]}", ",", [](size_t) { return "\"" + Escapes() + "\""; });
}

// YAML shapes: of a record or a league file.
std::string YamlManyKeys(size_t bytes) {
  return Repeated(bytes, "", "\n", "\n", [](size_t i) { return "k" + std::to_string(i) + ": 0"; });
}
std::string YamlDeepFlow(size_t bytes) {
  size_t depth = bytes / 2;
  return std::string(depth, '[') + std::string(depth, ']') + "\n";
}
std::string YamlDeepBlock(size_t bytes) {
  std::string text;
  for (size_t depth = 0; text.size() < bytes; ++depth) {
    text += std::string(depth % 2000, ' ') + "k:\n";
  }
  return text;
}
std::string YamlLongLine(size_t bytes) {
  return Repeated(bytes, "k: [", "]\n", ", ", [](size_t) { return std::string(kLongString, 'x'); });
}
std::string YamlTinyItems(size_t bytes) {
  return Repeated(bytes, "k:\n", "\n", "\n", [](size_t) { return "- 0"; });
}
std::string YamlAliases(size_t bytes) {
  return Repeated(bytes, "", "\n", "\n", [](size_t i) {
    std::string n = std::to_string(i);
    return "a" + n + ": &x" + n + " [1, 2]\nb" + n + ": *x" + n;
  });
}
std::string YamlEscapes(size_t bytes) {
  return Repeated(bytes, "k:\n", "\n", "\n", [](size_t) { return "- \"" + Escapes() + "\""; });
}
// A league file of many entrants: what the league reader checks one against another.
std::string LeagueManyEntrants(size_t bytes) {
  return Repeated(bytes, "format: referee-league/1\nname: bench\ngame: collusion\nentrants:\n",
                  "\nrecords: [records/]\n", "\n", [](size_t i) {
                    std::string n = std::to_string(i);
                    return "  - {id: p" + n + ", name: Player " + n + "}";
                  });
}

// Journal shapes: lines of JSON after a table's header (a seeded match that can start), read as
// `referee verify` reads a journal: the header starts the match, organiser lines are kept aside,
// and a line that is no event ends the replay once it has been read.
const char* const kJournalHeader =
    "{\"format\":\"referee/1\",\"game\":\"collusion\",\"rules\":{\"target\":10},"
    "\"players\":{\"N\":\"ann\",\"E\":\"bob\",\"S\":\"cy\",\"W\":\"dee\"},\"seed\":\"bench\"}\n";
std::string JournalManyLines(size_t bytes) {
  return Repeated(bytes, kJournalHeader, "\n", "\n",
                  [](size_t) { return std::string("{\"organiser\":\"note\"}"); });
}
std::string JournalOfLine(const std::string& line) { return kJournalHeader + line + "\n"; }

// CSV shapes: of standings and ratings as --check reads them back.
std::string CsvManyFields(size_t bytes) {
  return Repeated(bytes, "", "\n", ",", [](size_t i) { return std::to_string(i % 10); });
}
std::string CsvManyRows(size_t bytes) {
  return Repeated(bytes, "rank,id\n", "\n", "\n",
                  [](size_t i) { return "1,p" + std::to_string(i); });
}
std::string CsvLongQuoted(size_t bytes) {
  return Repeated(bytes, "rank,id\n1,\"", "\"\n", "", [](size_t) { return std::string("\"\""); });
}
std::string CsvLongLine(size_t bytes) {
  return Repeated(bytes, "rank,id\n1,", "\n", ",",
                  [](size_t) { return std::string(1 << 16, 'x'); });
}

formats::ReadLimits RecordLimits() { return formats::ReadLimits{}; }

formats::ReadLimits BodyLimits(size_t bytes) {
  return formats::ReadLimits{.max_document_bytes = bytes + 1024, .max_depth = 32};
}

// Reads `text` as `reader` does; the result is dropped (its cost is the point).
void Read(const std::string& reader, const std::string& text) {
  if (reader == "record-json" || reader == "record-yaml") {
    auto format =
        reader == "record-json" ? formats::InputFormat::kJson : formats::InputFormat::kYaml;
    verifier::VerifyText(text, format, 1, RecordLimits(), "bench", 0);
  } else if (reader == "league") {
    Result<record::Node> root = formats::ParseYaml(text, RecordLimits());
    if (root.has_value()) (void)league::ReadLeague(*root);
  } else if (reader == "journal") {
    (void)live::JournalRecord(text);
  } else if (reader == "standings-csv") {
    (void)formats::ParseStandingsCsv(text);
  } else if (reader == "ratings-csv") {
    (void)formats::ParseRatingsCsv(text);
  } else if (reader == "request") {
    (void)server::OptionalMap(text, BodyLimits(text.size()));
  }
}

std::vector<Case> Cases() {
  std::vector<Case> cases;
  for (const char* reader : {"record-json", "request"}) {
    cases.push_back({reader, "many keys", JsonManyKeys});
    cases.push_back({reader, "deep nesting", JsonDeep});
    cases.push_back({reader, "long line", JsonLongLine});
    cases.push_back({reader, "tiny items", JsonTinyItems});
    cases.push_back({reader, "escapes", JsonEscapes});
  }
  for (const char* reader : {"record-yaml", "league"}) {
    cases.push_back({reader, "many keys", YamlManyKeys});
    cases.push_back({reader, "deep flow", YamlDeepFlow});
    cases.push_back({reader, "deep block", YamlDeepBlock});
    cases.push_back({reader, "long line", YamlLongLine});
    cases.push_back({reader, "tiny items", YamlTinyItems});
    cases.push_back({reader, "aliases", YamlAliases});
    cases.push_back({reader, "escapes", YamlEscapes});
  }
  cases.push_back({"league", "many entrants", LeagueManyEntrants});
  cases.push_back({"journal", "many lines", JournalManyLines});
  cases.push_back(
      {"journal", "many keys", [](size_t b) { return JournalOfLine(JsonManyKeys(b)); }});
  cases.push_back({"journal", "deep nesting", [](size_t b) { return JournalOfLine(JsonDeep(b)); }});
  cases.push_back(
      {"journal", "long line", [](size_t b) { return JournalOfLine(JsonLongLine(b)); }});
  cases.push_back({"journal", "escapes", [](size_t b) { return JournalOfLine(JsonEscapes(b)); }});
  for (const char* reader : {"standings-csv", "ratings-csv"}) {
    cases.push_back({reader, "many fields", CsvManyFields});
    cases.push_back({reader, "many rows", CsvManyRows});
    cases.push_back({reader, "quoted quotes", CsvLongQuoted});
    cases.push_back({reader, "long line", CsvLongLine});
  }
  return cases;
}

// The best of five reads, in milliseconds, after one that warms the caches and the heap.
double BestMillis(const std::string& reader, const std::string& text) {
  Read(reader, text);
  double best = 1e300;
  for (int run = 0; run < 5; ++run) {
    Clock::time_point start = Clock::now();
    Read(reader, text);
    std::chrono::duration<double, std::milli> took = Clock::now() - start;
    best = std::min(best, took.count());
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  double megabytes = 1;
  std::string only;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string option = argv[i];
    if (option == "--mb") megabytes = std::atof(argv[i + 1]);
    if (option == "--only") only = argv[i + 1];
  }
  const auto small = static_cast<size_t>(megabytes * (1 << 20));
  std::printf("%-14s %-14s %12s %12s %7s\n", "reader", "shape", "ms/MB small", "ms/MB 4x", "ratio");
  int flagged = 0;
  for (const Case& bench : Cases()) {
    if (!only.empty() && bench.reader != only) continue;
    std::string smaller = bench.make(small);
    std::string larger = bench.make(small * 4);
    double small_ms = BestMillis(bench.reader, smaller);
    double large_ms = BestMillis(bench.reader, larger);
    double per_mb_small = small_ms / (static_cast<double>(smaller.size()) / (1 << 20));
    double per_mb_large = large_ms / (static_cast<double>(larger.size()) / (1 << 20));
    // The larger input's cost against the smaller's: 4 when linear, 16 when quadratic. A reader
    // too quick to time (under a millisecond) is not judged by its noise.
    double ratio = large_ms / std::max(small_ms, 1e-3);
    bool superlinear = ratio > 5 && large_ms > 1;
    flagged += superlinear ? 1 : 0;
    std::printf("%-14s %-14s %12.2f %12.2f %7.1f%s\n", bench.reader.c_str(), bench.shape.c_str(),
                per_mb_small, per_mb_large, ratio, superlinear ? "  SUPERLINEAR" : "");
    std::fflush(stdout);
  }
  std::printf("%d case(s) superlinear (the larger input costs more than 5 times the smaller)\n",
              flagged);
  return flagged > 0 ? 1 : 0;
}
