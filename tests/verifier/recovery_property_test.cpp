// One slip, one finding: a valid record of any game with deals, changed in one place as a scorer
// slips (a card, a dealer, a trick left out, a claim), is reported first at that place, and the
// rest of the match is still checked (docs/findings.md, "Recovery").
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "referee/games/game_record.h"
#include "referee/games/registry.h"
#include "referee/games/trick/trick_events.h"
#include "referee/record/record_writer.h"
#include "tests/shared/game_param.h"
#include "tests/shared/playout.h"
#include "verifier/verifier.h"

namespace referee::testing {
namespace {

using games::trick::DealEvent;
using games::trick::PlayEvent;

// Where a slip was made: its deal, its trick (0 where it has none) and whether a finding may
// name an earlier trick (a trick left out fits wherever its cards make a legal trick).
struct Slip {
  int deal = 0;
  int trick = 0;
  bool trick_or_earlier = false;
};

const Event* EventAt(const record::Record& record, size_t i) {
  return std::get_if<Event>(&record.entries[i].item);
}

std::vector<size_t> EntriesOfKind(const record::Record& record, std::string_view kind) {
  std::vector<size_t> found;
  for (size_t i = 0; i < record.entries.size(); ++i) {
    const Event* event = EventAt(record, i);
    if (event != nullptr && event->kind == kind) found.push_back(i);
  }
  return found;
}

int LastDeal(const record::Record& record) {
  int last = 0;
  for (size_t i = 0; i < record.entries.size(); ++i) {
    if (const Event* event = EventAt(record, i)) last = std::max(last, event->deal);
  }
  return last;
}

// A played card replaced by a card its seat does not hold (UnlistedEvents), at the trick the
// match was playing.
Slip ChangeACard(record::Record& record, std::mt19937& rng) {
  std::vector<size_t> plays = EntriesOfKind(record, PlayEvent::kKind);
  RC_PRE(!plays.empty());
  size_t pick = plays[rng() % plays.size()];
  std::unique_ptr<Match> match = NewMatchFor(record);
  for (size_t i = 0; i < pick; ++i) {
    if (const Event* event = EventAt(record, i)) RC_ASSERT(match->Apply(*event).has_value());
  }
  std::vector<Event> unlisted = UnlistedEvents(*match, rng);
  RC_PRE(!unlisted.empty());
  Slip slip{EventAt(record, pick)->deal, match->Next().step.number};
  record.entries[pick].item = unlisted.front();
  return slip;
}

// A deal's dealer written as another seat, in a record that lists the deal's hands beside its
// seed, as a scorer's record does: the cards stay the record's, where a seed alone would be dealt
// out again from the new dealer's left.
Slip ChangeADealer(record::Record& record, std::mt19937& rng) {
  std::vector<size_t> deals = EntriesOfKind(record, DealEvent::kKind);
  RC_PRE(!deals.empty());
  size_t pick = deals[rng() % deals.size()];
  std::unique_ptr<Match> match = NewMatchFor(record);
  for (size_t i = 0; i < pick; ++i) {
    if (const Event* event = EventAt(record, i)) RC_ASSERT(match->Apply(*event).has_value());
  }
  RC_ASSERT(match->Apply(*EventAt(record, pick)).has_value());
  Event event = match->WithCardsWritten(*EventAt(record, pick));
  DealEvent& deal = *event.As<DealEvent>();
  RC_PRE(deal.dealer.has_value());
  deal.dealer = SeatAt(SeatIndex(*deal.dealer) + 1 + static_cast<int>(rng() % 3));
  record.entries[pick].item = event;
  return Slip{event.deal};
}

// The four cards of one trick of a deal that another deal follows, left out.
Slip DropATrick(record::Record& record, std::mt19937& rng) {
  int last = LastDeal(record);
  RC_PRE(last > 1);
  int deal = 1 + static_cast<int>(rng() % static_cast<unsigned>(last - 1));
  std::vector<size_t> plays;
  for (size_t i : EntriesOfKind(record, PlayEvent::kKind)) {
    if (EventAt(record, i)->deal == deal) plays.push_back(i);
  }
  RC_PRE(plays.size() >= 4 && plays.size() % 4 == 0);
  size_t trick = rng() % (plays.size() / 4);
  record.entries.erase(record.entries.begin() + static_cast<long>(plays[trick * 4]),
                       record.entries.begin() + static_cast<long>(plays[trick * 4 + 3]) + 1);
  return Slip{deal, static_cast<int>(trick) + 1, true};
}

// Each played deal's claim, as a scorer's record has them: the points the valid record scored,
// which stand in for a deal voided by a slip, so that the match ends where the record ends.
void AddClaims(record::Record& record, const verifier::Verdict& valid) {
  for (const ScoreSheet::Row& row : valid.scores.rows) {
    record::DealClaim claim{row.deal, EventPath::Member("deals", row.deal - 1, "claim"), {}};
    for (size_t unit = 0; unit < row.points.size(); ++unit) {
      claim.values.push_back({unit, row.points[unit]});
    }
    size_t after = 0;
    for (size_t i = 0; i < record.entries.size(); ++i) {
      const Event* event = EventAt(record, i);
      if (event != nullptr && event->deal == row.deal) after = i + 1;
    }
    record.entries.insert(record.entries.begin() + static_cast<long>(after),
                          record::Record::Entry{claim});
  }
}

// One unit's claimed points in one deal's claim, one off.
Slip ChangeAClaim(record::Record& record, std::mt19937& rng) {
  std::vector<size_t> claims;
  for (size_t i = 0; i < record.entries.size(); ++i) {
    if (std::holds_alternative<record::DealClaim>(record.entries[i].item)) claims.push_back(i);
  }
  RC_PRE(!claims.empty());
  auto& claim = std::get<record::DealClaim>(record.entries[claims[rng() % claims.size()]].item);
  RC_PRE(!claim.values.empty());
  claim.values[rng() % claim.values.size()].points += 1;
  return Slip{claim.deal};
}

int EventsOfDeal(const record::Record& record, int deal) {
  int count = 1;  // the end of the deal, which the reader adds
  for (size_t i = 0; i < record.entries.size(); ++i) {
    const Event* event = EventAt(record, i);
    if (event != nullptr && event->deal == deal) ++count;
  }
  return count;
}

class OneSlip : public ::testing::TestWithParam<const games::GameDescriptor*> {};

TEST_P(OneSlip, IsReportedFirstWhereItIsAndTheRestIsChecked) {
  const games::GameDescriptor& game = *GetParam();
  EXPECT_TRUE(rc::check(game.name + ": one slip is reported first where it is", [&] {
    std::mt19937 rng(*rc::gen::arbitrary<uint32_t>());
    Playout playout =
        PlayRandomly(game, rng, "seed-" + std::to_string(*rc::gen::arbitrary<uint32_t>()));
    record::Record record = std::move(playout.record);
    verifier::Verdict valid = verifier::VerifyNode(record::WriteRecord(record), "record");
    RC_ASSERT(valid.status == verifier::Status::kValid);
    AddClaims(record, valid);
    int kind = *rc::gen::inRange(0, 4);
    Slip slip;
    switch (kind) {
      case 0:
        slip = ChangeACard(record, rng);
        break;
      case 1:
        slip = ChangeADealer(record, rng);
        break;
      case 2:
        slip = DropATrick(record, rng);
        break;
      default:
        slip = ChangeAClaim(record, rng);
        break;
    }
    // The events of the other deals (a trick left out took 4 from the slip's deal).
    int others =
        valid.events_checked - EventsOfDeal(record, slip.deal) - (slip.trick_or_earlier ? 4 : 0);
    verifier::Verdict verdict = verifier::VerifyNode(record::WriteRecord(record), "record");
    RC_ASSERT(verdict.status != verifier::Status::kValid);
    auto first = std::find_if(verdict.findings.begin(), verdict.findings.end(),
                              [](const Finding& f) { return f.severity != Severity::kNote; });
    RC_ASSERT(first != verdict.findings.end());
    RC_LOG() << "slip " << kind << " in deal " << slip.deal << ", trick " << slip.trick << ": "
             << first->code << " at " << first->place.path << ": " << first->message << "\n";
    for (const Finding& finding : verdict.findings) {
      RC_LOG() << "  " << finding.code << " deal " << finding.place.game.deal << ": "
               << finding.message << "\n";
    }
    RC_LOG() << "checked " << verdict.events_checked << " of " << valid.events_checked << "\n";
    RC_ASSERT(first->place.game.deal == slip.deal);
    if (slip.trick > 0 && slip.trick_or_earlier) {
      RC_ASSERT(first->code == "missing-trick");
      RC_ASSERT(first->place.game.step.number >= 1 && first->place.game.step.number <= slip.trick);
    } else if (slip.trick > 0) {
      RC_ASSERT(first->place.game.step.number == slip.trick);
    }
    // Every other deal was checked.
    RC_ASSERT(verdict.events_checked >= others);
  }));
}

std::vector<const games::GameDescriptor*> GamesWithDeals() {
  std::vector<const games::GameDescriptor*> found;
  for (const games::GameDescriptor* game : games::BuiltInGames()) {
    const std::vector<std::string>& keys = game->body_keys;
    if (std::find(keys.begin(), keys.end(), "deals") != keys.end()) found.push_back(game);
  }
  return found;
}

INSTANTIATE_TEST_SUITE_P(Registered, OneSlip, ::testing::ValuesIn(GamesWithDeals()),
                         [](const ::testing::TestParamInfo<const games::GameDescriptor*>& info) {
                           return info.param->name;
                         });

}  // namespace
}  // namespace referee::testing
