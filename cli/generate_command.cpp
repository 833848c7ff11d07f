#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/help.h"
#include "cli/progress.h"
#include "formats/json_writer.h"
#include "formats/yaml_writer.h"
#include "generator/generator.h"
#include "referee/games/game_record.h"
#include "referee/record/record_writer.h"

namespace referee::cli {
namespace {

namespace fs = std::filesystem;

int Usage(std::ostream& err, const std::string& message) {
  err << "referee: " << message << "\n";
  return kExitUsage;
}

std::string RecordText(const generator::GeneratedRecord& generated, const std::string& format) {
  record::Node tree = record::WriteRecord(generated.record);
  if (format == "yaml") return formats::WriteYaml(tree);
  return formats::WriteJson(tree, format == "json") + "\n";
}

std::string ExpectedText(const generator::GeneratedRecord& generated) {
  return formats::WriteJson(generator::ExpectedNode(generated), false) + "\n";
}

bool WriteFile(const fs::path& path, const std::string& text, std::ostream& err) {
  std::ofstream file(path, std::ios::binary);
  file << text;
  file.close();
  if (file) return true;
  err << "referee: cannot write " << path.string() << "\n";
  return false;
}

// yaml/json into a folder: NAME.yaml (or .json) per record, NAME.fault beside each record that
// has an expected finding. The sidecars' names end in no record extension, so that
// `referee verify DIR` reads the records only.
int WriteFolder(const std::vector<generator::GeneratedRecord>& records,
                const GenerateOptions& options, std::ostream& err) {
  std::error_code error;
  fs::create_directories(options.output, error);
  if (error) return (err << "referee: cannot create " << options.output << "\n", kExitIo);
  for (const generator::GeneratedRecord& generated : records) {
    fs::path base = fs::path(options.output) / generated.name;
    if (!WriteFile(base.string() + "." + options.format, RecordText(generated, options.format),
                   err)) {
      return kExitIo;
    }
    if (generated.expected && !WriteFile(base.string() + ".fault", ExpectedText(generated), err)) {
      return kExitIo;
    }
  }
  return kExitValid;
}

// jsonl: one record per line to the file (or standard output), and the expected findings, one per
// line, in FILE's stem + ".faults" beside it.
int WriteLines(const std::vector<generator::GeneratedRecord>& records,
               const GenerateOptions& options, std::ostream& out, std::ostream& err) {
  std::string lines, manifest;
  for (const generator::GeneratedRecord& generated : records) {
    lines += RecordText(generated, "jsonl");
    if (generated.expected) manifest += ExpectedText(generated);
  }
  if (options.output.empty()) return (out << lines, kExitValid);
  if (!WriteFile(options.output, lines, err)) return kExitIo;
  fs::path path(options.output);
  fs::path faults = path.parent_path() / (path.stem().string() + ".faults");
  if (!manifest.empty() && !WriteFile(faults, manifest, err)) return kExitIo;
  return kExitValid;
}

const std::map<std::string, generator::BotChoice> kBots = {
    {"random", generator::BotChoice::kRandom},
    {"heuristic", generator::BotChoice::kHeuristic},
    {"mixed", generator::BotChoice::kMixed},
};

}  // namespace

// Plays options.count matches with bots and writes them as records (docs/generator.md).
int RunGenerate(const GenerateOptions& options, std::ostream& out, std::ostream& err) {
  const games::GameDescriptor* game = games::FindGame(options.game);
  if (game == nullptr) return Usage(err, UnknownGame(options.game));
  auto rules = generator::ParseRules(*game, options.rules);
  if (!rules) return Usage(err, rules.error().message);
  bool sidecars = options.faults > 0 || options.wrong_claims;
  if (options.format != "jsonl" && options.output.empty() && (options.count > 1 || sidecars)) {
    return Usage(err, "several records, or records with faults, need --output DIR for " +
                          options.format + " (or use --format jsonl)");
  }
  if (options.format == "jsonl" && options.output.empty() && sidecars) {
    return Usage(err, "faults with --format jsonl need --output FILE for their manifest");
  }
  ProgressLine progress(err, ProgressLine::ShowOnStandardError(), "record",
                        ProgressTotal{.items = static_cast<size_t>(options.count)});
  generator::GenerateOptions generate{game,
                                      options.count,
                                      options.seed,
                                      kBots.at(options.bot),
                                      *rules,
                                      options.players,
                                      options.faults,
                                      options.wrong_claims,
                                      [&progress] { progress.Advance(1); }};
  auto records = generator::Generate(generate);
  progress.Finish();
  if (!records) return Usage(err, records.error().message);
  if (options.format == "jsonl") return WriteLines(*records, options, out, err);
  if (options.output.empty()) return (out << RecordText(records->front(), options.format), 0);
  return WriteFolder(*records, options, err);
}

}  // namespace referee::cli
