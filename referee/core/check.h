// Internal invariants. A failed check is a bug in referee, never a problem with the input: it
// throws InternalError, which only the program's main catches (exit code 70). Input is never
// validated with a check; bad input is a Finding.
#pragma once

#include <stdexcept>
#include <string>

namespace referee {

class InternalError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

[[noreturn]] void ThrowInternalError(const char* file, int line, const std::string& message);

}  // namespace referee

#define REFEREE_CHECK(condition, message)                                         \
  do {                                                                            \
    if (!(condition)) ::referee::ThrowInternalError(__FILE__, __LINE__, message); \
  } while (false)
