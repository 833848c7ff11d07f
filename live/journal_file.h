// The journal on a POSIX file: the one place in live/ that touches the disk. Every append is
// write(2) until done, then fdatasync(2); every error is returned, never ignored. The file must be
// a regular file (a device or a FIFO is refused before it is opened) of at most kMaxJournalBytes,
// read and written within that limit.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "live/journal.h"
#include "referee/core/error.h"
#include "referee/core/result.h"

namespace referee::live {

class JournalFile : public JournalDisk {
 public:
  // Opens `path` for appending, creating it (and syncing its directory, so the new name is as
  // durable as the lines written to it) when it does not exist. Anything but a regular file is
  // refused: "cannot open the journal PATH: not a regular file".
  static Result<std::unique_ptr<JournalFile>, Error> Open(const std::string& path);
  ~JournalFile() override;
  JournalFile(const JournalFile&) = delete;
  JournalFile& operator=(const JournalFile&) = delete;

  // The file's size in bytes.
  size_t Size() const { return size_; }
  // The whole file, read through io/ (the one bounded reader); one over kMaxJournalBytes is an
  // error, never read whole nor cut short.
  Result<std::string, Error> ReadAll() const;
  // Cuts the file to `size` bytes (a torn last line) and makes that durable.
  Result<void, Error> Truncate(size_t size);
  // Also refuses to grow the file past kMaxJournalBytes: it could not be read back.
  Result<void, Error> Append(std::string_view bytes) override;

 private:
  JournalFile(int fd, std::string path, size_t size)
      : fd_(fd), path_(std::move(path)), size_(size) {}
  Unexpected<Error> Failure(const std::string& action) const;  // from errno

  int fd_;
  std::string path_;
  size_t size_;
};

}  // namespace referee::live
