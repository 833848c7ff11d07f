// Standings as one self-contained HTML page: inline CSS, the tables with their explanations, the
// hand-made entries, the records not counted, and an inline SVG chart per table of each entrant's
// cumulative points round by round. No scripts and no external assets; deterministic bytes.
#pragma once

#include <string>

#include "reports/standings.h"

namespace referee::reports {

std::string FormatStandingsHtml(const Standings& standings);

// The chart alone: one polyline per entrant (class "entrant", data-entrant="id") from a start at
// zero through each round, with axis labels and a legend.
std::string PointsChartSvg(const Standings& standings, const StandingsTable& table);

}  // namespace referee::reports
