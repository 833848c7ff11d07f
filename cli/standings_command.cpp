// `referee standings LEAGUE.yaml`: reads the league file, finds the record files it lists, verifies
// them on all cores and writes the standings. The work is in reports/ (pure); this file reads
// files within limits, keeps the league's paths inside its folder, keeps of each record only its
// summary, draws the progress bar and maps outcomes to exit codes.
#include <glob.h>
#include <malloc.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <thread>

#include "batch/input.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/progress.h"
#include "cli/standings_check.h"
#include "formats/csv_reader.h"
#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/read_limits.h"
#include "formats/text_checks.h"
#include "formats/yaml_reader.h"
#include "io/input_file.h"
#include "league/league_file.h"
#include "league/standings.h"
#include "league/standings_sources.h"
#include "referee/core/printable.h"
#include "referee/games/game_record.h"
#include "reports/ratings_output.h"
#include "reports/standings_output.h"
#include "reports/standings_render.h"
#include "reports/verdict_text.h"
#include "verifier/sha256.h"
#include "verifier/verifier.h"

namespace referee::cli {
namespace {

namespace fs = std::filesystem;

// The league file and a published standings file are read with a record's limits: a huge file
// (or /dev/zero) is `too-large` after 16 MB, not read whole.
const formats::ReadLimits kLimits;

// A league-file finding, compiler style, with the line quoted.
}  // namespace

int ReportLeagueFinding(Finding finding, const record::Node* root, const std::string& path,
                        const std::string& text, std::ostream& err) {
  if (root != nullptr && finding.place.line == 0) {
    record::SourcePos pos = record::PositionOf(*root, finding.place.path);
    finding.place.line = pos.line;
    finding.place.column = pos.column;
  }
  finding.message = Printable(finding.message);
  reports::SourceText source(text);
  err << reports::FormatFinding(finding, Printable(path), &source);
  return kExitMalformed;
}

namespace {

int ReportProblems(const std::vector<std::string>& problems, std::ostream& err) {
  for (const std::string& problem : problems) err << "referee: " << Printable(problem) << "\n";
  return kExitIo;
}

// The league's folder, resolved, and whether the league's paths must stay inside it.
class LeagueFolder {
 public:
  LeagueFolder(const std::string& league, bool anywhere) : anywhere_(anywhere) {
    given_ = fs::path(league).parent_path();
    std::error_code error;
    root_ = fs::canonical(given_.empty() ? fs::path(".") : given_, error);
  }

  // The folder as the user named it: record paths are shown relative to where referee runs.
  const fs::path& given() const { return given_; }

  // Whether `path` may be read, or the league file's finding at `place` when it may not (it
  // leads outside the folder, after `..` and links); `shown` is how the league file wrote it. A
  // path that cannot be resolved is left to the reader, which reports why it cannot be read.
  Result<void> Allows(const fs::path& path, const std::string& place,
                      const std::string& shown = "") const {
    if (anywhere_) return {};
    std::error_code error;
    fs::path resolved = fs::weakly_canonical(path, error);
    if (error) return {};
    auto [inside, rest] =
        std::mismatch(root_.begin(), root_.end(), resolved.begin(), resolved.end());
    if (inside == root_.end()) return {};
    std::string found = shown.empty() ? path.string() : shown;
    return Fail(Malformed("outside-league-folder", place,
                          "expected a path inside the league file's folder " + root_.string() +
                              ", found " + found +
                              (resolved != path ? ", which leads to " + resolved.string() : "") +
                              " (--records-anywhere allows it)"));
  }

 private:
  bool anywhere_;
  fs::path given_;
  fs::path root_;
};

bool IsGlob(const std::string& path) { return path.find_first_of("*?[") != std::string::npos; }

// The part of a glob before its first pattern: the folder every match lies under.
fs::path FixedPart(const fs::path& pattern) {
  fs::path fixed;
  for (const fs::path& part : pattern) {
    if (IsGlob(part.string())) break;
    fixed /= part;
  }
  return fixed.empty() ? fs::path(".") : fixed;
}

std::vector<std::string> GlobMatches(const std::string& pattern) {
  glob_t matches{};
  int status = glob(pattern.c_str(), 0, nullptr, &matches);
  std::vector<std::string> found;
  for (size_t i = 0; status == 0 && i < matches.gl_pathc; ++i) found.push_back(matches.gl_pathv[i]);
  globfree(&matches);
  return found;
}

// How deep an entry reaches, for which of two entries is the more specific: the components of
// its resolved path, so that `records`, `records/` and `./records` are one depth.
size_t Depth(const fs::path& path) {
  std::error_code error;
  fs::path resolved = fs::weakly_canonical(path, error);
  if (error) resolved = path;
  return static_cast<size_t>(std::count_if(resolved.begin(), resolved.end(),
                                           [](const fs::path& part) { return !part.empty(); }));
}

// What finding the files of the league's entries gave: a refused path ends the command as a
// league-file error (exit 2), unreadable sources as I/O problems (exit 4).
struct Finder {
  const league::League& league;
  const LeagueFolder& folder;
  std::optional<Finding> refused;
  std::vector<std::string> problems;

  // Whether the path of `entry` may be read; the first that may not is kept as `refused`.
  bool Allowed(size_t entry, const fs::path& path, const std::string& shown = "") {
    Result<void> allowed = folder.Allows(path, league.records[entry].place.path, shown);
    if (allowed.has_value()) return true;
    if (!refused) refused = std::move(allowed).error();
    return false;
  }

  // A found file as a record file: inside the folder, a regular file (a FIFO would block), and
  // known by its identity, so that two names of one file are one record file.
  void AddFile(size_t entry, const std::string& path, league::EntryFiles& found) {
    if (!Allowed(entry, path)) return;
    struct stat info {};
    if (stat(path.c_str(), &info) != 0) {
      problems.push_back("cannot read " + path + ": " + std::strerror(errno));
    } else if (!S_ISREG(info.st_mode)) {
      problems.push_back("cannot read " + path + ": not a regular file");
    } else {
      found.files.push_back({path, {static_cast<uint64_t>(info.st_dev), info.st_ino}});
    }
  }

  void Expand(size_t entry, const std::string& path, league::EntryFiles& found) {
    // A problem means the standings could be wrong: the walk stops at the first one (a glob such
    // as /* would otherwise walk the whole file system before saying so).
    batch::ExpandedInputs expanded = batch::ExpandInputs({path}, batch::OnProblem::kStop);
    for (batch::InputProblem& problem : expanded.problems) {
      problems.push_back(std::move(problem.error.message));
    }
    for (const std::string& file : expanded.files) AddFile(entry, file, found);
  }

  void FindMatches(size_t entry, const fs::path& pattern, league::EntryFiles& found) {
    if (!Allowed(entry, FixedPart(pattern), pattern.string())) return;
    std::vector<std::string> matches = GlobMatches(pattern.string());
    if (matches.empty()) problems.push_back("no record files match " + pattern.string());
    for (const std::string& match : matches) {
      if (!Allowed(entry, match)) return;
      Expand(entry, match, found);
      if (!problems.empty()) return;
    }
  }

  league::EntryFiles Find(size_t entry) {
    const std::string& written = league.records[entry].path;
    fs::path path = (folder.given() / written).lexically_normal();
    league::EntryFiles found{entry, league::SourceKind::kFile, Depth(path), {}};
    if (IsGlob(written)) {
      found.kind = league::SourceKind::kGlob;
      FindMatches(entry, path, found);
      return found;
    }
    if (!Allowed(entry, path)) return found;
    std::error_code error;
    if (!fs::exists(path, error)) {
      problems.push_back("cannot read " + path.string() + ": no such file or folder");
    } else {
      if (fs::is_directory(path, error)) found.kind = league::SourceKind::kFolder;
      Expand(entry, path.string(), found);
    }
    return found;
  }
};

// Verifies one document and keeps only what the standings need of it, with the digest of its
// text for the provenance.
league::PlayedRecord Summarize(const league::League& league, const verifier::DirectorVoids& voids,
                               batch::Document& document, const std::optional<std::string>& round) {
  verifier::Verdict verdict = batch::VerifyDocument(document, &voids);
  const record::Node* node = document.Node().has_value() ? &*document.Node() : nullptr;
  return league::SummarizeRecord(league, verdict, node, round, document.text.Text());
}

// Verifies every listed file on all threads (files of one document a few to a worker, a JSON
// Lines stream record by record), keeping each record's summary, in file order.
class Verification {
 public:
  Verification(const league::League& league, unsigned threads, std::ostream& err, size_t files)
      : league_(league),
        voids_(league::VoidsByRecord(league)),
        threads_(threads),
        progress_(err, ProgressLine::ShowOnStandardError(), "file", ProgressTotal{.items = files}) {
    if (threads_ == 0) threads_ = std::max(1u, std::thread::hardware_concurrency());
  }

  // Each file's path is let go once its records are under way (the summaries name them).
  void Run(std::vector<league::ListedFile>& files) {
    played.reserve(files.size());  // one record a file at least: no copy of a doubled vector
    std::vector<std::string> paths;
    paths.reserve(files.size());
    for (league::ListedFile& file : files) paths.push_back(std::move(file.path));
    batch::ForEachDocumentOfInputs<league::PlayedRecord>(
        std::move(paths), batch::InputOptions{std::nullopt, kLimits, threads_},
        [&](batch::Document& document) {
          const league::ListedFile& file = files[document.input];
          league::PlayedRecord played =
              Summarize(league_, voids_, document, league_.records[file.entry].round);
          played.entry = static_cast<int>(file.entry);
          played.specificity = file.specificity;
          return played;
        },
        [&](league::PlayedRecord& summary) { Keep(summary); },
        [&](const batch::InputStep& step) {
          if (!step.input_ended) return;
          if (!step.read.has_value()) problems.push_back(step.read.error().message);
          progress_.Advance(1);
        });
  }

  std::vector<league::PlayedRecord> played;
  std::vector<std::string> problems;

 private:
  // Summaries are copied, not moved, on this thread: what a worker allocated goes back to the
  // worker's heap for the next record, and the summaries that stay sit together on this thread's
  // heap (moving them kept a worker's heap fragmented: 15% more memory for a large league).
  void Keep(const league::PlayedRecord& summary) { played.push_back(summary); }

  const league::League& league_;
  const verifier::DirectorVoids voids_;  // read by every worker, written by none
  unsigned threads_;
  ProgressLine progress_;
};

// The league file, read and checked; its text and tree are kept only while they may be quoted.
struct LeagueFile {
  std::string path;
  std::string text;
  std::optional<record::Node> root;
  std::optional<league::League> league;
  std::optional<Sha256Digest> digest;  // of its bytes, for the provenance

  int Read(std::ostream& err) {
    Result<std::string, Error> league_text = io::ReadInput(path, kLimits.max_document_bytes);
    if (!league_text.has_value()) return ReportProblems({league_text.error().message}, err);
    text = std::move(*league_text);
    digest = verifier::Sha256(text);
    Result<record::Node> node = formats::ParseYaml(text, kLimits);
    if (!node) return ReportLeagueFinding(node.error(), nullptr, path, text, err);
    root = std::move(*node);
    Result<league::League> read = league::ReadLeague(*root);
    if (!read) return ReportLeagueFinding(read.error(), &*root, path, text, err);
    league = std::move(*read);
    return kExitValid;
  }

  // The record files the league lists, each once.
  int ListFiles(bool anywhere, std::vector<league::ListedFile>& files, std::ostream& err) {
    LeagueFolder folder(path, anywhere);
    Finder finder{*league, folder, std::nullopt, {}};
    std::vector<league::EntryFiles> found;
    for (size_t entry = 0; entry < league->records.size() && !finder.refused; ++entry) {
      found.push_back(finder.Find(entry));
    }
    if (finder.refused) return ReportLeagueFinding(*finder.refused, &*root, path, text, err);
    if (!finder.problems.empty()) return ReportProblems(finder.problems, err);
    Result<std::vector<league::ListedFile>> chosen = league::ChooseFiles(*league, found);
    if (!chosen) return ReportLeagueFinding(chosen.error(), &*root, path, text, err);
    files = std::move(*chosen);
    return kExitValid;
  }
};

// "league.yaml:12:5: warning[bye-in-played-round]: ...", for each warning.
void PrintWarnings(const league::Standings& standings, const std::string& league,
                   std::ostream& err) {
  for (const league::Warning& warning : standings.warnings) {
    std::string where = Printable(league);
    if (warning.place.line > 0) {
      where +=
          ":" + std::to_string(warning.place.line) + ":" + std::to_string(warning.place.column);
    }
    err << where << ": warning[" << warning.code << "]: " << Printable(warning.message) << "\n";
  }
}

// `--after-round` must name a round of the season: a mistyped round would otherwise give the
// standings of a round nobody asked for.
int CheckAfterRound(const league::Standings& standings, std::ostream& err) {
  if (!standings.after_round) return kExitValid;
  const std::vector<std::string>& rounds = standings.season_rounds;
  if (std::find(rounds.begin(), rounds.end(), *standings.after_round) != rounds.end()) {
    return kExitValid;
  }
  std::string list;
  for (const std::string& round : rounds) list += (list.empty() ? "" : ", ") + round;
  err << "referee: --after-round: expected a round of the season ("
      << Printable(list.empty() ? "none" : list) << "), found " << Printable(*standings.after_round)
      << "\n";
  return kExitUsage;
}

// The report goes to `output` (standard output for none or "-") as `write` makes it.
int Write(const std::function<void(std::ostream&)>& write, const std::string& output,
          std::ostream& out, std::ostream& err) {
  if (output.empty() || output == "-") {
    write(out);
    return kExitValid;
  }
  std::ofstream file(output, std::ios::binary);
  if (file) write(file);
  if (file.flush()) return kExitValid;
  err << "referee: cannot write " << Printable(output) << "\n";
  return kExitIo;
}

int Write(const std::string& text, const std::string& output, std::ostream& out,
          std::ostream& err) {
  return Write([&](std::ostream& to) { to << text; }, output, out, err);
}

// A record the league lists that is not counted makes the standings differ from what the league
// meant: a script must be able to tell (exit 5), unless it said that it may happen.
int Uncounted(size_t records, bool allowed, std::ostream& err) {
  if (records == 0 || allowed) return kExitValid;
  err << "referee: " << records << (records == 1 ? " record" : " records")
      << " listed but not counted (see \"not counted\"; --allow-uncounted to exit 0)\n";
  return kExitUncounted;
}

// One league of a rating: read, listed and verified as the standings' league is.
int ReadRatedLeague(const std::string& path, const RatingsOptions& options, std::ostream& err,
                    league::RatedLeague& rated) {
  std::vector<league::ListedFile> files;
  LeagueFile file{path, {}, std::nullopt, std::nullopt, std::nullopt};
  if (int code = file.Read(err)) return code;
  if (int code = file.ListFiles(options.records_anywhere, files, err)) return code;
  Verification verification(*file.league, options.threads, err, files.size());
  verification.Run(files);
  if (!verification.problems.empty()) return ReportProblems(verification.problems, err);
  rated = {path, std::move(*file.league), std::move(verification.played), file.digest};
  return kExitValid;
}

// Ratings mix no games: a rating at one game says nothing about another.
int CheckOneGame(const std::vector<league::RatedLeague>& leagues, std::ostream& err) {
  for (const league::RatedLeague& league : leagues) {
    if (league.league.game == leagues[0].league.game) continue;
    err << "referee: ratings: expected leagues of one game (" << Printable(leagues[0].league.game)
        << ", as " << Printable(leagues[0].path) << "), found " << Printable(league.league.game)
        << " in " << Printable(league.path) << "\n";
    return kExitUsage;
  }
  return kExitValid;
}

}  // namespace

int RunRatings(const RatingsOptions& options, std::ostream& out, std::ostream& err) {
  if (Result<void, Error> usable = league::CheckParameters(options.parameters); !usable) {
    err << "referee: ratings: --" << usable.error().message << "\n";
    return usable.error().exit_code();
  }
  std::vector<league::RatedLeague> leagues(options.leagues.size());
  for (size_t i = 0; i < options.leagues.size(); ++i) {
    if (int code = ReadRatedLeague(options.leagues[i], options, err, leagues[i])) return code;
  }
  if (int code = CheckOneGame(leagues, err)) return code;
  league::Ratings ratings = league::ComputeRatings(std::move(leagues), options.parameters,
                                                   std::string("referee ") + REFEREE_VERSION);
  for (const std::string& warning : ratings.warnings) {
    err << "referee: warning: " << Printable(warning) << "\n";
  }
  std::string text = options.format == "json"
                         ? formats::WriteJson(reports::RatingsTree(ratings), true) + "\n"
                     : options.format == "markdown" ? reports::FormatRatingsMarkdown(ratings)
                     : options.format == "csv"      ? reports::FormatRatingsCsv(ratings)
                     : options.format == "html"     ? reports::FormatRatingsHtml(ratings)
                                                    : reports::FormatRatingsText(ratings);
  bool report = options.check.empty() || !options.output.empty();
  int code = report ? Write(text, options.output, out, err) : kExitValid;
  size_t uncounted = 0;
  for (const league::RatingsSource& league : ratings.leagues) uncounted += league.not_counted;
  code = WorseExit(code, Uncounted(uncounted, options.allow_uncounted, err));
  if (!options.check.empty()) {
    Published published{
        "ratings",
        [](std::string_view csv) { return formats::ParseRatingsCsv(csv, kLimits.max_nodes); },
        [&](const record::Node& tree) { return reports::CompareRatings(ratings, tree); },
        [&](const record::Node& tree) { return reports::CompareRatingsNotes(ratings, tree); }};
    code = WorseExit(code, CheckPublished(published, options.check, out, err));
  }
  return code;
}

int LeagueStandings(const std::string& path, unsigned threads, std::ostream& err,
                    std::optional<league::Standings>& standings) {
  league::StandingsOptions computing;
  computing.referee = std::string("referee ") + REFEREE_VERSION;
  LeagueFile file{path, {}, std::nullopt, std::nullopt, std::nullopt};
  if (int code = file.Read(err)) return code;
  std::vector<league::ListedFile> files;
  if (int code = file.ListFiles(false, files, err)) return code;
  computing.league_digest = file.digest;
  Verification verification(*file.league, threads, err, files.size());
  verification.Run(files);
  if (!verification.problems.empty()) return ReportProblems(verification.problems, err);
  standings = league::ComputeStandings(*file.league, std::move(verification.played), computing);
  return kExitValid;
}

int RunStandings(const StandingsOptions& options, std::ostream& out, std::ostream& err) {
  std::optional<league::League> league;
  std::vector<league::ListedFile> files;
  league::StandingsOptions computing;
  computing.referee = std::string("referee ") + REFEREE_VERSION;
  if (options.after_round) computing.after_round = league::RoundName(*options.after_round);
  {
    LeagueFile file{options.league, {}, std::nullopt, std::nullopt, std::nullopt};
    if (int code = file.Read(err)) return code;
    if (int code = file.ListFiles(options.records_anywhere, files, err)) return code;
    league = std::move(file.league);
    computing.league_digest = file.digest;
  }  // the league's text and tree are not needed any more
  Verification verification(*league, options.threads, err, files.size());
  verification.Run(files);
  // Only the summaries are needed from here on. Swapped out, not `files = {}`: that assigns an
  // empty list and keeps the capacity (65 bytes a record for the rest of the run).
  std::vector<league::ListedFile>().swap(files);
  // The workers' parsing is over: give the memory their arenas kept back to the system, so that
  // the standings (the tables and the cross-table of every record) reuse it rather than add to it.
  malloc_trim(0);
  if (!verification.problems.empty()) return ReportProblems(verification.problems, err);
  league::Standings standings =
      league::ComputeStandings(*league, std::move(verification.played), computing);
  if (standings.league_error) {
    return ReportLeagueFinding(*standings.league_error, nullptr, options.league, "", err);
  }
  if (int code = CheckAfterRound(standings, err)) return code;
  PrintWarnings(standings, options.league, err);
  bool report = options.check.empty() || !options.output.empty();
  auto write = [&](std::ostream& to) { reports::WriteStandings(standings, options.format, to); };
  int code = report ? Write(write, options.output, out, err) : kExitValid;
  code = WorseExit(code, Uncounted(standings.not_counted.size(), options.allow_uncounted, err));
  if (!options.check.empty()) {
    Published published{
        "standings",
        [](std::string_view text) { return formats::ParseStandingsCsv(text, kLimits.max_nodes); },
        [&](const record::Node& tree) { return reports::CompareStandings(standings, tree); },
        [&](const record::Node& tree) { return reports::CompareNotes(standings, tree); },
        [&](std::string_view format, std::ostream& to) {
          reports::WriteStandings(standings, format, to);
        }};
    code = WorseExit(code, CheckPublished(published, options.check, out, err));
  }
  return code;
}

}  // namespace referee::cli
