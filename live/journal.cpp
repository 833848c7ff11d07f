#include "live/journal.h"

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "referee/games/game_record.h"
#include "referee/record/record_writer.h"

namespace referee::live {
namespace {

// The finding of a corrupt journal line, placed at that line.
Finding AtLine(Finding finding, size_t index) {
  finding.severity = Severity::kMalformed;
  finding.place.line = static_cast<uint32_t>(index + 1);
  finding.place.column = 0;
  finding.message = "journal line " + std::to_string(index + 1) + ": " + finding.message;
  return finding;
}

std::string_view WithoutCarriageReturn(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

}  // namespace

JournalText SplitJournal(std::string_view text) {
  JournalText journal;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      journal.torn_bytes = text.size() - start;
      break;
    }
    journal.lines.push_back(WithoutCarriageReturn(text.substr(start, end - start)));
    start = end + 1;
    journal.complete_bytes = start;
  }
  return journal;
}

std::string JournalLine(const record::Node& node) { return formats::WriteJson(node, false) + "\n"; }

bool IsOrganiserLine(const record::Node& line) {
  return line.IsMap() && line.Has("organiser") && !line.Has("event");
}

Result<Session> ReplayJournal(const JournalText& journal,
                              std::vector<record::Node>* organiser_lines) {
  if (journal.lines.empty()) {
    return Fail(Malformed("empty-document", "", "expected a journal, found no complete line"));
  }
  auto header = formats::ParseJson(journal.lines[0]);
  if (!header.has_value()) return Fail(AtLine(header.error(), 0));
  auto session = Session::Start(*header);
  if (!session.has_value()) return Fail(AtLine(session.error(), 0));
  for (size_t i = 1; i < journal.lines.size(); ++i) {
    if (journal.lines[i].empty()) continue;
    auto line = formats::ParseJson(journal.lines[i]);
    if (!line.has_value()) return Fail(AtLine(line.error(), i));
    if (IsOrganiserLine(*line)) {
      if (organiser_lines != nullptr) organiser_lines->push_back(std::move(*line));
      continue;
    }
    Reply reply = session->Handle(*line, games::LineSource::kJournal);
    if (!reply.accepted) {
      const record::Node* message = reply.line.Find("message");
      const record::Node* code = reply.line.Find("code");
      std::string text = message != nullptr ? message->text() : "not an event";
      return Fail(
          AtLine(Malformed(code != nullptr ? code->text() : "unexpected-event", "",
                           "expected an accepted event, found one the referee rejects: " + text),
                 i));
    }
  }
  return session;
}

Result<record::Node> JournalRecord(std::string_view text, size_t* torn_bytes) {
  JournalText journal = SplitJournal(text);
  if (torn_bytes != nullptr) *torn_bytes = journal.torn_bytes;
  auto session = ReplayJournal(journal);
  if (!session.has_value()) return Fail(std::move(session).error());
  return record::WriteRecord(session->record());
}

bool LooksLikeJournal(std::string_view text) {
  JournalText journal = SplitJournal(text);
  if (journal.lines.empty()) return false;
  auto header = formats::ParseJson(journal.lines[0]);
  if (!header.has_value() || !header->IsMap() || !header->Has("format")) return false;
  if (journal.lines.size() < 2) return false;
  auto event = formats::ParseJson(journal.lines[1]);
  // A record's metadata may have `event:` too, but a record line also has `format:`.
  return event.has_value() && event->IsMap() && (event->Has("event") || IsOrganiserLine(*event)) &&
         !event->Has("format");
}

}  // namespace referee::live
