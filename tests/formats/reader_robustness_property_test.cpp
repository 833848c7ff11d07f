// Properties of the readers on hostile input: arbitrary bytes and damaged records give a Node or a
// Malformed finding, never a crash, a hang or an exception.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "formats/document_stream.h"
#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/yaml_reader.h"
#include "formats/yaml_writer.h"
#include "tests/formats/formats_test_util.h"
#include "tests/formats/node_generators.h"

namespace referee::formats {
namespace {

using record::Node;

// Bytes that matter to YAML and JSON syntax, mixed with any byte at all.
rc::Gen<char> InterestingByte() {
  static const std::string kSyntax = "{}[]:,-?&*!|>'\"#%@`\\ \t\n\r.0123456789eE+~nNtf";
  return rc::gen::weightedOneOf<char>({{6, rc::gen::elementOf(kSyntax)},
                                       {2, rc::gen::inRange<char>(0x20, 0x7F)},
                                       {1, rc::gen::arbitrary<char>()}});
}

rc::Gen<std::string> Bytes() { return rc::gen::container<std::string>(InterestingByte()); }

// A finding the caller can report: Malformed, with a code and a message; and, for YAML, a line
// to put the caret on unless the whole document was refused for its size.
void AssertReportable(const Result<Node>& result, bool yaml) {
  if (result.has_value()) return;
  const Finding& finding = result.error();
  RC_ASSERT(finding.severity == Severity::kMalformed);
  RC_ASSERT(!finding.code.empty());
  RC_ASSERT(!finding.message.empty());
  if (yaml && finding.code != "too-large") {
    if (finding.place.line == 0) RC_FAIL("no line in " + testing::Describe(finding));
  }
}

struct Mutation {
  size_t position;  // taken modulo the text's size
  int operation;    // 0 insert, 1 replace, 2 erase
  std::string bytes;
};

std::string Mutate(std::string text, const std::vector<Mutation>& mutations) {
  for (const Mutation& mutation : mutations) {
    size_t at = text.empty() ? 0 : mutation.position % (text.size() + 1);
    if (mutation.operation == 0 || at >= text.size()) {
      text.insert(at, mutation.bytes);
    } else if (mutation.operation == 1) {
      text.replace(at, mutation.bytes.size(), mutation.bytes);
    } else {
      text.erase(at, mutation.bytes.size() + 1);
    }
  }
  return text;
}

rc::Gen<std::vector<Mutation>> Mutations() {
  return rc::gen::container<std::vector<Mutation>>(
      rc::gen::construct<Mutation>(rc::gen::arbitrary<size_t>(), rc::gen::inRange(0, 3),
                                   rc::gen::resize(3, rc::gen::nonEmpty(Bytes()))));
}

RC_GTEST_PROP(ReaderRobustness, ArbitraryBytesGiveANodeOrAFinding, ()) {
  std::string bytes = *Bytes();
  AssertReportable(ParseYaml(bytes), true);
  AssertReportable(ParseJson(bytes), false);
}

RC_GTEST_PROP(ReaderRobustness, DamagedYamlRecordsGiveANodeOrAFinding, ()) {
  std::string text = Mutate(WriteYaml(*testing::DocumentNode()), *Mutations());
  AssertReportable(ParseYaml(text), true);
}

RC_GTEST_PROP(ReaderRobustness, DamagedJsonRecordsGiveANodeOrAFinding, ()) {
  std::string text = Mutate(WriteJson(*testing::DocumentNode(), true), *Mutations());
  AssertReportable(ParseJson(text), false);
}

RC_GTEST_PROP(ReaderRobustness, JsonLinesStreamOfArbitraryBytesIsReadToTheEnd, ()) {
  std::string bytes = *Bytes();
  std::istringstream in(bytes);
  DocumentStream stream(in);
  size_t expected_index = 0;
  uint32_t previous_line = 0;
  while (std::optional<StreamedDocument> document = stream.Next()) {
    RC_ASSERT(document->index == expected_index++);
    RC_ASSERT(document->first_line > previous_line);
    previous_line = document->first_line;
    AssertReportable(document->node, false);
    if (!document->node.has_value()) RC_ASSERT(document->node.error().place.line >= 1);
  }
}

}  // namespace
}  // namespace referee::formats
