// The one way the program reads a file: a path opened after asking what it is, read a block at a
// time, with a size limit applied while reading, never after. Every room that reads a file (the
// batch of records, the live journals, the server's store, the commands) reads it through here;
// the rule engines in referee/ read none.
//
// Errors are values (referee/core/error.h) that name the path: "cannot read PATH: it is a
// directory".
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "referee/core/error.h"
#include "referee/core/result.h"

namespace referee::io {

// What a path may be. A regular file always. A stream (a FIFO, a character device such as
// /dev/zero) only where a user names it as input, for `verify <(command)`: the size limit of the
// read bounds it. A folder, a socket or a block device is never read, and a file the program
// keeps (a journal, a file of the store) must be regular.
enum class Accept { kRegularFile, kStreamToo };

// An open file, read from the start a block at a time. Not copyable: it owns its descriptor
// (standard input's excepted, which is left open).
class InputFile {
 public:
  // Opens `path` for reading, having asked what it is first: a FIFO opened for reading would
  // wait for a writer, and a device may act when opened. Fails with an I/O error that names the
  // path (missing, no permission, a directory, not a regular file).
  static Result<std::unique_ptr<InputFile>, Error> Open(const std::string& path,
                                                        Accept accept = Accept::kRegularFile);
  // Standard input, named "standard input" in errors.
  static std::unique_ptr<InputFile> StandardInput();

  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // Reads up to `size` bytes into `data`: how many, 0 at the end of the file.
  Result<size_t, Error> Read(char* data, size_t size);

  // The size of a regular file, to size a read; 0 for a stream.
  size_t SizeHint() const;
  size_t BytesRead() const { return bytes_read_; }
  // The path as given, or "standard input".
  const std::string& name() const { return name_; }

 private:
  InputFile(int fd, std::string name, bool owned);

  int fd_;
  std::string name_;
  bool owned_;
  size_t bytes_read_ = 0;
};

// At most `most` bytes of what is left of `file`: for a reader that judges a text over its limit
// itself (a record gets a `too-large` finding), given its limit + 1 so that it can tell.
Result<std::string, Error> ReadAtMost(InputFile& file, size_t most);

// The whole file at `path`, of at most `limit` bytes: a longer one is an error ("cannot read
// PATH: larger than LIMIT bytes"), found after reading `limit` + 1 bytes, never the whole file.
Result<std::string, Error> ReadFile(const std::string& path, size_t limit,
                                    Accept accept = Accept::kRegularFile);

// A file a user named as input ("-": standard input), streams accepted (Accept::kStreamToo).
Result<std::unique_ptr<InputFile>, Error> OpenInput(const std::string& path);
// At most `limit` + 1 bytes of such an input: for a reader that judges a text over `limit` itself
// (a record over its limit is `too-large`, a finding, not an I/O error).
Result<std::string, Error> ReadInput(const std::string& path, size_t limit);

}  // namespace referee::io
