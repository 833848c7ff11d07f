// Reading the documents of inputs (files or standard input): JSON as one document, YAML document
// by document (a stream of `---`-separated records), JSON Lines record by record without holding
// the whole stream; many inputs on every core, in order.
#pragma once

#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "formats/document_stream.h"
#include "formats/input_format.h"
#include "formats/line_blocks.h"
#include "formats/read_limits.h"
#include "referee/core/result.h"
#include "referee/core/seeded_deal.h"
#include "referee/record/node.h"
#include "reports/source_text.h"
#include "verifier/ordered_pipeline.h"
#include "verifier/verifier.h"

namespace referee::cli {

struct Document {
  std::string source;     // the file name as given ("-" reads standard input)
  int index = 0;          // 0-based record number in the input
  bool streamed = false;  // one record of a stream (JSON Lines, a YAML file of several documents)
  // The record's tree, when it was made as the document was read (a live journal, a line too
  // long to keep), or once Node() has been asked for it; the verifier reads the text itself.
  std::optional<Result<record::Node>> parsed;
  reports::SourceText text;  // for quoting lines in diagnostics
  size_t input = 0;          // 0-based position of its input among those given
  // The encoding of the text, when the text is the record (a file, a JSON Lines line): it is
  // verified from it (verifier/verify_text.h) and its findings are placed in it. A live
  // journal's lines are not the record's text.
  std::optional<formats::InputFormat> text_format;
  formats::ReadLimits limits;  // what the text is read with

  // The record's tree, or the finding that kept it from being read.
  Result<record::Node>& Node();
};

// The verdict on a document, named as the user sees it ("games.jsonl#3" for the third record of a
// stream, 1-based), its findings placed in its text; `voids` as verifier::VerifyDocument takes
// them.
verifier::Verdict VerifyDocument(Document& document,
                                 const verifier::DirectorVoids* voids = nullptr);

// The record files to read for the paths a user gave: files as given, folders walked (in name
// order) for files whose extension names a record format; other files there are left out.
// Symbolic links to folders are not followed, so a link loop cannot make the walk endless (each
// one is named in a warning on standard error); a link to a file is read as the file. A folder
// that cannot be read (no permission, nested more than 64 deep) and a file with a record's
// extension that is not a regular file (a FIFO, a link that loops or leads nowhere) are problems,
// reported with their path, and the walk goes on with the rest.
struct InputProblem {
  std::string path;
  std::string reason;  // "Permission denied"
  std::string Text() const { return "cannot read " + path + ": " + reason; }
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

// Reads the file at `path` ("-": standard input) into `text`, at most `limit` + 1 bytes: enough
// for a reader with that limit to say `too-large` without a huge file (or /dev/zero) being read
// whole. Returns an error message when the file cannot be read (missing, a folder, a read error).
std::optional<std::string> ReadFileBounded(const std::string& path, size_t limit,
                                           std::string& text);

// The SHA-256 and the size of bytes read a block at a time, never held whole.
struct FileDigest {
  Sha256Digest sha256{};
  size_t size = 0;
};
// ReadFileBounded, and for a file over `limit`: when `bound` (given the text read so far) names a
// bound, the SHA-256 and size of the whole file in `digest`, reading on a block at a time up to
// `bound` + 1 bytes in all (so /dev/zero ends; a `size` over the bound says there was more). The
// file is read once, so standard input works too. `digested` says whether `digest` was made.
std::optional<std::string> ReadFileBoundedOrDigest(
    const std::string& path, size_t limit, std::string& text,
    const std::function<std::optional<size_t>(const std::string& text)>& bound, FileDigest& digest,
    bool& digested);

// Calls `visit` for every document of `path`. Returns an error message when the input cannot be
// read at all (missing file, a directory, a read error): an I/O problem, not a malformed record.
std::optional<std::string> ForEachDocument(const std::string& path,
                                           std::optional<formats::InputFormat> format,
                                           const formats::ReadLimits& limits,
                                           const std::function<void(Document&)>& visit);

// How ForEachDocumentOfInputs reads.
struct InputOptions {
  std::optional<formats::InputFormat> format;  // none: from each file's extension, or sniffed
  formats::ReadLimits limits;
  unsigned threads = 1;
};

// Where a run over inputs has got to, reported in input order after the documents it covers:
// how many bytes of input they took, and whether an input ended there (and if it could not be
// read, wholly or from some point on, why).
struct InputStep {
  size_t bytes = 0;
  bool input_ended = false;
  std::string path;                    // of the input that ended
  std::optional<std::string> failure;  // "cannot read PATH: ..."
};

namespace internal {

// A share of the work of ForEachDocumentOfInputs, made on the calling thread and done on any:
// whole files that the worker reads itself, or what the calling thread read of one input (a
// block of whole lines of a JSON Lines stream, which the worker cuts into records; one document
// of standard input or a journal), or the end of an input that the calling thread reads.
struct WholeFile {
  std::string path;
  size_t input = 0;
  formats::InputFormat format = formats::InputFormat::kYaml;
};
struct Piece {
  std::vector<WholeFile> files;
  std::string path;
  size_t input = 0;
  std::optional<formats::LineBlock> block;
  std::vector<Document> documents;  // of standard input (a YAML stream may hold several)
  size_t bytes = 0;                 // of the block or the documents
  bool ends_input = false;
  std::optional<std::string> failure;
};

// Cuts the inputs into pieces, in order, on the calling thread.
class PieceReader {
 public:
  PieceReader(std::vector<std::string> paths, const InputOptions& options);
  ~PieceReader();
  PieceReader(const PieceReader&) = delete;
  PieceReader& operator=(const PieceReader&) = delete;

  std::optional<Piece> Next();

 private:
  struct OpenInput;
  std::optional<Piece> NextOfOpenInput();
  bool ReadByWorker(const std::string& path) const;
  Piece OpenNext();

  std::vector<std::string> paths_;
  size_t next_ = 0;
  InputOptions options_;
  std::unique_ptr<OpenInput> open_;  // a stream being read, with its piece count
};

// Visits the documents of a piece in order, and reports each input step after its documents.
// The records of a block are visited as one Document, reused from one record to the next.
void VisitPiece(Piece& piece, const formats::ReadLimits& limits,
                const std::function<void(Document&)>& visit,
                const std::function<void(InputStep)>& step);

// A piece holds at most this many whole files, or a block of a stream's lines of about this
// many bytes (more when one line is longer): under the size from which malloc maps memory of its
// own (128 KB), so that blocks reuse the heap rather than fault in fresh pages each.
constexpr size_t kFilesPerPiece = 8;
constexpr size_t kBlockBytes = size_t{96} << 10;

// The pieces in flight at once: a few per thread, enough to keep every thread busy and few
// enough to bound memory.
size_t PiecesInFlight(unsigned threads);

// What the walk of a folder makes of one entry at `path`, given the type the folder's listing
// gave it (a dirent's d_type; DT_UNKNOWN where the file system does not say, and the file itself
// is asked): a folder to walk, a record file, a problem, or nothing (a link to a folder is named
// in a warning; a file without a record's extension is left out).
void AddFolderEntry(std::string path, unsigned char type, std::vector<std::string>& files,
                    std::vector<std::string>& folders, std::vector<InputProblem>& problems);

// What the work on a piece made, in order: outputs, input steps and at most one failure (last).
template <typename Output>
using PieceDone = std::vector<std::variant<Output, InputStep, std::exception_ptr>>;

// Works on the documents of a piece, on any thread; after a failure, on no more of them.
template <typename Output>
PieceDone<Output> WorkOn(Piece& piece, const formats::ReadLimits& limits,
                         const std::function<Output(Document&)>& work) {
  PieceDone<Output> done;
  bool failed = false;
  auto visit = [&](Document& document) {
    if (failed) return;
    try {
      done.emplace_back(std::in_place_index<0>, work(document));
    } catch (...) {
      done.emplace_back(std::in_place_index<2>, std::current_exception());
      failed = true;
    }
  };
  VisitPiece(piece, limits, visit, [&](InputStep input_step) {
    if (!failed) done.emplace_back(std::in_place_index<1>, std::move(input_step));
  });
  return done;
}

// On the calling thread: emits a piece's outputs and steps in order; rethrows its failure.
template <typename Output>
void EmitInOrder(PieceDone<Output>& done, const std::function<void(Output&)>& emit,
                 const std::function<void(const InputStep&)>& step) {
  for (auto& item : done) {
    if (item.index() == 0) emit(std::get<0>(item));
    if (item.index() == 1) step(std::get<1>(item));
    if (item.index() == 2) std::rethrow_exception(std::get<2>(item));
  }
}

}  // namespace internal

// Calls `work` for every document of every input (files, "-" for standard input), on up to
// `options.threads` threads, and `emit` with what it made, on the calling thread in the order of
// the inputs and of the documents in each. `step` follows the documents it covers (see
// InputStep); an input that cannot be read is an ended step with a failure, and the run goes on.
// Files of one document are read and parsed on the worker threads, a few to a piece; a JSON
// Lines stream is read on the calling thread in blocks of whole lines, which the workers cut
// into records and parse. Memory stays bounded whatever the number of inputs or records: only a
// window of pieces is in flight, and each path is let go once its input has been cut into pieces.
// `work` must be safe to run on several threads at once; an exception it throws reaches the
// caller after the documents before its own are emitted, as it would with one thread.
template <typename Output>
void ForEachDocumentOfInputs(std::vector<std::string> paths, const InputOptions& options,
                             const std::function<Output(Document&)>& work,
                             const std::function<void(Output&)>& emit,
                             const std::function<void(const InputStep&)>& step) {
  internal::PieceReader reader(std::move(paths), options);
  verifier::OrderedPipeline<internal::Piece, internal::PieceDone<Output>> pipeline(
      options.threads, internal::PiecesInFlight(options.threads));
  pipeline.Run(
      [&] { return reader.Next(); },
      [&](internal::Piece& piece) { return internal::WorkOn(piece, options.limits, work); },
      [&](internal::PieceDone<Output>& done) { internal::EmitInOrder(done, emit, step); });
}

}  // namespace referee::cli
