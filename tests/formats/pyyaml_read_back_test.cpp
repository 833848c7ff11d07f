// What `referee convert --to yaml` writes, read by another YAML reader: PyYAML (Debian's
// python3-yaml), which follows YAML 1.1 and types `no`, `on`, `y`, `~`, `007`, `0x1F`, `1_000`,
// `.inf` and dates as something other than text. Records whose players carry such names are
// converted from JSON Lines and read back with PyYAML's safe_load_all; every name must come back
// as the same string, and the players' seats (N is a YAML 1.1 boolean too) as strings.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/shell.h"

namespace {

namespace fs = std::filesystem;
using referee::testing::RefereeCommand;
using referee::testing::RunShell;

// Names that a YAML 1.1 reader turns into booleans, nulls, numbers, dates or merge keys when
// they are written plain, four to a record.
const std::vector<std::string> kNames = {
    "no",   "No",    "NO",   "yes",  "Yes",        "on",   "On",    "off",    "OFF",
    "y",    "Y",     "n",    "N",    "~",          "null", "true",  "1e3",    "007",
    "0x1F", "1_000", "0b11", ".inf", "-.5",        ".NaN", "12:30", "190:20", "1.",
    "0o17", "=",     "<<",   "42",   "2026-11-25", "Zoë",  "E",     "2C",     "nobody"};

std::string Header(const std::vector<std::string>& names) {
  auto quoted = [](const std::string& name) { return "\"" + name + "\""; };
  return "{\"format\":\"referee/1\",\"game\":\"collusion\",\"players\":{\"N\":" + quoted(names[0]) +
         ",\"E\":" + quoted(names[1]) + ",\"S\":" + quoted(names[2]) +
         ",\"W\":" + quoted(names[3]) + "},\"deals\":[]}\n";
}

// Checks, in Python, that each YAML document's players are the JSON line's, type and all.
constexpr const char* kCompare = R"PY(
import json, sys, yaml
lines = [json.loads(line) for line in open(sys.argv[1])]
documents = list(yaml.safe_load_all(open(sys.argv[2])))
assert len(documents) == len(lines), (len(documents), len(lines))
bad = [(d["players"], l["players"]) for d, l in zip(documents, lines) if d["players"] != l["players"]]
for read, written in bad:
    print("PyYAML read", repr(read), "for", repr(written))
print(len(documents), "documents,", len(bad), "differ")
)PY";

TEST(PyYamlReadBack, NamesAYaml11ReaderWouldTypeComeBackAsText) {
  fs::path folder = fs::temp_directory_path() / ("referee-pyyaml-" + std::to_string(getpid()));
  fs::create_directories(folder);
  std::string lines;
  for (size_t i = 0; i + 4 <= kNames.size(); i += 4) {
    lines +=
        Header({kNames.begin() + static_cast<long>(i), kNames.begin() + static_cast<long>(i) + 4});
  }
  std::ofstream(folder / "names.jsonl") << lines;
  std::ofstream(folder / "compare.py") << kCompare;
  referee::testing::ShellResult converted =
      RunShell("cd '" + folder.string() + "' && " + RefereeCommand() +
               " convert names.jsonl --to yaml > names.yaml");
  ASSERT_EQ(converted.exit_code, 0) << converted.output;
  referee::testing::ShellResult compared = RunShell(
      "cd '" + folder.string() + "' && /usr/bin/python3 compare.py names.jsonl names.yaml 2>&1");
  EXPECT_EQ(compared.exit_code, 0) << compared.output << "(python3-yaml: scripts/setup.sh)";
  EXPECT_NE(compared.output.find(std::to_string(kNames.size() / 4) + " documents, 0 differ"),
            std::string::npos)
      << compared.output;
  fs::remove_all(folder);
}

}  // namespace
