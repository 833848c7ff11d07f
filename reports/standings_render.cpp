#include "reports/standings_render.h"

#include <sstream>

#include "formats/json_writer.h"
#include "reports/standings_html.h"
#include "reports/standings_output.h"

namespace referee::reports {

bool IsStandingsFormat(std::string_view format) {
  return format == "text" || format == "markdown" || format == "csv" || format == "json" ||
         format == "html";
}

void WriteStandings(const league::Standings& standings, std::string_view format,
                    std::ostream& out) {
  if (format == "csv") {
    WriteStandingsCsv(standings, out);
  } else if (format == "json") {
    formats::JsonStreamWriter writer(out);
    EmitStandings(standings, writer);
    writer.Finish();
    out << "\n";
  } else if (format == "markdown") {
    WriteStandingsMarkdown(standings, out);
  } else if (format == "html") {
    WriteStandingsHtml(standings, out);
  } else {
    WriteStandingsText(standings, out);
  }
}

std::string RenderStandings(const league::Standings& standings, std::string_view format) {
  std::ostringstream out;
  WriteStandings(standings, format, out);
  return std::move(out).str();
}

}  // namespace referee::reports
