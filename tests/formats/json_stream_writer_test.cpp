// JsonStreamWriter and NodeBuilder: a tree given a piece at a time is written, and gathered, as
// the whole tree would be. The standings' JSON output is written this way (docs/standings.md,
// "Memory"), so a difference here would change published files.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <sstream>

#include "formats/json_writer.h"
#include "referee/record/node_sink.h"
#include "tests/formats/node_generators.h"

namespace referee::formats {
namespace {

using record::Node;

// Gives `node` to `sink` as member `key` (or an item): maps and lists whose bit in `split` is set
// are opened and given member by member, the others whole. Each bit is used once, in document
// order, so that every way of cutting a tree into pieces is reached.
void Give(const Node& node, std::string_view key, const std::vector<bool>& split, size_t& next,
          record::NodeSink& sink) {
  bool cut = !node.IsScalar() && next < split.size() && split[next];
  ++next;
  if (!cut) {
    sink.Add(key, node);
    return;
  }
  if (node.IsMap()) {
    sink.OpenMap(key);
    for (const auto& member : node.members()) Give(member.value, member.key, split, next, sink);
  } else {
    sink.OpenList(key);
    for (const Node& item : node.items()) Give(item, {}, split, next, sink);
  }
  sink.Close();
}

RC_GTEST_PROP(JsonStreamWriterProperty, PiecesAreWrittenAsTheWholeTreeIs, ()) {
  Node tree = *testing::TreeNode(4);
  auto split = *rc::gen::container<std::vector<bool>>(rc::gen::arbitrary<bool>());
  std::ostringstream out;
  JsonStreamWriter writer(out);
  size_t next = 0;
  Give(tree, {}, split, next, writer);
  writer.Finish();
  RC_ASSERT(out.str() == WriteJson(tree, true));
}

RC_GTEST_PROP(JsonStreamWriterProperty, PiecesAreGatheredIntoTheWholeTree, ()) {
  Node tree = *testing::TreeNode(4);
  auto split = *rc::gen::container<std::vector<bool>>(rc::gen::arbitrary<bool>());
  record::NodeBuilder builder;
  size_t next = 0;
  Give(tree, {}, split, next, builder);
  RC_ASSERT(builder.Take() == tree);
}

// Empty maps and lists opened and closed are written as the whole tree writes them, "{}" and
// "[]" on one line, and a writer hands its bytes to the stream in blocks, all of them by Finish.
TEST(JsonStreamWriter, EmptyContainersAndManyItemsAsWriteJson) {
  std::ostringstream out;
  JsonStreamWriter writer(out);
  writer.OpenMap();
  writer.OpenList("none");
  writer.Close();
  writer.OpenMap("nothing");
  writer.Close();
  writer.OpenList("many");
  Node whole = Node::Map({});
  Node none = Node::List({});
  Node many = Node::List({});
  for (int i = 0; i < 20000; ++i) {
    Node item = Node::Scalar(Node::Kind::kString, "item " + std::to_string(i), {});
    writer.Add({}, item);
    many.Append(item);
  }
  writer.Close();
  writer.Close();
  writer.Finish();
  whole.AddMember("none", {}, none);
  whole.AddMember("nothing", {}, Node::Map({}));
  whole.AddMember("many", {}, many);
  EXPECT_EQ(out.str(), WriteJson(whole, true));
  EXPECT_NE(out.str().find("\"none\": [],"), std::string::npos);
}

}  // namespace
}  // namespace referee::formats
