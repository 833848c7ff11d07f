// `referee verify FILE...`: every record of every input verified on every core, its verdict
// printed in record order, and at the end the records that are not valid, each with its first
// finding, and the tally (README.md, "Verifying records").
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <thread>

#include "batch/input.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/progress.h"
#include "formats/json_writer.h"
#include "referee/core/printable.h"
#include "reports/verdict_text.h"
#include "verifier/verifier.h"

namespace referee::cli {
namespace {

// What the work on one record produced, to be emitted in input order.
struct RecordOutput {
  verifier::Status status = verifier::Status::kValid;
  std::string text;           // printed for it: empty for a valid record with --quiet
  std::string first_finding;  // of a record that is not valid, on one line
};

std::string Joined(const std::vector<std::string>& paths) {
  std::string joined;
  for (const std::string& path : paths) joined += (joined.empty() ? "" : ", ") + path;
  return joined;
}

// The first finding that made the record not valid, compiler style on one line:
// "games/a.yaml:13:18: error[revoke]: deal 1, trick 1, E, 6H: expected ...". An incomplete
// record has none: its status and the summary of its unfinished match say why.
std::string FirstFinding(const verifier::Verdict& verdict) {
  for (const Finding& finding : verdict.findings) {
    if (finding.severity == Severity::kNote) continue;
    std::string text = reports::FormatFinding(finding, verdict.source, nullptr);
    return text.substr(0, text.find('\n'));
  }
  return Printable(verdict.source) + ": " + std::string(verifier::StatusName(verdict.status)) +
         ": " + Printable(verdict.outcome.summary);
}

RecordOutput VerifyAndWrite(const VerifyOptions& options, batch::Document& document) {
  verifier::Verdict verdict = batch::VerifyDocument(document);
  RecordOutput output{verdict.status, "", ""};
  if (options.output == "json") {
    output.text = formats::WriteJson(reports::VerdictTree(verdict), false) + "\n";
  } else if (!options.quiet || verdict.status != verifier::Status::kValid) {
    output.text = reports::FormatVerdict(verdict, &document.text, !options.quiet);
  }
  if (verdict.status != verifier::Status::kValid) output.first_finding = FirstFinding(verdict);
  return output;
}

// The end of a run: the records that are not valid, each with its first finding, then the
// tally; with --quiet the tally alone, as --quiet printed only what is not valid and the list
// would repeat each finding just printed. The list is kept to its first kListed records, so that
// memory does not follow a run where everything fails (each of them was printed in full in its
// turn).
class Summary {
 public:
  static constexpr size_t kListed = 1000;

  void Add(RecordOutput& output) {
    tally_.Add(output.status);
    if (output.status == verifier::Status::kValid) return;
    if (listed_.size() < kListed) {
      listed_.push_back(std::move(output.first_finding));
    } else {
      ++unlisted_;
    }
  }

  size_t records() const { return tally_.Total(); }

  std::string Text(bool quiet) const {
    if (quiet) return TallyLine();
    std::string text;
    if (!listed_.empty()) text += "not valid:\n";
    for (const std::string& line : listed_) text += "  " + line + "\n";
    if (unlisted_ > 0) {
      text += "  and " + FormatCount(unlisted_) + " more, not listed (each is reported above)\n";
    }
    return text + reports::FormatTally(tally_) + "\n";
  }

  std::string TallyLine() const { return reports::FormatTally(tally_) + "\n"; }

 private:
  reports::StatusTally tally_;
  std::vector<std::string> listed_;
  size_t unlisted_ = 0;
};

// The size of all the inputs, for the progress line's time left; unknown when one of them is
// standard input or not a regular file.
std::optional<size_t> TotalBytes(const std::vector<std::string>& files) {
  size_t total = 0;
  for (const std::string& file : files) {
    struct stat info {};
    if (file == "-" || stat(file.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) {
      return std::nullopt;
    }
    total += static_cast<size_t>(info.st_size);
  }
  return total;
}

}  // namespace

int RunVerify(const VerifyOptions& options, std::ostream& out, std::ostream& err) {
  int exit_code = kExitValid;
  bool json = options.output == "json";
  unsigned threads =
      options.threads > 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  batch::ExpandedInputs inputs = batch::ExpandInputs(options.files);
  if (inputs.files.empty() && inputs.problems.empty()) {
    // Only folders were named, and none holds a record: verifying nothing is not a success.
    err << "referee: no record files in " << Printable(Joined(options.files))
        << " (records are files ending in .yaml, .yml, .json, .jsonl or .ndjson)\n";
    return kExitIo;
  }
  // With --format json, an input that cannot be read has its line too: a script reading the
  // verdicts sees every input it named.
  auto report_unreadable = [&](const std::string& path, const std::string& problem) {
    err << "referee: " << Printable(problem) << "\n";
    if (json) out << formats::WriteJson(reports::UnreadableTree(path, problem), false) << "\n";
    exit_code = WorseExit(exit_code, kExitIo);
  };
  for (const batch::InputProblem& problem : inputs.problems) {
    report_unreadable(problem.path, problem.error.message);
  }
  bool shown = ProgressLine::ShowOnStandardError();
  ProgressLine progress(err, shown, "record",
                        ProgressTotal{.bytes = shown ? TotalBytes(inputs.files) : std::nullopt},
                        isatty(STDOUT_FILENO) == 1 ? &out : nullptr);
  Summary summary;
  bool unreadable = false;
  // Runs on the worker threads: verifying and formatting a record touch nothing shared.
  std::function<RecordOutput(batch::Document&)> work = [&options](batch::Document& document) {
    return VerifyAndWrite(options, document);
  };
  std::function<void(RecordOutput&)> emit = [&](RecordOutput& output) {
    exit_code = WorseExit(exit_code, ExitForStatus(output.status));
    if (!output.text.empty()) {
      progress.Clear();
      out << output.text;
    }
    summary.Add(output);
    progress.Advance(1);
  };
  std::function<void(const batch::InputStep&)> step = [&](const batch::InputStep& input_step) {
    progress.Advance(0, input_step.bytes);
    if (input_step.read.has_value()) return;
    progress.Clear();
    report_unreadable(input_step.path, input_step.read.error().message);
    unreadable = true;
  };
  batch::ForEachDocumentOfInputs(std::move(inputs.files),
                                 batch::InputOptions{options.input, {}, threads}, work, emit, step);
  progress.Finish();
  // A run that read no record because its inputs could not be read has nothing to count.
  if (summary.records() == 0 && (unreadable || !inputs.problems.empty())) return exit_code;
  if (json) {
    // The verdicts first, where both streams reach one terminal or file; verdicts that could not
    // be written are not tallied (main reports why).
    if (!out.flush()) return exit_code;
    err << summary.TallyLine();
  } else {
    out << summary.Text(options.quiet);
  }
  return exit_code;
}

}  // namespace referee::cli
