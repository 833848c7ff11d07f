#include <iostream>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/input.h"
#include "formats/json_writer.h"
#include "formats/yaml_writer.h"
#include "referee/core/printable.h"
#include "referee/record/record_reader.h"
#include "referee/record/record_writer.h"
#include "reports/verdict_text.h"

namespace referee::cli {

// Reads records and writes them back in canonical form. A record that cannot be read is reported
// like `verify` reports it; rules are not checked (that is `verify`'s job).
int RunConvert(const ConvertOptions& options, std::ostream& out, std::ostream& err) {
  int exit_code = kExitValid;
  int records = 0;
  std::optional<std::string> failure =
      ForEachDocument(options.file, options.input, {}, [&](Document& document) {
        ++records;
        if (records > 1 && options.to != "jsonl") {
          err << "referee: " << Printable(options.file) << " holds more than one record; "
              << "convert it with --to jsonl\n";
          exit_code = WorseExit(exit_code, kExitUsage);
          return;
        }
        auto record = document.node.has_value()
                          ? record::ReadRecord(*document.node)
                          : Result<record::Record>(Fail(std::move(document.node).error()));
        if (!record.has_value()) {
          Finding finding = std::move(record).error();
          if (document.node.has_value() && finding.place.line == 0) {
            record::SourcePos pos = record::PositionOf(*document.node, finding.place.path);
            finding.place.line = pos.line;
            finding.place.column = pos.column;
          }
          err << reports::FormatFinding(finding, document.source, &document.text);
          exit_code = WorseExit(exit_code, kExitMalformed);
          return;
        }
        record::Node tree = record::WriteRecord(*record);
        if (options.to == "yaml") {
          out << formats::WriteYaml(tree);
        } else {
          out << formats::WriteJson(tree, options.to == "json") << "\n";
        }
      });
  if (failure) {
    err << "referee: " << Printable(*failure) << "\n";
    return WorseExit(exit_code, kExitIo);
  }
  return exit_code;
}

}  // namespace referee::cli
