#include "batch/input_listing.h"

#include <dirent.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <memory>
#include <string_view>
#include <system_error>

#include "formats/input_format.h"
#include "referee/core/printable.h"
#include "referee/core/result.h"

namespace referee::batch {
namespace {

namespace fs = std::filesystem;

// Deeper than any real folder of records; a bound that keeps a hostile tree from exhausting the
// stack.
constexpr int kMaxFolderDepth = 64;

Error CannotRead(const std::string& path, int error) {
  return IoError("read", path, std::generic_category().message(error));
}

// A folder's entries as its listing gives them: their names, kept end to end in one string, and
// the type the listing tells for each (a dirent's d_type; DT_UNKNOWN on a file system that does
// not tell, which is then asked).
struct FolderListing {
  struct Entry {
    size_t offset = 0;
    size_t size = 0;
    unsigned char type = DT_UNKNOWN;
  };
  std::string names;
  std::vector<Entry> entries;
  std::string_view Name(const Entry& entry) const {
    return std::string_view(names).substr(entry.offset, entry.size);
  }
};

// The entries of `folder` but "." and "..", in the listing's order, into `listing`; the error
// where the folder cannot be read (the entries read before it are kept). readdir(3), not
// std::filesystem's iterator, which builds and parses a path per entry: with the sort of those
// entries, listing a folder of 20,000 records cost 147 million instructions before any worker
// could start.
Result<void, Error> ListFolder(const std::string& folder, FolderListing& listing) {
  std::unique_ptr<DIR, int (*)(DIR*)> directory(::opendir(folder.c_str()), ::closedir);
  if (directory == nullptr) return Fail(CannotRead(folder, errno));
  while (true) {
    errno = 0;
    const dirent* entry = ::readdir(directory.get());
    if (entry == nullptr) {
      if (errno != 0) return Fail(CannotRead(folder, errno));
      return {};
    }
    std::string_view name(entry->d_name);
    if (name == "." || name == "..") continue;
    listing.entries.push_back({listing.names.size(), name.size(), entry->d_type});
    listing.names.append(name);
  }
}

// The type of the file at `path` (a link looked through when `follow`), as a dirent's d_type; the
// error where it cannot be told (a link that leads nowhere or round in a loop).
Result<unsigned char, Error> TypeOf(const std::string& path, bool follow) {
  struct stat status {};
  if ((follow ? ::stat(path.c_str(), &status) : ::lstat(path.c_str(), &status)) != 0) {
    return Fail(CannotRead(path, errno));
  }
  unsigned char type = S_ISDIR(status.st_mode)   ? DT_DIR
                       : S_ISREG(status.st_mode) ? DT_REG
                       : S_ISLNK(status.st_mode) ? DT_LNK
                                                 : DT_UNKNOWN;  // a FIFO, a socket, a device
  return type;
}

void WalkFolder(const std::string& folder, int depth, OnProblem on_problem,
                ExpandedInputs& expanded) {
  if (on_problem == OnProblem::kStop && !expanded.problems.empty()) return;
  if (depth > kMaxFolderDepth) {
    std::string why = "folders nested deeper than " + std::to_string(kMaxFolderDepth);
    expanded.problems.push_back({folder, IoError("read", folder, why)});
    return;
  }
  FolderListing listing;
  if (Result<void, Error> listed = ListFolder(folder, listing); !listed.has_value()) {
    expanded.problems.push_back({folder, std::move(listed).error()});
  }
  // In name order, so that warnings and problems come in the same order on every file system.
  // The entries share their folder, so their whole paths sort as their names do.
  std::sort(listing.entries.begin(), listing.entries.end(),
            [&listing](const FolderListing::Entry& a, const FolderListing::Entry& b) {
              return listing.Name(a) < listing.Name(b);
            });
  std::string prefix = folder.ends_with('/') ? folder : folder + '/';
  std::vector<std::string> folders;
  for (const FolderListing::Entry& entry : listing.entries) {
    std::string path;
    path.reserve(prefix.size() + entry.size);
    path.append(prefix).append(listing.Name(entry));
    internal::AddFolderEntry(std::move(path), entry.type, expanded.files, folders,
                             expanded.problems);
  }
  for (const std::string& inner : folders) WalkFolder(inner, depth + 1, on_problem, expanded);
}

}  // namespace

ExpandedInputs ExpandInputs(const std::vector<std::string>& paths, OnProblem on_problem) {
  ExpandedInputs expanded;
  for (const std::string& path : paths) {
    if (on_problem == OnProblem::kStop && !expanded.problems.empty()) break;
    std::error_code error;
    if (path == "-" || !fs::is_directory(path, error)) {
      expanded.files.push_back(path);
      continue;
    }
    // Sorted as whole paths, so a folder's files come in name order however deep they sit.
    auto first_offset = static_cast<std::ptrdiff_t>(expanded.files.size());
    WalkFolder(path, 0, on_problem, expanded);
    auto first = expanded.files.begin() + first_offset;
    // Already in order unless there were folders inside: checked in one pass.
    if (!std::is_sorted(first, expanded.files.end())) std::sort(first, expanded.files.end());
  }
  return expanded;
}

namespace internal {

// What a folder entry is: a link is looked through (a link to a record file is read as the file).
// A link to a folder is not followed, since one that points at an ancestor would make the walk
// endless; it is named in a warning, so records are never left out silently.
// The entry's own type comes with the folder's listing on most file systems, so a folder of
// plain files costs no call per file; only a link is looked through.
void AddFolderEntry(std::string path, unsigned char type, std::vector<std::string>& files,
                    std::vector<std::string>& folders, std::vector<InputProblem>& problems) {
  Result<unsigned char, Error> told = type;
  if (type == DT_UNKNOWN) told = TypeOf(path, false);
  bool link = told.has_value() && *told == DT_LNK;
  if (told.has_value() && *told == DT_DIR) {
    folders.push_back(std::move(path));
    return;
  }
  if (link) told = TypeOf(path, true);
  if (link && told.has_value() && *told == DT_DIR) {
    spdlog::warn("{} is a link to a folder, not followed (name it to verify what it holds)",
                 Printable(path));
    return;
  }
  if (!formats::FormatFromPath(path)) return;
  // A link that leads nowhere or round in a loop, and anything that is not a regular file (a FIFO
  // would block the walk for ever), is a problem.
  if (!told.has_value()) {
    problems.push_back({path, std::move(told).error()});
  } else if (*told != DT_REG) {
    problems.push_back({path, IoError("read", path, "not a regular file")});
  } else {
    files.push_back(std::move(path));
  }
}

}  // namespace internal
}  // namespace referee::batch
