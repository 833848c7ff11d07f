#include "server/store.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "io/input_file.h"
#include "io/system_error.h"
#include "referee/record/record_writer.h"

namespace referee::server {
namespace {

namespace fs = std::filesystem;

constexpr fs::perms kNotOwner = fs::perms::group_all | fs::perms::others_all;

Unexpected<referee::Error> Failed(std::string_view action, const std::string& path) {
  return referee::Fail(io::SystemError(action, path));
}

std::optional<std::string> Text(const record::Node& map, const char* key) {
  const record::Node* node = map.Find(key);
  if (node == nullptr || !node->IsScalar()) return std::nullopt;
  return node->text();
}

std::optional<int64_t> Integer(const record::Node& map, const char* key) {
  std::optional<std::string> text = Text(map, key);
  int64_t value = 0;
  if (!text) return std::nullopt;
  auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (error != std::errc() || end != text->data() + text->size()) return std::nullopt;
  return value;
}

// The metadata file's text is not what the server writes.
referee::Error MetaError(const std::string& what) {
  return referee::Error{referee::ErrorKind::kIo, what};
}

}  // namespace

record::Node MetaNode(const TableMeta& meta) {
  record::Node node = record::Node::Map({});
  node.AddMember("id", {}, record::StringNode(meta.id));
  node.AddMember("game", {}, record::StringNode(meta.game));
  node.AddMember("created_ms", {}, record::IntegerNode(meta.created_ms));
  node.AddMember("move_ms", {}, record::IntegerNode(meta.move_ms));
  node.AddMember("actor_key", {}, record::StringNode(meta.actor_key));
  record::Node actors = record::Node::List({});
  for (size_t i = 0; i < meta.actors.size(); ++i) {
    record::Node actor = record::Node::Map({});
    actor.AddMember("name", {}, record::StringNode(meta.actors[i]));
    actor.AddMember("token_sha256", {}, record::StringNode(meta.token_hashes[i]));
    actors.Append(std::move(actor));
  }
  node.AddMember("actors", {}, std::move(actors));
  if (!meta.event.empty()) node.AddMember("event", {}, record::StringNode(meta.event));
  if (meta.first_board > 0)
    node.AddMember("first_board", {}, record::IntegerNode(meta.first_board));
  if (meta.hands_unknown) node.AddMember("hands", {}, record::StringNode("unknown"));
  return node;
}

std::string MetaText(const TableMeta& meta) { return formats::WriteJson(MetaNode(meta), true); }

Result<TableMeta, referee::Error> ReadMeta(const std::string& text) {
  auto node = formats::ParseJson(text);
  if (!node.has_value()) return Fail(MetaError("not JSON: " + node.error().message));
  TableMeta meta;
  std::optional<std::string> id = Text(*node, "id");
  std::optional<std::string> game = Text(*node, "game");
  std::optional<std::string> key = Text(*node, "actor_key");
  std::optional<int64_t> created = Integer(*node, "created_ms");
  std::optional<int64_t> move = Integer(*node, "move_ms");
  const record::Node* actors = node->Find("actors");
  if (!id || !game || !key || !created || !move || actors == nullptr || !actors->IsList()) {
    return Fail(MetaError("expected id, game, actor_key, created_ms, move_ms, actors"));
  }
  meta = TableMeta{*id, *game, *created, *move, *key, {}, {}};
  for (const record::Node& actor : actors->items()) {
    std::optional<std::string> name = Text(actor, "name");
    std::optional<std::string> hash = Text(actor, "token_sha256");
    if (!name || !hash) return Fail(MetaError("expected name and token_sha256"));
    meta.actors.push_back(*name);
    meta.token_hashes.push_back(*hash);
  }
  meta.event = Text(*node, "event").value_or("");
  meta.first_board =
      static_cast<int>(std::clamp<int64_t>(Integer(*node, "first_board").value_or(0), 0, 1000000));
  meta.hands_unknown = Text(*node, "hands") == "unknown";
  return meta;
}

Result<int, referee::Error> PosixDisk::Create(const std::string& path, unsigned mode,
                                              bool exclusive) {
  int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (exclusive ? O_EXCL : O_TRUNC);
  int fd = ::open(path.c_str(), flags, mode);
  if (fd < 0) return Failed("create", path);
  // The umask may only take permissions away, but an emptied file keeps its old ones: set them.
  if (::fchmod(fd, mode) != 0) {
    referee::Error error = io::SystemError("set the permissions of", path);
    ::close(fd);
    return referee::Fail(std::move(error));
  }
  return fd;
}

DiskDone PosixDisk::Write(int fd, std::string_view bytes, const std::string& path) {
  while (!bytes.empty()) {
    ssize_t wrote = ::write(fd, bytes.data(), bytes.size());
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote < 0) return Failed("write", path);
    bytes.remove_prefix(static_cast<size_t>(wrote));
  }
  return {};
}

DiskDone PosixDisk::Sync(int fd, const std::string& path) {
  if (::fsync(fd) != 0) return Failed("sync", path);
  return {};
}

DiskDone PosixDisk::SyncData(int fd, const std::string& path) {
  if (::fdatasync(fd) != 0) return Failed("sync", path);
  return {};
}

Result<int, referee::Error> PosixDisk::OpenExisting(const std::string& path) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return Failed("open", path);
  return fd;
}

DiskDone PosixDisk::WriteAt(int fd, std::string_view bytes, uint64_t offset,
                            const std::string& path) {
  while (!bytes.empty()) {
    ssize_t wrote = ::pwrite(fd, bytes.data(), bytes.size(), static_cast<off_t>(offset));
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote < 0) return Failed("write", path);
    bytes.remove_prefix(static_cast<size_t>(wrote));
    offset += static_cast<uint64_t>(wrote);
  }
  return {};
}

DiskDone PosixDisk::Truncate(int fd, uint64_t size, const std::string& path) {
  if (::ftruncate(fd, static_cast<off_t>(size)) != 0) return Failed("truncate", path);
  return {};
}

void PosixDisk::Close(int fd) { ::close(fd); }

DiskDone PosixDisk::Rename(const std::string& from, const std::string& to) {
  if (::rename(from.c_str(), to.c_str()) != 0) return Failed("rename to", to);
  return {};
}

DiskDone PosixDisk::SyncFolder(const std::string& folder) { return io::SyncFolder(folder); }

DiskDone PosixDisk::SyncFileSystem(const std::string& folder) {
  int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return Failed("open the folder", folder);
  DiskDone done;
  if (::syncfs(fd) != 0) done = Failed("sync the file system of", folder);
  ::close(fd);
  return done;
}

DiskDone PosixDisk::Remove(const std::string& path) {
  if (::unlink(path.c_str()) != 0 && errno != ENOENT) return Failed("remove", path);
  return {};
}

Result<std::unique_ptr<live::JournalFile>, referee::Error> PosixDisk::OpenJournal(
    const std::string& path) {
  return live::JournalFile::Open(path);
}

DiskDone MakePrivateFolder(const std::string& path, bool existing_too) {
  std::error_code error;
  fs::path folder = fs::path(path).lexically_normal();
  if (!folder.has_filename()) folder = folder.parent_path();  // "club/": the folder is "club"
  fs::path parent = folder.parent_path();
  if (!parent.empty()) fs::create_directories(parent, error);
  if (error) return referee::Fail(referee::IoError("create", parent.string(), error.message()));
  bool made = ::mkdir(folder.c_str(), 0700) == 0;
  if (!made && errno != EEXIST) return Failed("create", path);
  if (!made && !fs::is_directory(folder, error)) {
    return referee::Fail(referee::IoError("use", path, "it is not a folder"));
  }
  // mkdir(2) applies the umask, which may leave less than 0700: set exactly 0700.
  if ((made || existing_too) && ::chmod(folder.c_str(), 0700) != 0) {
    return Failed("set the permissions of", path);
  }
  return {};
}

StoreDisk& SystemDisk() {
  static PosixDisk disk;
  return disk;
}

std::string FolderOf(const std::string& path) {
  std::string folder = fs::path(path).parent_path().string();
  return folder.empty() ? "." : folder;
}

DiskDone WriteFileAtomically(StoreDisk& disk, const std::string& path, const std::string& text,
                             unsigned mode) {
  std::string temporary = path + ".tmp";
  auto fd = disk.Create(temporary, mode, false);
  if (!fd.has_value()) return referee::Fail(fd.error());
  DiskDone done = disk.Write(*fd, text, temporary);
  if (done) done = disk.Sync(*fd, temporary);
  disk.Close(*fd);
  if (done) done = disk.Rename(temporary, path);
  if (done) done = disk.SyncFolder(FolderOf(path));
  return done;
}

DiskDone WriteFileAtomically(const std::string& path, const std::string& text, unsigned mode) {
  return WriteFileAtomically(SystemDisk(), path, text, mode);
}

Unexpected<referee::Error> NotResumed(std::string why) {
  return referee::Fail(referee::Error{referee::ErrorKind::kIo, std::move(why)});
}

Result<std::string, referee::Error> ReadStoreFile(const std::string& path) {
  return io::ReadFile(path, kMostStoreFileBytes);
}

Store::Store(std::string data_folder, StoreDisk& disk)
    : data_folder_(std::move(data_folder)),
      tables_((fs::path(data_folder_) / "tables").string()),
      records_((fs::path(data_folder_) / "records").string()),
      events_((fs::path(data_folder_) / "events").string()),
      log_((fs::path(data_folder_) / "log").string()),
      disk_(disk) {}

std::string Store::JournalPath(const std::string& id) const {
  return (fs::path(tables_) / (id + ".journal")).string();
}
std::string Store::MetaPath(const std::string& id) const {
  return (fs::path(tables_) / (id + ".meta.json")).string();
}
std::string Store::RecordPath(const std::string& id) const {
  return (fs::path(records_) / (id + ".json")).string();
}
TableFiles Store::FilesOf(const std::string& id) const {
  return TableFiles{JournalPath(id), MetaPath(id), RecordPath(id)};
}

std::string Store::EventJournalPath(const std::string& id) const {
  return (fs::path(events_) / (id + ".journal")).string();
}

TableFiles Store::EventFilesOf(const std::string& id) const {
  return TableFiles{EventJournalPath(id), (fs::path(events_) / (id + ".meta.json")).string(), ""};
}

Result<std::vector<std::string>, referee::Error> Store::EventIds() const {
  std::vector<std::string> ids;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(events_, error)) {
    std::string name = entry.path().filename().string();
    constexpr std::string_view kJournal = ".journal";
    if (name.size() > kJournal.size() && name.ends_with(kJournal)) {
      ids.push_back(name.substr(0, name.size() - kJournal.size()));
    }
  }
  if (error) return Fail(IoError("list", events_, error.message()));
  return ids;
}

DiskDone Store::Prepare() {
  DiskDone done = MakePrivateFolder(data_folder_, false);
  if (done) done = MakePrivateFolder(tables_, true);
  if (done) done = MakePrivateFolder(records_, true);
  if (done) done = MakePrivateFolder(events_, true);
  if (done) done = MakePrivateFolder(log_, true);
  return done;
}

std::vector<std::string> Store::Tidy() {
  std::vector<std::string> notes;
  TidyFolder(tables_, &notes);
  TidyFolder(records_, &notes);
  std::string token_temporary = (fs::path(data_folder_) / "organiser.token.tmp").string();
  std::error_code ignored;
  if (fs::exists(token_temporary, ignored)) RemoveLeftover(token_temporary, "", &notes);
  return notes;
}

// Tidies one of the store's folders at start: removes what a crash in the middle of a write left,
// and makes the other files 0600 (older versions wrote them readable to all).
void Store::TidyFolder(const std::string& folder, std::vector<std::string>* notes) {
  std::error_code error;
  int made_private = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
    if (std::optional<std::string> leftover = Leftover(entry, notes)) {
      RemoveLeftover(entry.path().string(), *leftover, notes);
    } else if (MakePrivateFile(entry, notes)) {
      ++made_private;
    }
  }
  if (made_private > 0) {
    notes->push_back(folder + ": made " + std::to_string(made_private) +
                     (made_private == 1 ? " file" : " files") + " private to the owner (0600)");
  }
}

// What a crash while writing leaves: temporary files, and journals of creations that never
// reached their metadata (an empty, torn or header-only journal: no event is journaled before the
// metadata is in place). Returns what the file is, or none to keep it. A journal with events and
// no metadata is not the server's doing: kept, with a note.
std::optional<std::string> Store::Leftover(const fs::directory_entry& entry,
                                           std::vector<std::string>* notes) const {
  if (entry.path().extension() == ".tmp") return "a temporary file";
  if (entry.path().extension() != ".journal") return std::nullopt;
  std::string id = entry.path().stem().string();
  std::error_code unknown;
  if (fs::exists(MetaPath(id), unknown) || unknown) return std::nullopt;  // or cannot tell
  auto text = ReadStoreFile(entry.path().string());
  if (!text.has_value()) return std::nullopt;
  size_t line_break = text->find('\n');
  if (line_break == std::string::npos || line_break + 1 == text->size()) {
    return "the journal of a creation that never finished";
  }
  notes->push_back(entry.path().string() + ": a journal without metadata, left alone (table " + id +
                   " cannot be created)");
  return std::nullopt;
}

// Whether the file had permissions for others than its owner, now taken away.
bool Store::MakePrivateFile(const fs::directory_entry& entry, std::vector<std::string>* notes) {
  std::error_code error;
  fs::file_status status = entry.symlink_status(error);
  fs::perms perms = status.permissions();
  if (error || !fs::is_regular_file(status) || (perms & kNotOwner) == fs::perms::none) {
    return false;
  }
  fs::permissions(entry.path(), perms & ~kNotOwner, error);
  if (error)
    notes->push_back("cannot make " + entry.path().string() + " private: " + error.message());
  return !error;
}

void Store::RemoveLeftover(const std::string& path, const std::string& what,
                           std::vector<std::string>* notes) {
  DiskDone removed = disk_.Remove(path);
  notes->push_back(!removed ? removed.error().message
                            : "removed " + (what.empty() ? path : what + ", " + path));
}

Result<std::vector<std::string>, referee::Error> Store::TableIds() const {
  constexpr std::string_view kSuffix = ".meta.json";
  std::vector<std::string> ids;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(tables_, error)) {
    std::string name = entry.path().filename().string();
    if (name.size() <= kSuffix.size() || !name.ends_with(kSuffix)) continue;
    ids.push_back(name.substr(0, name.size() - kSuffix.size()));
  }
  if (error) return Fail(IoError("list", tables_, error.message()));
  return ids;
}

std::set<std::string> Store::TakenIds() const {
  std::set<std::string> ids;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(tables_, error)) {
    std::string name = entry.path().filename().string();
    for (std::string_view suffix : {".journal", ".meta.json"}) {
      if (name.size() > suffix.size() && name.ends_with(suffix)) {
        ids.insert(name.substr(0, name.size() - suffix.size()));
      }
    }
  }
  return ids;
}

Result<TableMeta, referee::Error> Store::LoadMeta(const std::string& id) const {
  auto text = ReadStoreFile(MetaPath(id));
  if (!text.has_value()) return Fail(std::move(text).error());
  return ReadMeta(*text);
}

Result<std::unique_ptr<live::JournalFile>, referee::Error> Store::OpenJournal(
    const std::string& id) {
  std::error_code error;
  if (!fs::exists(JournalPath(id), error)) {
    return Fail(IoError("open", JournalPath(id), "no journal"));  // not made empty here
  }
  return disk_.OpenJournal(JournalPath(id));
}

DiskDone Store::WriteRecord(const std::string& id, const std::string& text) {
  return WriteFileAtomically(disk_, RecordPath(id), text, 0600);
}

Result<std::string, referee::Error> Store::ReadRecord(const std::string& id) const {
  return ReadStoreFile(RecordPath(id));
}

}  // namespace referee::server
