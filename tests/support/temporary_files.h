// Files a test writes into the temporary folder, removed when the test's process ends, so that a
// run leaves nothing behind there (a published ratings file of the checks is 17 MB).
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

namespace referee::testing {

namespace internal {
struct TemporaryFiles {
  std::vector<std::filesystem::path> paths;
  ~TemporaryFiles() {
    std::error_code ignored;
    for (const std::filesystem::path& path : paths) std::filesystem::remove(path, ignored);
  }
};
inline TemporaryFiles& Written() {
  static TemporaryFiles written;
  return written;
}
}  // namespace internal

// Writes `text` to the file `name` in the temporary folder; returns its path.
inline std::string WriteTemporaryFile(const std::string& name, const std::string& text) {
  std::filesystem::path path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path, std::ios::binary) << text;
  internal::Written().paths.push_back(path);
  return path.string();
}

}  // namespace referee::testing
