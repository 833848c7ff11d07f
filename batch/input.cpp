#include "batch/input.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstring>
#include <istream>
#include <memory>
#include <sstream>

#include "formats/document_stream.h"
#include "formats/json_reader.h"
#include "formats/text_checks.h"
#include "formats/yaml_reader.h"
#include "io/input_file.h"
#include "live/journal.h"
#include "referee/core/printable.h"
#include "verifier/ordered_pipeline.h"
#include "verifier/sha256.h"
#include "verifier/verify_text.h"

namespace referee::batch {
namespace {

// An input as a stream buffer, for the readers of streams (YAML documents, a journal), and a
// block at a time for a reader of large blocks (JSON Lines). A failed read ends the stream and is
// kept, as the error of the input.
class FileBuffer : public std::streambuf {
 public:
  explicit FileBuffer(std::unique_ptr<io::InputFile> file) : file_(std::move(file)) {}

  // Success while every read has succeeded; the error of the one that failed.
  Result<void, Error> Read() const {
    if (!failure_) return {};
    return Fail(*failure_);
  }
  bool Failed() const { return failure_.has_value(); }
  // How much has been read from the file so far (a little ahead of what has been used).
  size_t BytesRead() const { return file_->BytesRead(); }
  io::InputFile& file() { return *file_; }

  // Reads up to `size` bytes straight into `data`, after any the buffer holds (for a reader of
  // large blocks, which needs no copy through the buffer's chunk): how many, 0 at the end of the
  // file, -1 when a read failed.
  long ReadInto(char* data, size_t size) {
    if (gptr() < egptr()) {
      size_t held = std::min(size, static_cast<size_t>(egptr() - gptr()));
      std::memcpy(data, gptr(), held);
      gbump(static_cast<int>(held));
      return static_cast<long>(held);
    }
    if (failure_) return -1;
    Result<size_t, Error> got = file_->Read(data, size);
    if (!got.has_value()) {
      failure_ = std::move(got).error();
      return -1;
    }
    return static_cast<long>(*got);
  }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    // The chunk is made on first use: a file read whole with ReadInto needs none.
    if (!chunk_) chunk_ = std::make_unique<char[]>(kChunkBytes);
    long got = ReadInto(chunk_.get(), kChunkBytes);
    if (got <= 0) return traits_type::eof();
    setg(chunk_.get(), chunk_.get(), chunk_.get() + got);
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::unique_ptr<io::InputFile> file_;
  std::optional<Error> failure_;
  static constexpr size_t kChunkBytes = size_t{1} << 16;
  std::unique_ptr<char[]> chunk_;
};

// Opens `path` ("-": standard input) for reading as a user's input (io::OpenInput).
Result<std::unique_ptr<FileBuffer>, Error> OpenFile(const std::string& path) {
  auto file = io::OpenInput(path);
  if (!file.has_value()) return Fail(std::move(file).error());
  return std::make_unique<FileBuffer>(std::move(*file));
}

// A stream buffer that yields a prefix already read (to sniff the format) and then the rest of
// another buffer, so standard input can be sniffed and still streamed. It takes what one read of
// the rest gave, no more: when a read fails, what came before it has all been yielded, so the
// reader knows that the line in hand is the one the failure cut short.
class PrefixedBuffer : public std::streambuf {
 public:
  PrefixedBuffer(std::string prefix, std::streambuf& rest)
      : prefix_(std::move(prefix)), rest_(rest) {
    setg(prefix_.data(), prefix_.data(), prefix_.data() + prefix_.size());
  }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (traits_type::eq_int_type(rest_.sgetc(), traits_type::eof())) return traits_type::eof();
    std::streamsize available = std::min<std::streamsize>(rest_.in_avail(), sizeof(chunk_));
    std::streamsize got = rest_.sgetn(chunk_, std::max<std::streamsize>(available, 1));
    setg(chunk_, chunk_, chunk_ + got);
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::string prefix_;
  std::streambuf& rest_;
  char chunk_[1 << 16];
};

// Reads at most limit + 1 bytes: enough to tell that a document is too large without reading a
// huge one whole.
std::string ReadBounded(std::istream& in, size_t limit) {
  std::string text;
  char buffer[1 << 16];
  while (text.size() <= limit && in.read(buffer, sizeof(buffer)).gcount() > 0) {
    text.append(buffer, static_cast<size_t>(in.gcount()));
  }
  if (text.size() > limit + 1) text.resize(limit + 1);
  return text;
}

// Records travel between threads in chunks, so that handing one over costs little next to
// verifying it: a chunk is a block of internal::kBlockBytes of a stream's lines, or
// internal::kFilesPerChunk files (each read by the worker).
constexpr size_t kChunksPerThread = 4;

// A live journal (docs/live.md) is read whole and replayed; its record is the document, with the
// record's size limit. A torn last line (a crash mid-write) was never acknowledged: it is left
// out, with a warning.
Result<void, Error> ReadJournal(std::string prefix, std::istream& in, const FileBuffer& file,
                                const formats::ReadLimits& limits, internal::Chunk& chunk) {
  std::string text = std::move(prefix) + ReadBounded(in, limits.max_document_bytes);
  REFEREE_TRY(file.Read());
  Result<record::Node> node = Fail(formats::DocumentTooLarge(limits.max_document_bytes));
  if (text.size() <= limits.max_document_bytes) {
    size_t torn_bytes = 0;
    node = live::JournalRecord(text, &torn_bytes);
    if (torn_bytes > 0) {
      spdlog::warn("{}: left out a torn last line ({} bytes)", Printable(chunk.path), torn_bytes);
    }
  } else {
    text.clear();
  }
  chunk.documents.push_back(Document{chunk.path, 0, false, std::move(node),
                                     reports::SourceText(std::move(text)), chunk.input,
                                     std::nullopt, limits});
  return {};
}

// A document of one whole input, read from its text when it is verified.
Document WholeDocument(std::string path, size_t input, std::string text,
                       formats::InputFormat format, const formats::ReadLimits& limits) {
  return Document{
      std::move(path), 0,      false, std::nullopt, reports::SourceText(std::move(text)),
      input,           format, limits};
}

// The documents of a YAML stream, in order: one document is the input's record, named as the
// input; several are records of a stream, named by their number as JSON Lines records are. Each
// is bounded by the size limit as it is read.
// A read that fails ends the stream: the document in hand then is the one it cut short, no
// document to judge (`failed` says whether the read failed), and those before it are whole.
void ForEachYamlDocument(std::istream& in, const std::string& path, size_t input,
                         const formats::ReadLimits& limits, const std::function<bool()>& failed,
                         const std::function<void(Document&)>& visit) {
  formats::YamlDocumentReader reader(in, limits);
  std::optional<formats::YamlDocumentText> current = reader.Next();
  std::optional<formats::YamlDocumentText> next = current ? reader.Next() : std::nullopt;
  Document document{
      path, 0, next.has_value(), std::nullopt, {}, input, formats::InputFormat::kYaml, limits};
  while (current) {
    if (!next && failed()) return;
    document.index = static_cast<int>(current->index);
    document.parsed.reset();
    if (current->too_long) {
      Finding finding = formats::YamlDocumentReader::TooLarge(*current, limits);
      if (!document.streamed) finding.place.line = 0;  // the whole file, as for any file
      document.parsed = Fail(std::move(finding));
    }
    document.text = reports::SourceText(std::move(current->text), current->first_line);
    visit(document);
    current = std::move(next);
    next = current ? reader.Next() : std::nullopt;
  }
}

// The whole input as its documents. A read that fails is an I/O error and nothing else: the text
// read before it is not a document to judge. Standard input is read whole, up to the size limit
// of one record in all (a YAML stream of records there is bounded so too).
Result<void, Error> ReadWhole(std::istream& in, const FileBuffer& file, formats::InputFormat format,
                              const formats::ReadLimits& limits, internal::Chunk& chunk) {
  std::string text = ReadBounded(in, limits.max_document_bytes);
  REFEREE_TRY(file.Read());
  if (format != formats::InputFormat::kYaml || text.size() > limits.max_document_bytes) {
    chunk.documents.push_back(
        WholeDocument(chunk.path, chunk.input, std::move(text), format, limits));
    return {};
  }
  std::istringstream stream(std::move(text));
  ForEachYamlDocument(
      stream, chunk.path, chunk.input, limits, [] { return false; },
      [&](Document& document) { chunk.documents.push_back(document); });
  return {};
}

// A file, read, parsed and visited on the worker that took it: a YAML file document by document,
// a JSON file as one.
void VisitWholeFile(internal::WholeFile& file, const formats::ReadLimits& limits,
                    const std::function<void(Document&)>& visit,
                    const std::function<void(InputStep)>& step) {
  if (file.format == formats::InputFormat::kYaml) {
    auto opened = OpenFile(file.path);
    if (!opened.has_value()) return step(InputStep{0, true, file.path, Fail(opened.error())});
    std::istream in(opened->get());
    FileBuffer& buffer = **opened;
    ForEachYamlDocument(
        in, file.path, file.input, limits, [&buffer] { return buffer.Failed(); }, visit);
    return step(InputStep{buffer.BytesRead(), true, file.path, buffer.Read()});
  }
  Result<std::string, Error> text = io::ReadInput(file.path, limits.max_document_bytes);
  if (!text.has_value()) return step(InputStep{0, true, file.path, Fail(text.error())});
  InputStep done{text->size(), true, file.path, {}};
  Document document =
      WholeDocument(std::move(file.path), file.input, std::move(*text), file.format, limits);
  visit(document);
  step(std::move(done));
}

std::string ReadPrefix(std::istream& in) {
  std::string prefix(1 << 16, '\0');
  in.read(prefix.data(), static_cast<std::streamsize>(prefix.size()));
  prefix.resize(static_cast<size_t>(in.gcount()));
  return prefix;
}

// Adds what is left of `buffer` to `sha256` and `size`, up to `bound` + 1 bytes in all.
void DigestRest(FileBuffer& buffer, size_t bound, verifier::Sha256Stream& sha256, size_t& size) {
  std::string block(64 * 1024, '\0');
  while (size <= bound) {
    size_t room = std::min(block.size(), bound + 1 - size);
    long got = buffer.ReadInto(block.data(), room);
    if (got <= 0) break;
    sha256.Add(std::string_view(block.data(), static_cast<size_t>(got)));
    size += static_cast<size_t>(got);
  }
}

}  // namespace

Result<TextOrDigest, Error> ReadTextOrDigest(
    const std::string& path, size_t limit,
    const std::function<std::optional<size_t>(const std::string& text)>& bound) {
  auto file = OpenFile(path);
  if (!file.has_value()) return Fail(std::move(file).error());
  FileBuffer& buffer = **file;
  Result<std::string, Error> text = io::ReadAtMost(buffer.file(), limit + 1);
  if (!text.has_value()) return Fail(std::move(text).error());
  TextOrDigest read{std::move(*text), std::nullopt};
  if (read.text.size() <= limit) return read;
  std::optional<size_t> most = bound(read.text);
  if (!most) return read;
  verifier::Sha256Stream sha256;
  FileDigest digest{{}, std::min(read.text.size(), *most + 1)};
  sha256.Add(std::string_view(read.text).substr(0, digest.size));
  read.text = std::string();  // read on without holding the start
  DigestRest(buffer, *most, sha256, digest.size);
  REFEREE_TRY(buffer.Read());
  digest.sha256 = sha256.Finish();
  read.digest = digest;
  return read;
}

Result<void, Error> ForEachDocument(const std::string& path,
                                    std::optional<formats::InputFormat> format,
                                    const formats::ReadLimits& limits,
                                    const std::function<void(Document&)>& visit) {
  Result<void, Error> read;
  ForEachDocumentOfInputs<bool>(
      {path}, InputOptions{format, limits, 1},
      [&](Document& document) {
        visit(document);
        return true;
      },
      [](bool& /*visited*/) {},
      [&](const InputStep& step) {
        if (step.input_ended) read = step.read;
      });
  return read;
}

Result<record::Node>& Document::Node() {
  if (!parsed) {
    parsed = text_format == formats::InputFormat::kYaml
                 ? formats::ParseYamlOnLine(text.Text(), text.FirstLine(), limits)
                 : formats::ParseJsonOnLine(text.Text(), text.FirstLine(), limits);
  }
  return *parsed;
}

verifier::Verdict VerifyDocument(Document& document, const verifier::DirectorVoids* voids) {
  std::string source = document.streamed
                           ? document.source + "#" + std::to_string(document.index + 1)
                           : document.source;
  if (document.text_format && !document.parsed) {
    return verifier::VerifyText(document.text.Text(), *document.text_format,
                                document.text.FirstLine(), document.limits, std::move(source),
                                document.index, voids);
  }
  Result<record::Node>& node = document.Node();
  if (!node.has_value()) return verifier::MalformedVerdict(source, document.index, node.error());
  return verifier::VerifyNode(*node, std::move(source), document.index, voids);
}

namespace internal {

// The input the calling thread is reading as a JSON Lines stream, in blocks of whole lines.
struct ChunkReader::OpenInput {
  std::string path;
  size_t input = 0;
  std::unique_ptr<FileBuffer> file;
  std::unique_ptr<formats::LineBlockReader> blocks;
  size_t bytes_reported = 0;

  size_t BytesSinceLastChunk() {
    size_t read = file->BytesRead();
    size_t bytes = read - bytes_reported;
    bytes_reported = read;
    return bytes;
  }
};

ChunkReader::ChunkReader(std::vector<std::string> paths, const InputOptions& options)
    : paths_(std::move(paths)), options_(options) {}

ChunkReader::~ChunkReader() = default;

// A file of one document that a worker can read itself: named, and of a format known without
// looking at it. Standard input, journals and JSON Lines (which may be a journal) are read here.
bool ChunkReader::ReadByWorker(const std::string& path) const {
  if (path == "-" || path.ends_with(".journal")) return false;
  std::optional<formats::InputFormat> format =
      options_.format ? options_.format : formats::FormatFromPath(path);
  return format && *format != formats::InputFormat::kJsonLines;
}

std::optional<Chunk> ChunkReader::Next() {
  if (open_) return NextOfOpenInput();
  if (next_ == paths_.size()) return std::nullopt;
  if (!ReadByWorker(paths_[next_])) return OpenNext();
  Chunk chunk;
  while (next_ < paths_.size() && chunk.files.size() < kFilesPerChunk &&
         ReadByWorker(paths_[next_])) {
    formats::InputFormat format =
        options_.format ? *options_.format : *formats::FormatFromPath(paths_[next_]);
    chunk.files.push_back(WholeFile{std::move(paths_[next_]), next_, format});
    ++next_;
  }
  return chunk;
}

std::optional<Chunk> ChunkReader::NextOfOpenInput() {
  Chunk chunk;
  chunk.path = open_->path;
  chunk.input = open_->input;
  if (std::optional<formats::LineBlock> block = open_->blocks->Next()) {
    chunk.block = std::move(*block);
    chunk.bytes = open_->BytesSinceLastChunk();
    return chunk;
  }
  chunk.bytes = open_->BytesSinceLastChunk();
  chunk.ends_input = true;
  chunk.read = open_->file->Read();
  open_.reset();
  return chunk;
}

// Opens the next input on this thread: it is read here whole (standard input, a journal) or line
// by line (a JSON Lines stream, by the chunks that follow).
Chunk ChunkReader::OpenNext() {
  Chunk chunk;
  chunk.input = next_;
  chunk.path = std::move(paths_[next_++]);
  chunk.ends_input = true;
  auto file = OpenFile(chunk.path);
  if (!file.has_value()) {
    chunk.read = Fail(std::move(file).error());
    return chunk;
  }
  const FileBuffer& buffer = **file;
  std::istream in(file->get());
  std::optional<formats::InputFormat> format = options_.format;
  if (!format && chunk.path != "-") format = formats::FormatFromPath(chunk.path);
  std::string prefix;
  bool journal_name = chunk.path.ends_with(".journal");
  if (!format || *format == formats::InputFormat::kJsonLines || journal_name) {
    // Standard input, a file name without a known extension, or lines that may be a journal:
    // look at the start.
    prefix = ReadPrefix(in);
    chunk.read = buffer.Read();
    if (chunk.read.has_value() && (journal_name || live::LooksLikeJournal(prefix))) {
      chunk.read = ReadJournal(std::move(prefix), in, buffer, options_.limits, chunk);
    }
    if (!chunk.read.has_value() || !chunk.documents.empty()) {
      chunk.bytes = buffer.BytesRead();
      return chunk;
    }
    if (!format) format = formats::SniffFormat(prefix);
  }
  if (*format == formats::InputFormat::kJsonLines) {
    FileBuffer* stream = file->get();
    auto blocks = std::make_unique<formats::LineBlockReader>(
        std::move(prefix),
        [stream](char* data, size_t size) { return stream->ReadInto(data, size); }, options_.limits,
        kBlockBytes);
    open_ = std::make_unique<OpenInput>(
        OpenInput{chunk.path, chunk.input, std::move(*file), std::move(blocks), 0});
    return *NextOfOpenInput();
  }
  PrefixedBuffer joined_buffer(std::move(prefix), **file);
  std::istream joined(&joined_buffer);
  chunk.read = ReadWhole(joined, buffer, *format, options_.limits, chunk);
  chunk.bytes = buffer.BytesRead();
  return chunk;
}

namespace {

// The records of a block, cut on the thread that works on them. A line too long to keep is its
// finding; the others are parsed when their tree is needed.
void VisitBlock(const formats::LineBlock& block, const Chunk& chunk,
                const formats::ReadLimits& limits, const std::function<void(Document&)>& visit) {
  Document document{chunk.path,  static_cast<int>(block.first_index), true,  std::nullopt, {},
                    chunk.input, formats::InputFormat::kJsonLines,    limits};
  if (block.too_long) {
    formats::StreamedLine line{block.first_index, block.first_line, {}, true};
    document.parsed = formats::DocumentStream::Parse(line, limits).node;
    document.text = reports::SourceText({}, block.first_line);
    visit(document);
    return;
  }
  formats::ForEachLineOfBlock(block, [&](const formats::BlockLine& line) {
    document.index = static_cast<int>(line.index);
    document.parsed.reset();
    document.text.Assign(line.text, line.line);
    visit(document);
  });
}

}  // namespace

void VisitChunk(Chunk& chunk, const formats::ReadLimits& limits,
                const std::function<void(Document&)>& visit,
                const std::function<void(InputStep)>& step) {
  for (WholeFile& file : chunk.files) VisitWholeFile(file, limits, visit, step);
  if (!chunk.files.empty()) return;
  if (chunk.block) VisitBlock(*chunk.block, chunk, limits, visit);
  for (Document& document : chunk.documents) visit(document);
  InputStep done{chunk.bytes, chunk.ends_input, {}, std::move(chunk.read)};
  if (chunk.ends_input) done.path = std::move(chunk.path);
  step(std::move(done));
}

size_t ChunksInFlight(unsigned threads) { return kChunksPerThread * std::max(1u, threads); }

}  // namespace internal
}  // namespace referee::batch
