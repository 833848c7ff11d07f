// `referee live`: the live referee on standard input and output (docs/live.md). Thin: the protocol
// is live::LiveReferee; here are the streams, the journal file and the exit codes.
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "formats/document_stream.h"
#include "live/journal_file.h"
#include "live/live_referee.h"

namespace referee::cli {
namespace {

int Fail(std::ostream& err, const std::string& message, int code) {
  err << "referee: " << message << "\n";
  return code;
}

// Opens the journal and replays what it holds; a torn last line is reported and cut off.
int OpenJournal(const std::string& path, std::unique_ptr<live::JournalFile>& file,
                std::optional<live::Session>& resumed, std::ostream& err) {
  auto opened = live::JournalFile::Open(path);
  if (!opened.has_value()) return Fail(err, opened.error(), kExitIo);
  file = std::move(*opened);
  auto text = file->ReadAll();
  if (!text.has_value()) return Fail(err, text.error(), kExitIo);
  live::JournalText journal = live::SplitJournal(*text);
  if (journal.torn_bytes > 0) {
    err << "referee: " << path << ": dropped a torn last line (" << journal.torn_bytes
        << " bytes)\n";
    if (auto error = file->Truncate(journal.complete_bytes)) return Fail(err, *error, kExitIo);
  }
  if (journal.lines.empty()) return kExitValid;
  auto session = live::ReplayJournal(journal);
  if (!session.has_value()) {
    return Fail(err, path + ": corrupt journal: " + session.error().message, kExitMalformed);
  }
  resumed.emplace(std::move(*session));
  return kExitValid;
}

}  // namespace

int RunLive(const LiveOptions& options, std::istream& in, std::ostream& out, std::ostream& err) {
  std::unique_ptr<live::JournalFile> file;
  std::optional<live::Session> resumed;
  if (options.journal) {
    int code = OpenJournal(*options.journal, file, resumed, err);
    if (code != kExitValid) return code;
  }
  live::LiveReferee referee(file.get(), std::move(resumed));
  // Lines are read up to the limit: the rest of a longer one is skipped, never kept.
  formats::DocumentStream lines(in, {.max_document_bytes = live::kMaxLineBytes});
  while (std::optional<formats::StreamedLine> line = lines.NextLine()) {
    live::LiveReferee::Output output =
        line->too_long ? referee.OnOverlongLine() : referee.OnLine(line->text);
    out << output.reply << std::flush;
    if (output.stop == live::LiveReferee::Stop::kDisk) {
      err << "referee: " << output.error << "; stopping: the event was not accepted\n";
      return kExitIo;
    }
    if (output.stop == live::LiveReferee::Stop::kBadHeader) return kExitMalformed;
  }
  if (!referee.HeaderSeen()) {
    return Fail(err, "expected a header line, found the end of the input", kExitMalformed);
  }
  return ExitForStatus(referee.FinalStatus());
}

}  // namespace referee::cli
