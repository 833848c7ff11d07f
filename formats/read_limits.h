// ReadLimits: the bounds every reader in formats/ enforces, so that hostile or broken input costs a
// bounded amount of time and memory and ends in a `too-large` or `too-deep` finding, never a crash.
#pragma once

#include <cstddef>

namespace referee::formats {

struct ReadLimits {
  // Whole document (a YAML or JSON file, or one JSON Lines record), in bytes, BOM included.
  size_t max_document_bytes = 16 << 20;
  // Nested lists and maps; a document that is a map of lists of scalars has depth 2.
  int max_depth = 64;
  // One string, number or key, in bytes after escapes are decoded.
  size_t max_scalar_bytes = 1 << 20;
  // Values in the document (scalars, lists and maps; keys are not counted).
  size_t max_nodes = 1'000'000;
};

}  // namespace referee::formats
