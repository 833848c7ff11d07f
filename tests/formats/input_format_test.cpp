#include "formats/input_format.h"

#include <gtest/gtest.h>

namespace referee::formats {
namespace {

TEST(InputFormatTest, FormatFromPathUsesTheExtension) {
  EXPECT_EQ(FormatFromPath("games/club.yaml"), InputFormat::kYaml);
  EXPECT_EQ(FormatFromPath("club.YML"), InputFormat::kYaml);
  EXPECT_EQ(FormatFromPath("upload.json"), InputFormat::kJson);
  EXPECT_EQ(FormatFromPath("batch.jsonl"), InputFormat::kJsonLines);
  EXPECT_EQ(FormatFromPath("C:\\records\\batch.NDJSON"), InputFormat::kJsonLines);
  EXPECT_EQ(FormatFromPath("notes.txt"), std::nullopt);
  EXPECT_EQ(FormatFromPath("records.json/README"), std::nullopt);
  EXPECT_EQ(FormatFromPath("yaml"), std::nullopt);
  EXPECT_EQ(FormatFromPath(""), std::nullopt);
}

TEST(InputFormatTest, SniffFormatLooksAtTheFirstLines) {
  EXPECT_EQ(SniffFormat("format: referee/1\ngame: plonk\n"), InputFormat::kYaml);
  EXPECT_EQ(SniffFormat("# a comment\n{\"a\": 1}\n"), InputFormat::kYaml);
  EXPECT_EQ(SniffFormat(""), InputFormat::kYaml);
  EXPECT_EQ(SniffFormat("{\n  \"format\": \"referee/1\"\n}\n"), InputFormat::kJson);
  EXPECT_EQ(SniffFormat("{\"format\": \"referee/1\"}\n"), InputFormat::kJson);
  EXPECT_EQ(SniffFormat("{\"format\": \"referee/1\"}\n \n\n"), InputFormat::kJson);
  EXPECT_EQ(SniffFormat("{\"a\": 1}\n{\"a\": 2}\n"), InputFormat::kJsonLines);
  EXPECT_EQ(SniffFormat("\xEF\xBB\xBF\n  {\"a\": 1}\r\n{\"a\": 2"), InputFormat::kJsonLines);
  // A record with a duplicate key is still a whole line of JSON.
  EXPECT_EQ(SniffFormat("{\"a\": 1, \"a\": 2}\n{}\n"), InputFormat::kJsonLines);
  // The first line is cut short: JSON.
  EXPECT_EQ(SniffFormat("{\"a\": [1,\n2]}\n"), InputFormat::kJson);
}

TEST(InputFormatTest, NamesAreForMessages) {
  EXPECT_EQ(InputFormatName(InputFormat::kJsonLines), "JSON Lines");
  EXPECT_EQ(InputFormatName(InputFormat::kYaml), "YAML");
}

}  // namespace
}  // namespace referee::formats
