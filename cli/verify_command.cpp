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

// What the work on one record produced, to be emitted in input order.
struct RecordOutput {
  verifier::Status status = verifier::Status::kValid;
  std::string text;
};

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
  reports::StatusTally tally;
  unsigned threads =
      options.threads > 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  // Runs on the worker threads: verifying and formatting a record touch nothing shared.
  std::function<RecordOutput(Document&)> work = [&options](Document& document) {
    verifier::Verdict verdict = VerdictOf(document);
    std::string text = options.output == "json"
                           ? formats::WriteJson(reports::VerdictTree(verdict), false) + "\n"
                           : reports::FormatVerdict(verdict, &document.text, !options.quiet);
    return RecordOutput{verdict.status, std::move(text)};
  };
  std::function<void(RecordOutput&)> emit = [&](RecordOutput& output) {
    tally.Add(output.status);
    exit_code = WorseExit(exit_code, ExitForStatus(output.status));
    out << output.text;
  };
  std::function<void(const InputStep&)> step = [&](const InputStep& input_step) {
    if (!input_step.failure) return;
    err << "referee: " << Printable(*input_step.failure) << "\n";
    exit_code = WorseExit(exit_code, kExitIo);
  };
  ExpandedInputs inputs = ExpandInputs(options.files);
  for (const std::string& problem : inputs.problems) {
    err << "referee: " << Printable(problem) << "\n";
    exit_code = WorseExit(exit_code, kExitIo);
  }
  ForEachDocumentOfInputs(std::move(inputs.files), InputOptions{options.input, {}, threads}, work,
                          emit, step);
  if (options.output != "json" && tally.Total() != 1) {
    out << reports::FormatTally(tally) << "\n";
  }
  return exit_code;
}

}  // namespace referee::cli
