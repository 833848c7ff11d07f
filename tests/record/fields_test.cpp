#include "referee/record/fields.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "referee/record/document.h"
#include "referee/record/record_writer.h"

namespace referee::record {
namespace {

// The rule of FindControlCharacter read byte by byte, as record-format.md states it: a C0 control
// (tab and line feed allowed in free text), DEL, or a C1 control (U+0080..U+009F, C2 80..C2 9F).
std::optional<size_t> FirstControlByteByByte(std::string_view text, TextKind kind) {
  for (size_t i = 0; i < text.size(); ++i) {
    auto byte = static_cast<unsigned char>(text[i]);
    bool allowed = kind == TextKind::kFreeText && (byte == '\t' || byte == '\n');
    if (byte < 0x20 && !allowed) return i;
    if (byte == 0x7F) return i;
    if (byte == 0xC2 && i + 1 < text.size()) {
      auto next = static_cast<unsigned char>(text[i + 1]);
      if (next >= 0x80 && next <= 0x9F) return i;
    }
  }
  return std::nullopt;
}

TEST(FindControlCharacter, FindsEachKindWhereverItLies) {
  std::string text(40, 'a');
  for (size_t at = 0; at < text.size(); ++at) {
    for (std::string control :
         {std::string("\x01"), std::string("\x7f"), std::string("\xc2\x85")}) {
      std::string with = text.substr(0, at) + control + text.substr(at);
      EXPECT_EQ(FindControlCharacter(with, TextKind::kIdentifier), at) << at;
    }
  }
  EXPECT_EQ(FindControlCharacter("a line\nand another\ttab", TextKind::kFreeText), std::nullopt);
  EXPECT_EQ(FindControlCharacter("a line\nand another\ttab", TextKind::kIdentifier), 6u);
  EXPECT_EQ(FindControlCharacter("\u00a0\u00e9\u2660 and more than eight", TextKind::kIdentifier),
            std::nullopt);
}

RC_GTEST_PROP(FindControlCharacter, AgreesWithTheRuleByteByByte, ()) {
  // Bytes drawn mostly from those near the rule's edges, so that most texts hold one.
  const auto byte = rc::gen::oneOf(
      rc::gen::elementOf(std::string("\t\n\x1f\x20\x7e\x7f\x80\x9f\xa0\xc2\xc3\xe2")),
      rc::gen::inRange<char>(0x20, 0x7f), rc::gen::arbitrary<char>());
  std::string text = *rc::gen::container<std::string>(byte);
  for (TextKind kind : {TextKind::kIdentifier, TextKind::kFreeText}) {
    RC_ASSERT(FindControlCharacter(text, kind) == FirstControlByteByByte(text, kind));
  }
}

// The words of a string, read as ForEachWordOf reads them, with a visit that refuses `bad`.
struct WordsRead {
  Result<void> result;
  std::vector<size_t> visited;
};
WordsRead ReadWords(const std::string& text, size_t max_words, std::string_view bad) {
  Document document = DocumentOf(StringNode(text));
  WordsRead read;
  read.result = ForEachWordOf(document.Root(), max_words, [&](std::string_view word, size_t index) {
    read.visited.push_back(index);
    if (word == bad) return Result<void>(Fail(Malformed("bad-word", "", "refused")));
    return Result<void>();
  });
  return read;
}

TEST(ForEachWordOf, TooManyWordsIsTheFindingWhateverAWordBeforeSays) {
  WordsRead read = ReadWords("bad b c d", 3, "bad");
  ASSERT_FALSE(read.result.has_value());
  EXPECT_EQ(read.result.error().code, "too-large");
  EXPECT_EQ(read.visited, (std::vector<size_t>{0}));  // nothing after a refusal, nothing past 3
}

TEST(ForEachWordOf, AWordRefusedIsTheFindingWhenTheWordsAreFewEnough) {
  WordsRead read = ReadWords("a bad c", 3, "bad");
  ASSERT_FALSE(read.result.has_value());
  EXPECT_EQ(read.result.error().code, "bad-word");
  EXPECT_EQ(read.visited, (std::vector<size_t>{0, 1}));
}

TEST(ForEachWordOf, NoWordPastTheLimitIsVisited) {
  WordsRead read = ReadWords("a  b\tc d e", 3, "");
  ASSERT_FALSE(read.result.has_value());
  EXPECT_EQ(read.result.error().code, "too-large");
  EXPECT_EQ(read.visited, (std::vector<size_t>{0, 1, 2}));
  EXPECT_TRUE(ReadWords("a b c", 3, "").result.has_value());
  EXPECT_TRUE(ReadWords("", 0, "").result.has_value());
}

}  // namespace
}  // namespace referee::record
