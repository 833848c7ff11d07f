// The record files to read for the paths a user gave: files as given, folders walked (in name
// order) for files whose extension names a record format; other files there are left out.
// Symbolic links to folders are not followed, so a link loop cannot make the walk endless (each
// one is named in a warning on standard error); a link to a file is read as the file. A folder
// that cannot be read (no permission, nested more than 64 deep) and a file with a record's
// extension that is not a regular file (a FIFO, a link that loops or leads nowhere) are problems,
// reported with their path, and the walk goes on with the rest.
#pragma once

#include <string>
#include <vector>

#include "referee/core/error.h"

namespace referee::batch {

// A path that cannot be read, and why ("cannot read PATH: Permission denied").
struct InputProblem {
  std::string path;
  Error error;
};
struct ExpandedInputs {
  std::vector<std::string> files;
  std::vector<InputProblem> problems;
};

// kStop ends the walk at the first problem, for a caller that fails on one anyway: a hostile glob
// such as `/*` then costs the walk up to its first unreadable folder, not the whole file system.
enum class OnProblem { kGoOn, kStop };
ExpandedInputs ExpandInputs(const std::vector<std::string>& paths,
                            OnProblem on_problem = OnProblem::kGoOn);

namespace internal {

// What the walk of a folder makes of one entry at `path`, given the type the folder's listing
// gave it (a dirent's d_type; DT_UNKNOWN where the file system does not say, and the file itself
// is asked): a folder to walk, a record file, a problem, or nothing (a link to a folder is named
// in a warning; a file without a record's extension is left out).
void AddFolderEntry(std::string path, unsigned char type, std::vector<std::string>& files,
                    std::vector<std::string>& folders, std::vector<InputProblem>& problems);

}  // namespace internal
}  // namespace referee::batch
