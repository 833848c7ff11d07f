// Properties of the writers: what they write, the readers read back as the same Node.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/yaml_reader.h"
#include "formats/yaml_writer.h"
#include "tests/formats/formats_test_util.h"
#include "tests/formats/node_generators.h"

namespace referee::formats {
namespace {

using record::Node;

void AssertReadsBack(const Result<Node>& read, const Node& written, const std::string& text) {
  RC_ASSERT(read.has_value());
  if (!(*read == written)) {
    RC_FAIL("read back a different tree from:\n" + text);
  }
}

RC_GTEST_PROP(RoundTripProperty, YamlReadsBackWhatWasWritten, ()) {
  Node node = *testing::TreeNode(4);
  std::string text = WriteYaml(node);
  Result<Node> read = ParseYaml(text);
  if (!read.has_value()) RC_FAIL(testing::Describe(read.error()) + " in:\n" + text);
  AssertReadsBack(read, node, text);
}

RC_GTEST_PROP(RoundTripProperty, CompactJsonReadsBackWhatWasWritten, ()) {
  Node node = *testing::TreeNode(4);
  std::string text = WriteJson(node, false);
  RC_ASSERT(text.find('\n') == std::string::npos);  // one JSON Lines record
  AssertReadsBack(ParseJson(text), node, text);
}

RC_GTEST_PROP(RoundTripProperty, PrettyJsonReadsBackWhatWasWritten, ()) {
  Node node = *testing::TreeNode(4);
  std::string text = WriteJson(node, true);
  AssertReadsBack(ParseJson(text), node, text);
}

RC_GTEST_PROP(RoundTripProperty, YamlAndJsonOfOneRecordGiveTheSameTree, ()) {
  Node node = *testing::DocumentNode();
  Result<Node> from_yaml = ParseYaml(WriteYaml(node));
  Result<Node> from_json = ParseJson(WriteJson(node, true));
  RC_ASSERT(from_yaml.has_value() && from_json.has_value());
  RC_ASSERT(*from_yaml == *from_json);
}

RC_GTEST_PROP(RoundTripProperty, WritersAreDeterministic, ()) {
  Node node = *testing::TreeNode(3);
  Result<Node> read = ParseYaml(WriteYaml(node));
  RC_ASSERT(read.has_value());
  RC_ASSERT(WriteYaml(*read) == WriteYaml(node));
  RC_ASSERT(WriteJson(*read, true) == WriteJson(node, true));
}

}  // namespace
}  // namespace referee::formats
