// The records of the commit log, and what a restart does with the segments a crash left
// (server/commit_log.h).
#include <algorithm>
#include <boost/crc.hpp>
#include <filesystem>
#include <map>

#include "live/journal.h"
#include "server/commit_log.h"

namespace referee::server {
namespace {

namespace fs = std::filesystem;

constexpr char kMagic[] = "RLG1";
constexpr size_t kMagicBytes = 4;
constexpr size_t kRecordHead = 12;  // magic, payload length, CRC
// A unit holds at most a journal's worth of lines and a metadata file, after an id of at most 64
// bytes.
constexpr uint64_t kMaxPayload = 2 * live::kMaxJournalBytes + 1 + 2 + 64 + 8 + 4;

void PutLittle(std::string* out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out->push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

uint64_t GetLittle(std::string_view text, size_t at, int bytes) {
  uint64_t value = 0;
  for (int i = bytes - 1; i >= 0; --i) {
    value = (value << 8) | static_cast<unsigned char>(text[at + static_cast<size_t>(i)]);
  }
  return value;
}

uint32_t Crc32(std::string_view bytes) {
  boost::crc_32_type crc;
  crc.process_bytes(bytes.data(), bytes.size());
  return crc.checksum();
}

// A payload cut into its fields; none when it does not hold together (a damaged record that
// passed its check by chance is still refused).
std::optional<LogRecord> ReadPayload(std::string_view payload) {
  if (payload.size() < 1 + 2 + 8) return std::nullopt;
  LogRecord record;
  uint64_t kind = GetLittle(payload, 0, 1);
  size_t id_size = GetLittle(payload, 1, 2);
  size_t at = 3 + id_size + 8;
  if (kind > 1 || at > payload.size()) return std::nullopt;
  record.creates = kind == 1;
  record.id = std::string(payload.substr(3, id_size));
  record.offset = GetLittle(payload, 3 + id_size, 8);
  if (record.creates) {
    if (at + 4 > payload.size()) return std::nullopt;
    size_t meta_size = GetLittle(payload, at, 4);
    if (at + 4 + meta_size > payload.size()) return std::nullopt;
    record.meta = payload.substr(at + 4, meta_size);
    at += 4 + meta_size;
  }
  record.bytes = payload.substr(at);
  return record;
}

// A table id as the service accepts them: a record that names anything else is damaged, and must
// not lead a restore outside the tables' folder.
// A table's id, or an event's with '@' before it (server/event_desk.h).
bool PlausibleId(std::string_view id) {
  if (!id.empty() && id.front() == '@') id.remove_prefix(1);
  if (id.empty() || id.size() > 64) return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  });
}

// A table's files as the records of the log rebuild them.
struct RestoredTable {
  TableFiles files;
  std::optional<std::string> original;  // the journal as the crash left it, if there is one
  std::string text;                     // with every record of the log written at its offset
  std::optional<std::string> meta;      // from the record that created the table
  bool skip = false;                    // cannot be restored: left as it is
};

// The table a record names, its journal read the first time.
RestoredTable* TableOf(const LogRecord& record,
                       const std::function<TableFiles(const std::string&)>& files_of,
                       std::map<std::string, RestoredTable>* tables,
                       std::vector<std::string>* notes) {
  auto [found, inserted] = tables->try_emplace(record.id);
  RestoredTable& table = found->second;
  if (!inserted) return table.skip ? nullptr : &table;
  if (!PlausibleId(record.id)) {
    table.skip = true;
    notes->push_back("the commit log names a table that cannot exist; its records are left out");
    return nullptr;
  }
  table.files = files_of(record.id);
  auto text = ReadStoreFile(table.files.journal);
  if (text.has_value()) {
    table.original = table.text = std::move(*text);
  } else if (!record.creates) {
    table.skip = true;
    notes->push_back(text.error().message + "; the commit log's records of table " + record.id +
                     " are left out");
    return nullptr;
  }
  return &table;
}

// Writes a record of the log into its table's journal text: everything from its offset on is
// replaced (what a crash left there after the last synced record was never acknowledged).
void ApplyRecord(const LogRecord& record,
                 const std::function<TableFiles(const std::string&)>& files_of,
                 std::map<std::string, RestoredTable>* tables, std::vector<std::string>* notes) {
  RestoredTable* table = TableOf(record, files_of, tables, notes);
  if (table == nullptr) return;
  if (record.creates) table->meta = std::string(record.meta);
  if (record.offset > table->text.size()) {
    table->skip = true;
    notes->push_back(table->files.journal + ": holds " + std::to_string(table->text.size()) +
                     " bytes, but the commit log goes on at byte " + std::to_string(record.offset) +
                     "; left as it is");
    return;
  }
  table->text.resize(record.offset);
  table->text.append(record.bytes);
}

// Makes a journal hold `text` on disk: what differs from what the crash left is written, the rest
// cut, and the file synced either way (a killed process leaves its writes in the page cache, not
// yet on the disk, and the log that covers them is about to go).
DiskDone RestoreJournal(StoreDisk& disk, const RestoredTable& table) {
  const std::string& path = table.files.journal;
  auto fd = table.original ? disk.OpenExisting(path) : disk.Create(path, 0600, true);
  if (!fd.has_value()) return referee::Fail(fd.error());
  static const std::string kNone;
  const std::string& original = table.original ? *table.original : kNone;
  size_t same = static_cast<size_t>(
      std::mismatch(table.text.begin(), table.text.end(), original.begin(), original.end()).first -
      table.text.begin());
  DiskDone restored;
  if (same < table.text.size()) {
    restored = disk.WriteAt(*fd, std::string_view(table.text).substr(same), same, path);
  }
  if (restored && original.size() > table.text.size()) {
    restored = disk.Truncate(*fd, table.text.size(), path);
  }
  if (restored) restored = disk.Sync(*fd, path);
  disk.Close(*fd);
  return restored;
}

DiskDone Restore(StoreDisk& disk, const RestoredTable& table, std::vector<std::string>* notes) {
  DiskDone restored = RestoreJournal(disk, table);
  // The metadata of a table the log created, written again whatever is there: it may be in the
  // page cache only. That syncs the folder, for the journal's name too.
  if (restored && table.meta) {
    restored = WriteFileAtomically(disk, table.files.meta, *table.meta, 0600);
  }
  if (restored && !table.meta && !table.original) {
    restored = disk.SyncFolder(FolderOf(table.files.journal));
  }
  if (!restored) return restored;
  if (!table.original || *table.original != table.text) {
    notes->push_back(table.files.journal + ": restored from the commit log (" +
                     std::to_string(table.original ? table.original->size() : 0) +
                     " bytes before, " + std::to_string(table.text.size()) + " now)");
  }
  return {};
}

}  // namespace

void AppendLogRecord(std::string* out, const JournalWrite& write) {
  const std::string& id = write.journal->id();
  out->append(kMagic, kMagicBytes);
  size_t head = out->size();
  out->append(8, '\0');  // length and CRC, filled in below
  size_t payload = out->size();
  PutLittle(out, write.meta.empty() ? 0 : 1, 1);
  PutLittle(out, id.size(), 2);
  out->append(id);
  PutLittle(out, write.offset, 8);
  if (!write.meta.empty()) {
    PutLittle(out, write.meta.size(), 4);
    out->append(write.meta);
  }
  out->append(write.bytes);
  std::string length_and_crc;
  PutLittle(&length_and_crc, out->size() - payload, 4);
  PutLittle(&length_and_crc, Crc32(std::string_view(*out).substr(payload)), 4);
  out->replace(head, 8, length_and_crc);
}

LogSegmentText ReadLogSegment(std::string_view text) {
  LogSegmentText segment;
  size_t at = 0;
  while (text.size() - at >= kRecordHead && text.compare(at, kMagicBytes, kMagic) == 0) {
    uint64_t length = GetLittle(text, at + 4, 4);
    uint64_t crc = GetLittle(text, at + 8, 4);
    if (length > kMaxPayload || text.size() - at - kRecordHead < length) break;
    std::string_view payload = text.substr(at + kRecordHead, length);
    if (Crc32(payload) != crc) break;
    std::optional<LogRecord> record = ReadPayload(payload);
    if (!record) break;
    segment.records.push_back(std::move(*record));
    at += kRecordHead + length;
    segment.valid_bytes = at;
  }
  return segment;
}

Result<std::vector<std::string>, referee::Error> CommitLog::Recover(
    const std::function<TableFiles(const std::string& id)>& files_of) {
  std::vector<std::string> notes;
  std::vector<std::pair<uint64_t, std::string>> segments = ListSegments();
  std::map<std::string, RestoredTable> tables;
  size_t records = 0;
  for (size_t i = 0; i < segments.size(); ++i) {
    const auto& [seq, path] = segments[i];
    next_seq_ = std::max(next_seq_, seq + 1);
    auto text = ReadStoreFile(path);
    if (!text.has_value()) return referee::Fail(std::move(text).error());
    LogSegmentText log = ReadLogSegment(*text);
    // A segment is written over zeros laid down ahead (CommitLog::PrepareSpare): those after the
    // last record are room not yet used, not damage.
    size_t used = text->find_last_not_of('\0');
    used = used == std::string::npos ? 0 : used + 1;
    if (log.valid_bytes < used) {
      notes.push_back(path + ": dropped " + std::to_string(used - log.valid_bytes) +
                      (i + 1 == segments.size()
                           ? " bytes of a torn last record (never acknowledged)"
                           : " damaged bytes; the records after them in this segment are lost"));
    }
    for (const LogRecord& record : log.records) ApplyRecord(record, files_of, &tables, &notes);
    records += log.records.size();
  }
  for (auto& [id, table] : tables) {
    if (table.skip) continue;
    if (DiskDone restored = Restore(disk_, table, &notes); !restored) {
      return referee::Fail(referee::Error{
          referee::ErrorKind::kIo,
          "cannot restore table " + id + " from the commit log: " + restored.error().message});
    }
  }
  for (const auto& [seq, path] : segments) {
    if (DiskDone removed = disk_.Remove(path); !removed) return referee::Fail(removed.error());
  }
  if (segments.empty()) return notes;
  if (DiskDone synced = disk_.SyncFolder(folder_); !synced) return referee::Fail(synced.error());
  notes.push_back("replayed " + std::to_string(records) + " records of the commit log into " +
                  std::to_string(tables.size()) + " journals");
  return notes;
}

}  // namespace referee::server
