// The lines a client sends to referee a given record live (docs/live.md): its header (the record
// without its events) and one event line per event. Scripts, tests and the benchmark play whole
// matches with it; a record of only legal events gives a script the referee accepts line by line.
// A turn's claim of what it drew is left out: live, the referee draws.
#pragma once

#include <vector>

#include "referee/record/node.h"
#include "referee/record/record.h"

namespace referee::live {

struct LiveScript {
  record::Node header;
  std::vector<record::Node> events;  // claims and deal ends are not events of a live session
};

LiveScript ScriptFor(const record::Record& record);

}  // namespace referee::live
