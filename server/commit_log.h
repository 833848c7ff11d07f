// CommitLog: group commit for every file of `referee serve` (docs/serve.md, "Group commit").
//
// What the server acknowledges is durable before the reply is sent. Syncing each table's journal
// for each event made fdatasync set the server's pace, on the I/O threads, and a creation cost five
// syncs; instead whatever a request makes durable goes to one log of the server, DIR/log/SEQ.log,
// and one fdatasync on the log's own threads covers every request that arrived meanwhile:
//   1. a request's writes are one unit: the lines it adds to one table's journal (an event, the
//      referee's deal after it, an organiser's act) at the offset where they go, and for a new
//      table its metadata and first lines; handed over by Submit with the table's mutex held, so a
//      table's units reach the log in the order of its journal;
//   2. a committer thread takes every unit waiting, appends them to the log with one write(2) and
//      fdatasyncs the log. Once that sync has returned (and every earlier one, without an error)
//      each unit's `done` is called and the reply goes out. While one sync runs the next batch
//      gathers, and another committer may write and sync it: up to `syncs_in_flight` syncs run at
//      once, since on a busy machine a sync that starts while another runs returns much sooner;
//   3. the files thread then writes the batch's files, unsynced, in the log's order: the lines
//      into the journals (a new table's journal and metadata are created), and the record when a
//      unit ends the match. A unit that ends its table (or comes after its end: a turn of a game
//      played on after its result) has its `done` called there, after its files, so that the
//      journal and the record are whole when the verdict (or the cancellation) is. A journal in
//      play is so a few milliseconds behind the replies at most;
//   4. every `segment_bytes` (or `segment_age`) the log moves on to a new segment; the checkpoint
//      thread syncs the files the old segment wrote and their folders (by one syncfs when they
//      are many), then removes it. The next segment is laid down ahead, once the current one is
//      half full: DIR/log/spare, zeros synced by the checkpoint thread, renamed when its turn
//      comes; a record written over zeros changes no file size, so its fdatasync does not write
//      the inode too.
// A crash leaves the files behind the log, never ahead (a file is written only after the log sync
// that covers it), and maybe a torn record at the log's end, which was never acknowledged.
// Recover, at start, writes every whole record into its journal at its offset (creating the
// journal and the metadata of a table the record creates), cuts the journal after the table's last
// record (nothing there was ever synced by the log), syncs what it wrote, then removes the
// segments: each journal is again a live journal that `referee verify` reads. A record is not in
// the log: the server files it again from the journal at start when it is not as it should be.
//
// A record: "RLG1", the payload's length and CRC-32 (little-endian u32 each), then the payload:
// its kind (u8: 0 lines, 1 a new table), the table id's length (u16), the id, the offset in the
// journal (u64), for a new table the metadata's length (u32) and the metadata, then the lines. A
// creation is one record, so a crash leaves the whole table or nothing of it.
//
// Descriptors: a journal is opened when a unit is written to it and closed after a unit marked
// `close_after` (its table is over, cancelled or failed), so only tables in play hold one.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "referee/core/result.h"
#include "server/store.h"

namespace referee::server {

// One table's journal as the commit thread writes it. Shared by the table and the units in flight.
class TableJournal {
 public:
  TableJournal(std::string id, TableFiles files) : id_(std::move(id)), files_(std::move(files)) {}
  ~TableJournal();
  TableJournal(const TableJournal&) = delete;
  TableJournal& operator=(const TableJournal&) = delete;
  const std::string& id() const { return id_; }
  const TableFiles& files() const { return files_; }

 private:
  friend class CommitLog;
  std::string id_;
  TableFiles files_;
  StoreDisk* disk_ = nullptr;             // the commit thread's, while a descriptor is open
  int fd_ = -1;                           // commit thread only
  std::optional<referee::Error> broken_;  // a write failed: the journal waits for a restart
  // The segment whose files to sync name this journal already (files thread): a table writes to
  // it for every event, and looking its path up in the segment's set each time cost 1.5% of the
  // server's time under load.
  uint64_t listed_in_segment_ = 0;
};

// What one request writes for one table.
struct JournalWrite {
  std::shared_ptr<TableJournal> journal;
  uint64_t offset = 0;       // where `bytes` go: the journal's size with every earlier unit in it
  std::string bytes;         // whole lines
  bool close_after = false;  // the table no longer expects lines: release its descriptor
  std::string meta;          // creates the table: its metadata, and `bytes` start its journal
  std::shared_ptr<const std::string> record;  // the match is over: its record, filed after
};

// A record of the log, as Recover reads it.
struct LogRecord {
  bool creates = false;
  std::string id;
  uint64_t offset = 0;
  std::string_view meta;
  std::string_view bytes;
};
struct LogSegmentText {
  std::vector<LogRecord> records;
  size_t valid_bytes = 0;  // up to the end of the last whole record that passes its check
};
void AppendLogRecord(std::string* out, const JournalWrite& write);
LogSegmentText ReadLogSegment(std::string_view text);

struct CommitLogOptions {
  size_t segment_bytes = 8 << 20;                 // move on to a new segment past this size
  std::chrono::milliseconds segment_age{60'000};  // or when a segment holding data is this old
  int syncs_in_flight = 2;                        // batches being synced at once
};

struct CommitLogStats {
  uint64_t units = 0;        // units made durable
  uint64_t syncs = 0;        // fdatasyncs of the log that made them durable
  uint64_t sync_micros = 0;  // the time spent in them
  uint64_t wait_micros = 0;  // from Submit to `done`, summed over the units
  int open_journals = 0;
  uint64_t checkpoints = 0;  // segments removed after their files were synced
  uint64_t spares = 0;       // segments laid down ahead, zeros synced (CommitLog::PrepareSpare)
  bool failed = false;       // the log cannot be written: nothing is accepted until a restart
};

class CommitLog {
 public:
  // Done once the unit is durable and its files written; else why not.
  using Done = std::function<void(const DiskDone& written)>;

  CommitLog(std::string folder, StoreDisk& disk, CommitLogOptions options = {});
  ~CommitLog();  // Stop()
  CommitLog(const CommitLog&) = delete;
  CommitLog& operator=(const CommitLog&) = delete;

  // Before Start: writes what the segments a crash left hold into the tables' files (table ID's
  // are `files_of(ID)`), syncs them and removes the segments. Returns notes to be logged, or a
  // fatal error (a file that cannot be restored: the log is kept for the next start).
  Result<std::vector<std::string>, referee::Error> Recover(
      const std::function<TableFiles(const std::string& id)>& files_of);
  // Opens a new segment (durably named) and starts the threads.
  DiskDone Start();
  // Thread-safe. `done` runs on a thread of the log, which holds no lock of its own then: it should
  // do little (it holds up the units after it). Once the log is stopped the unit is refused:
  // returns why, and `done` is never called.
  DiskDone Submit(JournalWrite write, Done done);
  // Commits what was submitted, syncs the files, removes the log, joins the threads. A unit
  // submitted afterwards fails. Idempotent.
  void Stop();
  CommitLogStats Stats() const;
  size_t OpenJournals() const { return static_cast<size_t>(open_journals_.load()); }

 private:
  struct Unit {
    JournalWrite write;
    Done done;
    std::chrono::steady_clock::time_point submitted;
  };
  // Units written to the log, waiting for their sync.
  struct Batch {
    std::vector<Unit> units;
    bool synced = false;
    DiskDone written;
  };
  struct Segment {
    uint64_t seq = 0;
    std::string path;
    std::set<std::string> files;    // written while this segment was the log's
    std::set<std::string> folders;  // that got new names meanwhile
    bool damaged = false;           // a file could not be written: keep the segment for a restart
  };
  std::string SegmentPath(uint64_t seq) const;
  std::vector<std::pair<uint64_t, std::string>> ListSegments() const;
  Result<std::pair<Segment, int>, referee::Error> OpenSegment();
  std::string SparePath() const;
  void PrepareSpare();
  bool SpareWanted() const;
  void RunCommitter();
  bool CommitterHasWork() const;
  bool RotationDue() const;
  void WriteAndSync(std::unique_lock<std::mutex>& lock);
  bool CompleteSynced(std::unique_lock<std::mutex>& lock);
  void Acknowledge(Batch& batch);
  bool Drained() const;
  void RunFiles();
  void WriteBatchFiles(Batch& batch);
  void Fail(const referee::Error& error);
  DiskDone WriteFiles(const JournalWrite& write);
  DiskDone CreateJournal(const JournalWrite& write);
  DiskDone WriteJournal(const JournalWrite& write);
  DiskDone Broken(TableJournal& journal, const referee::Error& error);
  DiskDone WriteNewFile(const std::string& path, const std::string& text);
  DiskDone ReplaceFile(const std::string& path, const std::string& text);
  void Opened(const std::shared_ptr<TableJournal>& journal, int fd);
  void CloseJournal(TableJournal& journal);
  void Rotate();
  void RunCheckpoints();
  bool Checkpoint(const Segment& segment);
  DiskDone SyncFiles(const Segment& segment);

  std::string folder_;
  StoreDisk& disk_;
  CommitLogOptions options_;

  mutable std::mutex mutex_;  // guards what follows, up to the write mutex
  std::condition_variable wake_;
  std::vector<Unit> queue_;
  std::deque<std::shared_ptr<Batch>> written_;      // in the order of the log, not yet completed
  int in_flight_ = 0;                               // batches written and not yet synced
  uint64_t batches_ = 0;                            // batches taken from the queue so far
  bool completing_ = false;                         // a committer is completing batches
  std::deque<std::shared_ptr<Batch>> files_queue_;  // durable, their files not all written yet
  std::condition_variable files_wake_;
  bool files_stopping_ = false;
  bool rotating_ = false;  // a committer is moving to a new segment
  bool started_ = false;
  bool stopping_ = false;
  std::optional<referee::Error> failed_;  // the log could not be written or synced
  uint64_t segment_size_ = 0;
  std::chrono::steady_clock::time_point segment_opened_;
  std::chrono::steady_clock::time_point rotate_retry_;  // after a failed rotation

  // The segment's descriptor is written under this mutex, in the order of the batches. The
  // rest of the segment (its files and folders) and the open journals belong to the files thread,
  // or to the committer rotating, which never happen at once.
  std::mutex write_mutex_;
  std::condition_variable write_turn_;
  uint64_t written_batches_ = 0;  // batches written so far: the next one to write is this one
  Segment segment_;
  int segment_fd_ = -1;
  uint64_t next_seq_ = 1;
  std::map<TableJournal*, std::shared_ptr<TableJournal>> open_;  // journals with a descriptor

  std::condition_variable checkpoint_wake_;
  std::deque<Segment> to_checkpoint_;
  bool checkpoints_stuck_ = false;  // a sync failed: segments stay until a restart
  // The next segment, filled with zeros and synced ahead by the checkpoint thread (PrepareSpare).
  bool spare_ready_ = false;
  bool preparing_ = false;
  bool spare_failed_ = false;     // not again for this segment
  bool last_checkpoint_ = false;  // the commit thread has stopped: checkpoint, then stop

  std::atomic<uint64_t> units_{0};
  std::atomic<uint64_t> syncs_{0};
  std::atomic<uint64_t> sync_micros_{0};
  std::atomic<uint64_t> wait_micros_{0};
  std::atomic<int> open_journals_{0};
  std::atomic<uint64_t> checkpoints_{0};
  std::atomic<uint64_t> spares_{0};
  std::vector<std::thread> committers_;
  std::thread files_thread_;
  std::thread checkpoint_thread_;
};

}  // namespace referee::server
