#include "generator/faults.h"

#include <algorithm>

#include "referee/games/game_record.h"
#include "referee/record/record_writer.h"
#include "verifier/verifier.h"

namespace referee::generator {
namespace {

const games::FaultSpec* FaultNamed(const games::GameDescriptor& game, const std::string& kind) {
  for (const games::FaultSpec& fault : game.faults) {
    if (fault.name == kind) return &fault;
  }
  return nullptr;
}

}  // namespace

std::vector<std::string> FaultKinds(const games::GameDescriptor& game) {
  std::vector<std::string> kinds;
  for (const games::FaultSpec& fault : game.faults) kinds.push_back(fault.name);
  return kinds;
}

std::optional<ExpectedFinding> InjectFault(const std::string& kind, record::Record& record,
                                           std::mt19937_64& rng) {
  const games::FaultSpec* fault = FaultNamed(*record.game, kind);
  if (fault == nullptr) return std::nullopt;
  return fault->inject(record, verifier::SetupFor(record), rng);
}

bool VerifierAgrees(const record::Record& record, const ExpectedFinding& expected) {
  verifier::Verdict verdict = verifier::VerifyNode(record::WriteRecord(record), "generated");
  for (const Finding& finding : verdict.findings) {
    if (finding.severity == Severity::kNote) continue;
    return finding.code == expected.code && finding.place.path == expected.path;
  }
  return false;
}

std::optional<ExpectedFinding> PlaceFault(record::Record& record,
                                          const std::vector<std::string>& kinds, size_t first,
                                          std::mt19937_64& rng) {
  constexpr int kPositionsPerKind = 6;
  for (size_t k = 0; k < kinds.size(); ++k) {
    const std::string& kind = kinds[(first + k) % kinds.size()];
    for (int attempt = 0; attempt < kPositionsPerKind; ++attempt) {
      record::Record trial = record;
      std::optional<ExpectedFinding> expected = InjectFault(kind, trial, rng);
      if (!expected) break;  // no place for this kind in this record
      if (!VerifierAgrees(trial, *expected)) continue;
      record = std::move(trial);
      return expected;
    }
  }
  return std::nullopt;
}

}  // namespace referee::generator
