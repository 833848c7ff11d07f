#include "league/standings_sources.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace referee::league {
namespace {

struct Choice {
  size_t found = 0;  // index in `found`
  size_t file = 0;   // index in its files
};

std::tuple<SourceKind, size_t> Specificity(const EntryFiles& entry) {
  return {entry.kind, entry.depth};
}

// (kind, depth) as one number that orders the same way.
uint32_t SpecificityNumber(const EntryFiles& entry) {
  uint32_t depth = static_cast<uint32_t>(std::min<size_t>(entry.depth, 0xffffff));
  return (static_cast<uint32_t>(entry.kind) << 24) | depth;
}

std::string RoundText(const std::optional<std::string>& round) {
  return round ? "round " + *round : "no round";
}

}  // namespace

Result<std::vector<ListedFile>> ChooseFiles(const League& league,
                                            const std::vector<EntryFiles>& found) {
  std::map<FileIdentity, std::vector<Choice>> by_file;
  for (size_t f = 0; f < found.size(); ++f) {
    for (size_t i = 0; i < found[f].files.size(); ++i) {
      by_file[found[f].files[i].identity].push_back({f, i});
    }
  }
  auto specificity = [&](const Choice& choice) { return Specificity(found[choice.found]); };
  auto round = [&](const Choice& choice) -> const std::optional<std::string>& {
    return league.records[found[choice.found].entry].round;
  };
  std::vector<ListedFile> files;
  for (size_t f = 0; f < found.size(); ++f) {
    for (size_t i = 0; i < found[f].files.size(); ++i) {
      const std::vector<Choice>& choices = by_file.at(found[f].files[i].identity);
      const Choice* best = &choices.front();
      for (const Choice& choice : choices) {
        if (specificity(choice) > specificity(*best)) best = &choice;
      }
      if (best->found != f || best->file != i) continue;
      for (const Choice& other : choices) {
        if (specificity(other) != specificity(*best) || round(other) == round(*best)) continue;
        const RecordSource& first = league.records[found[best->found].entry];
        const RecordSource& second = league.records[found[other.found].entry];
        return Fail(Malformed("conflicting-rounds", second.place.path,
                              "expected one round for " + found[f].files[i].path + ", found " +
                                  RoundText(first.round) + " from " + first.place.path + " and " +
                                  RoundText(second.round) + " from " + second.place.path +
                                  ", entries equally specific"));
      }
      files.push_back({found[f].files[i].path, found[best->found].entry,
                       SpecificityNumber(found[best->found])});
    }
  }
  return files;
}

}  // namespace referee::league
