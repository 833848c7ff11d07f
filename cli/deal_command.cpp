#include <sys/random.h>

#include <array>
#include <cstdio>
#include <iostream>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/help.h"
#include "formats/json_writer.h"
#include "generator/deals.h"
#include "generator/generator.h"
#include "referee/games/registry.h"
#include "referee/record/record_writer.h"

namespace referee::cli {
namespace {

// 32 bytes from the operating system's random source, as 64 hex digits.
std::optional<std::string> FreshSeed() {
  std::array<unsigned char, 32> bytes{};
  size_t got = 0;
  while (got < bytes.size()) {
    ssize_t n = getrandom(bytes.data() + got, bytes.size() - got, 0);
    if (n <= 0) return std::nullopt;
    got += static_cast<size_t>(n);
  }
  std::string hex;
  for (unsigned char byte : bytes) {
    std::array<char, 3> pair{};
    std::snprintf(pair.data(), pair.size(), "%02x", byte);
    hex += pair.data();
  }
  return hex;
}

int Usage(std::ostream& err, const std::string& message) {
  err << "referee: " << message << "\n";
  return kExitUsage;
}

}  // namespace

// Prints the seeded deals of a range of boards and the commitment SHA-256(seed); without a seed,
// draws a fresh one and prints it once (docs/generator.md).
int RunDeal(const DealOptions& options, std::ostream& out, std::ostream& err) {
  const games::GameDescriptor* game = games::FindGame(options.game);
  if (game == nullptr) return Usage(err, UnknownGame(options.game));
  auto rules = generator::ParseRules(*game, options.rules);
  if (!rules) return Usage(err, rules.error().message);
  auto boards = generator::ParseBoards(options.boards);
  if (!boards) return Usage(err, boards.error().message);
  std::optional<std::string> seed = options.seed;
  bool fresh = !seed.has_value();
  if (fresh) seed = FreshSeed();
  if (!seed) return Usage(err, "could not read the operating system's random source");
  generator::DealRequest request{game, *rules, *seed, *boards, options.players};
  auto tree = generator::DealTree(request);
  if (!tree) return Usage(err, tree.error().message);
  if (options.format == "json") {
    if (fresh) tree->AddMember("seed", {}, record::StringNode(*seed));
    out << formats::WriteJson(*tree, true) << "\n";
  } else {
    if (fresh) out << "seed: " << *seed << "  # keep it secret until the event ends\n";
    out << generator::DealText(*tree);
  }
  if (fresh) err << "referee: publish the sha256 line now; reveal the seed after the event\n";
  return kExitValid;
}

}  // namespace referee::cli
