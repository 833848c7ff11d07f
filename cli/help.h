// What `--help` says beyond the options: each sub-command's examples and exit codes, the event
// lines `referee live` accepts and the rule options `--rules` takes, the last two from the games'
// own descriptors (referee/games/registry.h), so that a new game appears without a word here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee::cli {

// The registered games' names, for `--game`.
std::vector<std::string> GameNames();

// "unknown game 'colusion'; did you mean '...'?", or the list of games when none is close.
std::string UnknownGame(const std::string& name);

// "Examples:" and "Exit status:" for the sub-command `command`, and for the program itself when it
// is empty; `referee live` adds its event lines.
std::string HelpFooter(std::string_view command);

// Each game's rule options, `--rules key=value` (for `generate --rules` and `deal --rules` without
// a value): name, values allowed, default and meaning. Only `game`'s when it names one.
std::string RuleOptionsText(const std::string& game);

// The event lines `referee live` reads, one example line per kind and game, written by the game's
// own live writer from a sample match the game plays with itself.
std::string LiveEventLines();

// "did you mean '--quiet'?" for an option `word` that `options` do not hold, or nullopt.
std::optional<std::string> ClosestOption(std::string_view word,
                                         const std::vector<std::string>& options);

// "referee 0.1.0 (source commit 1a2b3c4d5e6f)": the version and the commit the program was built
// from ("unknown" when it was built outside a git checkout, e.g. from a release tarball).
std::string VersionText();

}  // namespace referee::cli
