// The server's files in its data folder (docs/serve.md, "Durability"):
//   DIR/organiser.token         the organiser's token (mode 0600), unless --organiser-token-file
//   DIR/tables/ID.journal       the live journal of table ID (live/journal.h): header, events
//   DIR/tables/ID.meta.json     game, options, created time, SHA-256 of each seat's token
//   DIR/records/ID.json         the record of a finished table, for `referee verify`/`standings`
// Metadata and records are written whole and atomically: a temporary file, fsync, rename, fsync
// of the folder. Every error is returned as text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "referee/core/result.h"
#include "referee/record/node.h"

namespace referee::server {

struct TableMeta {
  std::string id;
  std::string game;
  int64_t created_ms = 0;                 // the server clock when the table was created
  int64_t move_ms = 0;                    // the per-move limit; 0: none
  std::string actor_key;                  // "seat" (trick games) or "player" (Cahoots)
  std::vector<std::string> actors;        // N E S W, or the players in turn order
  std::vector<std::string> token_hashes;  // SHA-256 of each actor's token, hex
};

record::Node MetaNode(const TableMeta& meta);
Result<TableMeta, std::string> ReadMeta(const std::string& text);

// Writes `text` to `path` atomically with the given mode (0644, 0600 for secrets).
std::optional<std::string> WriteFileAtomically(const std::string& path, const std::string& text,
                                               unsigned mode = 0644);
Result<std::string, std::string> ReadWholeFile(const std::string& path);

}  // namespace referee::server
