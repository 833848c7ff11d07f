#include <iostream>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/input.h"
#include "formats/json_writer.h"
#include "reports/verdict_text.h"
#include "verifier/verifier.h"

namespace referee::cli {
namespace {

verifier::Verdict VerdictOf(Document& document) {
  // In a stream, the record's number names it: "games.jsonl#3" (1-based).
  std::string source = document.streamed
                           ? document.source + "#" + std::to_string(document.index + 1)
                           : document.source;
  if (!document.node.has_value()) {
    return verifier::MalformedVerdict(source, document.index, std::move(document.node).error());
  }
  return verifier::VerifyNode(*document.node, source, document.index);
}

}  // namespace

int RunVerify(const VerifyOptions& options, std::ostream& out, std::ostream& err) {
  int exit_code = kExitValid;
  std::vector<verifier::Status> statuses;
  for (const std::string& file : ExpandInputs(options.files)) {
    std::optional<std::string> failure =
        ForEachDocument(file, options.input, {}, [&](Document& document) {
          verifier::Verdict verdict = VerdictOf(document);
          statuses.push_back(verdict.status);
          exit_code = WorseExit(exit_code, ExitForStatus(verdict.status));
          if (options.output == "json") {
            out << formats::WriteJson(reports::VerdictTree(verdict), false) << "\n";
          } else {
            out << reports::FormatVerdict(verdict, &document.text, !options.quiet);
          }
        });
    if (failure) {
      err << "referee: " << *failure << "\n";
      exit_code = WorseExit(exit_code, kExitIo);
    }
  }
  if (options.output != "json" && statuses.size() != 1) {
    out << reports::FormatTally(statuses) << "\n";
  }
  return exit_code;
}

}  // namespace referee::cli
