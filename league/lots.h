// The drawing of lots that separates entrants still level after the last tie-break, reproducible
// by anyone from the league's declared seed (docs/standings.md, "Drawing of lots"). Pure.
//
// An entrant's lot is SHA-256(seed || 0x00 || entrant id), the bytes of the seed and the id as
// written in the league file; the lower lot (its 64 hex digits compared as text) ranks higher. It
// depends on nothing but the seed and the id: not on the records, their order, or who else is
// level. `printf 'SEED\0ID' | sha256sum` recomputes it.
#pragma once

#include <string>

#include "referee/core/seeded_deal.h"

namespace referee::league {

Sha256Digest DrawLot(const std::string& seed, const std::string& entrant);

}  // namespace referee::league
