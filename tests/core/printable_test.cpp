// Printable: input text as it may be shown (referee/core/printable.h).
#include "referee/core/printable.h"

#include <gtest/gtest.h>

namespace referee {
namespace {

TEST(Printable, PrintableTextIsLeftAlone) {
  EXPECT_EQ(Printable("deal 1, trick 5: 10H \\ 'x'"), "deal 1, trick 5: 10H \\ 'x'");
  EXPECT_EQ(Printable("\u2660 \u00e9t\u00e9 \u4e2d\u6587 \U0001F0A1\ttab"),
            "\u2660 \u00e9t\u00e9 \u4e2d\u6587 \U0001F0A1\ttab");
  EXPECT_EQ(Printable(""), "");
}

TEST(Printable, ControlsAndDelAreEscapedAsBytes) {
  EXPECT_EQ(Printable(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(Printable("\x1b[2J\r\n\x7f"), "\\x1b[2J\\x0d\\x0a\\x7f");
}

TEST(Printable, BytesThatAreNotUtf8AreEscapedOneByOne) {
  EXPECT_EQ(Printable("\xff\xfe"), "\\xff\\xfe");
  EXPECT_EQ(Printable("\xc0\xaf"), "\\xc0\\xaf");           // overlong '/'
  EXPECT_EQ(Printable("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // a surrogate
  EXPECT_EQ(Printable("ok\xe2\x99"), "ok\\xe2\\x99");       // cut short
  EXPECT_EQ(Printable("\x80x"), "\\x80x");                  // a lone continuation byte
}

TEST(Printable, C1ControlsAndDirectionAndInvisibleCharactersAreEscapedAsCodePoints) {
  EXPECT_EQ(Printable("\u0085\u009b"), "\\u0085\\u009b");
  EXPECT_EQ(Printable("abc\u202edef"), "abc\\u202edef");
  EXPECT_EQ(Printable("al\u200bice\ufeff\u2066"), "al\\u200bice\\ufeff\\u2066");
}

TEST(Printable, EscapingIsIdempotent) {
  constexpr char kHostile[] = "\x1b]0;x\x07\xff\0\u202e\u0085\\x";
  std::string hostile(kHostile, sizeof(kHostile) - 1);
  EXPECT_EQ(Printable(Printable(hostile)), Printable(hostile));
}

TEST(Printable, QuotedEscapesInsideQuotes) { EXPECT_EQ(Quoted("a\x1b"), "'a\\x1b'"); }

TEST(Printable, ColumnsCountWhatIsShown) {
  EXPECT_EQ(NextPrintable("a").columns, 1u);
  EXPECT_EQ(NextPrintable("\x1b").columns, 4u);
  EXPECT_EQ(NextPrintable("\u202e").columns, 6u);
  EXPECT_EQ(NextPrintable("\u202e").bytes, 3u);
  EXPECT_EQ(NextPrintable("\u2660").columns, 1u);
  EXPECT_EQ(NextPrintable("\u4e2d").columns, 2u);
  EXPECT_EQ(NextPrintable("\u0301").columns, 0u);
  EXPECT_EQ(NextPrintable("\t").shown, "\t");
}

}  // namespace
}  // namespace referee
