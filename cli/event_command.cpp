// `referee event` (docs/serve.md, "A club night"): an event's journal checked (verify) and its
// export written from a server's data folder (export), the server running or not. Thin: the
// chain and the export are server/'s.
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "formats/json_reader.h"
#include "io/input_file.h"
#include "referee/core/printable.h"
#include "referee/games/registry.h"
#include "server/bot_client.h"
#include "server/event.h"
#include "server/event_export.h"
#include "server/event_journal.h"
#include "server/http_client.h"

namespace referee::cli {
namespace {

namespace fs = std::filesystem;

// A journal is as large as a season of acts at most: bounded like a record.
constexpr size_t kMostJournalBytes = 64 << 20;

int ReadJournal(const std::string& path, std::ostream& err, std::string& text) {
  Result<std::string, Error> read = io::ReadInput(path, kMostJournalBytes);
  if (!read.has_value()) {
    err << "referee: " << read.error().message << "\n";
    return read.error().exit_code();
  }
  text = std::move(*read);
  if (text.size() > kMostJournalBytes) {
    err << Printable(path) << ": expected a journal of at most " << kMostJournalBytes << " bytes\n";
    return kExitMalformed;
  }
  return kExitValid;
}

// The event a journal makes, every line applied; exit 1 where the chain breaks, 2 where a line
// is not an act of an event.
int Rebuild(const std::string& path, const std::string& text, std::ostream& err,
            std::optional<server::Event>& event, std::string* head, int* lines) {
  auto chain = server::ReadChain(text);
  if (!chain) {
    err << Printable(path) << ":" << chain.error().line
        << ": chain broken: " << Printable(chain.error().message) << "\n";
    return kExitInvalid;
  }
  if (chain->empty()) {
    err << Printable(path) << ": an empty journal\n";
    return kExitMalformed;
  }
  auto made = server::Event::FromCreation(chain->front().act);
  if (!made) {
    err << Printable(path) << ":1: " << made.error().message << "\n";
    return kExitMalformed;
  }
  for (size_t i = 1; i < chain->size(); ++i) {
    if (auto applied = made->Apply((*chain)[i].act, static_cast<int>(i) + 1); !applied) {
      err << Printable(path) << ":" << i + 1 << ": " << applied.error().message << "\n";
      return kExitMalformed;
    }
  }
  *head = chain->back().sha256;
  *lines = static_cast<int>(chain->size());
  event = std::move(*made);
  return kExitValid;
}

int Verify(const EventOptions& options, std::ostream& out, std::ostream& err) {
  std::string text;
  if (int code = ReadJournal(options.journal, err, text)) return code;
  std::optional<server::Event> event;
  std::string head;
  int lines = 0;
  if (int code = Rebuild(options.journal, text, err, event, &head, &lines)) return code;
  out << Printable(options.journal) << ": " << lines << " lines, the chain holds; event "
      << Printable(event->id()) << ", " << event->rounds_made() << " of "
      << event->schedule().rounds << " rounds made, " << event->acts().size()
      << " acts of the director; last sha256 " << head << "\n";
  return kExitValid;
}

int Export(const EventOptions& options, std::ostream& out, std::ostream& err) {
  fs::path data(options.data);
  std::string journal_path = (data / "events" / (options.event + ".journal")).string();
  std::string text;
  if (int code = ReadJournal(journal_path, err, text)) return code;
  // A line torn by a crash (the server killed while writing it) was never acknowledged.
  text.resize(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
  std::optional<server::Event> event;
  std::string head;
  int lines = 0;
  if (int code = Rebuild(journal_path, text, err, event, &head, &lines)) return code;
  std::map<std::string, std::string> records;
  std::map<std::string, std::string> settled;
  for (const server::EventTable& table : event->tables()) {
    fs::path file = table.settled ? data / "tables" / (table.id + ".journal")
                                  : data / "records" / (table.id + ".json");
    std::error_code error;
    if (!fs::exists(file, error)) continue;  // in play: no record yet
    // A file of the server's own: a regular file, whole, or an error that says why not.
    Result<std::string, Error> content = io::ReadFile(file.string(), kMostJournalBytes);
    if (!content.has_value()) {
      err << "referee: " << content.error().message << "\n";
      return content.error().exit_code();
    }
    (table.settled ? settled : records)[table.id] = std::move(*content);
  }
  server::EventExport files =
      server::MakeExport(*event, std::move(text), std::move(records), std::move(settled));
  if (Result<void, Error> written = server::WriteExport(files, options.output); !written) {
    err << "referee: " << written.error().message << "\n";
    return written.error().exit_code();
  }
  out << Printable(options.output) << ": league.yaml, " << files.records.size() << " records, "
      << files.settled.size() << " settled tables, event.journal (" << lines
      << " lines, last sha256 " << head << ")\n";
  return kExitValid;
}

// The seat links of an event: the players' tokens from the reply that created it (or that issued
// new ones), a map "players": {"ann": {"token": ...}}.
int ReadTokens(const std::string& path, std::ostream& err,
               std::map<std::string, std::string>& tokens) {
  Result<std::string, Error> text = io::ReadInput(path, 16 << 20);
  if (!text.has_value()) {
    err << "referee: " << text.error().message << "\n";
    return text.error().exit_code();
  }
  Result<record::Node> reply = formats::ParseJson(*text);
  const record::Node* players = reply ? reply->Find("players") : nullptr;
  if (players == nullptr || !players->IsMap()) {
    err << Printable(path) << ": expected an event's reply with \"players\"\n";
    return kExitMalformed;
  }
  for (const auto& member : players->members()) {
    const record::Node* token = member.value.IsMap() ? member.value.Find("token") : nullptr;
    if (token != nullptr) tokens[member.key] = token->text();
  }
  return kExitValid;
}

// Plays every table of the event's current round that is in play with the game's heuristic bot at
// each seat, over HTTP, each seat with its player's seat link: what a room of players does.
int Play(const EventOptions& options, std::ostream& out, std::ostream& err) {
  std::map<std::string, std::string> tokens;
  if (int code = ReadTokens(options.tokens, err, tokens)) return code;
  server::HttpClient client("127.0.0.1", options.port);
  auto state = client.Request("GET", "/events/" + options.event);
  if (!state || state->status != 200) {
    err << "referee: cannot read event " << Printable(options.event) << ": "
        << (state ? Printable(state->body) : state.error().message) << "\n";
    return kExitIo;
  }
  const games::GameDescriptor* game = games::FindGame(state->json.Find("game")->text());
  const record::Node& rounds = *state->json.Find("rounds");
  if (game == nullptr || rounds.items().empty()) {
    err << "referee: event " << Printable(options.event) << " has no round to play\n";
    return kExitMalformed;
  }
  const record::Node& round = rounds.items().back();
  uint64_t seed = 1;
  for (const record::Node& table : round.Find("tables")->items()) {
    if (table.Find("status")->text() != "in-play") continue;
    std::string id = table.Find("id")->text();
    std::vector<std::string> seats;
    std::vector<std::unique_ptr<Bot>> bots;
    for (const auto& member : table.Find("players")->members()) {
      seats.push_back(tokens[member.value.text()]);
      bots.push_back(game->heuristic_bot());
    }
    auto played = server::DriveTable(options.port, id, seats, bots, seed++);
    if (!played) {
      err << "referee: table " << Printable(id) << ": " << played.error().message << "\n";
      return kExitIo;
    }
    out << id << ": played to its end, " << played->moves << " moves\n";
  }
  return kExitValid;
}

}  // namespace

int RunEvent(const EventOptions& options, std::ostream& out, std::ostream& err) {
  if (options.verify) return Verify(options, out, err);
  if (options.play) return Play(options, out, err);
  return Export(options, out, err);
}

}  // namespace referee::cli
