// Reads a league file (docs/standings.md, "The league file"). The file is parsed by formats/ into a
// Node and read here with the same strict field readers as a record, so a bad league file gets the
// same precise findings.
#pragma once

#include "league/league.h"
#include "referee/core/result.h"
#include "referee/record/node.h"

namespace referee::league {

// Reads a league file's tree. The first problem is a Malformed finding naming its JSON pointer.
// Besides the shape of each key, the entries must agree with each other (CheckLeague), and every
// entry keeps its line and column for the warnings that point at it later.
Result<League> ReadLeague(const record::Node& root);

}  // namespace referee::league
