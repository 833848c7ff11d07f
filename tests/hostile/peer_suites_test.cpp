// Two public conformance suites written outside this project, JSONTestSuite and yaml-test-suite
// (../shared/peer-suites, its README), through the real `referee verify` in a few batches
// (tests/hostile/hostile_fixture.h): every case as a file, and every case placed inside a valid
// record, with the verdicts of tests/hostile/peer_suites/expected.tsv (its README says how they
// were worked out).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "formats/json_reader.h"
#include "tests/hostile/hostile_fixture.h"

namespace referee::testing::hostile {
namespace {

using record::Node;

// Findings of the readers in formats/: the text is not a document of the format, or holds what
// no record may (docs/findings.md, "Reading a record"). Everything else is about the record.
const std::set<std::string> kReaderCodes = {"bad-encoding",
                                            "control-character",
                                            "empty-document",
                                            "yaml-syntax",
                                            "json-syntax",
                                            "yaml-anchor",
                                            "yaml-alias",
                                            "yaml-tag",
                                            "yaml-complex-key",
                                            "yaml-null-key",
                                            "yaml-multiple-documents",
                                            "duplicate-key",
                                            "too-large",
                                            "too-deep"};
const std::set<std::string> kSyntaxCodes = {"yaml-syntax", "json-syntax"};

// Valid YAML that yaml-cpp 0.7 cannot read, refused with the finding given (docs/record-format.md,
// "Reading rules"): nothing a record needs, and refused rather than misread. Some only as a
// file, where the construct stands at the top level.
struct Misread {
  std::string code;
  bool in_record;  // also when placed as notes
  std::string why;
};
const std::map<std::string, Misread> kYamlCppMisreads = {
    {"yaml/652Z.yaml",
     {"yaml-syntax", true, "'?foo' in a flow map: a plain scalar starting with ?"}},
    {"yaml/HM87-01.yaml", {"yaml-syntax", true, "'[?x]': a plain scalar starting with ?"}},
    {"yaml/JR7V.yaml", {"yaml-syntax", true, "'[a?string]': a ? inside a plain scalar in a list"}},
    {"yaml/DK3J.yaml", {"yaml-syntax", false, "a block scalar on the '---' line, not indented"}},
    {"yaml/FP8R.yaml", {"yaml-syntax", false, "a block scalar on the '---' line, not indented"}},
    {"yaml/W4TN.yaml", {"yaml-syntax", false, "a block scalar on the '---' line, not indented"}},
    {"yaml/DK95-04.yaml", {"yaml-syntax", true, "a line holding only a tab after a plain value"}},
    // A key of a flow map written over two lines, or its ':' on the next line, is read as a
    // null key.
    {"yaml/4MUZ-00.yaml", {"yaml-null-key", true, "a flow map's ':' on the line after its key"}},
    {"yaml/4MUZ-01.yaml", {"yaml-null-key", true, "a flow map's ':' on the line after its key"}},
    {"yaml/4MUZ-02.yaml", {"yaml-null-key", true, "a flow map's ':' on the line after its key"}},
    {"yaml/5MUD.yaml", {"yaml-null-key", true, "a flow map's ':' on the line after its key"}},
    {"yaml/K3WX.yaml", {"yaml-null-key", true, "a flow map's ':' after a comment line"}},
    {"yaml/VJP3-01.yaml", {"yaml-null-key", true, "a flow map's key and ':' on separate lines"}},
    {"yaml/8KB6.yaml", {"yaml-null-key", true, "a plain key of a flow map over two lines"}},
    {"yaml/NJ66.yaml", {"yaml-null-key", true, "a plain key of a flow map over two lines"}},
    {"yaml/9BXH.yaml", {"yaml-null-key", true, "a quoted key of a flow map over two lines"}},
    {"yaml/9SA2.yaml", {"yaml-null-key", true, "a quoted key of a flow map over two lines"}},
};

fs::path PeerSuitesFolder() {
  const char* set = std::getenv("REFEREE_PEER_SUITES");
  return set != nullptr ? fs::path(set) : kSourceDir.parent_path() / "shared/peer-suites";
}

struct Case {
  std::string suite;
  std::string file;    // relative to PeerSuitesFolder()
  std::string expect;  // valid, invalid or either
};

std::vector<std::vector<std::string>> ReadTsv(const fs::path& path) {
  std::vector<std::vector<std::string>> rows;
  std::stringstream text(ReadFile(path));
  std::string line;
  std::getline(text, line);  // the header
  while (std::getline(text, line)) {
    std::vector<std::string> fields;
    std::stringstream cells(line);
    std::string cell;
    while (std::getline(cells, cell, '\t')) fields.push_back(cell);
    if (!fields.empty()) rows.push_back(fields);
  }
  return rows;
}

std::vector<Case> ReadIndex() {
  std::vector<Case> cases;
  for (const auto& row : ReadTsv(PeerSuitesFolder() / "index.tsv"))
    cases.push_back({row[0], row[1], row[2]});
  return cases;
}

std::string Fnv1a(const std::string& bytes) {
  uint32_t value = 0x811C9DC5u;
  for (unsigned char byte : bytes) value = (value ^ byte) * 0x01000193u;
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", value);
  return hex;
}

// One verdict of `verify --format json`: its status and first finding.
struct Verdict {
  std::string status;
  std::string code;
  std::string path;
  bool located = false;  // the finding has a line and column
  std::set<std::string> codes;
};

// Adds the verdict of one line of `verify --format json` output.
void ReadVerdict(const std::string& line, std::map<std::string, Verdict>& verdicts) {
  Result<Node> json = formats::ParseJson(line);
  if (!json.has_value() || !json->Has("verdict")) return;
  const Node& verdict = *json->Find("verdict");
  Verdict read{verdict.Find("status")->text(), "", "", false, {}};
  const std::vector<Node>& findings = verdict.Find("findings")->items();
  for (const Node& finding : findings) read.codes.insert(finding.Find("code")->text());
  if (!findings.empty()) {
    read.code = findings[0].Find("code")->text();
    read.path = findings[0].Find("path")->text();
    read.located = json->Find("locations")->Has(read.path);
  }
  // A YAML file of several documents is read as several records, named FILE#1, FILE#2...: the
  // case is their verdicts together, malformed if every one is, its first reader finding first.
  std::string file = json->Find("source")->Find("file")->text();
  size_t hash = file.rfind('#');
  if (hash != std::string::npos && file.find_first_not_of("0123456789", hash + 1) == file.npos) {
    file.resize(hash);
  }
  auto [at, added] = verdicts.try_emplace(file, read);
  if (added) return;
  Verdict& merged = at->second;
  if (read.status != "malformed") merged.status = read.status;
  merged.codes.insert(read.codes.begin(), read.codes.end());
  if (!kReaderCodes.contains(merged.code) && kReaderCodes.contains(read.code)) {
    merged.code = read.code;
    merged.path = read.path;
    merged.located = read.located;
  }
}

// Runs `referee verify --format json` on the files, 100 a run (the sanitizer build is slow), and
// returns their verdicts by file name.
std::map<std::string, Verdict> VerifyAll(const fs::path& folder,
                                         const std::vector<std::string>& files) {
  constexpr size_t kBatch = 100;
  std::map<std::string, Verdict> verdicts;
  for (size_t first = 0; first < files.size(); first += kBatch) {
    std::string arguments = "verify --format json";
    for (size_t i = first; i < std::min(files.size(), first + kBatch); ++i) {
      arguments += " '" + files[i] + "'";
    }
    RunResult run = RunLimited(folder, arguments);
    EXPECT_NE(run.exit_code, 124) << "timed out";
    EXPECT_LT(run.exit_code, 128) << "killed by a signal\n" << run.output.substr(0, 2000);
    EXPECT_NE(run.exit_code, 70) << run.output.substr(0, 2000);
    std::stringstream lines(run.output);
    for (std::string line; std::getline(lines, line);) ReadVerdict(line, verdicts);
  }
  return verdicts;
}

class PeerSuites : public Hostile {
 protected:
  void SetUp() override {
    ASSERT_TRUE(fs::exists(PeerSuitesFolder() / "index.tsv"))
        << "the peer suites are not at " << PeerSuitesFolder()
        << " (CI has shared/ beside the clone; set REFEREE_PEER_SUITES otherwise)";
  }
};

// Every case is malformed (none is a record; a case of several YAML documents is several, each
// malformed), with its finding placed: a line and column, or for JSON, whose values have no line,
// the path of the value. Invalid syntax gets a reader's finding,
// and valid syntax never a syntax error (except what yaml-cpp cannot parse, listed above).
TEST_F(PeerSuites, EveryCaseAsAFileIsMalformedWithAPlacedFinding) {
  std::vector<Case> cases = ReadIndex();
  ASSERT_EQ(cases.size(), 720u);
  std::vector<std::string> files;
  for (const Case& c : cases) files.push_back((PeerSuitesFolder() / c.file).string());
  std::map<std::string, Verdict> verdicts = VerifyAll(folder_, files);
  ASSERT_EQ(verdicts.size(), cases.size());
  for (const Case& c : cases) {
    const Verdict& verdict = verdicts[(PeerSuitesFolder() / c.file).string()];
    SCOPED_TRACE(c.file + ": " + verdict.status + " " + verdict.code + " at '" + verdict.path +
                 "'");
    EXPECT_EQ(verdict.status, "malformed");
    EXPECT_FALSE(verdict.code.empty());
    bool reader = kReaderCodes.contains(verdict.code);
    EXPECT_TRUE(verdict.located || (c.suite == "json" && !reader)) << "not placed";
    if (c.expect == "invalid") {
      EXPECT_TRUE(reader) << "invalid syntax read as a document";
    }
    auto misread = kYamlCppMisreads.find(c.file);
    if (misread != kYamlCppMisreads.end()) {
      EXPECT_EQ(verdict.code, misread->second.code) << misread->second.why;
    } else if (c.expect == "valid") {
      EXPECT_FALSE(kSyntaxCodes.contains(verdict.code)) << "valid syntax called a syntax error";
    }
  }
}

// The record a case is placed in (peer_suites/README.md).
std::optional<std::string> Place(const Case& c, const std::string& placement) {
  std::string text = ReadFile(PeerSuitesFolder() / c.file);
  if (c.suite == "json") {
    std::string base = ReadFile(kSourceDir / "samples/collusion/valid/first-to-100.json");
    std::string target = placement == "name" ? "\"N\": \"alice\"" : "\"N\": 12";
    size_t at = base.find(target);
    return base.substr(0, at) + "\"N\": " + text + base.substr(at + target.size());
  }
  // YAML: a case with a directive or a second document cannot be a value; a `---` that opens it
  // and a `...` that closes it are left out.
  if (text.find("\xEF\xBB\xBF") != std::string::npos || text.find('\r') != std::string::npos) {
    return std::nullopt;
  }
  std::vector<std::string> lines;
  std::stringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  auto marker = [](const std::string& line, std::string_view mark) {
    return line.starts_with(mark) && (line.size() == 3 || line[3] == ' ' || line[3] == '\t');
  };
  if (!lines.empty() && marker(lines[0], "---")) {
    size_t rest = lines[0].find_first_not_of(" \t", 3);
    if (rest == std::string::npos || lines[0][rest] == '#') {
      lines.erase(lines.begin());
    } else {
      lines[0] = lines[0].substr(rest);
    }
  }
  auto blank_or_comment = [](const std::string& line) {
    size_t first = line.find_first_not_of(" \t");
    return first == std::string::npos || line.starts_with("#");
  };
  while (!lines.empty() && blank_or_comment(lines.back())) lines.pop_back();
  if (!lines.empty() && marker(lines.back(), "...") &&
      (lines.back().find_first_not_of(" \t", 3) == std::string::npos ||
       lines.back()[lines.back().find_first_not_of(" \t", 3)] == '#')) {
    lines.pop_back();
  }
  std::string notes;
  for (const std::string& line : lines) {
    if (marker(line, "---") || marker(line, "...") || line.starts_with("%")) return std::nullopt;
    notes += (line.empty() ? "" : "  ") + line + "\n";
  }
  std::string base = ReadFile(kSourceDir / "samples/collusion/valid/first-to-100.yaml");
  size_t at = base.find("deals:\n");
  return base.substr(0, at) + "notes:\n" + notes + base.substr(at);
}

// Whether a verdict is the expected one of expected.tsv.
::testing::AssertionResult Matches(const Verdict& verdict, const std::string& expected) {
  auto fail = [&] {
    return ::testing::AssertionFailure() << "expected " << expected << ", got " << verdict.status
                                         << " " << verdict.code << " at '" << verdict.path << "'";
  };
  if (verdict.status.empty()) return fail() << " (no verdict)";
  if (expected == "any") return ::testing::AssertionSuccess();
  if (expected == "valid")
    return verdict.status == "valid" ? ::testing::AssertionSuccess() : fail();
  if (expected == "refused") {
    bool ok = verdict.status == "malformed" && kReaderCodes.contains(verdict.code);
    return ok ? ::testing::AssertionSuccess() : fail();
  }
  size_t colon = expected.find(':');
  std::string status = expected.substr(0, colon);
  std::string rest = expected.substr(colon + 1);
  size_t at = rest.find('@');
  std::string path = at == std::string::npos ? "" : rest.substr(at + 1);
  std::set<std::string> codes;
  std::stringstream alternatives(rest.substr(0, at));
  for (std::string code; std::getline(alternatives, code, '|');) codes.insert(code);
  if (verdict.status != status) return fail();
  bool code = status == "malformed" ? codes.contains(verdict.code)
                                    : std::any_of(codes.begin(), codes.end(), [&](auto& c) {
                                        return verdict.codes.contains(c);
                                      });
  if (!code || (!path.empty() && verdict.path != path)) return fail();
  return ::testing::AssertionSuccess();
}

// Every case placed inside a valid record: valid syntax verifies as the record with that value
// would, invalid syntax is never accepted.
TEST_F(PeerSuites, EveryCaseInsideARecordGetsTheRecordsVerdict) {
  std::map<std::string, Case> by_file;
  for (const Case& c : ReadIndex()) by_file[c.file] = c;
  auto rows = ReadTsv(kSourceDir / "tests/hostile/peer_suites/expected.tsv");
  ASSERT_EQ(rows.size(), 1038u);
  std::vector<std::string> files;
  std::map<std::string, std::vector<std::string>> placed;  // file written -> its row
  size_t skipped = 0;
  for (const auto& row : rows) {
    const Case& c = by_file.at(row[1]);
    std::optional<std::string> record = Place(c, row[2]);
    ASSERT_EQ(record.has_value(), row[4] != "skip") << row[1];
    if (!record) {
      ++skipped;
      continue;
    }
    ASSERT_EQ(Fnv1a(*record), row[3]) << row[1] << " " << row[2] << ": not the record expected";
    std::string name = row[2] + "-" + fs::path(c.file).filename().string();
    Write(name, *record);
    files.push_back(name);
    placed[name] = row;
  }
  EXPECT_EQ(skipped, 55u);
  std::map<std::string, Verdict> verdicts = VerifyAll(folder_, files);
  for (const auto& [name, row] : placed) {
    std::string expected = row[4];
    auto misread = kYamlCppMisreads.find(row[1]);
    if (misread != kYamlCppMisreads.end() && misread->second.in_record) {
      expected = "malformed:" + misread->second.code;
    }
    EXPECT_TRUE(Matches(verdicts[name], expected)) << row[1] << " as " << row[2];
  }
}

}  // namespace
}  // namespace referee::testing::hostile
