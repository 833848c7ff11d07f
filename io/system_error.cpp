#include "io/system_error.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace referee::io {

Error SystemError(std::string_view action, const std::string& path) {
  return IoError(action, path, std::strerror(errno));
}

Result<void, Error> SyncFolder(const std::string& folder) {
  int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return Fail(SystemError("open the folder", folder));
  Result<void, Error> synced;
  if (::fsync(fd) != 0) synced = Fail(SystemError("sync the folder", folder));
  ::close(fd);
  return synced;
}

}  // namespace referee::io
