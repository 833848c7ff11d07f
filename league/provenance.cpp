// The provenance of standings: which program made them, and a digest of what they were made from
// (docs/standings.md, "Provenance").
#include <algorithm>

#include "league/standings.h"
#include "verifier/sha256.h"

namespace referee::league {

Sha256Digest InputsDigest(const Sha256Digest& league, std::vector<Sha256Digest> records) {
  std::sort(records.begin(), records.end());
  // The manifest "league HEX\nrecord HEX\n..." hashed line by line: never held whole, since a
  // league of 100,000 records would hold 7 MB of it at once.
  verifier::Sha256Stream manifest;
  manifest.Add("league " + HexDigest(league) + "\n");
  std::string line;
  for (const Sha256Digest& record : records) {
    line.assign("record ").append(HexDigest(record)).push_back('\n');
    manifest.Add(line);
  }
  return manifest.Finish();
}

namespace internal {

Provenance ProvenanceOf(const std::vector<const PlayedRecord*>& counted,
                        const std::vector<PlayedRecord>& records, const StandingsOptions& options) {
  Provenance provenance{options.referee, options.league_digest, {}, std::nullopt};
  std::vector<Sha256Digest> digests;
  digests.reserve(counted.size());
  provenance.records.reserve(counted.size());
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
}  // namespace referee::league
