#include "tests/support/shell.h"

#include <sys/wait.h>

#include <array>
#include <cstdio>

namespace referee::testing {

ShellResult RunShell(const std::string& command, size_t max_output) {
  ShellResult result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 65536> buffer;
  size_t got = 0;
  while ((got = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) {
    result.output.append(buffer.data(), got);
    if (result.output.size() > max_output) {
      // Drop from the middle: keep a quarter of the limit at the head, half at the tail.
      result.output.erase(max_output / 4, result.output.size() - max_output * 3 / 4);
    }
  }
  int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

std::string RefereeCommand() { return "'" + std::string(REFEREE_BINARY) + "'"; }

}  // namespace referee::testing
