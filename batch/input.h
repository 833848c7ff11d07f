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

#include "batch/input_listing.h"
#include "formats/document_stream.h"
#include "formats/input_format.h"
#include "formats/line_blocks.h"
#include "formats/read_limits.h"
#include "referee/core/error.h"
#include "referee/core/result.h"
#include "referee/core/seeded_deal.h"
#include "referee/record/node.h"
#include "reports/source_text.h"
#include "verifier/ordered_pipeline.h"
#include "verifier/verifier.h"

namespace referee::batch {

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

// The SHA-256 and the size of bytes read a block at a time, never held whole.
struct FileDigest {
  Sha256Digest sha256{};
  size_t size = 0;
};
// The text of an input, or for one over the limit that a bound applies to, its digest.
struct TextOrDigest {
  std::string text;                  // at most `limit` + 1 bytes; empty when digested
  std::optional<FileDigest> digest;  // made for an input over `limit` that `bound` bounds
};
// The input at `path` ("-": standard input), at most `limit` + 1 bytes of it; and for one over
// `limit`, when `bound` (given the text read so far) names a bound, the SHA-256 and size of the
// whole input instead, reading on a block at a time up to `bound` + 1 bytes in all (so /dev/zero
// ends; a `size` over the bound says there was more). The input is read once, so standard input
// works too.
Result<TextOrDigest, Error> ReadTextOrDigest(
    const std::string& path, size_t limit,
    const std::function<std::optional<size_t>(const std::string& text)>& bound);

// Calls `visit` for every document of `path`. Fails when the input cannot be read (missing file,
// a folder, a read error): an I/O problem, not a malformed record.
Result<void, Error> ForEachDocument(const std::string& path,
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
  std::string path;          // of the input that ended
  Result<void, Error> read;  // the error that ended the input, if it could not be read
};

namespace internal {

// A chunk of the work of ForEachDocumentOfInputs, made on the calling thread and done on any:
// whole files that the worker reads itself, or what the calling thread read of one input (a
// block of whole lines of a JSON Lines stream, which the worker cuts into records; one document
// of standard input or a journal), or the end of an input that the calling thread reads.
struct WholeFile {
  std::string path;
  size_t input = 0;
  formats::InputFormat format = formats::InputFormat::kYaml;
};
struct Chunk {
  std::vector<WholeFile> files;
  std::string path;
  size_t input = 0;
  std::optional<formats::LineBlock> block;
  std::vector<Document> documents;  // of standard input (a YAML stream may hold several)
  size_t bytes = 0;                 // of the block or the documents
  bool ends_input = false;
  Result<void, Error> read;  // the error that ended the input
};

// Cuts the inputs into chunks, in order, on the calling thread.
class ChunkReader {
 public:
  ChunkReader(std::vector<std::string> paths, const InputOptions& options);
  ~ChunkReader();
  ChunkReader(const ChunkReader&) = delete;
  ChunkReader& operator=(const ChunkReader&) = delete;

  std::optional<Chunk> Next();

 private:
  struct OpenInput;
  std::optional<Chunk> NextOfOpenInput();
  bool ReadByWorker(const std::string& path) const;
  Chunk OpenNext();

  std::vector<std::string> paths_;
  size_t next_ = 0;
  InputOptions options_;
  std::unique_ptr<OpenInput> open_;  // a stream being read, with its chunk count
};

// Visits the documents of a chunk in order, and reports each input step after its documents.
// The records of a block are visited as one Document, reused from one record to the next.
void VisitChunk(Chunk& chunk, const formats::ReadLimits& limits,
                const std::function<void(Document&)>& visit,
                const std::function<void(InputStep)>& step);

// A chunk holds at most this many whole files, or a block of a stream's lines of about this
// many bytes (more when one line is longer): under the size from which malloc maps memory of its
// own (128 KB), so that blocks reuse the heap rather than fault in fresh pages each.
constexpr size_t kFilesPerChunk = 8;
constexpr size_t kBlockBytes = size_t{96} << 10;

// The chunks in flight at once: a few per thread, enough to keep every thread busy and few
// enough to bound memory.
size_t ChunksInFlight(unsigned threads);

// What the walk of a folder makes of one entry at `path`, given the type the folder's listing
// gave it (a dirent's d_type; DT_UNKNOWN where the file system does not say, and the file itself
// is asked): a folder to walk, a record file, a problem, or nothing (a link to a folder is named
// in a warning; a file without a record's extension is left out).
void AddFolderEntry(std::string path, unsigned char type, std::vector<std::string>& files,
                    std::vector<std::string>& folders, std::vector<InputProblem>& problems);

// What the work on a chunk made, in order: outputs, input steps and at most one failure (last).
template <typename Output>
using ChunkResults = std::vector<std::variant<Output, InputStep, std::exception_ptr>>;

// Works on the documents of a chunk, on any thread; after a failure, on no more of them.
template <typename Output>
ChunkResults<Output> WorkOnChunk(Chunk& chunk, const formats::ReadLimits& limits,
                                 const std::function<Output(Document&)>& work) {
  ChunkResults<Output> done;
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
  VisitChunk(chunk, limits, visit, [&](InputStep input_step) {
    if (!failed) done.emplace_back(std::in_place_index<1>, std::move(input_step));
  });
  return done;
}

// On the calling thread: emits a chunk's outputs and steps in order; rethrows its failure.
template <typename Output>
void EmitInOrder(ChunkResults<Output>& done, const std::function<void(Output&)>& emit,
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
// Files of one document are read and parsed on the worker threads, a few to a chunk; a JSON
// Lines stream is read on the calling thread in blocks of whole lines, which the workers cut
// into records and parse. Memory stays bounded whatever the number of inputs or records: only a
// window of chunks is in flight, and each path is let go once its input has been cut into chunks.
// `work` must be safe to run on several threads at once; an exception it throws reaches the
// caller after the documents before its own are emitted, as it would with one thread.
template <typename Output>
void ForEachDocumentOfInputs(std::vector<std::string> paths, const InputOptions& options,
                             const std::function<Output(Document&)>& work,
                             const std::function<void(Output&)>& emit,
                             const std::function<void(const InputStep&)>& step) {
  internal::ChunkReader reader(std::move(paths), options);
  verifier::OrderedPipeline<internal::Chunk, internal::ChunkResults<Output>> pipeline(
      options.threads, internal::ChunksInFlight(options.threads));
  pipeline.Run(
      [&] { return reader.Next(); },
      [&](internal::Chunk& chunk) { return internal::WorkOnChunk(chunk, options.limits, work); },
      [&](internal::ChunkResults<Output>& done) { internal::EmitInOrder(done, emit, step); });
}

}  // namespace referee::batch
