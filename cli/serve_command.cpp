// `referee serve`: the live referee over HTTP for many tables (docs/serve.md). Thin: the server is
// server::Server; here are the organiser's token, the signals and the exit codes.
#include <signal.h>

#include <filesystem>
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "io/input_file.h"
#include "server/clock.h"
#include "server/http_server.h"
#include "server/store.h"
#include "server/tokens.h"

namespace referee::cli {
namespace {

namespace fs = std::filesystem;

std::string Trimmed(std::string text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  size_t start = 0;
  while (start < text.size() && std::isspace(static_cast<unsigned char>(text[start]))) ++start;
  return text.substr(start);
}

// The organiser's token: from --organiser-token-file, else DIR/organiser.token, created (mode
// 0600) and printed once at the first start. Never logged.
Result<std::string, Error> OrganiserToken(const ServeOptions& options, std::ostream& out) {
  std::string path = options.organiser_token_file;
  bool given = !path.empty();
  if (!given) path = (fs::path(options.data) / "organiser.token").string();
  if (given || fs::exists(path)) {
    // A file the user names may be a stream (`<(command)`); the server's own must be a file.
    io::Accept accept = given ? io::Accept::kStreamToo : io::Accept::kRegularFile;
    auto text = io::ReadFile(path, server::kMostStoreFileBytes, accept);
    if (!text.has_value()) return Fail(std::move(text).error());
    std::string token = Trimmed(*text);
    if (token.empty()) return Fail(IoError("read", path, "it is empty"));
    return token;
  }
  std::optional<std::string> token = server::NewToken();
  if (!token) return Fail(Error{ErrorKind::kIo, "the random source failed"});
  if (server::DiskDone written = server::WriteFileAtomically(path, *token + "\n", 0600); !written) {
    return Fail(written.error());
  }
  out << "organiser token (saved in " << path << ", mode 0600): " << *token << std::endl;
  return *token;
}

}  // namespace

int RunServe(const ServeOptions& options, std::ostream& out, std::ostream& err) {
  // Private to the server's user: the journals hold the seeds (an existing folder is left as is).
  if (server::DiskDone made = server::MakePrivateFolder(options.data, false); !made) {
    err << "referee: " << made.error().message << "\n";
    return made.error().exit_code();
  }
  auto token = OrganiserToken(options, out);
  if (!token.has_value()) {
    err << "referee: organiser token: " << token.error().message << "\n";
    return token.error().exit_code();
  }
  // Signals are taken by sigwait below; the server's threads inherit the blocked mask.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  server::SystemClock clock;
  server::ServerOptions server_options;
  server_options.address = options.address;
  server_options.port = options.port;
  server_options.threads = options.threads;
  server_options.request_ms = static_cast<int64_t>(options.request_seconds * 1000);
  server_options.max_connections = options.max_connections;
  server_options.max_connections_per_client = options.max_connections_per_client;
  server_options.service = server::ServiceOptions{options.data, server::TokenHash(*token), &clock,
                                                  static_cast<int64_t>(options.poll_seconds * 1000),
                                                  options.max_body_bytes};
  server_options.service.commit_log.segment_bytes = options.log_segment_kib << 10;
  server_options.service.write_threads = options.write_threads;
  server_options.service.referee = std::string("referee ") + REFEREE_VERSION;
  server::Server server(server_options);
  if (Result<void, Error> started = server.Start(); !started) {
    err << "referee: " << started.error().message << "\n";
    return started.error().exit_code();
  }
  out << "referee: serving " << server.service().TableCount() << " tables from " << options.data
      << " on http://" << options.address << ":" << server.port() << std::endl;
  int signal = 0;
  sigwait(&signals, &signal);
  server.Stop();
  return kExitValid;
}

}  // namespace referee::cli
