#include "cli/input.h"

#include <dirent.h>
#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <istream>
#include <memory>
#include <sstream>
#include <system_error>

#include "formats/document_stream.h"
#include "formats/json_reader.h"
#include "formats/text_checks.h"
#include "formats/yaml_reader.h"
#include "live/journal.h"
#include "referee/core/printable.h"
#include "verifier/ordered_pipeline.h"
#include "verifier/sha256.h"
#include "verifier/verify_text.h"

namespace referee::cli {
namespace {

// A file read with read(2), so that a failed read keeps its errno for the message (an istream
// only says that something failed). Standard input is read the same way, and left open.
class FileBuffer : public std::streambuf {
 public:
  // `owned`: the descriptor is closed with the buffer.
  FileBuffer(int fd, std::string name, bool owned)
      : fd_(fd), name_(std::move(name)), owned_(owned) {}
  ~FileBuffer() override {
    if (owned_) ::close(fd_);
  }
  FileBuffer(const FileBuffer&) = delete;
  FileBuffer& operator=(const FileBuffer&) = delete;

  // "cannot read NAME: Input/output error" once a read has failed; reads after it see the end.
  std::optional<std::string> Failure() const {
    if (error_ == 0) return std::nullopt;
    return "cannot read " + name_ + ": " + std::strerror(error_);
  }
  // How much has been read from the file so far (a little ahead of what has been used).
  size_t BytesRead() const { return bytes_read_; }

  // The size of the file, to size a read: 0 when it is not a regular file or not known.
  size_t SizeHint() const {
    struct stat status {};
    if (::fstat(fd_, &status) != 0 || !S_ISREG(status.st_mode)) return 0;
    return static_cast<size_t>(status.st_size);
  }

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
    if (error_ != 0) return -1;
    ssize_t got = 0;
    do {
      got = ::read(fd_, data, size);
    } while (got < 0 && errno == EINTR);
    if (got < 0) error_ = errno;
    if (got < 0) return -1;
    bytes_read_ += static_cast<size_t>(got);
    return got;
  }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (error_ != 0) return traits_type::eof();
    // The chunk is made on first use: a file read whole with ReadInto needs none.
    if (!chunk_) chunk_ = std::make_unique<char[]>(kChunkBytes);
    ssize_t got = 0;
    do {
      got = ::read(fd_, chunk_.get(), kChunkBytes);
    } while (got < 0 && errno == EINTR);
    if (got < 0) error_ = errno;
    if (got <= 0) return traits_type::eof();
    bytes_read_ += static_cast<size_t>(got);
    setg(chunk_.get(), chunk_.get(), chunk_.get() + got);
    return traits_type::to_int_type(*gptr());
  }

 private:
  int fd_;
  std::string name_;
  bool owned_;
  int error_ = 0;
  size_t bytes_read_ = 0;
  static constexpr size_t kChunkBytes = size_t{1} << 16;
  std::unique_ptr<char[]> chunk_;
};

// Opens `path` ("-": standard input) for reading. A folder is refused here: on Linux it opens,
// and only its first read fails.
Result<std::unique_ptr<FileBuffer>, std::string> OpenFile(const std::string& path) {
  if (path == "-") return std::make_unique<FileBuffer>(STDIN_FILENO, "standard input", false);
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Unexpected<std::string>("cannot read " + path + ": " + std::strerror(errno));
  auto file = std::make_unique<FileBuffer>(fd, path, true);
  struct stat status;
  if (::fstat(fd, &status) == 0 && S_ISDIR(status.st_mode)) {
    return Unexpected<std::string>("cannot read " + path + ": it is a directory");
  }
  return file;
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

// Records travel between threads in pieces, so that handing one over costs little next to
// verifying it: a piece is a block of internal::kBlockBytes of a stream's lines, or
// internal::kFilesPerPiece files (each read by the worker).
constexpr size_t kPiecesPerThread = 4;

// A live journal (docs/live.md) is read whole and replayed; its record is the document, with the
// record's size limit. A torn last line (a crash mid-write) was never acknowledged: it is left
// out, with a warning.
std::optional<std::string> ReadJournal(std::string prefix, std::istream& in, const FileBuffer& file,
                                       const formats::ReadLimits& limits, internal::Piece& piece) {
  std::string text = std::move(prefix) + ReadBounded(in, limits.max_document_bytes);
  if (std::optional<std::string> failure = file.Failure()) return failure;
  Result<record::Node> node = Fail(formats::DocumentTooLarge(limits.max_document_bytes));
  if (text.size() <= limits.max_document_bytes) {
    size_t torn_bytes = 0;
    node = live::JournalRecord(text, &torn_bytes);
    if (torn_bytes > 0) {
      spdlog::warn("{}: left out a torn last line ({} bytes)", Printable(piece.path), torn_bytes);
    }
  } else {
    text.clear();
  }
  piece.documents.push_back(Document{piece.path, 0, false, std::move(node),
                                     reports::SourceText(std::move(text)), piece.input,
                                     std::nullopt, limits});
  return std::nullopt;
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
std::optional<std::string> ReadWhole(std::istream& in, const FileBuffer& file,
                                     formats::InputFormat format, const formats::ReadLimits& limits,
                                     internal::Piece& piece) {
  std::string text = ReadBounded(in, limits.max_document_bytes);
  if (std::optional<std::string> failure = file.Failure()) return failure;
  if (format != formats::InputFormat::kYaml || text.size() > limits.max_document_bytes) {
    piece.documents.push_back(
        WholeDocument(piece.path, piece.input, std::move(text), format, limits));
    return std::nullopt;
  }
  std::istringstream stream(std::move(text));
  ForEachYamlDocument(
      stream, piece.path, piece.input, limits, [] { return false; },
      [&](Document& document) { piece.documents.push_back(document); });
  return std::nullopt;
}

// A file, read, parsed and visited on the worker that took it: a YAML file document by document,
// a JSON file as one.
void VisitWholeFile(internal::WholeFile& file, const formats::ReadLimits& limits,
                    const std::function<void(Document&)>& visit,
                    const std::function<void(InputStep)>& step) {
  if (file.format == formats::InputFormat::kYaml) {
    auto opened = OpenFile(file.path);
    if (!opened.has_value()) return step(InputStep{0, true, file.path, opened.error()});
    std::istream in(opened->get());
    FileBuffer& buffer = **opened;
    ForEachYamlDocument(
        in, file.path, file.input, limits, [&buffer] { return buffer.Failure().has_value(); },
        visit);
    return step(InputStep{(*opened)->BytesRead(), true, file.path, (*opened)->Failure()});
  }
  std::string text;
  std::optional<std::string> failure = ReadFileBounded(file.path, limits.max_document_bytes, text);
  InputStep done{text.size(), true, file.path, failure};
  if (!failure) {
    Document document =
        WholeDocument(std::move(file.path), file.input, std::move(text), file.format, limits);
    visit(document);
  }
  step(std::move(done));
}

std::string ReadPrefix(std::istream& in) {
  std::string prefix(1 << 16, '\0');
  in.read(prefix.data(), static_cast<std::streamsize>(prefix.size()));
  prefix.resize(static_cast<size_t>(in.gcount()));
  return prefix;
}

namespace fs = std::filesystem;

// Deeper than any real folder of records; a bound that keeps a hostile tree from exhausting the
// stack.
constexpr int kMaxFolderDepth = 64;

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
std::optional<std::string> ListFolder(const std::string& folder, FolderListing& listing) {
  std::unique_ptr<DIR, int (*)(DIR*)> directory(::opendir(folder.c_str()), ::closedir);
  if (directory == nullptr) return std::generic_category().message(errno);
  while (true) {
    errno = 0;
    const dirent* entry = ::readdir(directory.get());
    if (entry == nullptr) {
      if (errno != 0) return std::generic_category().message(errno);
      return std::nullopt;
    }
    std::string_view name(entry->d_name);
    if (name == "." || name == "..") continue;
    listing.entries.push_back({listing.names.size(), name.size(), entry->d_type});
    listing.names.append(name);
  }
}

// The type of the file at `path` (a link looked through when `follow`), as a dirent's d_type; the
// error where it cannot be told (a link that leads nowhere or round in a loop).
std::optional<std::string> TypeOf(const std::string& path, bool follow, unsigned char& type) {
  struct stat status {};
  if ((follow ? ::stat(path.c_str(), &status) : ::lstat(path.c_str(), &status)) != 0) {
    return std::generic_category().message(errno);
  }
  type = S_ISDIR(status.st_mode)   ? DT_DIR
         : S_ISREG(status.st_mode) ? DT_REG
         : S_ISLNK(status.st_mode) ? DT_LNK
                                   : DT_UNKNOWN;  // a FIFO, a socket, a device: none is a record
  return std::nullopt;
}

void WalkFolder(const std::string& folder, int depth, OnProblem on_problem,
                ExpandedInputs& expanded) {
  if (on_problem == OnProblem::kStop && !expanded.problems.empty()) return;
  if (depth > kMaxFolderDepth) {
    expanded.problems.push_back(
        {folder, "folders nested deeper than " + std::to_string(kMaxFolderDepth)});
    return;
  }
  FolderListing listing;
  if (std::optional<std::string> failure = ListFolder(folder, listing)) {
    expanded.problems.push_back({folder, *failure});
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

namespace {

// Read straight into the text, sized by the file's size plus one byte, so that a record file
// takes one read for its bytes and one that finds the end, in one allocation. A file that turns
// out longer, or has no size (a device), makes the text double, never past limit + 1 bytes.
void ReadBounded(FileBuffer& buffer, size_t limit, std::string& text) {
  const size_t most = limit + 1;
  text.clear();
  text.reserve(std::min(most, buffer.SizeHint() + 1));
  while (text.size() < most) {
    size_t had = text.size();
    size_t room = text.capacity() > had ? text.capacity() - had : std::max<size_t>(had, 4096);
    text.resize(had + std::min(room, most - had));
    long got = buffer.ReadInto(text.data() + had, text.size() - had);
    text.resize(had + static_cast<size_t>(std::max(got, 0L)));
    if (got <= 0) break;
  }
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

std::optional<std::string> ReadFileBounded(const std::string& path, size_t limit,
                                           std::string& text) {
  auto file = OpenFile(path);
  if (!file.has_value()) return file.error();
  ReadBounded(**file, limit, text);
  return (*file)->Failure();
}

std::optional<std::string> ReadFileBoundedOrDigest(
    const std::string& path, size_t limit, std::string& text,
    const std::function<std::optional<size_t>(const std::string& text)>& bound, FileDigest& digest,
    bool& digested) {
  digested = false;
  auto file = OpenFile(path);
  if (!file.has_value()) return file.error();
  FileBuffer& buffer = **file;
  ReadBounded(buffer, limit, text);
  if (buffer.Failure() || text.size() <= limit) return buffer.Failure();
  std::optional<size_t> most = bound(text);
  if (!most) return std::nullopt;
  verifier::Sha256Stream sha256;
  digest.size = std::min(text.size(), *most + 1);
  sha256.Add(std::string_view(text).substr(0, digest.size));
  text = std::string();  // read on without holding the start
  DigestRest(buffer, *most, sha256, digest.size);
  digest.sha256 = sha256.Finish();
  digested = true;
  return buffer.Failure();
}

std::optional<std::string> ForEachDocument(const std::string& path,
                                           std::optional<formats::InputFormat> format,
                                           const formats::ReadLimits& limits,
                                           const std::function<void(Document&)>& visit) {
  std::optional<std::string> failure;
  ForEachDocumentOfInputs<bool>(
      {path}, InputOptions{format, limits, 1},
      [&](Document& document) {
        visit(document);
        return true;
      },
      [](bool& /*visited*/) {},
      [&](const InputStep& step) {
        if (step.input_ended) failure = step.failure;
      });
  return failure;
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
struct PieceReader::OpenInput {
  std::string path;
  size_t input = 0;
  std::unique_ptr<FileBuffer> file;
  std::unique_ptr<formats::LineBlockReader> blocks;
  size_t bytes_reported = 0;

  size_t BytesSinceLastPiece() {
    size_t read = file->BytesRead();
    size_t bytes = read - bytes_reported;
    bytes_reported = read;
    return bytes;
  }
};

PieceReader::PieceReader(std::vector<std::string> paths, const InputOptions& options)
    : paths_(std::move(paths)), options_(options) {}

PieceReader::~PieceReader() = default;

// A file of one document that a worker can read itself: named, and of a format known without
// looking at it. Standard input, journals and JSON Lines (which may be a journal) are read here.
bool PieceReader::ReadByWorker(const std::string& path) const {
  if (path == "-" || path.ends_with(".journal")) return false;
  std::optional<formats::InputFormat> format =
      options_.format ? options_.format : formats::FormatFromPath(path);
  return format && *format != formats::InputFormat::kJsonLines;
}

std::optional<Piece> PieceReader::Next() {
  if (open_) return NextOfOpenInput();
  if (next_ == paths_.size()) return std::nullopt;
  if (!ReadByWorker(paths_[next_])) return OpenNext();
  Piece piece;
  while (next_ < paths_.size() && piece.files.size() < kFilesPerPiece &&
         ReadByWorker(paths_[next_])) {
    formats::InputFormat format =
        options_.format ? *options_.format : *formats::FormatFromPath(paths_[next_]);
    piece.files.push_back(WholeFile{std::move(paths_[next_]), next_, format});
    ++next_;
  }
  return piece;
}

std::optional<Piece> PieceReader::NextOfOpenInput() {
  Piece piece;
  piece.path = open_->path;
  piece.input = open_->input;
  if (std::optional<formats::LineBlock> block = open_->blocks->Next()) {
    piece.block = std::move(*block);
    piece.bytes = open_->BytesSinceLastPiece();
    return piece;
  }
  piece.bytes = open_->BytesSinceLastPiece();
  piece.ends_input = true;
  piece.failure = open_->file->Failure();
  open_.reset();
  return piece;
}

// Opens the next input on this thread: it is read here whole (standard input, a journal) or line
// by line (a JSON Lines stream, by the pieces that follow).
Piece PieceReader::OpenNext() {
  Piece piece;
  piece.input = next_;
  piece.path = std::move(paths_[next_++]);
  piece.ends_input = true;
  auto file = OpenFile(piece.path);
  if (!file.has_value()) {
    piece.failure = file.error();
    return piece;
  }
  const FileBuffer& buffer = **file;
  std::istream in(file->get());
  std::optional<formats::InputFormat> format = options_.format;
  if (!format && piece.path != "-") format = formats::FormatFromPath(piece.path);
  std::string prefix;
  bool journal_name = piece.path.ends_with(".journal");
  if (!format || *format == formats::InputFormat::kJsonLines || journal_name) {
    // Standard input, a file name without a known extension, or lines that may be a journal:
    // look at the start.
    prefix = ReadPrefix(in);
    piece.failure = buffer.Failure();
    if (!piece.failure && (journal_name || live::LooksLikeJournal(prefix))) {
      piece.failure = ReadJournal(std::move(prefix), in, buffer, options_.limits, piece);
    }
    if (piece.failure || !piece.documents.empty()) {
      piece.bytes = buffer.BytesRead();
      return piece;
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
        OpenInput{piece.path, piece.input, std::move(*file), std::move(blocks), 0});
    return *NextOfOpenInput();
  }
  PrefixedBuffer joined_buffer(std::move(prefix), **file);
  std::istream joined(&joined_buffer);
  piece.failure = ReadWhole(joined, buffer, *format, options_.limits, piece);
  piece.bytes = buffer.BytesRead();
  return piece;
}

namespace {

// The records of a block, cut on the thread that works on them. A line too long to keep is its
// finding; the others are parsed when their tree is needed.
void VisitBlock(const formats::LineBlock& block, const Piece& piece,
                const formats::ReadLimits& limits, const std::function<void(Document&)>& visit) {
  Document document{piece.path,  static_cast<int>(block.first_index), true,  std::nullopt, {},
                    piece.input, formats::InputFormat::kJsonLines,    limits};
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

void VisitPiece(Piece& piece, const formats::ReadLimits& limits,
                const std::function<void(Document&)>& visit,
                const std::function<void(InputStep)>& step) {
  for (WholeFile& file : piece.files) VisitWholeFile(file, limits, visit, step);
  if (!piece.files.empty()) return;
  if (piece.block) VisitBlock(*piece.block, piece, limits, visit);
  for (Document& document : piece.documents) visit(document);
  InputStep done{piece.bytes, piece.ends_input, {}, std::move(piece.failure)};
  if (piece.ends_input) done.path = std::move(piece.path);
  step(std::move(done));
}

size_t PiecesInFlight(unsigned threads) { return kPiecesPerThread * std::max(1u, threads); }

// What a folder entry is: a link is looked through (a link to a record file is read as the file).
// A link to a folder is not followed, since one that points at an ancestor would make the walk
// endless; it is named in a warning, so records are never left out silently.
// The entry's own type comes with the folder's listing on most file systems, so a folder of
// plain files costs no call per file; only a link is looked through.
void AddFolderEntry(std::string path, unsigned char type, std::vector<std::string>& files,
                    std::vector<std::string>& folders, std::vector<InputProblem>& problems) {
  std::optional<std::string> error;
  if (type == DT_UNKNOWN) error = TypeOf(path, false, type);
  bool link = type == DT_LNK;
  if (!error && type == DT_DIR) {
    folders.push_back(std::move(path));
    return;
  }
  if (!error && link) error = TypeOf(path, true, type);
  if (!error && link && type == DT_DIR) {
    spdlog::warn("{} is a link to a folder, not followed (name it to verify what it holds)",
                 Printable(path));
    return;
  }
  if (!formats::FormatFromPath(path)) return;
  // A link that leads nowhere or round in a loop, and anything that is not a regular file (a FIFO
  // would block the walk for ever), is a problem.
  if (error) {
    problems.push_back({std::move(path), *error});
  } else if (type != DT_REG) {
    problems.push_back({std::move(path), "not a regular file"});
  } else {
    files.push_back(std::move(path));
  }
}

}  // namespace internal
}  // namespace referee::cli
