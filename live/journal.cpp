#include "live/journal.h"

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "referee/games/game_record.h"
#include "referee/record/document.h"
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

// A journal is a header line, then event (or organiser) lines. Every file of JSON Lines is asked,
// so the lines are read into documents, not trees, and the second line first: a record's line
// names its format, an event's does not (a record's metadata may have `event:` too), so a file
// of records is told apart by one line, and a lone line is not read at all.
bool LooksLikeJournal(std::string_view text) {
  JournalText journal = SplitJournal(text);
  if (journal.lines.size() < 2) return false;
  record::Document second;
  if (!formats::ReadJson(journal.lines[1], {}, second).has_value()) return false;
  record::Value event = second.Root();
  if (!event.IsMap() || event.Find("format").has_value()) return false;
  // An event line is small: only a line that may be one is made a tree.
  if (!event.Find("event").has_value() && !IsOrganiserLine(record::ToNode(event))) return false;
  record::Document first;
  if (!formats::ReadJson(journal.lines[0], {}, first).has_value()) return false;
  return first.Root().IsMap() && first.Root().Find("format").has_value();
}

}  // namespace referee::live
