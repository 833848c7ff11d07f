#include "server/commit_log.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <filesystem>

namespace referee::server {
namespace {

namespace fs = std::filesystem;

}  // namespace

TableJournal::~TableJournal() {
  if (fd_ >= 0 && disk_ != nullptr) disk_->Close(fd_);
}

CommitLog::CommitLog(std::string folder, StoreDisk& disk, CommitLogOptions options)
    : folder_(std::move(folder)), disk_(disk), options_(options) {
  options_.syncs_in_flight = std::max(1, options_.syncs_in_flight);
}

CommitLog::~CommitLog() { Stop(); }

std::string CommitLog::SegmentPath(uint64_t seq) const {
  char name[32];
  std::snprintf(name, sizeof(name), "%016" PRIx64 ".log", seq);
  return (fs::path(folder_) / name).string();
}

// The segments in the log's folder, oldest first.
std::vector<std::pair<uint64_t, std::string>> CommitLog::ListSegments() const {
  std::vector<std::pair<uint64_t, std::string>> segments;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder_, error)) {
    std::string name = entry.path().filename().string();
    if (name.size() != 20 || !name.ends_with(".log")) continue;
    uint64_t seq = 0;
    if (std::sscanf(name.c_str(), "%16" SCNx64, &seq) != 1) continue;
    segments.emplace_back(seq, entry.path().string());
  }
  std::sort(segments.begin(), segments.end());
  return segments;
}

std::string CommitLog::SparePath() const { return (fs::path(folder_) / "spare").string(); }

// Zeros written and synced ahead into the next segment while the current one fills. Appending a
// record to a log file changes its size, so each fdatasync of the log wrote the file's inode as
// well as the record; written over zeros, a record changes no size and its sync writes it alone
// (0.41 ms a sync against 0.58 to 0.70 for appends on the development machine's disk). Recover
// reads the zeros after the last record as the end of the log. Synced with fsync, on the
// checkpoint thread, never holding up a commit; closed until its turn comes, so that it holds no
// descriptor (a server at rest holds as many as at its start).
void CommitLog::PrepareSpare() {
  static const std::string kZeros(1 << 20, '\0');
  std::string path = SparePath();
  auto fd = disk_.Create(path, 0600, false);
  DiskDone done = fd.has_value() ? DiskDone() : referee::Fail(fd.error());
  for (uint64_t at = 0; done && at < options_.segment_bytes; at += kZeros.size()) {
    size_t size =
        static_cast<size_t>(std::min<uint64_t>(kZeros.size(), options_.segment_bytes - at));
    done = disk_.WriteAt(*fd, std::string_view(kZeros).substr(0, size), at, path);
  }
  if (done) done = disk_.Sync(*fd, path);
  if (fd.has_value()) disk_.Close(*fd);
  std::lock_guard lock(mutex_);
  if (done && !stopping_) {
    spare_ready_ = true;
    ++spares_;
    return;
  }
  // Without a spare the next segment is an empty file, as before: only its syncs are slower.
  if (!done) {
    spdlog::warn("cannot prepare the next segment of the commit log: {}", done.error().message);
  }
  spare_failed_ = !done;
  if (fd.has_value()) (void)disk_.Remove(path);
}

// A spare is wanted once the segment is half full (and never on a quiet server, whose segment
// lasts a minute): with the mutex held.
bool CommitLog::SpareWanted() const {
  return !spare_ready_ && !spare_failed_ && !stopping_ && !failed_ &&
         segment_size_ >= options_.segment_bytes / 2;
}

DiskDone CommitLog::Start() {
  // A spare a crash left is not a segment (ListSegments skips its name): it is made again.
  std::error_code ignored;
  if (fs::exists(SparePath(), ignored)) (void)disk_.Remove(SparePath());
  auto opened = OpenSegment();
  if (!opened.has_value()) return referee::Fail(opened.error());
  std::tie(segment_, segment_fd_) = std::move(*opened);
  segment_size_ = 0;
  segment_opened_ = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(mutex_);
    started_ = true;
  }
  for (int i = 0; i < options_.syncs_in_flight; ++i) {
    committers_.emplace_back([this] { RunCommitter(); });
  }
  files_thread_ = std::thread([this] { RunFiles(); });
  checkpoint_thread_ = std::thread([this] { RunCheckpoints(); });
  return {};
}

// A new segment, its name made durable before any record in it is acknowledged: the spare, when
// one is ready, renamed; else a new empty file.
Result<std::pair<CommitLog::Segment, int>, referee::Error> CommitLog::OpenSegment() {
  Segment segment{next_seq_++, "", {}, {}, false};
  segment.path = SegmentPath(segment.seq);
  bool spare = false;
  {
    std::lock_guard lock(mutex_);
    std::swap(spare, spare_ready_);
  }
  Result<int, referee::Error> fd = 0;
  if (spare) {
    DiskDone renamed = disk_.Rename(SparePath(), segment.path);
    fd = renamed ? disk_.OpenExisting(segment.path) : referee::Fail(renamed.error());
    if (renamed && !fd.has_value()) (void)disk_.Remove(segment.path);
  } else {
    fd = disk_.Create(segment.path, 0600, true);
  }
  if (!fd.has_value()) return referee::Fail(fd.error());
  if (DiskDone synced = disk_.SyncFolder(folder_); !synced) {
    disk_.Close(*fd);
    (void)disk_.Remove(segment.path);
    return referee::Fail(synced.error());
  }
  return std::make_pair(std::move(segment), *fd);
}

DiskDone CommitLog::Submit(JournalWrite write, Done done) {
  std::lock_guard lock(mutex_);
  if (!started_ || stopping_) {
    return referee::Fail(referee::Error{referee::ErrorKind::kIo,
                                        "the server is stopping: nothing more is journaled"});
  }
  queue_.push_back(Unit{std::move(write), std::move(done), std::chrono::steady_clock::now()});
  if (queue_.size() == 1) wake_.notify_one();  // a committer that is not syncing
  return {};
}

// A committer thread: writes what is waiting to the log and syncs it; while it syncs, another
// committer may write and sync the next batch. Whoever finds the oldest batch synced completes
// the batches in the log's order.
void CommitLog::RunCommitter() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait_for(lock, options_.segment_age, [this] { return CommitterHasWork(); });
    if (CompleteSynced(lock)) continue;
    if (RotationDue()) {
      // It waits for the batches under way: a segment is complete when it is handed over.
      if (Drained()) {
        rotating_ = true;
        lock.unlock();
        Rotate();
        lock.lock();
        rotating_ = false;
        wake_.notify_all();
      }
      continue;
    }
    if (!queue_.empty() && in_flight_ < options_.syncs_in_flight && !rotating_) {
      WriteAndSync(lock);
      continue;
    }
    if (stopping_ && queue_.empty() && written_.empty() && !completing_) return;
  }
}

// With the mutex held.
bool CommitLog::CommitterHasWork() const {
  if (!completing_ && !written_.empty() && written_.front()->synced) return true;
  if (RotationDue()) return Drained();
  if (!queue_.empty() && in_flight_ < options_.syncs_in_flight && !rotating_) return true;
  return stopping_ && queue_.empty() && written_.empty() && !completing_;
}

// Nothing of the segment is under way: no batch written and not yet completed, no files being
// written for one, no rotation.
bool CommitLog::Drained() const {
  return written_.empty() && !completing_ && !rotating_ && files_queue_.empty();
}

bool CommitLog::RotationDue() const {
  auto now = std::chrono::steady_clock::now();
  if (failed_ || stopping_ || now < rotate_retry_) return false;
  return segment_size_ >= options_.segment_bytes ||
         (segment_size_ > 0 && now - segment_opened_ >= options_.segment_age);
}

// Every unit waiting, appended to the log with one write, then one fdatasync, which makes this
// batch and every one written before it durable.
void CommitLog::WriteAndSync(std::unique_lock<std::mutex>& lock) {
  auto batch = std::make_shared<Batch>();
  batch->units.swap(queue_);
  written_.push_back(batch);
  ++in_flight_;
  DiskDone written = failed_ ? referee::Fail(*failed_) : DiskDone();
  uint64_t turn = batches_++;
  lock.unlock();
  std::string bytes;
  for (const Unit& unit : batch->units) AppendLogRecord(&bytes, unit.write);
  // Batches are written in the order of written_, each in its turn. The mutex is not held while
  // waiting for it: a write can wait for the file system, and Submit must not.
  std::unique_lock write_lock(write_mutex_);
  write_turn_.wait(write_lock, [this, turn] { return written_batches_ == turn; });
  if (written) written = disk_.Write(segment_fd_, bytes, segment_.path);
  int fd = segment_fd_;
  std::string path = segment_.path;
  ++written_batches_;
  write_turn_.notify_all();
  write_lock.unlock();
  auto started = std::chrono::steady_clock::now();
  if (written) written = disk_.SyncData(fd, path);
  sync_micros_ += static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                            std::chrono::steady_clock::now() - started)
                                            .count());
  lock.lock();
  if (written) ++syncs_;
  segment_size_ += bytes.size();
  if (SpareWanted()) checkpoint_wake_.notify_one();
  batch->written = std::move(written);
  batch->synced = true;
  --in_flight_;
  // No one else is woken: this thread completes what is synced and writes what waits, and Submit
  // wakes another committer when units arrive while this one syncs.
}

// Completes the batches at the front of the log whose sync has returned, one thread at a time. A
// sync that failed fails its batch and every later one, synced or not: after a failed fdatasync
// the kernel may report success to the next caller for data it lost.
bool CommitLog::CompleteSynced(std::unique_lock<std::mutex>& lock) {
  if (completing_) return false;
  completing_ = true;
  bool any = false;
  while (!written_.empty() && written_.front()->synced) {
    std::shared_ptr<Batch> batch = written_.front();
    written_.pop_front();
    any = true;
    if (!batch->written && !failed_) {
      lock.unlock();
      Fail(batch->written.error());
      lock.lock();
    }
    DiskDone written = failed_ ? referee::Fail(*failed_) : DiskDone();
    lock.unlock();
    if (!written) {
      for (Unit& unit : batch->units) unit.done(written);
    } else {
      Acknowledge(*batch);
    }
    lock.lock();
    if (written) {
      files_queue_.push_back(std::move(batch));
      files_wake_.notify_one();
    }
  }
  completing_ = false;
  if (any && stopping_) wake_.notify_all();  // a committer waits for the log to drain
  return any;
}

// A durable batch: every unit's `done`, but for a unit that ends its table (the match's last event,
// a cancellation) or comes after its end, which waits for its files (the files thread calls it):
// the journal and the record are complete when the verdict is. The files follow on the files
// thread, so that creating files, which can wait for the file system's own journal, holds up no
// reply.
void CommitLog::Acknowledge(Batch& batch) {
  auto now = std::chrono::steady_clock::now();
  for (Unit& unit : batch.units) {
    ++units_;
    wait_micros_ += static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(now - unit.submitted).count());
    if (unit.write.record || unit.write.close_after) continue;
    unit.done(DiskDone());
    unit.done = nullptr;
  }
}

// The files thread: each durable batch's files, in the log's order.
void CommitLog::RunFiles() {
  std::unique_lock lock(mutex_);
  for (;;) {
    files_wake_.wait(lock, [this] { return files_stopping_ || !files_queue_.empty(); });
    if (files_queue_.empty()) return;
    std::shared_ptr<Batch> batch = files_queue_.front();  // a rotation waits until it is written
    lock.unlock();
    WriteBatchFiles(*batch);
    lock.lock();
    files_queue_.pop_front();
    if (files_queue_.empty() && (RotationDue() || stopping_)) wake_.notify_all();
  }
}

void CommitLog::WriteBatchFiles(Batch& batch) {
  for (Unit& unit : batch.units) {
    DiskDone written = WriteFiles(unit.write);
    if (!written) {
      // The log holds the unit, but its files do not: only a restart can write them.
      segment_.damaged = true;
      spdlog::error("{}; the commit log keeps what was to be written until a restart",
                    written.error().message);
    }
    if (unit.done) unit.done(written);
  }
}

// The log cannot be trusted after a failed write or sync (what reached the disk is unknown): no
// later unit is accepted, and a restart recovers what the disk holds.
void CommitLog::Fail(const referee::Error& error) {
  std::lock_guard lock(mutex_);
  if (failed_) return;
  failed_ = error;
  spdlog::critical("the commit log failed: {}; no event is accepted until a restart",
                   error.message);
}

// The files of a durable unit, unsynced (the checkpoint syncs them): the lines into the journal,
// a new table's journal and metadata, a finished match's record.
DiskDone CommitLog::WriteFiles(const JournalWrite& write) {
  const TableFiles& files = write.journal->files();
  DiskDone written = write.meta.empty() ? WriteJournal(write) : CreateJournal(write);
  if (write.journal->listed_in_segment_ != segment_.seq) {
    segment_.files.insert(files.journal);
    write.journal->listed_in_segment_ = segment_.seq;
  }
  if (!write.meta.empty()) {
    segment_.files.insert(files.meta);
    segment_.folders.insert(FolderOf(files.journal));
  }
  if (written && write.record) {
    written = ReplaceFile(files.record, *write.record);
    segment_.files.insert(files.record);
    segment_.folders.insert(FolderOf(files.record));
  }
  return written;
}

// A new table: its journal (which must not exist), then its metadata, which makes it a table for
// the next start; the record in the log makes both again after a crash.
DiskDone CommitLog::CreateJournal(const JournalWrite& write) {
  TableJournal& journal = *write.journal;
  auto fd = disk_.Create(journal.files_.journal, 0600, true);
  if (!fd.has_value()) return Broken(journal, fd.error());
  Opened(write.journal, *fd);
  DiskDone written = disk_.WriteAt(journal.fd_, write.bytes, write.offset, journal.files_.journal);
  if (written) written = WriteNewFile(journal.files_.meta, write.meta);
  if (!written) return Broken(journal, written.error());
  if (write.close_after) CloseJournal(journal);
  return {};
}

DiskDone CommitLog::WriteJournal(const JournalWrite& write) {
  TableJournal& journal = *write.journal;
  if (journal.broken_) return referee::Fail(*journal.broken_);
  if (journal.fd_ < 0) {
    auto fd = disk_.OpenExisting(journal.files_.journal);
    if (!fd.has_value()) return Broken(journal, fd.error());
    Opened(write.journal, *fd);
  }
  DiskDone written = disk_.WriteAt(journal.fd_, write.bytes, write.offset, journal.files_.journal);
  if (!written) return Broken(journal, written.error());
  if (write.close_after) CloseJournal(journal);
  return {};
}

// A journal whose write failed waits for a restart: it is closed, and takes nothing more.
DiskDone CommitLog::Broken(TableJournal& journal, const referee::Error& error) {
  journal.broken_ = error;
  if (journal.fd_ >= 0) CloseJournal(journal);
  return referee::Fail(error);
}

// A file that must not exist yet (metadata is written once), unsynced: should the process die
// while writing it, the log's record writes it again at the next start.
DiskDone CommitLog::WriteNewFile(const std::string& path, const std::string& text) {
  auto fd = disk_.Create(path, 0600, true);
  if (!fd.has_value()) return referee::Fail(fd.error());
  DiskDone written = disk_.Write(*fd, text, path);
  disk_.Close(*fd);
  return written;
}

// A whole file replaced atomically for its readers (a temporary file, then rename), unsynced.
DiskDone CommitLog::ReplaceFile(const std::string& path, const std::string& text) {
  std::string temporary = path + ".tmp";
  auto fd = disk_.Create(temporary, 0600, false);
  if (!fd.has_value()) return referee::Fail(fd.error());
  DiskDone written = disk_.Write(*fd, text, temporary);
  disk_.Close(*fd);
  if (written) written = disk_.Rename(temporary, path);
  return written;
}

void CommitLog::Opened(const std::shared_ptr<TableJournal>& journal, int fd) {
  journal->fd_ = fd;
  journal->disk_ = &disk_;
  open_[journal.get()] = journal;
  ++open_journals_;
}

void CommitLog::CloseJournal(TableJournal& journal) {
  disk_.Close(journal.fd_);
  journal.fd_ = -1;
  open_.erase(&journal);
  --open_journals_;
}

// The next segment takes over; the old one waits for its journals to be synced.
void CommitLog::Rotate() {
  auto opened = OpenSegment();
  if (!opened.has_value()) {
    spdlog::error("cannot start a new segment of the commit log: {}; the old one goes on",
                  opened.error().message);
    std::lock_guard lock(mutex_);
    rotate_retry_ = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    return;
  }
  Segment old;
  {
    std::lock_guard write_lock(write_mutex_);
    disk_.Close(segment_fd_);
    old = std::move(segment_);
    std::tie(segment_, segment_fd_) = std::move(*opened);
  }
  std::lock_guard lock(mutex_);
  segment_size_ = 0;
  segment_opened_ = std::chrono::steady_clock::now();
  spare_failed_ = false;  // the next segment tries again
  to_checkpoint_.push_back(std::move(old));
  checkpoint_wake_.notify_one();
}

void CommitLog::RunCheckpoints() {
  std::unique_lock lock(mutex_);
  for (;;) {
    checkpoint_wake_.wait(lock, [this] {
      return last_checkpoint_ || !to_checkpoint_.empty() || (SpareWanted() && !preparing_);
    });
    if (SpareWanted() && !preparing_) {
      preparing_ = true;
      lock.unlock();
      PrepareSpare();
      lock.lock();
      preparing_ = false;
      continue;
    }
    if (to_checkpoint_.empty()) return;
    Segment segment = std::move(to_checkpoint_.front());
    to_checkpoint_.pop_front();
    bool stuck = checkpoints_stuck_;
    lock.unlock();
    bool done = !stuck && Checkpoint(segment);
    lock.lock();
    // A segment is removed only after every older one: a restart replays a suffix of the log.
    if (!done) checkpoints_stuck_ = true;
  }
}

// The files a segment wrote and the folders that got new names, made durable: one by one when they
// are few; else by one syncfs, since thousands of fdatasyncs (a season of tables that ended, each
// with a journal, metadata and a record) cost a journal commit each, and took seconds where one
// syncfs of the file system took a tenth of one.
DiskDone CommitLog::SyncFiles(const Segment& segment) {
  constexpr size_t kOneByOne = 32;
  if (segment.files.size() + segment.folders.size() > kOneByOne) {
    return disk_.SyncFileSystem(folder_);
  }
  DiskDone synced;
  for (auto file = segment.files.begin(); synced && file != segment.files.end(); ++file) {
    auto fd = disk_.OpenExisting(*file);
    synced = fd.has_value() ? disk_.SyncData(*fd, *file) : referee::Fail(fd.error());
    if (fd.has_value()) disk_.Close(*fd);
  }
  for (auto folder = segment.folders.begin(); synced && folder != segment.folders.end(); ++folder) {
    synced = disk_.SyncFolder(*folder);
  }
  return synced;
}

// Syncs the files a segment wrote and the folders that got new names, then removes it.
bool CommitLog::Checkpoint(const Segment& segment) {
  if (segment.damaged) {
    spdlog::error("{}: a file could not be written; the commit log is kept for the next start",
                  segment.path);
    return false;
  }
  DiskDone done = SyncFiles(segment);
  if (done) done = disk_.Remove(segment.path);
  if (done) done = disk_.SyncFolder(folder_);
  if (!done) {
    spdlog::error("{}; the commit log is kept for the next start", done.error().message);
    return false;
  }
  ++checkpoints_;
  return true;
}

void CommitLog::Stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || !started_) {
      stopping_ = true;
      return;
    }
    stopping_ = true;
    wake_.notify_all();
  }
  for (std::thread& thread : committers_) thread.join();
  {
    std::lock_guard lock(mutex_);
    files_stopping_ = true;
    files_wake_.notify_one();
  }
  files_thread_.join();
  // A clean stop leaves no log: the last segment is checkpointed too.
  disk_.Close(segment_fd_);
  segment_fd_ = -1;
  {
    std::lock_guard lock(mutex_);
    if (!failed_) to_checkpoint_.push_back(std::move(segment_));
    last_checkpoint_ = true;
    checkpoint_wake_.notify_one();
  }
  checkpoint_thread_.join();
  if (spare_ready_) {
    spare_ready_ = false;
    (void)disk_.Remove(SparePath());
  }
  for (auto& [journal, owner] : open_) {
    disk_.Close(journal->fd_);
    journal->fd_ = -1;
  }
  open_.clear();
  open_journals_ = 0;
}

CommitLogStats CommitLog::Stats() const {
  CommitLogStats stats;
  stats.units = units_.load();
  stats.syncs = syncs_.load();
  stats.sync_micros = sync_micros_.load();
  stats.wait_micros = wait_micros_.load();
  stats.open_journals = open_journals_.load();
  stats.checkpoints = checkpoints_.load();
  stats.spares = spares_.load();
  std::lock_guard lock(mutex_);
  stats.failed = failed_.has_value();
  return stats;
}

}  // namespace referee::server
