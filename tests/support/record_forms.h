// A second writer of records, for the tests and the benchmark: a valid record rewritten at random
// into another form the record format allows (docs/record-format.md), as a club's scorer, a tablet
// app or a bot server may write it. referee's own writer (record::WriteRecord) gives one form of
// each record; users give every form, and every form of a record must get its verdict.
//
// The forms, each chosen at random where it applies:
//   - cards: `T` or `10`, a suit's letter or its symbol (black or white), upper or lower case;
//     Cahoots number cards compact ("3G") or long ("3-green"), either case;
//   - lists of words (hands, pack orders, tricks, draws, completed goals, a shared win, a
//     Cahoots turn and colour pair) as a list or as one string, words one or more spaces apart;
//   - a trick-game deal by its hands, by its pack order (dealt from the dealer's left), or both;
//   - optional parts present or not: `id`, a deal's `claim` (on any subset of deals, the points
//     the replay gives), the claimed `result` (whole, some of its keys, or none, `winner`
//     included or not), rule options written at their defaults;
//   - map keys in any order;
//   - JSON, compact or pretty, or YAML with each list and map in block or flow style and each
//     string plain where it may be, or quoted.
#pragma once

#include <random>
#include <string>

#include "formats/input_format.h"
#include "referee/record/node.h"
#include "referee/record/record.h"
#include "verifier/verdict.h"

namespace referee::testing {

struct WrittenRecord {
  std::string text;
  formats::InputFormat format = formats::InputFormat::kJson;
};

// `record` (valid, as its verdict `verdict` says) written in another form, drawn from `rng`.
WrittenRecord AnotherForm(const record::Record& record, const verifier::Verdict& verdict,
                          std::mt19937& rng);

// The tree of `record` in another form, before it is written as text (AnotherForm writes it).
record::Node AnotherTree(const record::Record& record, const verifier::Verdict& verdict,
                         std::mt19937& rng);

// A tree written as YAML with each list and map in block or flow style, drawn from `rng`.
std::string MixedYaml(const record::Node& tree, std::mt19937& rng);

}  // namespace referee::testing
