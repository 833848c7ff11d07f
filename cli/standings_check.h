// `referee standings --check` and `referee ratings --check`: a published file compared with the
// report computed now, item by item, or byte for byte when it is too large to read as a tree.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "referee/core/result.h"
#include "referee/record/node.h"

namespace referee::cli {

// What a published file is checked with: how to read its CSV, how to compare its tree, and the
// computed report in a format ("json", "csv"), written to a stream.
struct Published {
  std::string what;  // "standings", "ratings"
  std::function<Result<record::Node>(std::string_view)> parse_csv;
  std::function<std::vector<std::string>(const record::Node&)> compare;
  std::function<std::vector<std::string>(const record::Node&)> notes;
  std::function<void(std::string_view format, std::ostream&)> render;
};

// Compares with a published file: JSON when it looks like JSON, else CSV. Exit 0 when it agrees,
// 1 on a difference (each printed), 2 when it is malformed or too large, 4 when it cannot be read.
int CheckPublished(const Published& published_as, const std::string& path, std::ostream& out,
                   std::ostream& err);

}  // namespace referee::cli
