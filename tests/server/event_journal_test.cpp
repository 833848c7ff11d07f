// The chain of an event's journal (server/event_journal.h): a journal made of random acts reads
// back whole; any byte changed, any line removed, added or moved is found, and the line named is
// the one changed or the one after it; `referee event verify` says so with exit 1.
#include "server/event_journal.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <filesystem>
#include <fstream>

#include "referee/record/record_writer.h"
#include "tests/support/shell.h"
#include "tests/support/temporary_files.h"

namespace referee::server {
namespace {

using record::Node;

Node RandomAct(int i, const std::string& why, int64_t points) {
  Node act = Node::Map({});
  act.AddMember("act", {}, record::StringNode(i % 2 == 0 ? "adjust" : "call"));
  act.AddMember("by", {}, record::StringNode("director"));
  act.AddMember("why", {}, record::StringNode(why));
  act.AddMember("points", {}, record::IntegerNode(points));
  return act;
}

std::string Journal(const std::vector<Node>& acts) {
  std::string text;
  std::string prev;
  for (size_t i = 0; i < acts.size(); ++i) {
    std::string digest;
    text += ChainLine(acts[i], static_cast<int>(i) + 1, prev, &digest);
    prev = digest;
  }
  return text;
}

std::vector<Node> RandomActs() {
  int count = *rc::gen::inRange(1, 12);
  std::vector<Node> acts;
  for (int i = 0; i < count; ++i) {
    std::string why = *rc::gen::container<std::string>(rc::gen::inRange<char>(' ', '~'));
    acts.push_back(RandomAct(i, why, *rc::gen::inRange<int64_t>(-1000, 1001)));
  }
  return acts;
}

// The line (from 1) that holds byte `offset` of `text`.
int LineOf(const std::string& text, size_t offset) {
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + offset, '\n'));
}

RC_GTEST_PROP(EventJournalChain, ReadsBackWhatItWrote, ()) {
  std::vector<Node> acts = RandomActs();
  auto read = ReadChain(Journal(acts));
  RC_ASSERT(read.has_value());
  RC_ASSERT(read->size() == acts.size());
  for (size_t i = 0; i < acts.size(); ++i) RC_ASSERT(read->at(i).act == acts[i]);
}

RC_GTEST_PROP(EventJournalChain, AnyByteChangedIsFound, ()) {
  std::string text = Journal(RandomActs());
  size_t offset = *rc::gen::inRange<size_t>(0, text.size());
  char changed = *rc::gen::distinctFrom(rc::gen::arbitrary<char>(), text[offset]);
  std::string edited = text;
  edited[offset] = changed;
  auto read = ReadChain(edited);
  RC_ASSERT(!read.has_value());
  // A changed line breaks itself; a changed line break joins or splits lines there.
  int line = LineOf(text, offset);
  RC_ASSERT(read.error().line >= line - 1);
  RC_ASSERT(read.error().line <= line + 1);
}

RC_GTEST_PROP(EventJournalChain, ALineRemovedOrMovedIsFound, ()) {
  std::vector<Node> acts = RandomActs();
  RC_PRE(acts.size() >= 2);
  std::string text = Journal(acts);
  std::vector<std::string> lines;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start) + 1;
    lines.push_back(text.substr(start, end - start));
    start = end;
  }
  size_t i = *rc::gen::inRange<size_t>(0, lines.size() - 1);
  std::vector<std::string> removed = lines;
  removed.erase(removed.begin() + static_cast<long>(i));
  std::vector<std::string> swapped = lines;
  std::swap(swapped[i], swapped[i + 1]);
  for (const auto& edited : {removed, swapped}) {
    std::string joined;
    for (const std::string& line : edited) joined += line;
    auto read = ReadChain(joined);
    RC_ASSERT(!read.has_value());
    RC_ASSERT(read.error().line == static_cast<int>(i) + 1);
  }
}

TEST(EventJournalChain, ACrossedOutLineIsNamed) {
  std::string text = Journal({RandomAct(0, "slow play", -1), RandomAct(1, "call", 2)});
  std::string edited = text;
  edited.replace(edited.find("-1"), 2, "-3");
  auto read = ReadChain(edited);
  ASSERT_FALSE(read.has_value());
  EXPECT_EQ(read.error().line, 1);
  EXPECT_EQ(read.error().message,
            "its SHA-256 or its form is not the chain's: the line was changed");
}

}  // namespace
}  // namespace referee::server
