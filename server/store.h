// The server's files in its data folder (docs/serve.md, "Durability"), private to the server's
// user whatever the umask (folders 0700, files 0600): journals and records hold the seed.
//   DIR/organiser.token         the organiser's token (mode 0600), unless --organiser-token-file
//   DIR/tables/ID.journal       the live journal of table ID (live/journal.h): header, events
//   DIR/tables/ID.meta.json     game, options, created time, SHA-256 of each seat's token
//   DIR/records/ID.json         the record of a finished table, for `referee verify`/`standings`
//   DIR/events/ID.journal       the journal of event ID (server/event_journal.h): its chained acts
//   DIR/events/ID.meta.json     the event's id, written when it is created
//   DIR/log/SEQ.log             the commit log (server/commit_log.h): lines not yet synced in
//                               their journals
// Metadata and records are written whole and atomically: a temporary file, fsync, rename, fsync
// of the folder. Files are read back through io/ (the one bounded reader); every error is
// returned, never thrown.
//
// The disk sits behind StoreDisk, one call per system call a crash can fall between, so that
// tests can stop the disk at every step of a write (PosixDisk is the real one).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "live/journal_file.h"
#include "referee/core/error.h"
#include "referee/core/result.h"
#include "referee/record/node.h"

namespace referee::server {

struct TableMeta {
  std::string id;
  std::string game;
  int64_t created_ms = 0;                 // the server clock when the table was created
  int64_t move_ms = 0;                    // the per-move limit; 0: none
  std::string actor_key;                  // "seat" or "player": the game's actor noun
  std::vector<std::string> actors;        // N E S W, or the players in turn order
  std::vector<std::string> token_hashes;  // SHA-256 of each actor's token, hex
  std::string event;                      // the event the table is part of; empty: none
  int first_board = 0;  // seeded boards from this one on, a deal each (0: the deal's number)
  // SHA-256 of the scorer's token (server/page_api.h), hex; empty: the table has none. Issued
  // after the creation, so kept in the journal's tokens lines, not in the metadata file.
  std::string scorer_hash;
  // The table is played with real cards whose hands nobody entered (its creation's "hands":
  // "unknown"): they are learnt from the cards its scorer enters (server/table.h).
  bool hands_unknown = false;
};

record::Node MetaNode(const TableMeta& meta);
std::string MetaText(const TableMeta& meta);  // the file's text
Result<TableMeta, referee::Error> ReadMeta(const std::string& text);

// The paths of one table's files.
struct TableFiles {
  std::string journal;
  std::string meta;
  std::string record;
};

// A disk operation: done, or why not (an I/O error that names the file).
using DiskDone = Result<void, referee::Error>;

class StoreDisk {
 public:
  virtual ~StoreDisk() = default;
  // Opens `path` for writing with exactly `mode`, whatever the umask: a new file when
  // `exclusive` (an existing one is an error), else created or emptied. Returns a descriptor.
  virtual Result<int, referee::Error> Create(const std::string& path, unsigned mode,
                                             bool exclusive) = 0;
  // write(2) until done (`path` only names the file in an error).
  virtual DiskDone Write(int fd, std::string_view bytes, const std::string& path) = 0;
  virtual DiskDone Sync(int fd, const std::string& path) = 0;  // fsync(2)
  // fdatasync(2): the data and what reading it back needs (the size), not the times.
  virtual DiskDone SyncData(int fd, const std::string& path) = 0;
  // An existing file opened for writing at chosen offsets (neither created nor emptied).
  virtual Result<int, referee::Error> OpenExisting(const std::string& path) = 0;
  // pwrite(2) of all of `bytes` at `offset`.
  virtual DiskDone WriteAt(int fd, std::string_view bytes, uint64_t offset,
                           const std::string& path) = 0;
  virtual DiskDone Truncate(int fd, uint64_t size, const std::string& path) = 0;
  virtual void Close(int fd) = 0;
  virtual DiskDone Rename(const std::string& from, const std::string& to) = 0;
  virtual DiskDone SyncFolder(const std::string& folder) = 0;
  // syncfs(2) of the file system that holds `folder`: every file and name on it made durable at
  // once (Linux 5.8 and later report a write that failed since the last call).
  virtual DiskDone SyncFileSystem(const std::string& folder) = 0;
  virtual DiskDone Remove(const std::string& path) = 0;
  // An existing journal opened for appending.
  virtual Result<std::unique_ptr<live::JournalFile>, referee::Error> OpenJournal(
      const std::string& path) = 0;
};

class PosixDisk : public StoreDisk {
 public:
  Result<int, referee::Error> Create(const std::string& path, unsigned mode,
                                     bool exclusive) override;
  DiskDone Write(int fd, std::string_view bytes, const std::string& path) override;
  DiskDone Sync(int fd, const std::string& path) override;
  DiskDone SyncData(int fd, const std::string& path) override;
  Result<int, referee::Error> OpenExisting(const std::string& path) override;
  DiskDone WriteAt(int fd, std::string_view bytes, uint64_t offset,
                   const std::string& path) override;
  DiskDone Truncate(int fd, uint64_t size, const std::string& path) override;
  void Close(int fd) override;
  DiskDone Rename(const std::string& from, const std::string& to) override;
  DiskDone SyncFolder(const std::string& folder) override;
  DiskDone SyncFileSystem(const std::string& folder) override;
  DiskDone Remove(const std::string& path) override;
  Result<std::unique_ptr<live::JournalFile>, referee::Error> OpenJournal(
      const std::string& path) override;
};

// The disk of the running program.
StoreDisk& SystemDisk();

// The folder a path names a file in ("." for a bare name).
std::string FolderOf(const std::string& path);

// Makes the folder `path` (and its parents) with exactly mode 0700; an existing one is made 0700
// when `existing_too`, else left as it is.
DiskDone MakePrivateFolder(const std::string& path, bool existing_too);

// Writes `text` to `path` atomically with exactly the given mode (0600: every file of the store
// holds a secret or a seed).
DiskDone WriteFileAtomically(StoreDisk& disk, const std::string& path, const std::string& text,
                             unsigned mode = 0600);
DiskDone WriteFileAtomically(const std::string& path, const std::string& text,
                             unsigned mode = 0600);
// Why files of the store, though read, do not make a table or an event again at start (the caller
// names the file).
Unexpected<referee::Error> NotResumed(std::string why);
// Every file the store writes is smaller than this: a larger one is not the server's.
inline constexpr size_t kMostStoreFileBytes = size_t{64} << 20;
// A file of the store, read whole through the one bounded reader (io/input_file.h): a regular
// file of at most kMostStoreFileBytes, or the error that names it.
Result<std::string, referee::Error> ReadStoreFile(const std::string& path);

// The tables and records in a data folder.
class Store {
 public:
  Store(std::string data_folder, StoreDisk& disk);

  // Makes DIR (0700 when it is made here), DIR/tables, DIR/records and DIR/log (0700, also when
  // they exist). Returns a fatal error.
  DiskDone Prepare();
  // After the commit log has been recovered: makes the files of the tables and records 0600, and
  // removes what a crash in the middle of a write left (temporary files, the journal of a creation
  // without its metadata). Returns what it did, to be logged.
  std::vector<std::string> Tidy();
  // The ids of the tables that have metadata, in no particular order.
  Result<std::vector<std::string>, referee::Error> TableIds() const;
  // The ids that have a file of any kind (a journal or metadata), tables or not.
  std::set<std::string> TakenIds() const;

  // The metadata and the journal of an existing table (opened to read it back at start).
  Result<TableMeta, referee::Error> LoadMeta(const std::string& id) const;
  Result<std::unique_ptr<live::JournalFile>, referee::Error> OpenJournal(const std::string& id);
  DiskDone WriteRecord(const std::string& id, const std::string& text);
  Result<std::string, referee::Error> ReadRecord(const std::string& id) const;

  std::string JournalPath(const std::string& id) const;
  std::string MetaPath(const std::string& id) const;
  std::string RecordPath(const std::string& id) const;
  TableFiles FilesOf(const std::string& id) const;
  // An event's files (its journal and metadata; no record). The commit log knows an event by its
  // id with an '@' before it, which no table id has.
  TableFiles EventFilesOf(const std::string& id) const;
  // The ids of the events that have a journal, in no particular order.
  Result<std::vector<std::string>, referee::Error> EventIds() const;
  std::string EventJournalPath(const std::string& id) const;
  const std::string& LogFolder() const { return log_; }
  const std::string& data_folder() const { return data_folder_; }

 private:
  void TidyFolder(const std::string& folder, std::vector<std::string>* notes);
  std::optional<std::string> Leftover(const std::filesystem::directory_entry& entry,
                                      std::vector<std::string>* notes) const;
  bool MakePrivateFile(const std::filesystem::directory_entry& entry,
                       std::vector<std::string>* notes);
  void RemoveLeftover(const std::string& path, const std::string& what,
                      std::vector<std::string>* notes);

  std::string data_folder_;
  std::string tables_;
  std::string records_;
  std::string events_;
  std::string log_;
  StoreDisk& disk_;
};

}  // namespace referee::server
