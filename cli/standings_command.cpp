// `referee standings LEAGUE.yaml`: reads the league file, verifies every record it names on all
// cores, and writes the standings. The work is in reports/ (pure) and verifier/batch; this file
// only finds files, draws the progress bar and maps outcomes to exit codes.
#include <glob.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/input.h"
#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/yaml_reader.h"
#include "referee/record/record_reader.h"
#include "reports/league.h"
#include "reports/standings.h"
#include "reports/standings_html.h"
#include "reports/standings_output.h"
#include "reports/verdict_text.h"
#include "verifier/batch.h"

namespace referee::cli {
namespace {

namespace fs = std::filesystem;

std::optional<std::string> ReadFile(const std::string& path, std::string& text) {
  std::error_code error;
  if (fs::is_directory(path, error)) return "cannot read " + path + ": it is a directory";
  std::ifstream file(path, std::ios::binary);
  if (!file) return "cannot read " + path + ": no such file or not readable";
  std::stringstream buffer;
  buffer << file.rdbuf();
  text = buffer.str();
  return std::nullopt;
}

// A league-file finding, compiler style, with the line quoted.
int ReportLeagueFinding(Finding finding, const record::Node* root, const std::string& path,
                        const std::string& text, std::ostream& err) {
  if (root != nullptr && finding.place.line == 0) {
    record::SourcePos pos = record::PositionOf(*root, finding.place.path);
    finding.place.line = pos.line;
    finding.place.column = pos.column;
  }
  reports::SourceText source(text);
  err << reports::FormatFinding(finding, path, &source);
  return kExitMalformed;
}

bool IsGlob(const std::string& path) { return path.find_first_of("*?[") != std::string::npos; }

// The record files of one source: a glob's matches, a folder's record files, or the file.
std::optional<std::string> FilesOf(const std::string& path, std::vector<std::string>& files) {
  if (!IsGlob(path)) {
    std::error_code error;
    if (!fs::exists(path, error)) return "cannot read " + path + ": no such file or folder";
    ExpandedInputs found = ExpandInputs({path}, OnProblem::kStop);
    if (!found.problems.empty()) return found.problems.front();
    files.insert(files.end(), found.files.begin(), found.files.end());
    return std::nullopt;
  }
  glob_t matches{};
  int status = glob(path.c_str(), 0, nullptr, &matches);
  std::vector<std::string> found;
  for (size_t i = 0; status == 0 && i < matches.gl_pathc; ++i) found.push_back(matches.gl_pathv[i]);
  globfree(&matches);
  if (found.empty()) return "no record files match " + path;
  ExpandedInputs expanded = ExpandInputs(found, OnProblem::kStop);
  if (!expanded.problems.empty()) return expanded.problems.front();
  files.insert(files.end(), expanded.files.begin(), expanded.files.end());
  return std::nullopt;
}

struct Collected {
  std::vector<verifier::BatchInput> inputs;
  std::vector<std::optional<std::string>> rounds;  // the league's round for each input
};

std::optional<std::string> Collect(const reports::League& league, const fs::path& base,
                                   Collected& collected) {
  for (const reports::RecordSource& source : league.records) {
    std::vector<std::string> files;
    std::string path = (base / source.path).lexically_normal().string();
    if (auto failure = FilesOf(path, files)) return failure;
    for (const std::string& file : files) {
      auto failure = ForEachDocument(file, std::nullopt, {}, [&](Document& document) {
        std::string name = document.streamed
                               ? document.source + "#" + std::to_string(document.index + 1)
                               : document.source;
        collected.inputs.push_back({name, document.index, std::move(document.node)});
        collected.rounds.push_back(source.round);
      });
      if (failure) return failure;
    }
  }
  return std::nullopt;
}

// "[#####.....] 12/40 records", redrawn in place; only on a terminal.
verifier::BatchProgress ProgressBar(std::ostream& err) {
  if (!isatty(STDERR_FILENO)) return {};
  return [&err](size_t done, size_t total) {
    constexpr size_t kWidth = 30;
    size_t filled = total == 0 ? kWidth : done * kWidth / total;
    err << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, '.') << "] " << done
        << "/" << total << " records" << (done == total ? "\n" : "") << std::flush;
  };
}

std::vector<reports::PlayedRecord> Verify(const StandingsOptions& options, Collected& collected,
                                          std::ostream& err) {
  std::vector<verifier::Verdict> verdicts =
      verifier::VerifyBatch(collected.inputs, options.threads, ProgressBar(err));
  std::vector<reports::PlayedRecord> played;
  for (size_t i = 0; i < verdicts.size(); ++i) {
    const Result<record::Node>& node = collected.inputs[i].node;
    std::optional<Result<record::Record>> record;
    if (node.has_value()) record.emplace(record::ReadRecord(*node));
    const record::Record* read = record && record->has_value() ? &record->value() : nullptr;
    played.push_back(reports::DescribeRecord(std::move(verdicts[i]), read, collected.rounds[i]));
  }
  return played;
}

std::string Render(const reports::Standings& standings, const std::string& format) {
  if (format == "markdown") return reports::FormatStandingsMarkdown(standings);
  if (format == "csv") return reports::FormatStandingsCsv(standings);
  if (format == "json") return formats::WriteJson(reports::StandingsTree(standings), true) + "\n";
  if (format == "html") return reports::FormatStandingsHtml(standings);
  return reports::FormatStandingsText(standings);
}

// Compares with a published standings file: JSON when it looks like JSON, else CSV.
int Check(const reports::Standings& standings, const std::string& path, std::ostream& out,
          std::ostream& err) {
  std::string text;
  if (auto failure = ReadFile(path, text)) {
    err << "referee: " << *failure << "\n";
    return kExitIo;
  }
  size_t first = text.find_first_not_of(" \t\r\n");
  bool json = first != std::string::npos && text[first] == '{';
  Result<record::Node> published =
      json ? formats::ParseJson(text) : reports::ParseStandingsCsv(text);
  if (!published) return ReportLeagueFinding(published.error(), nullptr, path, text, err);
  std::vector<std::string> differences = reports::CompareStandings(standings, *published);
  for (const std::string& difference : differences) out << path << ": " << difference << "\n";
  if (differences.empty()) out << path << ": the published standings match\n";
  return differences.empty() ? kExitValid : kExitInvalid;
}

int Write(const std::string& text, const std::string& output, std::ostream& out,
          std::ostream& err) {
  if (output.empty() || output == "-") {
    out << text;
    return kExitValid;
  }
  std::ofstream file(output, std::ios::binary);
  file << text;
  if (file.flush()) return kExitValid;
  err << "referee: cannot write " << output << "\n";
  return kExitIo;
}

}  // namespace

int RunStandings(const StandingsOptions& options, std::ostream& out, std::ostream& err) {
  std::string text;
  if (auto failure = ReadFile(options.league, text)) {
    err << "referee: " << *failure << "\n";
    return kExitIo;
  }
  Result<record::Node> root = formats::ParseYaml(text);
  if (!root) return ReportLeagueFinding(root.error(), nullptr, options.league, text, err);
  Result<reports::League> league = reports::ReadLeague(*root);
  if (!league) return ReportLeagueFinding(league.error(), &*root, options.league, text, err);
  Collected collected;
  if (auto failure = Collect(*league, fs::path(options.league).parent_path(), collected)) {
    err << "referee: " << *failure << "\n";
    return kExitIo;
  }
  reports::Standings standings =
      reports::ComputeStandings(*league, Verify(options, collected, err));
  bool report = options.check.empty() || !options.output.empty();
  int code =
      report ? Write(Render(standings, options.format), options.output, out, err) : kExitValid;
  if (!options.check.empty()) code = WorseExit(code, Check(standings, options.check, out, err));
  return code;
}

}  // namespace referee::cli
