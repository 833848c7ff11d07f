#include "cli/output.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace referee::cli {

// One byte of the buffer is kept free, so that overflow() can store its character before
// draining.
OutputBuffer::OutputBuffer(int fd, std::string name) : fd_(fd), name_(std::move(name)) {
  setp(buffer_, buffer_ + sizeof(buffer_) - 1);
}

OutputBuffer::~OutputBuffer() { Drain(); }

Result<void, Error> OutputBuffer::Written() const {
  if (error_ == 0) return {};
  return Fail(IoError("write", name_, std::strerror(error_)));
}

OutputBuffer::int_type OutputBuffer::overflow(int_type c) {
  if (!traits_type::eq_int_type(c, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
  }
  return Drain() ? traits_type::not_eof(c) : traits_type::eof();
}

int OutputBuffer::sync() { return Drain() ? 0 : -1; }

// Writes the buffer out, a short write continued; after a failure the rest is dropped.
bool OutputBuffer::Drain() {
  const char* next = pbase();
  while (error_ == 0 && next < pptr()) {
    ssize_t written = ::write(fd_, next, static_cast<size_t>(pptr() - next));
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) error_ = errno;
    if (written > 0) next += written;
  }
  setp(buffer_, buffer_ + sizeof(buffer_) - 1);
  return error_ == 0;
}

}  // namespace referee::cli
