// `referee live`: the live referee on standard input and output (docs/live.md). Thin: the protocol
// is live::LiveReferee; here are the streams, the journal file and the exit codes.
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "formats/document_stream.h"
#include "live/journal_file.h"
#include "live/live_referee.h"
#include "referee/core/printable.h"

namespace referee::cli {
namespace {

int Fail(std::ostream& err, const std::string& message, int code) {
  err << "referee: " << Printable(message) << "\n";
  return code;
}

// A journal's content that cannot be a journal: exit 2, and the file is left as it is.
int Corrupt(std::ostream& err, const std::string& path, const std::string& message) {
  return Fail(err, path + ": corrupt journal: " + message, kExitMalformed);
}

// Opens the journal and replays what it holds. Only a journal whose complete lines replay has a
// torn last line cut off (reported): a file that is not a journal is never changed.
int OpenJournal(const std::string& path, std::unique_ptr<live::JournalFile>& file,
                std::optional<live::Session>& resumed, std::ostream& err) {
  auto opened = live::JournalFile::Open(path);
  if (!opened.has_value()) return Fail(err, opened.error().message, kExitIo);
  file = std::move(*opened);
  if (file->Size() > live::kMaxJournalBytes) {
    return Corrupt(err, path,
                   "expected a journal of at most " + std::to_string(live::kMaxJournalBytes) +
                       " bytes, found " + std::to_string(file->Size()));
  }
  auto text = file->ReadAll();
  if (!text.has_value()) return Fail(err, text.error().message, kExitIo);
  live::JournalText journal = live::SplitJournal(*text);
  if (!journal.lines.empty()) {
    auto session = live::ReplayJournal(journal);
    if (!session.has_value()) return Corrupt(err, path, session.error().message);
    resumed.emplace(std::move(*session));
  } else if (journal.torn_bytes > 0 && !text->starts_with('{')) {
    // A crash while the header was written leaves the start of a JSON object; nothing else.
    return Corrupt(err, path, "expected a journal line, found text that is not JSON");
  }
  if (journal.torn_bytes > 0) {
    err << "referee: " << Printable(path) << ": dropped a torn last line (" << journal.torn_bytes
        << " bytes)\n";
    if (Result<void, Error> cut = file->Truncate(journal.complete_bytes); !cut) {
      return Fail(err, cut.error().message, cut.error().exit_code());
    }
  }
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
    // Replies that cannot be written reach no one: stop (main says why).
    if (!out) return kExitIo;
    if (output.stop == live::LiveReferee::Stop::kDisk) {
      err << "referee: " << Printable(output.error) << "; stopping: the event was not accepted\n";
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
