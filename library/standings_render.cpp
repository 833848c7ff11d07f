#include "library/standings_render.h"

#include "formats/json_writer.h"
#include "reports/standings_html.h"
#include "reports/standings_output.h"

namespace referee::library {

bool IsStandingsFormat(std::string_view format) {
  return format == "text" || format == "markdown" || format == "csv" || format == "json" ||
         format == "html";
}

std::string RenderStandings(const reports::Standings& standings, std::string_view format) {
  if (format == "markdown") return reports::FormatStandingsMarkdown(standings);
  if (format == "csv") return reports::FormatStandingsCsv(standings);
  if (format == "json") return formats::WriteJson(reports::StandingsTree(standings), true) + "\n";
  if (format == "html") return reports::FormatStandingsHtml(standings);
  return reports::FormatStandingsText(standings);
}

}  // namespace referee::library
