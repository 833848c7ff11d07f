// The provenance of standings: the program that made them and one SHA-256 over the league file
// and the records counted, recomputable as docs/standings.md says.
#include <gtest/gtest.h>

#include "formats/json_writer.h"
#include "league/standings.h"
#include "referee/core/printable.h"
#include "reports/standings_grids.h"
#include "reports/standings_output.h"
#include "reports/table_text.h"
#include "tests/league/standings_fixtures.h"
#include "verifier/sha256.h"

namespace referee::league {
namespace {

using namespace standings_fixtures;  // NOLINT: the fixtures of every standings test

// Computed apart with Python's hashlib: the SHA-256 of "league <hex>\n" and one "record <hex>\n"
// line per record, the lines sorted, for the digests of "league-file", "record one" and
// "record two".
TEST(Provenance, TheInputsDigestIsOfASortedManifest) {
  Sha256Digest league = verifier::Sha256("league-file");
  Sha256Digest one = verifier::Sha256("record one"), two = verifier::Sha256("record two");
  std::string expected = "4720cae8dd10031345f9f8e4b04dbea5e0782ca0f7064098e84745fc24ed6509";
  EXPECT_EQ(HexDigest(InputsDigest(league, {one, two})), expected);
  EXPECT_EQ(HexDigest(InputsDigest(league, {two, one})), expected);
  EXPECT_NE(HexDigest(InputsDigest(verifier::Sha256("league-file\n"), {one, two})), expected);
}

// The manifest is hashed line by line (a large league's would be megabytes as one string): the
// digest of bytes given in pieces is the digest of the bytes whole.
TEST(Provenance, ADigestGivenInPiecesIsTheDigestOfTheWhole) {
  std::string manifest = "league 00\nrecord 01\nrecord 02\n";
  for (size_t cut = 0; cut <= manifest.size(); ++cut) {
    verifier::Sha256Stream stream;
    stream.Add(std::string_view(manifest).substr(0, cut));
    stream.Add(std::string_view(manifest).substr(cut));
    EXPECT_EQ(stream.Finish(), verifier::Sha256(manifest)) << cut;
  }
}

std::vector<PlayedRecord> TwoRecords() {
  PlayedRecord first = Collusion("r1.yaml", "1", {"a", "b", "c", "d"}, {9, 8, 7, 6}, "N");
  PlayedRecord second = Collusion("r2.yaml", "2", {"a", "b", "c", "d"}, {6, 9, 8, 7}, "E");
  first.text_digest = verifier::Sha256("record one");
  second.text_digest = verifier::Sha256("record two");
  return {second, first};
}

TEST(Provenance, EveryOutputNamesTheProgramAndTheDigest) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  StandingsOptions options{std::nullopt, "referee 9.8.7", verifier::Sha256("league-file")};
  Standings standings = ComputeStandings(league, TwoRecords(), options);
  const Provenance& provenance = standings.provenance;
  ASSERT_TRUE(provenance.inputs.has_value());
  std::string digest = "4720cae8dd10031345f9f8e4b04dbea5e0782ca0f7064098e84745fc24ed6509";
  EXPECT_EQ(HexDigest(*provenance.inputs), digest);
  ASSERT_EQ(provenance.records.size(), 2u);
  EXPECT_EQ(standings.records[provenance.records[0]].source, "r1.yaml");
  for (const std::string& output :
       {reports::FormatStandingsText(standings), reports::FormatStandingsMarkdown(standings),
        reports::FormatStandingsCsv(standings),
        formats::WriteJson(reports::StandingsTree(standings), true)}) {
    EXPECT_NE(output.find("referee 9.8.7"), std::string::npos) << output;
    EXPECT_NE(output.find(digest), std::string::npos) << output;
  }
}

// A record counted without its text (a caller that did not give it) leaves no digest to publish.
TEST(Provenance, NoDigestWithoutEveryText) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  std::vector<PlayedRecord> records = TwoRecords();
  records[0].text_digest.reset();
  StandingsOptions options{std::nullopt, "referee 9.8.7", verifier::Sha256("league-file")};
  Standings standings = ComputeStandings(league, records, options);
  EXPECT_FALSE(standings.provenance.inputs.has_value());
  EXPECT_NE(reports::FormatStandingsText(standings).find("inputs: no digest"), std::string::npos);
}

// As of a round, only the records counted then are in the digest.
TEST(Provenance, AsOfARoundTheDigestCoversItsRecords) {
  League league = MakeLeague("collusion", {"a", "b", "c", "d"});
  StandingsOptions options{std::string("1"), "referee 9.8.7", verifier::Sha256("league-file")};
  Standings standings = ComputeStandings(league, TwoRecords(), options);
  ASSERT_EQ(standings.provenance.records.size(), 1u);
  EXPECT_EQ(*standings.provenance.inputs,
            InputsDigest(verifier::Sha256("league-file"), {verifier::Sha256("record one")}));
}

}  // namespace
}  // namespace referee::league
