#include "verifier/verify_text.h"

#include <utility>

#include "formats/json_reader.h"
#include "formats/locate.h"
#include "formats/yaml_reader.h"
#include "referee/games/game_record.h"
#include "referee/record/document.h"
#include "verifier/verifier.h"

namespace referee::verifier {

namespace {

// Reads `text` into `document`; the finding of a text that cannot be read is placed on the line
// of its input (a JSON one whose place is the whole text, too large, on its first line).
Result<void> ReadText(std::string_view text, formats::InputFormat format, uint32_t first_line,
                      const formats::ReadLimits& limits, record::Document& document) {
  Result<void> read = format == formats::InputFormat::kYaml
                          ? formats::ReadYaml(text, limits, document)
                          : formats::ReadJson(text, limits, document);
  if (read.has_value()) return {};
  Finding finding = std::move(read).error();
  // A YAML finding without a line is about the whole text (too large), as the file is.
  if (finding.place.line > 0 || format != formats::InputFormat::kYaml) {
    finding.place.line = first_line + (finding.place.line > 0 ? finding.place.line - 1 : 0);
  }
  return Fail(std::move(finding));
}

}  // namespace

Verdict VerifyText(std::string_view text, formats::InputFormat format, uint32_t first_line,
                   const formats::ReadLimits& limits, std::string source, int index,
                   const DirectorVoids* voids) {
  // One document per thread, its memory kept from record to record.
  thread_local record::Document document;
  Result<void> read = ReadText(text, format, first_line, limits, document);
  if (!read.has_value()) return MalformedVerdict(std::move(source), index, std::move(read).error());
  Verdict verdict = VerifyDocument(document, std::move(source), index, voids);
  formats::PlaceFindings(document, first_line, verdict.findings);
  return verdict;
}

}  // namespace referee::verifier

namespace referee::verifier {

Result<record::Record> ReadRecordText(std::string_view text, formats::InputFormat format,
                                      uint32_t first_line, const formats::ReadLimits& limits) {
  record::Document document;
  REFEREE_TRY(ReadText(text, format, first_line, limits, document));
  Result<record::Record> record = record::ReadRecord(document.Root());
  if (record.has_value()) return record;
  std::vector<Finding> findings = {std::move(record).error()};
  formats::PlaceFindings(document, first_line, findings);
  return Fail(std::move(findings.front()));
}

}  // namespace referee::verifier
