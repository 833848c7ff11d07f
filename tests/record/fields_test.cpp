#include "referee/record/fields.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <charconv>
#include <optional>
#include <string>
#include <vector>

#include "formats/json_reader.h"
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

// The integer a text writes, read by std::from_chars after a leading '+': the rule ReadInteger
// reads most integers by hand.
std::optional<int64_t> IntegerByFromChars(std::string_view text) {
  if (text.starts_with('+')) text.remove_prefix(1);
  int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

RC_GTEST_PROP(ReadInteger, AgreesWithFromCharsOnEveryText, ()) {
  // A sign or none, then up to past the 18 digits read by hand and past the range of int64_t;
  // now and then another byte among them.
  std::string text = *rc::gen::elementOf(std::vector<std::string>{"", "", "+", "-"});
  text += *rc::gen::resize(
      22, rc::gen::container<std::string>(rc::gen::inRange('0', static_cast<char>('9' + 1))));
  if (*rc::gen::inRange(0, 5) == 0) {
    size_t at = *rc::gen::inRange<size_t>(0, text.size() + 1);
    text.insert(at, 1, *rc::gen::elementOf(std::string("+- x/:")));
  }
  Document document = DocumentOf(Node::Scalar(ValueKind::kInteger, text, {}));
  Result<int64_t> read = ReadInteger(document.Root(), INT64_MIN, INT64_MAX);
  std::optional<int64_t> expected = IntegerByFromChars(text);
  RC_ASSERT(read.has_value() == expected.has_value());
  if (expected) RC_ASSERT(*read == *expected);
  Result<int64_t> bounded = ReadInteger(document.Root(), -50, 50);
  RC_ASSERT(bounded.has_value() == (expected && *expected >= -50 && *expected <= 50));
}

TEST(ReadInteger, ReadsTheEdgesOfItsRange) {
  auto read = [](std::string text, int64_t min, int64_t max) {
    Document document = DocumentOf(Node::Scalar(ValueKind::kInteger, std::move(text), {}));
    return ReadInteger(document.Root(), min, max);
  };
  EXPECT_EQ(*read("999999999999999999", 0, INT64_MAX), 999999999999999999);
  EXPECT_EQ(*read("-9223372036854775808", INT64_MIN, 0), INT64_MIN);
  EXPECT_EQ(*read("+7", 0, 9), 7);
  EXPECT_EQ(*read("-0", 0, 0), 0);
  EXPECT_FALSE(read("9223372036854775808", 0, INT64_MAX).has_value());
  EXPECT_FALSE(read("10", 0, 9).has_value());
  EXPECT_FALSE(read("-", -9, 9).has_value());
}

// A JSON string that lies in the text as it is was checked by the reader; one rebuilt from its
// escapes was not, and the text readers still look at it.
TEST(ReadText, ChecksEveryStringTheJsonReaderDidNotCheck) {
  Document document;
  ASSERT_TRUE(
      formats::ReadJson(R"({"plain": "ab", "escaped": "a\tb", "quote": "a\"b"})", {}, document)
          .has_value());
  Value root = document.Root();
  EXPECT_TRUE(root.Find("plain")->clean());
  EXPECT_FALSE(root.Find("escaped")->clean());
  EXPECT_FALSE(root.Find("quote")->clean());
  EXPECT_EQ(*ReadText(*root.Find("plain")), "ab");
  Result<std::string_view> tab = ReadText(*root.Find("escaped"));
  ASSERT_FALSE(tab.has_value());
  EXPECT_EQ(tab.error().code, "control-character");
  EXPECT_EQ(*ReadFreeText(*root.Find("escaped")), "a\tb");
  EXPECT_EQ(*ReadText(*root.Find("quote")), "a\"b");
}

TEST(ValueFind, FindsEachKeyAmongKeysOfItsSizeAndFirstByte) {
  Document document;
  ASSERT_TRUE(
      formats::ReadJson(R"({"ab": 1, "ac": 2, "a": 3, "": 4, "abc": 5, "b": 6})", {}, document)
          .has_value());
  Value root = document.Root();
  for (auto [key, value] : std::vector<std::pair<std::string, std::string>>{
           {"ab", "1"}, {"ac", "2"}, {"a", "3"}, {"", "4"}, {"abc", "5"}, {"b", "6"}}) {
    std::optional<Value> found = root.Find(key);
    ASSERT_TRUE(found.has_value()) << key;
    EXPECT_EQ(found->text(), value) << key;
  }
  EXPECT_FALSE(root.Find("ad").has_value());
  EXPECT_FALSE(root.Find("abcd").has_value());
  EXPECT_FALSE(root.Find("c").has_value());
}

// The members a reader gathers by a table of its keys: each into its slot whatever the map's
// order, a key with no slot allowed and kept nowhere, the others offered to the caller in order.
struct Gathered {
  std::optional<Value> first, second;
};
constexpr std::array<MemberKey<Gathered>, 3> kGatheredKeys = {{
    {"first", &Gathered::first},
    {"read-elsewhere", nullptr},
    {"second", &Gathered::second},
}};

TEST(GatherMembers, SortsEachMemberIntoItsSlotAndHandsBackTheFirstOtherNotTaken) {
  Document document;
  ASSERT_TRUE(
      formats::ReadJson(
          R"({"second": 2, "extra": 3, "read-elsewhere": 4, "first": 1, "stray": 5, "late": 6})",
          {}, document)
          .has_value());
  Gathered gathered;
  std::vector<std::string> offered;
  std::optional<Value> refused =
      GatherMembers(document.Root(), kGatheredKeys, gathered, [&](Value member) {
        offered.emplace_back(member.key());
        return member.key() == "extra";
      });
  ASSERT_TRUE(gathered.first && gathered.second);
  EXPECT_EQ(gathered.first->text(), "1");
  EXPECT_EQ(gathered.second->text(), "2");
  ASSERT_TRUE(refused.has_value());
  EXPECT_EQ(refused->key(), "stray");
  EXPECT_EQ(offered, (std::vector<std::string>{"extra", "stray"}));  // none past the first refused
  EXPECT_EQ(KeyNames(kGatheredKeys),
            (std::vector<std::string>{"first", "read-elsewhere", "second"}));
}

TEST(GatherMembers, ReturnsNothingWhenEveryMemberIsKnownOrTaken) {
  Document document;
  ASSERT_TRUE(formats::ReadJson(R"({"first": 1, "read-elsewhere": 4})", {}, document).has_value());
  Gathered gathered;
  EXPECT_FALSE(GatherMembers(document.Root(), kGatheredKeys, gathered, [](Value) {
                 return false;
               }).has_value());
  EXPECT_TRUE(gathered.first.has_value());
  EXPECT_FALSE(gathered.second.has_value());
}

}  // namespace
}  // namespace referee::record
