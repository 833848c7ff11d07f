// What an event leaves behind (docs/serve.md, "A club night"): its league file with its rounds,
// the record of every finished table, the journal of the tables the director settled, and the
// event's own journal; and the standings computed from them exactly as `referee standings
// --format json league.yaml` computes them, run in the export's folder. Pure: texts in, texts out.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "league/standings.h"
#include "referee/core/error.h"
#include "referee/core/result.h"
#include "server/event.h"

namespace referee::server {

struct EventExport {
  std::string league;                          // league.yaml
  std::map<std::string, std::string> records;  // records/ID.json: each finished table's record
  std::map<std::string, std::string> settled;  // settled/ID.journal: tables the director closed
  std::string journal;                         // event.journal
};

// The files, from the event, its journal's text and the texts of its tables' records (by table
// id) and of the journals of its settled tables (by table id).
EventExport MakeExport(const Event& event, std::string journal,
                       std::map<std::string, std::string> records,
                       std::map<std::string, std::string> settled);

// The standings of an export, and their JSON (what `referee standings --format json` prints);
// `referee` names the program for the provenance ("referee 0.1.0"). An error when the league
// file cannot be read back.
Result<league::Standings, referee::Error> ExportStandings(const EventExport& files,
                                                          const std::string& referee);
std::string StandingsJson(const league::Standings& standings);

// Writes the export into `folder` (made if missing; files 0644, as any published result).
Result<void, referee::Error> WriteExport(const EventExport& files, const std::string& folder);

}  // namespace referee::server
