// Which record files a league counts, from what each entry of its `records:` found on disk (the
// CLI finds the files; choosing among them is pure). A file found by several entries (a folder and
// a file inside it, a folder and a glob, two spellings of one path, a link to it) is one record
// file, counted once: the most specific entry gives its round, an explicit file over a glob over
// a folder, and of two folders or two globs the one with more path components.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "league/league.h"
#include "referee/core/result.h"

namespace referee::league {

enum class SourceKind { kFolder, kGlob, kFile };  // in order of specificity

// One file however it is named: its device and inode.
struct FileIdentity {
  uint64_t device = 0;
  uint64_t inode = 0;
  auto operator<=>(const FileIdentity&) const = default;
};

struct FoundFile {
  std::string path;  // as found, for people
  FileIdentity identity;
};

// The files one entry found.
struct EntryFiles {
  size_t entry = 0;  // index in League::records
  SourceKind kind = SourceKind::kFile;
  size_t depth = 0;  // path components of the entry
  std::vector<FoundFile> files;
};

struct ListedFile {
  std::string path;
  size_t entry = 0;  // the chosen entry, in League::records: its round is the file's
  // How specific that entry is, in the order of the entries' (SourceKind, then depth): of two
  // copies of one match, the one listed more specifically counts (PlayedRecord::specificity).
  uint32_t specificity = 0;
};

// Each file once, with the round of its most specific entry, in the order of the entries. Two
// entries equally specific that give one file different rounds are a `conflicting-rounds` error
// at the later entry: the league file does not say which round the record counts for.
Result<std::vector<ListedFile>> ChooseFiles(const League& league,
                                            const std::vector<EntryFiles>& found);

}  // namespace referee::league
