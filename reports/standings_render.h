// Standings in one of the formats `referee standings --format` names, for the program and the
// library alike.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "league/standings.h"

namespace referee::reports {

// "text", "markdown", "csv", "json" or "html".
bool IsStandingsFormat(std::string_view format);

// The standings as `format` writes them; text for a format IsStandingsFormat refuses.
std::string RenderStandings(const league::Standings& standings, std::string_view format);
// The same bytes written to `out`. Every format but HTML is written as it is made (text and
// Markdown table by table), so a league of many records is never held whole as text
// (docs/standings.md, "Memory").
void WriteStandings(const league::Standings& standings, std::string_view format, std::ostream& out);

}  // namespace referee::reports
