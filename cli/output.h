// Standard output written with write(2), so that a failed write keeps its errno for the message
// (an ostream only says that something failed): output lost to a full disk is an I/O error
// (exit 4), never a silent success.
#pragma once

#include <streambuf>
#include <string>

#include "referee/core/error.h"
#include "referee/core/result.h"

namespace referee::cli {

class OutputBuffer : public std::streambuf {
 public:
  // `name` is for the message ("standard output"); `fd` stays open.
  OutputBuffer(int fd, std::string name);
  ~OutputBuffer() override;
  OutputBuffer(const OutputBuffer&) = delete;
  OutputBuffer& operator=(const OutputBuffer&) = delete;

  // Success while every write has succeeded; once one has failed, its error ("cannot write
  // standard output: No space left on device"), and what is written after it is dropped.
  Result<void, Error> Written() const;

 protected:
  int_type overflow(int_type c) override;
  int sync() override;

 private:
  bool Drain();

  int fd_;
  std::string name_;
  int error_ = 0;
  char buffer_[1 << 16];
};

}  // namespace referee::cli
