#include "live/live_script.h"

#include "referee/games/game_record.h"
#include "referee/games/registry.h"
#include "referee/record/record_writer.h"

namespace referee::live {
namespace {

record::Node WithoutKey(const record::Node& map, const std::string& key) {
  record::Node copy = record::Node::Map({});
  for (const record::Node::Member& member : map.members()) {
    if (member.key != key) copy.AddMember(member.key, {}, member.value);
  }
  return copy;
}

// How many of the record's entries its header already holds (a table it sets up): the header is
// read back the way a session reads it.
size_t HeaderEntries(const record::Node& header, const std::string& events_key) {
  record::Node tree = header;
  tree.AddMember(events_key, {}, record::Node::List({}));
  auto read = record::ReadRecord(tree);
  return read.has_value() ? read->entries.size() : 0;
}

}  // namespace

LiveScript ScriptFor(const record::Record& record) {
  const games::LiveHooks& live = record.game->live;
  LiveScript script;
  script.header = WithoutKey(record::WriteRecord(record), live.events_key);
  size_t skip = HeaderEntries(script.header, live.events_key);
  for (size_t i = skip; i < record.entries.size(); ++i) {
    const Event* event = std::get_if<Event>(&record.entries[i].item);
    if (event == nullptr) continue;
    // A live line does not say what a seat may not claim (what it drew, the goals it completed:
    // docs/live.md, "What a seat may learn"), and a record's markers are no lines at all.
    std::optional<Event> line = live.seat_line(*event);
    if (line) script.events.push_back(live.write_event(*line, record));
  }
  return script;
}

}  // namespace referee::live
