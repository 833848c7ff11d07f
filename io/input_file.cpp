#include "io/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <system_error>

namespace referee::io {
namespace {

std::string Reason(int error) { return std::generic_category().message(error); }

// Whether the file at `path`, of this mode, may be read.
Result<void, Error> Readable(const std::string& path, mode_t mode, Accept accept) {
  if (S_ISREG(mode)) return {};
  if (S_ISDIR(mode)) return Fail(IoError("read", path, "it is a directory"));
  bool stream = S_ISFIFO(mode) || S_ISCHR(mode);
  if (stream && accept == Accept::kStreamToo) return {};
  return Fail(IoError("read", path, "not a regular file"));
}

}  // namespace

InputFile::InputFile(int fd, std::string name, bool owned)
    : fd_(fd), name_(std::move(name)), owned_(owned) {}

InputFile::~InputFile() {
  if (owned_) ::close(fd_);
}

Result<std::unique_ptr<InputFile>, Error> InputFile::Open(const std::string& path, Accept accept) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) return Fail(IoError("read", path, Reason(errno)));
  REFEREE_TRY(Readable(path, status.st_mode, accept));
  // A regular file is opened without blocking, in case a FIFO took its name since it was asked
  // about; the file is asked again once open. An accepted FIFO is opened to wait for its writer.
  int flags = O_RDONLY | O_CLOEXEC | (S_ISFIFO(status.st_mode) ? 0 : O_NONBLOCK);
  int fd = ::open(path.c_str(), flags);
  if (fd < 0) return Fail(IoError("read", path, Reason(errno)));
  std::unique_ptr<InputFile> file(new InputFile(fd, path, true));
  if (::fstat(fd, &status) != 0) return Fail(IoError("read", path, Reason(errno)));
  REFEREE_TRY(Readable(path, status.st_mode, accept));
  if ((flags & O_NONBLOCK) != 0) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return file;
}

std::unique_ptr<InputFile> InputFile::StandardInput() {
  return std::unique_ptr<InputFile>(new InputFile(STDIN_FILENO, "standard input", false));
}

Result<size_t, Error> InputFile::Read(char* data, size_t size) {
  ssize_t got = 0;
  do {
    got = ::read(fd_, data, size);
  } while (got < 0 && errno == EINTR);
  if (got < 0) return Fail(IoError("read", name_, Reason(errno)));
  bytes_read_ += static_cast<size_t>(got);
  return static_cast<size_t>(got);
}

size_t InputFile::SizeHint() const {
  struct stat status {};
  if (::fstat(fd_, &status) != 0 || !S_ISREG(status.st_mode)) return 0;
  return static_cast<size_t>(status.st_size);
}

// Read straight into the text, sized by the file's size plus one byte, so that a file takes one
// read for its bytes and one that finds the end, in one allocation. A file that turns out longer,
// or has no size (a stream), makes the text double, never past `most` bytes.
Result<std::string, Error> ReadAtMost(InputFile& file, size_t most) {
  std::string text;
  text.reserve(std::min(most, file.SizeHint() + 1));
  while (text.size() < most) {
    size_t had = text.size();
    size_t room = text.capacity() > had ? text.capacity() - had : std::max<size_t>(had, 4096);
    text.resize(had + std::min(room, most - had));
    Result<size_t, Error> got = file.Read(text.data() + had, text.size() - had);
    if (!got.has_value()) return Fail(std::move(got).error());
    text.resize(had + *got);
    if (*got == 0) break;
  }
  return text;
}

Result<std::string, Error> ReadFile(const std::string& path, size_t limit, Accept accept) {
  auto file = InputFile::Open(path, accept);
  if (!file.has_value()) return Fail(std::move(file).error());
  Result<std::string, Error> text = ReadAtMost(**file, limit + 1);
  if (text.has_value() && text->size() > limit) {
    return Fail(IoError("read", path, "larger than " + std::to_string(limit) + " bytes"));
  }
  return text;
}

Result<std::unique_ptr<InputFile>, Error> OpenInput(const std::string& path) {
  if (path == "-") return InputFile::StandardInput();
  return InputFile::Open(path, Accept::kStreamToo);
}

Result<std::string, Error> ReadInput(const std::string& path, size_t limit) {
  auto file = OpenInput(path);
  if (!file.has_value()) return Fail(std::move(file).error());
  return ReadAtMost(**file, limit + 1);
}

}  // namespace referee::io
