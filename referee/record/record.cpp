#include "referee/record/record.h"

namespace referee::record {

const std::vector<std::string>& MetadataKeys() {
  static const std::vector<std::string> kKeys = {"id", "event", "date", "round", "table", "notes"};
  return kKeys;
}

}  // namespace referee::record
