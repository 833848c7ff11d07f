#include <algorithm>
#include <iostream>
#include <thread>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/input.h"
#include "formats/json_writer.h"
#include "referee/core/printable.h"
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

std::string Joined(const std::vector<std::string>& paths) {
  std::string joined;
  for (const std::string& path : paths) joined += (joined.empty() ? "" : ", ") + path;
  return joined;
}

}  // namespace

int RunVerify(const VerifyOptions& options, std::ostream& out, std::ostream& err) {
  int exit_code = kExitValid;
  reports::StatusTally tally;
  unsigned threads =
      options.threads > 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  // Runs on the worker threads: verifying and formatting a record touch nothing shared.
  auto work = [&options](Document& document) {
    verifier::Verdict verdict = VerdictOf(document);
    std::string text = options.output == "json"
                           ? formats::WriteJson(reports::VerdictTree(verdict), false) + "\n"
                           : reports::FormatVerdict(verdict, &document.text, !options.quiet);
    return DocumentOutput{verdict.status, std::move(text)};
  };
  auto emit = [&](DocumentOutput& output) {
    tally.Add(output.status);
    exit_code = WorseExit(exit_code, ExitForStatus(output.status));
    out << output.text;
  };
  ExpandedInputs inputs = ExpandInputs(options.files);
  if (inputs.files.empty() && inputs.problems.empty()) {
    // Only folders were named, and none holds a record: verifying nothing is not a success.
    err << "referee: no record files in " << Printable(Joined(options.files))
        << " (records are files ending in .yaml, .yml, .json, .jsonl or .ndjson)\n";
    return kExitIo;
  }
  for (const std::string& problem : inputs.problems) {
    err << "referee: " << Printable(problem) << "\n";
    exit_code = WorseExit(exit_code, kExitIo);
  }
  for (const std::string& file : inputs.files) {
    std::optional<std::string> failure =
        ForEachDocumentInParallel(file, options.input, {}, threads, work, emit);
    if (failure) {
      err << "referee: " << Printable(*failure) << "\n";
      exit_code = WorseExit(exit_code, kExitIo);
    }
  }
  // The tally sums up several records; with none, the errors above say why.
  if (options.output != "json" && tally.Total() > 1) {
    out << reports::FormatTally(tally) << "\n";
  }
  return exit_code;
}

}  // namespace referee::cli
