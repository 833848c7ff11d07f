#include "server/event_export.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/yaml_reader.h"
#include "formats/yaml_writer.h"
#include "referee/core/printable.h"
#include "reports/standings_output.h"
#include "verifier/sha256.h"
#include "verifier/verifier.h"
#include "verifier/verify_text.h"

namespace referee::server {

EventExport MakeExport(const Event& event, std::string journal,
                       std::map<std::string, std::string> records,
                       std::map<std::string, std::string> settled) {
  EventExport files;
  files.league = formats::WriteYaml(event.LeagueNode());
  for (auto& [id, text] : records) files.records["records/" + id + ".json"] = std::move(text);
  for (auto& [id, text] : settled) files.settled["settled/" + id + ".journal"] = std::move(text);
  files.journal = std::move(journal);
  return files;
}

namespace {

// A file of the export that cannot be read: the event's own files, so an I/O error (escaped: it
// quotes the file).
Unexpected<referee::Error> Unreadable(std::string_view what) {
  return referee::Fail({referee::ErrorKind::kIo, Printable(what)});
}

}  // namespace

// As `referee standings` reads the folder: the league file's digest, and each record verified
// and summarised under its path relative to the league file (records/ID.json).
Result<league::Standings, referee::Error> ExportStandings(const EventExport& files,
                                                          const std::string& referee) {
  Result<record::Node> root = formats::ParseYaml(files.league);
  if (!root) return Unreadable("the league file: " + root.error().message);
  Result<league::League> league = league::ReadLeague(*root);
  if (!league) return Unreadable("the league file: " + league.error().message);
  std::vector<league::PlayedRecord> played;
  verifier::DirectorVoids voids = league::VoidsByRecord(*league);
  for (const auto& [name, text] : files.records) {
    Result<record::Node> node = formats::ParseJson(text);
    if (!node) return Unreadable(name + ": " + node.error().message);
    // Read from its text, as the command reads the file: a finding's place names its line.
    verifier::Verdict verdict =
        verifier::VerifyText(text, formats::InputFormat::kJson, 1, {}, name, 0, &voids);
    played.push_back(league::SummarizeRecord(*league, verdict, &*node, std::nullopt, text));
  }
  league::StandingsOptions options;
  options.referee = referee;
  options.league_digest = verifier::Sha256(files.league);
  return league::ComputeStandings(*league, std::move(played), options);
}

std::string StandingsJson(const league::Standings& standings) {
  std::ostringstream out;
  formats::JsonStreamWriter writer(out);
  reports::EmitStandings(standings, writer);
  writer.Finish();
  out << "\n";
  return std::move(out).str();
}

Result<void, referee::Error> WriteExport(const EventExport& files, const std::string& folder) {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::create_directories(fs::path(folder) / "records", error);
  if (!error && !files.settled.empty()) fs::create_directories(fs::path(folder) / "settled", error);
  if (error) return referee::Fail(referee::IoError("make", folder, error.message()));
  std::vector<std::pair<std::string, const std::string*>> all = {{"league.yaml", &files.league},
                                                                 {"event.journal", &files.journal}};
  for (const auto& [name, text] : files.records) all.emplace_back(name, &text);
  for (const auto& [name, text] : files.settled) all.emplace_back(name, &text);
  for (const auto& [name, text] : all) {
    std::ofstream file(fs::path(folder) / name, std::ios::binary | std::ios::trunc);
    file << *text;
    if (!file.flush()) {
      return referee::Fail(
          referee::IoError("write", (fs::path(folder) / name).string(), "the write failed"));
    }
  }
  return {};
}

}  // namespace referee::server
