// Choosing the record files of a league from what its entries found: each file once, with the
// round of its most specific entry.
#include "league/standings_sources.h"

#include <gtest/gtest.h>

namespace referee::league {
namespace {

League WithEntries(std::vector<std::optional<std::string>> rounds) {
  League league;
  for (size_t i = 0; i < rounds.size(); ++i) {
    league.records.push_back(
        {"entry" + std::to_string(i), rounds[i], {"/records/" + std::to_string(i)}});
  }
  return league;
}

FoundFile File(const std::string& path, uint64_t inode) { return {path, {1, inode}}; }

// `records: ["records/", {path: records/r00.yaml, round: 2}]` counted r00 in round 1 and round 2.
TEST(StandingsSources, AFileListedTwiceCountsOnceWithItsMostSpecificRound) {
  League league = WithEntries({std::string("1"), std::string("2")});
  std::vector<EntryFiles> found = {
      {0, SourceKind::kFolder, 1, {File("records/r00.yaml", 10), File("records/r01.yaml", 11)}},
      {1, SourceKind::kFile, 2, {File("records/./r00.yaml", 10)}}};
  Result<std::vector<ListedFile>> files = ChooseFiles(league, found);
  ASSERT_TRUE(files.has_value()) << files.error().message;
  ASSERT_EQ(files->size(), 2u);
  EXPECT_EQ((*files)[0].path, "records/r01.yaml");
  EXPECT_EQ((*files)[0].entry, 0u);
  EXPECT_EQ((*files)[1].path, "records/./r00.yaml");
  EXPECT_EQ((*files)[1].entry, 1u);
}

TEST(StandingsSources, AGlobIsMoreSpecificThanAFolderAndADeeperFolderThanAShallowOne) {
  League league = WithEntries({std::nullopt, std::string("3"), std::string("4")});
  std::vector<EntryFiles> found = {
      {0, SourceKind::kFolder, 1, {File("records/a/x.yaml", 1), File("records/b/y.yaml", 2)}},
      {1, SourceKind::kGlob, 2, {File("records/a/x.yaml", 1)}},
      {2, SourceKind::kFolder, 2, {File("records/b/y.yaml", 2)}}};
  Result<std::vector<ListedFile>> files = ChooseFiles(league, found);
  ASSERT_TRUE(files.has_value()) << files.error().message;
  ASSERT_EQ(files->size(), 2u);
  EXPECT_EQ((*files)[0].entry, 1u);
  EXPECT_EQ((*files)[1].entry, 2u);
}

TEST(StandingsSources, EquallySpecificEntriesMustAgreeOnTheRound) {
  League same = WithEntries({std::string("1"), std::string("1")});
  std::vector<EntryFiles> found = {{0, SourceKind::kGlob, 2, {File("r/a.yaml", 1)}},
                                   {1, SourceKind::kGlob, 2, {File("r/a.yaml", 1)}}};
  Result<std::vector<ListedFile>> agreed = ChooseFiles(same, found);
  ASSERT_TRUE(agreed.has_value());
  EXPECT_EQ(agreed->size(), 1u);
  League differ = WithEntries({std::string("1"), std::nullopt});
  Result<std::vector<ListedFile>> conflict = ChooseFiles(differ, found);
  ASSERT_FALSE(conflict.has_value());
  EXPECT_EQ(conflict.error().code, "conflicting-rounds");
  EXPECT_EQ(conflict.error().place.path, "/records/1");
  EXPECT_EQ(conflict.error().message,
            "expected one round for r/a.yaml, found round 1 from /records/0 and no round from "
            "/records/1, entries equally specific");
}

// A more specific entry settles what two less specific ones disagree on.
TEST(StandingsSources, TheMostSpecificEntrySettlesAConflictBelowIt) {
  League league = WithEntries({std::string("1"), std::string("2"), std::string("5")});
  std::vector<EntryFiles> found = {{0, SourceKind::kFolder, 1, {File("r/a.yaml", 1)}},
                                   {1, SourceKind::kFolder, 1, {File("r/a.yaml", 1)}},
                                   {2, SourceKind::kFile, 2, {File("r/a.yaml", 1)}}};
  Result<std::vector<ListedFile>> files = ChooseFiles(league, found);
  ASSERT_TRUE(files.has_value()) << files.error().message;
  ASSERT_EQ(files->size(), 1u);
  EXPECT_EQ(files->front().entry, 2u);
}

}  // namespace
}  // namespace referee::league
