// The journal on a POSIX file: the one place in live/ that touches the disk. Every append is
// write(2) until done, then fdatasync(2); every error is returned, never ignored.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "live/journal.h"
#include "referee/core/result.h"

namespace referee::live {

class JournalFile : public JournalDisk {
 public:
  // Opens `path` for appending, creating it (and syncing its directory, so the new name is as
  // durable as the lines written to it) when it does not exist.
  static Result<std::unique_ptr<JournalFile>, std::string> Open(const std::string& path);
  ~JournalFile() override;
  JournalFile(const JournalFile&) = delete;
  JournalFile& operator=(const JournalFile&) = delete;

  Result<std::string, std::string> ReadAll() const;
  // Cuts the file to `size` bytes (a torn last line) and makes that durable.
  std::optional<std::string> Truncate(size_t size);
  std::optional<std::string> Append(std::string_view bytes) override;

 private:
  JournalFile(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  std::string Error(const std::string& what) const;

  int fd_;
  std::string path_;
};

}  // namespace referee::live
