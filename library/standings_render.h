// Standings in one of the formats `referee standings --format` names, for the program and the
// library alike.
#pragma once

#include <string>
#include <string_view>

#include "reports/standings.h"

namespace referee::library {

// "text", "markdown", "csv", "json" or "html".
bool IsStandingsFormat(std::string_view format);

// The standings as `format` writes them; text for a format IsStandingsFormat refuses.
std::string RenderStandings(const reports::Standings& standings, std::string_view format);

}  // namespace referee::library
