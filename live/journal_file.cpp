#include "live/journal_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "io/input_file.h"
#include "io/system_error.h"
#include "referee/core/printable.h"

namespace referee::live {
namespace {

// A new file's name lives in its folder: sync that too.
Result<void, Error> SyncFolderOf(const std::string& path) {
  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  return io::SyncFolder(parent.empty() ? std::string(".") : parent.string());
}

std::string NotRegular(const std::string& path) {
  return "cannot open the journal " + Printable(path) + ": not a regular file";
}

}  // namespace

Result<std::unique_ptr<JournalFile>, Error> JournalFile::Open(const std::string& path) {
  // A device or a FIFO is refused before it is opened: opening one may block (a FIFO) or act.
  struct stat status;
  bool existed = ::stat(path.c_str(), &status) == 0;
  if (existed && !S_ISREG(status.st_mode)) return Fail(Error{ErrorKind::kIo, NotRegular(path)});
  // Not blocking, in case a FIFO took the name since; a regular file ignores the flag.
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0600);
  if (fd < 0) return Fail(io::SystemError("open the journal", path));
  if (::fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) {
    ::close(fd);
    return Fail(Error{ErrorKind::kIo, NotRegular(path)});
  }
  std::unique_ptr<JournalFile> file(new JournalFile(fd, path, static_cast<size_t>(status.st_size)));
  if (!existed) {
    if (Result<void, Error> synced = SyncFolderOf(path); !synced) return Fail(synced.error());
  }
  return file;
}

JournalFile::~JournalFile() { ::close(fd_); }

Unexpected<Error> JournalFile::Failure(const std::string& action) const {
  return Fail(io::SystemError(action, path_));
}

Result<std::string, Error> JournalFile::ReadAll() const {
  return io::ReadFile(path_, kMaxJournalBytes);
}

Result<void, Error> JournalFile::Truncate(size_t size) {
  if (::ftruncate(fd_, static_cast<off_t>(size)) != 0) return Failure("truncate the journal");
  size_ = size;
  if (::fdatasync(fd_) != 0) return Failure("sync the journal");
  return {};
}

Result<void, Error> JournalFile::Append(std::string_view bytes) {
  if (size_ + bytes.size() > kMaxJournalBytes) {
    return Fail(IoError("write the journal", path_,
                        "it would grow past " + std::to_string(kMaxJournalBytes) +
                            " bytes, more than can be read back"));
  }
  // One write(2) normally does it; a short write is continued, never dropped.
  while (!bytes.empty()) {
    ssize_t written = ::write(fd_, bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) return Failure("write the journal");
    bytes.remove_prefix(static_cast<size_t>(written));
    size_ += static_cast<size_t>(written);
  }
  if (::fdatasync(fd_) != 0) return Failure("sync the journal");
  return {};
}

}  // namespace referee::live
