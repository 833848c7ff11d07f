// The referee program: parses the command line, runs one sub-command, maps the outcome to an
// exit code (README: "Exit codes"). Everything else lives in the libraries.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "referee/core/check.h"
#include "referee/core/names.h"

namespace referee::cli {
namespace {

const std::map<std::string, formats::InputFormat> kInputFormats = {
    {"yaml", formats::InputFormat::kYaml},
    {"json", formats::InputFormat::kJson},
    {"jsonl", formats::InputFormat::kJsonLines},
};

// "did you mean 'verify'?" for a mistyped sub-command.
std::string Suggestion(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return "";
  std::vector<std::string> commands;
  for (const CLI::App* command : app.get_subcommands({})) commands.push_back(command->get_name());
  std::optional<std::string> closest = ClosestName(argv[1], commands);
  if (!closest) return "";
  return "referee: unknown command '" + std::string(argv[1]) + "'; did you mean '" + *closest +
         "'?\n";
}

void AddInputFormat(CLI::App& command, std::optional<formats::InputFormat>& input) {
  command
      .add_option_function<std::string>(
          "--input-format", [&input](const std::string& name) { input = kInputFormats.at(name); },
          "read the input as yaml, json or jsonl (default: from the file name, or sniffed)")
      ->check(CLI::IsMember({"yaml", "json", "jsonl"}));
}

void SetUpLogging(const std::string& level) {
  auto logger = spdlog::stderr_color_mt("referee");
  logger->set_pattern("referee: %l: %v");
  spdlog::set_default_logger(logger);
  spdlog::set_level(spdlog::level::from_str(level));
}

int Run(int argc, char** argv) {
  CLI::App app{
      "referee: verifies card-game records (Collusion, Plonk, Conspiracy, Cahoots) "
      "and reports verdicts"};
  app.set_version_flag("--version", "referee 0.1.0");
  app.require_subcommand(1);
  std::string log_level = "warn";
  app.add_option("--log-level", log_level, "trace, debug, info, warn, error or off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}));

  VerifyOptions verify;
  CLI::App* verify_command =
      app.add_subcommand("verify", "replay records through the rules and report every finding");
  verify_command
      ->add_option("files", verify.files,
                   "record files (YAML, JSON, JSON Lines); - reads standard input")
      ->required();
  verify_command->add_option("--format", verify.output, "text or json (one JSON verdict per line)")
      ->check(CLI::IsMember({"text", "json"}));
  verify_command->add_flag("--quiet", verify.quiet, "text: leave out score tables");
  AddInputFormat(*verify_command, verify.input);

  ConvertOptions convert;
  CLI::App* convert_command =
      app.add_subcommand("convert", "write a record back in canonical YAML, JSON or JSON Lines");
  convert_command->add_option("file", convert.file, "the record file; - reads standard input")
      ->required();
  convert_command->add_option("--to", convert.to, "yaml, json or jsonl")
      ->check(CLI::IsMember({"yaml", "json", "jsonl"}));
  AddInputFormat(*convert_command, convert.input);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    std::string suggestion = Suggestion(app, argc, argv);
    if (!suggestion.empty()) {
      std::cerr << suggestion;
      return kExitUsage;
    }
    int code = app.exit(error);
    return code == 0 ? kExitValid : kExitUsage;
  }
  SetUpLogging(log_level);
  if (verify_command->parsed()) return RunVerify(verify, std::cout, std::cerr);
  return RunConvert(convert, std::cout, std::cerr);
}

}  // namespace
}  // namespace referee::cli

int main(int argc, char** argv) {
  try {
    return referee::cli::Run(argc, argv);
  } catch (const referee::InternalError& error) {
    std::cerr << "referee: " << error.what() << "\nThis is a bug in referee; please report it "
              << "with the input that caused it.\n";
  } catch (const std::exception& error) {
    std::cerr << "referee: internal error: " << error.what() << "\n";
  }
  return referee::cli::kExitInternal;
}
