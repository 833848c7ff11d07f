// Ratings for people and programs (docs/ratings.md, "Outputs"): text, Markdown, CSV, an HTML page
// and a tree that formats/ writes as JSON; and the comparison with a published ratings file
// (`ratings --check`). Pure and deterministic: the same ratings give the same bytes.
#pragma once

#include <string>
#include <vector>

#include "league/ratings.h"
#include "referee/record/node.h"

namespace referee::reports {

// A number as the outputs show it: fixed `decimals`, never "-0.000".
std::string FormatDecimal(double value, int decimals);

std::string FormatRatingsText(const league::Ratings& ratings);
std::string FormatRatingsMarkdown(const league::Ratings& ratings);
// Sections separated by an empty line, each with a header line: players, leagues, parameters.
std::string FormatRatingsCsv(const league::Ratings& ratings);
// One self-contained page (reports/html_page.h): the parameters, the players' table in a box that
// scrolls sideways on a phone, the leagues with their inputs digests, the notes; all escaped.
std::string FormatRatingsHtml(const league::Ratings& ratings);
// The tree of docs/ratings.md ("format": "referee-ratings/1") for formats/ to write as JSON.
record::Node RatingsTree(const league::Ratings& ratings);

// Every difference between the computed ratings and a published tree (RatingsTree's shape, from
// JSON or formats::ParseRatingsCsv), at the precision the file prints, e.g. "rank 2: frank:
// expected mu 26.101234, published mu 26.2". Empty when they agree; a tree without players is one
// difference.
std::vector<std::string> CompareRatings(const league::Ratings& ratings,
                                        const record::Node& published);
// Things a published file says that are not differences: that another version of referee made it.
std::vector<std::string> CompareRatingsNotes(const league::Ratings& ratings,
                                             const record::Node& published);

}  // namespace referee::reports
