// Service (server/service.h): the start from the data folder (docs/serve.md, "Durability"): the
// commit log written into the tables' files, what a crash left tidied, and every table resumed
// from its journal, its record filed again where it is missing or differs.
#include <spdlog/spdlog.h>

#include "live/journal.h"
#include "server/event_desk.h"
#include "server/service.h"
#include "server/service_slot.h"
#include "server/table.h"

namespace referee::server {

using record::Node;

Result<void, referee::Error> Service::Resume() {
  if (DiskDone prepared = store_.Prepare(); !prepared) return prepared;
  // What the log holds goes into the tables' files before any of them is read or tidied.
  auto recovered = commit_log_.Recover([this](const std::string& id) {
    return id.rfind('@', 0) == 0 ? events_->FilesOf(id) : store_.FilesOf(id);
  });
  if (!recovered.has_value()) return referee::Fail(std::move(recovered).error());
  for (const std::string& note : *recovered) spdlog::warn("{}", note);
  for (const std::string& note : store_.Tidy()) spdlog::warn("{}", note);
  if (DiskDone started = commit_log_.Start(); !started) return started;
  auto ids = store_.TableIds();
  if (!ids.has_value()) return referee::Fail(std::move(ids).error());
  {
    // The ids with files that are not tables (a journal left alone, a table not resumed): not
    // free, though no table holds them. Known from now on without asking the disk.
    std::lock_guard lock(mutex_);
    ids_with_files_ = store_.TakenIds();
  }
  for (const std::string& id : *ids) {
    if (Result<void, referee::Error> resumed = ResumeTable(id); !resumed) {
      spdlog::error("{}: not resumed: {}", store_.MetaPath(id), resumed.error().message);
    }
  }
  events_->Resume();
  StartWriteThreads();
  return {};
}

// The journal of table `id`, read whole (a torn last line cut off), then closed: a table holds a
// descriptor only while the commit log writes to it.
Result<std::string, referee::Error> Service::ReadJournal(const std::string& id) {
  std::string journal_path = store_.JournalPath(id);
  auto journal = store_.OpenJournal(id);
  if (!journal.has_value()) return referee::Fail(std::move(journal).error());
  auto text = (*journal)->ReadAll();
  if (!text.has_value()) return referee::Fail(std::move(text).error());
  live::JournalText lines = live::SplitJournal(*text);
  if (lines.torn_bytes > 0) {
    spdlog::warn("{}: dropped a torn last line ({} bytes)", journal_path, lines.torn_bytes);
    if (Result<void, referee::Error> cut = (*journal)->Truncate(lines.complete_bytes); !cut) {
      return referee::Fail(std::move(cut).error());
    }
    text->resize(lines.complete_bytes);
  }
  return std::move(*text);
}

Result<void, referee::Error> Service::ResumeTable(const std::string& id) {
  auto meta = store_.LoadMeta(id);
  if (!meta.has_value()) return referee::Fail(std::move(meta).error());
  if (meta->id != id) return NotResumed("the metadata names another table, " + meta->id);
  auto text = ReadJournal(id);
  if (!text.has_value()) return referee::Fail(std::move(text).error());
  std::vector<Node> organiser_lines;
  auto session = live::ReplayJournal(live::SplitJournal(*text), &organiser_lines);
  if (!session.has_value()) return NotResumed("corrupt journal: " + session.error().message);
  auto slot = std::make_shared<Slot>(io_);
  int64_t now = options_.clock->NowMs();
  slot->table = std::make_unique<Table>(*meta, std::move(*session),
                                        std::make_shared<TableJournal>(id, store_.FilesOf(id)),
                                        text->size(), now);
  Table& table = *slot->table;
  if (Result<void, referee::Error> resumed = table.Resume(organiser_lines); !resumed) {
    return NotResumed("corrupt journal: " + resumed.error().message);
  }
  slot->retries.FromJournal(live::SplitJournal(*text), table.meta(), table.events());
  slot->durable_events = table.events();
  slot->durable_in_play = table.Status() == "in-play";
  std::lock_guard lock(slot->mutex);
  if (DiskDone dealt = table.DealIfDue(now); !dealt) return NotResumed(dealt.error().message);
  if (std::optional<std::string> record = table.RecordText()) {
    if (DiskDone filed = FileRecordIfChanged(id, *record); !filed) return filed;
  }
  spdlog::info("table {}: resumed with {} events", meta->id, table.events());
  {
    std::lock_guard tables_lock(mutex_);
    tables_[meta->id] = slot;
  }
  ArmMoveClock(slot);         // a running move's clock starts again in full
  Commit(slot, nullptr, {});  // the seeded deal that was due, if any
  return {};
}

// At start, the record of a finished table is filed again unless it is there already as it should
// be (a crash may have come between the end and the filing): a season's finished tables cost a
// read each, not two syncs.
DiskDone Service::FileRecordIfChanged(const std::string& id, const std::string& text) {
  auto filed = store_.ReadRecord(id);
  if (filed.has_value() && *filed == text) return {};
  return store_.WriteRecord(id, text);
}

}  // namespace referee::server
