// Running a shell command from a test: the real referee binary, a browser, a pipeline.
#pragma once

#include <cstddef>
#include <string>

namespace referee::testing {

struct ShellResult {
  std::string output;  // standard output (and standard error where the command redirects it)
  int exit_code = -1;  // the command's exit code; 128 + N when a signal N ended it
};

// Runs `command` with /bin/sh and collects its output. Past `max_output` bytes only the head and
// the tail (where summaries are) are kept, so a runaway command cannot exhaust the test's memory.
ShellResult RunShell(const std::string& command, size_t max_output = 2 << 20);

// The referee binary under test, quoted for the shell.
std::string RefereeCommand();

}  // namespace referee::testing
