// Creating a table is atomic (docs/serve.md, "Durability"): a crash at any step between the first
// byte written and the reply leaves, after a restart, either the whole table or its id free (the
// whole table if the creation was acknowledged), and no temporary file. The crash is a disk that
// stops at a chosen step: that call and every later one fail and do nothing, as when the process
// dies there (a write stopped there writes half its bytes).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <mutex>
#include <sstream>

#include "live/journal.h"
#include "server/bot_client.h"
#include "tests/server/serve_test_util.h"

namespace referee::testing {
namespace {

namespace fs = std::filesystem;

class StoppingDisk : public server::StoreDisk {
 public:
  // From now on, the call numbered `step` (0: the next one) and every later call fail.
  void StopAt(int step) {
    std::lock_guard lock(mutex_);
    steps_ = 0;
    stop_at_ = step;
  }
  bool stopped() {
    std::lock_guard lock(mutex_);
    return stopped_;
  }

  Result<int, referee::Error> Create(const std::string& path, unsigned mode,
                                     bool exclusive) override {
    if (Stops()) return Stopped("create", path);
    return real_.Create(path, mode, exclusive);
  }
  server::DiskDone Write(int fd, std::string_view bytes, const std::string& path) override {
    if (Stops()) {
      (void)real_.Write(fd, bytes.substr(0, bytes.size() / 2), path);  // a torn write
      return Stopped("write", path);
    }
    return real_.Write(fd, bytes, path);
  }
  server::DiskDone Sync(int fd, const std::string& path) override {
    if (Stops()) return Stopped("sync", path);
    return real_.Sync(fd, path);
  }
  server::DiskDone SyncData(int fd, const std::string& path) override {
    if (Stops()) return Stopped("sync", path);
    return real_.SyncData(fd, path);
  }
  Result<int, referee::Error> OpenExisting(const std::string& path) override {
    if (Stops()) return Stopped("open", path);
    return real_.OpenExisting(path);
  }
  server::DiskDone WriteAt(int fd, std::string_view bytes, uint64_t offset,
                           const std::string& path) override {
    if (Stops()) {
      (void)real_.WriteAt(fd, bytes.substr(0, bytes.size() / 2), offset, path);  // torn
      return Stopped("write", path);
    }
    return real_.WriteAt(fd, bytes, offset, path);
  }
  server::DiskDone Truncate(int fd, uint64_t size, const std::string& path) override {
    if (Stops()) return Stopped("truncate", path);
    return real_.Truncate(fd, size, path);
  }
  void Close(int fd) override { real_.Close(fd); }  // a dead process's files close too
  server::DiskDone Rename(const std::string& from, const std::string& to) override {
    if (Stops()) return Stopped("rename to", to);
    return real_.Rename(from, to);
  }
  server::DiskDone SyncFolder(const std::string& folder) override {
    if (Stops()) return Stopped("sync", folder);
    return real_.SyncFolder(folder);
  }
  server::DiskDone SyncFileSystem(const std::string& folder) override {
    if (Stops()) return Stopped("sync the file system of", folder);
    return real_.SyncFileSystem(folder);
  }
  server::DiskDone Remove(const std::string& path) override {
    if (Stops()) return Stopped("remove", path);
    return real_.Remove(path);
  }
  Result<std::unique_ptr<live::JournalFile>, referee::Error> OpenJournal(
      const std::string& path) override {
    if (Stops()) return Fail(IoError("open", path, "stopped before opening it"));
    return real_.OpenJournal(path);
  }

 private:
  static Unexpected<referee::Error> Stopped(std::string_view action, const std::string& path) {
    return Fail(IoError(action, path, "the disk stopped"));
  }
  // The commit log's thread and the files worker call it at once.
  bool Stops() {
    std::lock_guard lock(mutex_);
    if (stop_at_ >= 0 && steps_++ >= stop_at_) stopped_ = true;
    return stopped_;
  }

  server::PosixDisk real_;
  std::mutex mutex_;
  int steps_ = 0;
  int stop_at_ = -1;
  bool stopped_ = false;
};

std::vector<std::string> TemporaryFiles(const fs::path& data) {
  std::vector<std::string> found;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(data)) {
    if (entry.path().extension() == ".tmp") found.push_back(entry.path().string());
  }
  return found;
}

std::string CreateBody(const std::string& id) {
  return R"({"id":")" + id + R"(","header":)" + SmallHeader("collusion", "stopped") + "}";
}

TEST(ServeStore, ACreationStoppedAtAnyStepLeavesTheTableWholeOrItsIdFree) {
  int whole = 0;
  int free = 0;
  for (int step = 0;; ++step) {
    SCOPED_TRACE("the disk stops at step " + std::to_string(step));
    fs::path data = ServeScratch("stopped-" + std::to_string(step));
    StoppingDisk disk;
    int status = 0;
    {
      TestServer server(data, 2000, 3000, 256, &disk);
      server::HttpClient client("127.0.0.1", server.port());
      disk.StopAt(step);
      auto created = client.Request("POST", "/tables", kOrganiser, CreateBody("t"));
      ASSERT_TRUE(created.has_value());
      status = created->status;
      // 201 once the creation is durable in the commit log, even if its files could not be
      // written after: the restart writes them.
      if (disk.stopped()) {
        EXPECT_TRUE(status == 201 || status == 500) << created->body;
      } else {
        EXPECT_EQ(status, 201) << created->body;
      }
    }
    if (!disk.stopped()) break;  // every step has been stopped at
    TestServer restarted(data);
    server::HttpClient client("127.0.0.1", restarted.port());
    EXPECT_EQ(TemporaryFiles(data), std::vector<std::string>{});
    auto table = client.Request("GET", "/tables/t");
    ASSERT_TRUE(table.has_value());
    if (status == 201) {
      EXPECT_EQ(table->status, 200) << "an acknowledged creation was lost";
    }
    if (table->status == 200) {
      ++whole;
      EXPECT_EQ(Text(table->json, "status"), "in-play") << table->body;
      EXPECT_NE(table->json.Find("header"), nullptr);
      EXPECT_EQ(client.Request("POST", "/tables", kOrganiser, CreateBody("t"))->status, 409);
      // Its reply was lost: new tokens are the way out.
      auto tokens = client.Request("POST", "/tables/t/tokens", kOrganiser);
      ASSERT_EQ(tokens->status, 200) << tokens->body;
      std::string north = Text(*tokens->json.Find("tokens"), "N");
      EXPECT_EQ(client.Request("GET", "/tables/t/view", north)->status, 200);
    } else {
      ++free;
      EXPECT_EQ(table->status, 404) << table->body;
      CreatedTable again = CreateTable(client, SmallHeader("collusion", "again"), R"(,"id":"t")");
      ASSERT_EQ(again.tokens.size(), 4u);
      EXPECT_EQ(client.Request("GET", "/tables/t/view", again.tokens[0])->status, 200);
    }
  }
  EXPECT_GT(free, 0);
  EXPECT_GT(whole, 0);  // stopped after the metadata was in place: the reply was lost
}

fs::perms Permissions(const fs::path& path) {
  return fs::status(path).permissions() & fs::perms::all;
}

// Journals and records hold the seed: the data folder, its folders and its files are private to
// the server's user whatever the umask (000 here); those an older version left open are closed at
// start.
// A data folder's path comes from the command line: the error that names it escapes what would
// act on a terminal (it was written raw).
TEST(ServeStore, ADataFolderThatCannotBeMadeIsNamedEscaped) {
  fs::path base = ServeScratch("escaped");
  fs::path not_a_folder = base / "club\x1b[2J";
  { std::ofstream file(not_a_folder); }
  server::DiskDone made = server::MakePrivateFolder((not_a_folder / "data").string(), false);
  ASSERT_FALSE(made.has_value());
  EXPECT_EQ(made.error().message.find('\x1b'), std::string::npos) << made.error().message;
  EXPECT_NE(made.error().message.find("club\\x1b[2J"), std::string::npos) << made.error().message;
  EXPECT_EQ(made.error().exit_code(), 4);
}

TEST(ServeStore, TheDataFolderAndItsFilesArePrivateWhateverTheUmask) {
  mode_t umask_before = ::umask(0);
  fs::path data = ServeScratch("private") / "data";
  {
    TestServer server(data);
    server::HttpClient client("127.0.0.1", server.port());
    CreatedTable table = CreateTable(client, SmallHeader("collusion", "private"));
    std::vector<std::unique_ptr<Bot>> bots;
    for (size_t i = 0; i < table.tokens.size(); ++i) bots.push_back(std::make_unique<RandomBot>());
    auto played = server::DriveTable(server.port(), table.id, table.tokens, bots, 14);
    ASSERT_TRUE(played.has_value()) << played.error();
  }
  // As an older version left them: open to all. A restart closes them.
  fs::permissions(data / "records", fs::perms::all);
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(data)) {
    if (entry.is_regular_file()) fs::permissions(entry.path(), fs::perms(0666));
  }
  TestServer restarted(data);
  ::umask(umask_before);
  const fs::perms kFolder = fs::perms::owner_all;
  const fs::perms kFile = fs::perms::owner_read | fs::perms::owner_write;
  EXPECT_EQ(Permissions(data), kFolder);
  EXPECT_EQ(Permissions(data / "tables"), kFolder);
  EXPECT_EQ(Permissions(data / "records"), kFolder);
  EXPECT_EQ(Permissions(data / "log"), kFolder);
  int files = 0;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(data)) {
    if (!entry.is_regular_file()) continue;
    ++files;
    EXPECT_EQ(Permissions(entry.path()), kFile) << entry.path();
  }
  EXPECT_EQ(files, 4);  // the journal, the metadata, the record and the commit log's segment
}

}  // namespace
}  // namespace referee::testing
