// Reading the documents of one input (a file or standard input): YAML and JSON as one document,
// JSON Lines record by record without holding the whole stream.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "formats/input_format.h"
#include "formats/read_limits.h"
#include "referee/core/result.h"
#include "referee/record/node.h"
#include "reports/source_text.h"
#include "verifier/verdict.h"

namespace referee::cli {

struct Document {
  std::string source;     // the file name as given ("-" reads standard input)
  int index = 0;          // 0-based record number in the input
  bool streamed = false;  // one record of a JSON Lines stream
  Result<record::Node> node;
  reports::SourceText text;  // for quoting lines in diagnostics
};

// The record files to read for the paths a user gave: files as given, folders walked (in name
// order) for files whose extension names a record format; other files there are left out.
// Symbolic links to folders are not followed, so a link loop cannot make the walk endless (each
// one is named in a warning on standard error); a link to a file is read as the file. A folder
// that cannot be read (no permission, nested more than 64 deep) and a file with a record's
// extension that is not a regular file (a FIFO, a link that loops or leads nowhere) are problems,
// reported with their path, and the walk goes on with the rest.
struct ExpandedInputs {
  std::vector<std::string> files;
  std::vector<std::string> problems;  // "cannot read DIR: Permission denied"
};
// kStop ends the walk at the first problem, for a caller that fails on one anyway: a hostile glob
// such as `/*` then costs the walk up to its first unreadable folder, not the whole file system.
enum class OnProblem { kGoOn, kStop };
ExpandedInputs ExpandInputs(const std::vector<std::string>& paths,
                            OnProblem on_problem = OnProblem::kGoOn);

// Reads the file at `path` ("-": standard input) into `text`, at most `limit` + 1 bytes: enough
// for a reader with that limit to say `too-large` without a huge file (or /dev/zero) being read
// whole. Returns an error message when the file cannot be read (missing, a folder, a read error).
std::optional<std::string> ReadFileBounded(const std::string& path, size_t limit,
                                           std::string& text);

// Calls `visit` for every document of `path`. Returns an error message when the input cannot be
// read at all (missing file, a directory, a read error): an I/O problem, not a malformed record.
std::optional<std::string> ForEachDocument(const std::string& path,
                                           std::optional<formats::InputFormat> format,
                                           const formats::ReadLimits& limits,
                                           const std::function<void(Document&)>& visit);

// What the work on one document produced, to be emitted in input order.
struct DocumentOutput {
  verifier::Status status = verifier::Status::kValid;
  std::string text;
};
using DocumentWork = std::function<DocumentOutput(Document&)>;
using DocumentEmit = std::function<void(DocumentOutput&)>;

// Like ForEachDocument, with the work split from the output: the records of a JSON Lines stream
// are worked on by up to `threads` threads (a whole document, on the calling thread), and every
// output reaches `emit` on the calling thread in input order. `work` must be safe to run on
// several threads at once. Memory stays bounded: only a window of records is in flight.
std::optional<std::string> ForEachDocumentInParallel(const std::string& path,
                                                     std::optional<formats::InputFormat> format,
                                                     const formats::ReadLimits& limits,
                                                     unsigned threads, const DocumentWork& work,
                                                     const DocumentEmit& emit);

}  // namespace referee::cli
