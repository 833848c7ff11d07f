#include "referee/record/record.h"

namespace referee::record {

const std::vector<std::string>& MetadataKeys() {
  static const std::vector<std::string> kKeys = {"id", "event", "date", "round", "table", "notes"};
  return kKeys;
}

void RecordSink::Add(const Event& event) {
  // Built in place: GCC 12 warns (-Wmaybe-uninitialized, a false positive) on the braced form.
  Record::Entry entry;
  entry.item.emplace<Event>(event);
  record_->entries.push_back(std::move(entry));
}

void RecordSink::Add(const DealClaim& claim) {
  Record::Entry entry;
  entry.item.emplace<DealClaim>(claim);
  record_->entries.push_back(std::move(entry));
}

}  // namespace referee::record
