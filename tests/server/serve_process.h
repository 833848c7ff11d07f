// The real `referee serve` binary in a child process, for the tests that kill it or starve it.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace referee::testing {

namespace fs = std::filesystem;

// `referee serve --data DIR --port 0`; reads the port from its first line.
class ServeProcess {
 public:
  // `open_files` > 0 caps the process's open files (soft and hard), as a small `ulimit -n` does;
  // `options` are added to the command line; `port` 0 is any free one.
  ServeProcess(const fs::path& data, const fs::path& token_file, rlim_t open_files = 0,
               std::vector<std::string> options = {}, uint16_t port = 0) {
    int pipe_fds[2];
    EXPECT_EQ(::pipe2(pipe_fds, O_CLOEXEC), 0);
    pid_ = ::fork();
    if (pid_ == 0) {
      if (open_files > 0) {
        rlimit limit{open_files, open_files};
        ::setrlimit(RLIMIT_NOFILE, &limit);
      }
      ::dup2(pipe_fds[1], 1);
      int err = ::open((data / "serve.err").c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
      ::dup2(err, 2);
      std::vector<std::string> args = {"referee",
                                       "serve",
                                       "--data",
                                       data.string(),
                                       "--port",
                                       std::to_string(port),
                                       "--organiser-token-file",
                                       token_file.string()};
      args.insert(args.end(), options.begin(), options.end());
      std::vector<char*> argv;
      for (std::string& arg : args) argv.push_back(arg.data());
      argv.push_back(nullptr);
      ::execv(REFEREE_BINARY, argv.data());
      ::_exit(127);
    }
    ::close(pipe_fds[1]);
    out_ = ::fdopen(pipe_fds[0], "r");
    char line[512] = {0};
    EXPECT_NE(std::fgets(line, sizeof(line), out_), nullptr);
    std::string text(line);
    size_t colon = text.rfind(':');
    port_ = static_cast<uint16_t>(std::stoi(text.substr(colon + 1)));
  }
  ~ServeProcess() {
    Kill();
    std::fclose(out_);
  }
  void Kill() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  uint16_t port() const { return port_; }
  pid_t pid() const { return pid_; }
  // The descriptors the process holds now.
  int OpenDescriptors() const {
    std::error_code error;
    fs::directory_iterator fds("/proc/" + std::to_string(pid_) + "/fd", error);
    return error ? -1 : static_cast<int>(std::distance(fds, fs::directory_iterator()));
  }

 private:
  pid_t pid_ = -1;
  FILE* out_ = nullptr;
  uint16_t port_ = 0;
};

}  // namespace referee::testing
