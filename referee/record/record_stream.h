// Reading a record from tokens (referee/record/tokens.h) straight into its game's match: the fast
// path of verification, which makes no tree of the record and, for a legal record, no event it
// need not.
//
// The fast path is for the records a league receives by the thousand: legal, complete, written
// in their plain form. It words nothing and places nothing: as soon as anything is not plainly
// legal, claimed right and written in a form the fast readers know, it gives up and the record is
// verified again the slow, precise way (the tree readers and the match's events), which makes the
// findings with their places. So the two paths need not agree on how a problem is found, only on
// what a legal record is; a property over every game checks that they give the same verdict.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "referee/record/record.h"
#include "referee/record/tokens.h"

namespace referee::record {

// The value of each of a game's body keys (GameDescriptor::body_keys, in that order): its token
// index, or none where the record leaves it out.
using BodyValues = std::vector<std::optional<size_t>>;

// The values the fast path finds at a record's top level besides its header.
struct TopLevelValues {
  BodyValues body;
  std::optional<size_t> result;  // the value of `result:`
};

// Reads the header of the record in `tokens` (format, game, rules, players, metadata, seed) into
// `header`, as ReadRecordHeader reads it from the record's tree, and finds the values of the body
// keys and of the result. False where ReadRecordHeader would make a finding or the header is not
// in its plain form: the record is then read the slow way.
bool ReadHeaderFromTokens(const TokenBuffer& tokens, Record& header, TopLevelValues& values);

// The claimed result at `index`, as ReadRecordResult reads it (paths left empty: the fast path
// words no finding); none where it would make a finding or the form is not plain.
std::optional<std::vector<ClaimedFact>> ReadResultFromTokens(const TokenBuffer& tokens,
                                                             size_t index, const Record& header);

// A deal's claimed points as a fast reader reads them: per scoring unit, in the order of
// GameDescriptor::score_units, with the units the claim names.
struct FastDealClaim {
  static constexpr size_t kMaxUnits = 4;
  int deal = 0;
  std::array<int64_t, kMaxUnits> points{};
  std::array<bool, kMaxUnits> given{};
};

// What a game's fast replay (GameDescriptor::replay_body) hands the verifier beside its match:
// how many of the record's events it replayed, counted as the record's entries count them (a
// deal, each card, a call, the end of a deal that a later one follows, a turn), and the deal
// claims it read, which the verifier compares with the match's score sheet. The verifier keeps
// one from record to record, so that its memory is reused.
struct FastTally {
  int events = 0;
  std::vector<FastDealClaim> claims;
  void Reset() {
    events = 0;
    claims.clear();
  }
};

}  // namespace referee::record
