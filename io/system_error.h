// What the operating system said of a call on a path, and the one folder sync: shared by every
// room that writes files (the server's store, a live journal), so that their errors read alike.
#pragma once

#include <string>
#include <string_view>

#include "referee/core/error.h"
#include "referee/core/result.h"

namespace referee::io {

// The call that just failed, from errno: "cannot ACTION PATH: <strerror>", the path escaped.
Error SystemError(std::string_view action, const std::string& path);

// fsync(2) of a folder: the names in it (a new file's, a renamed one's) made durable.
Result<void, Error> SyncFolder(const std::string& folder);

}  // namespace referee::io
