// Standings as one self-contained HTML page that reads at desktop width and on a phone: inline
// CSS, each table in a container that scrolls sideways instead of overflowing, the round-by-round
// ranks with two SVG charts (points and rank after each round, labelled axes and gridlines, a
// marker shape and dash pattern per entrant and a legend that shows both), the cross-table, the
// travellers of a duplicate event, the entries, the records not counted, and the provenance. No
// scripts and no external assets; deterministic bytes.
#pragma once

#include <ostream>
#include <string>

#include "league/standings.h"

namespace referee::reports {

std::string FormatStandingsHtml(const league::Standings& standings);
// The same, written to `out` as it is made: the cross-table a row at a time, never the whole page.
void WriteStandingsHtml(const league::Standings& standings, std::ostream& out);

// The chart of each entrant's cumulative points, from a start at zero through each round: one
// polyline per entrant (class "entrant", data-entrant="id") with a marker at each point.
std::string PointsChartSvg(const league::Standings& standings, const league::StandingsTable& table);
// The chart of each entrant's rank after each round, first place at the top.
std::string RankChartSvg(const league::Standings& standings, const league::StandingsTable& table);

}  // namespace referee::reports
