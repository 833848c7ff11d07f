// Record: one match at one table, as read from YAML, JSON or a JSON Lines line (the model of
// docs/record-format.md). The header is common to every game; the body is the game's events.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "referee/core/event.h"
#include "referee/core/fact.h"
#include "referee/core/finding.h"
#include "referee/core/rule_options.h"

namespace referee::games {
struct GameDescriptor;
}

namespace referee::record {

inline constexpr std::string_view kFormatVersion = "referee/1";

// A claimed fact of the result, typed as the record writes it: a whole number, or words (a list
// or a space-separated string gives several: a shared win; their order does not matter).
struct ClaimedFact {
  std::string key;
  FactValue value;
  std::string path;
};

// The points a deal's claim gives one scoring unit. The unit is its index among the game's score
// units (GameDescriptor::score_units, the columns of the score sheet), so that a claim is compared
// with its deal's row column by column.
struct ClaimedPoints {
  size_t unit = 0;
  int64_t points = 0;
};

// A claim of the points of one deal, per scoring unit, in the order the record gives them.
struct DealClaim {
  int deal = 0;
  EventPath path;  // the claim's map ("/deals/2/claim")
  std::vector<ClaimedPoints> values;

  // The pointer of one unit's claimed points ("/deals/2/claim/NS"), given the game's score units.
  std::string PathOf(const ClaimedPoints& value, std::span<const std::string> units) const {
    return ChildPath(path.str(), units[value.unit]);
  }
};

struct Record {
  const games::GameDescriptor* game = nullptr;
  RuleOptions rules;
  std::vector<std::pair<std::string, std::string>> metadata;  // id, event, date, ...
  std::vector<std::string> players;  // seat order N E S W, or the turn order
  std::optional<std::string> seed;

  // The body, in record order. Deal claims sit after the events of their deal.
  struct Entry {
    std::variant<Event, DealClaim> item;
  };
  std::vector<Entry> entries;
  std::optional<std::vector<ClaimedFact>> result;  // the claimed result, path "/result"

  // The event of entry `index`, or none where that entry is a claim (the fault injectors edit
  // records through these).
  Event* EventAt(size_t index) { return std::get_if<Event>(&entries[index].item); }
  // The same, as a payload of type T: none where the entry is not such an event.
  template <class T>
  T* EventAt(size_t index) {
    Event* event = EventAt(index);
    return event == nullptr ? nullptr : event->As<T>();
  }
};

// Where a game's body reader (GameDescriptor::read_body) puts what it reads, in record order:
// each event, and each deal's claim after the events of its deal. The verifier replays each as
// it comes; a record keeps them (RecordSink). An event given may be one the reader reuses for the
// next: a sink that keeps it copies it.
class BodySink {
 public:
  virtual ~BodySink() = default;
  virtual void Add(const Event& event) = 0;
  // Events that follow each other in the record and that a game may take together (a trick's
  // cards): the same as adding each in turn.
  virtual void Add(std::span<const Event> run) {
    for (const Event& event : run) Add(event);
  }
  virtual void Add(const DealClaim& claim) = 0;
};

// Keeps what it is given as the record's entries.
class RecordSink final : public BodySink {
 public:
  explicit RecordSink(Record& record) : record_(&record) {}
  using BodySink::Add;
  void Add(const Event& event) override;
  void Add(const DealClaim& claim) override;

 private:
  Record* record_;
};

// The metadata keys a record may carry, in the order they are written.
const std::vector<std::string>& MetadataKeys();

}  // namespace referee::record
