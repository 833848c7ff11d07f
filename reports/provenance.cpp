// The provenance of standings: which program made them, and a digest of what they were made from
// (docs/standings.md, "Provenance").
#include <algorithm>

#include "reports/standings.h"
#include "verifier/sha256.h"

namespace referee::reports {

Sha256Digest InputsDigest(const Sha256Digest& league, std::vector<Sha256Digest> records) {
  std::sort(records.begin(), records.end());
  std::string manifest = "league " + HexDigest(league) + "\n";
  for (const Sha256Digest& record : records) manifest += "record " + HexDigest(record) + "\n";
  return verifier::Sha256(manifest);
}

namespace internal {

Provenance ProvenanceOf(const std::vector<const PlayedRecord*>& counted,
                        const std::vector<PlayedRecord>& records, const StandingsOptions& options) {
  Provenance provenance{options.referee, options.league_digest, {}, std::nullopt};
  std::vector<Sha256Digest> digests;
  bool complete = options.league_digest.has_value();
  for (const PlayedRecord* record : counted) {
    provenance.records.push_back(static_cast<size_t>(record - records.data()));
    if (record->text_digest) digests.push_back(*record->text_digest);
    complete = complete && record->text_digest.has_value();
  }
  if (complete) provenance.inputs = InputsDigest(*options.league_digest, std::move(digests));
  return provenance;
}

}  // namespace internal
}  // namespace referee::reports
