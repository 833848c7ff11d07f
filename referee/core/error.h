// Error: what stops a command that is not a record's fault: a file that cannot be read or
// written, an option or a request that cannot be used. A record's fault is a Finding (finding.h),
// returned the same way (Result<T, Finding>); a bug is an InternalError (check.h).
//
// The message says where, then what ("cannot read games/a.yaml: it is a folder"), and its text
// from outside (a path, a name) is escaped where the message is made (printable.h), so an error
// can be shown as it is.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <utility>

#include "referee/core/printable.h"
#include "referee/core/result.h"

namespace referee {

// What kind of error, with the exit code the program ends with for it (README, "Exit codes").
enum class ErrorKind { kUsage = 3, kIo = 4 };

struct Error {
  ErrorKind kind = ErrorKind::kIo;
  std::string message;

  int exit_code() const { return static_cast<int>(kind); }
};

// "cannot ACTION PATH: WHAT", the path escaped: an I/O error on one file or folder.
inline Error IoError(std::string_view action, std::string_view path, std::string_view what) {
  std::string message = "cannot ";
  message.append(action).append(" ").append(Printable(path)).append(": ").append(what);
  return Error{ErrorKind::kIo, std::move(message)};
}

// An option or an argument that cannot be used; `message` names it ("--threads: expected ...").
inline Error UsageError(std::string_view message) {
  return Error{ErrorKind::kUsage, Printable(message)};
}

inline Unexpected<Error> Fail(Error error) { return Unexpected<Error>(std::move(error)); }

// What cannot be used, as a usage error to return: a request, an option, a line of a journal
// whose reader names it ("expected an act of an event, found 'x'"), escaped as it may quote them.
inline Unexpected<Error> Unusable(std::string_view what) { return Fail(UsageError(what)); }

// The message, as a test's failure or a log line shows it.
inline std::ostream& operator<<(std::ostream& out, const Error& error) {
  return out << error.message;
}

}  // namespace referee
