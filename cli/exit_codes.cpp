#include "cli/exit_codes.h"

#include <iterator>

namespace referee::cli {

int WorseExit(int a, int b) {
  // Ordered from least to most serious.
  constexpr int kOrder[] = {kExitValid, kExitUncounted, kExitInvalid, kExitMalformed,
                            kExitIo,    kExitUsage,     kExitInternal};
  auto rank = [&](int code) {
    for (size_t i = 0; i < std::size(kOrder); ++i) {
      if (kOrder[i] == code) return i;
    }
    return std::size(kOrder);
  };
  return rank(a) >= rank(b) ? a : b;
}

int ExitForStatus(verifier::Status status) {
  switch (status) {
    case verifier::Status::kValid:
      return kExitValid;
    case verifier::Status::kIncomplete:
    case verifier::Status::kInvalid:
      return kExitInvalid;
    case verifier::Status::kMalformed:
      return kExitMalformed;
  }
  return kExitInternal;
}

}  // namespace referee::cli
