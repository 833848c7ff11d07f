#include "live/journal_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace referee::live {
namespace {

std::string Describe(const std::string& what, const std::string& path) {
  return what + " " + path + ": " + std::strerror(errno);
}

// A new file's name lives in its directory: sync that too.
std::optional<std::string> SyncDirectory(const std::string& path) {
  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  std::string directory = parent.empty() ? std::string(".") : parent.string();
  int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return Describe("cannot open the directory", directory);
  bool synced = ::fsync(fd) == 0;
  std::optional<std::string> error;
  if (!synced) error = Describe("cannot sync the directory", directory);
  ::close(fd);
  return error;
}

}  // namespace

Result<std::unique_ptr<JournalFile>, std::string> JournalFile::Open(const std::string& path) {
  struct stat status;
  bool existed = ::stat(path.c_str(), &status) == 0;
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return Unexpected<std::string>(Describe("cannot open the journal", path));
  std::unique_ptr<JournalFile> file(new JournalFile(fd, path));
  if (!existed) {
    if (std::optional<std::string> error = SyncDirectory(path)) {
      return Unexpected<std::string>(*error);
    }
  }
  return file;
}

JournalFile::~JournalFile() { ::close(fd_); }

std::string JournalFile::Error(const std::string& what) const { return Describe(what, path_); }

Result<std::string, std::string> JournalFile::ReadAll() const {
  std::string text;
  char buffer[1 << 16];
  for (off_t offset = 0;;) {
    ssize_t got = ::pread(fd_, buffer, sizeof(buffer), offset);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return Unexpected<std::string>(Error("cannot read the journal"));
    if (got == 0) return text;
    text.append(buffer, static_cast<size_t>(got));
    offset += got;
  }
}

std::optional<std::string> JournalFile::Truncate(size_t size) {
  if (::ftruncate(fd_, static_cast<off_t>(size)) != 0) return Error("cannot truncate the journal");
  if (::fdatasync(fd_) != 0) return Error("cannot sync the journal");
  return std::nullopt;
}

std::optional<std::string> JournalFile::Append(std::string_view bytes) {
  // One write(2) normally does it; a short write is continued, never dropped.
  while (!bytes.empty()) {
    ssize_t written = ::write(fd_, bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) return Error("cannot write the journal");
    bytes.remove_prefix(static_cast<size_t>(written));
  }
  if (::fdatasync(fd_) != 0) return Error("cannot sync the journal");
  return std::nullopt;
}

}  // namespace referee::live
