// CSV read back (RFC 4180): the rows of a file, and the published standings and ratings files of
// the CSV outputs read into the trees the JSON outputs have, so that `--check` compares one shape.
// Every reader is bounded: more than `max_fields` fields is `too-large`, so the tree of a hostile
// file stays small.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "referee/core/result.h"
#include "referee/record/node.h"

namespace referee::formats {

// Splits CSV text into rows of fields (RFC 4180 quoting; CRLF accepted), each field's formula
// guard (the leading quote reports::GuardFormula writes) read off. An empty line is a row of no
// fields: it separates sections.
Result<std::vector<std::vector<std::string>>> CsvRows(std::string_view text, size_t max_fields);

// Reads a standings file in the CSV output format (docs/standings.md, "Outputs") into the tree
// reports::StandingsTree makes: only the parts reports::CompareStandings compares.
Result<record::Node> ParseStandingsCsv(std::string_view text, size_t max_fields = 1'000'000);

// Reads a ratings file in the CSV output format into the tree reports::RatingsTree makes (the
// players, leagues and parameters). A header of another shape or a line of the wrong number of
// fields is `csv-syntax`.
Result<record::Node> ParseRatingsCsv(std::string_view text, size_t max_fields = 1'000'000);

}  // namespace referee::formats
