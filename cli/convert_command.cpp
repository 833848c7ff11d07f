#include <iostream>

#include "batch/input.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "formats/json_writer.h"
#include "formats/yaml_writer.h"
#include "referee/core/printable.h"
#include "referee/games/game_record.h"
#include "referee/record/record_writer.h"
#include "reports/verdict_text.h"
#include "verifier/verify_text.h"

namespace referee::cli {
namespace {

// The record of a document: read from its text, or from the tree a live journal was made into.
Result<record::Record> RecordOf(batch::Document& document) {
  if (document.text_format && !document.parsed) {
    return verifier::ReadRecordText(document.text.Text(), *document.text_format,
                                    document.text.FirstLine(), document.limits);
  }
  if (!document.Node().has_value()) return Fail(document.Node().error());
  return record::ReadRecord(*document.Node());
}

// One record in the target format. YAML holds many records as one stream of documents, each
// after the first opened by `---`; JSON holds one record, JSON Lines one per line.
std::string Written(const record::Record& record, const std::string& to, int number) {
  record::Node tree = record::WriteRecord(record);
  if (to == "yaml") return (number > 1 ? "---\n" : "") + formats::WriteYaml(tree);
  return formats::WriteJson(tree, to == "json") + "\n";
}

}  // namespace

// Reads records and writes them back in canonical form. A record that cannot be read is reported
// like `verify` reports it; rules are not checked (that is `verify`'s job).
int RunConvert(const ConvertOptions& options, std::ostream& out, std::ostream& err) {
  int exit_code = kExitValid;
  int records = 0;
  Result<void, Error> read =
      batch::ForEachDocument(options.file, options.input, {}, [&](batch::Document& document) {
        ++records;
        if (records > 1 && options.to == "json") {
          // Said once, however many records follow: they are skipped.
          if (records == 2) {
            err << "referee: " << Printable(options.file) << " holds more than one record; "
                << "convert it with --to jsonl or --to yaml\n";
          }
          exit_code = WorseExit(exit_code, kExitUsage);
          return;
        }
        auto record = RecordOf(document);
        if (!record.has_value()) {
          err << reports::FormatFinding(std::move(record).error(), document.source, &document.text);
          exit_code = WorseExit(exit_code, kExitMalformed);
          return;
        }
        out << Written(*record, options.to, records);
      });
  if (!read.has_value()) {
    err << "referee: " << read.error().message << "\n";
    return WorseExit(exit_code, read.error().exit_code());
  }
  return exit_code;
}

}  // namespace referee::cli
