#include "referee/games/trick/trick_faults.h"

#include <algorithm>
#include <map>

#include "referee/core/bot.h"
#include "referee/games/trick/trick_events.h"

namespace referee::games::trick {
namespace {

using Entries = std::vector<record::Record::Entry>;

// Who played each card of a valid record: the seat the replay says was due.
std::vector<std::pair<size_t, Seat>> Players(const record::Record& record,
                                             const MatchSetup& setup) {
  std::vector<std::pair<size_t, Seat>> seats;
  std::unique_ptr<Match> match = record.game->new_match(setup);
  for (size_t i = 0; i < record.entries.size(); ++i) {
    const Event* event = std::get_if<Event>(&record.entries[i].item);
    if (event == nullptr) continue;
    std::optional<int> seat = match->Next().actor;
    if (seat && event->As<PlayEvent>() != nullptr) seats.emplace_back(i, SeatAt(*seat));
    if (!match->Apply(*event).has_value()) break;  // a valid record never stops here
  }
  return seats;
}

struct PlayAt {
  size_t entry;
  Seat seat;
  int deal;
  std::string path;
  PlayEvent play;
};

std::vector<PlayAt> Plays(record::Record& record, const MatchSetup& setup) {
  std::vector<PlayAt> plays;
  for (const auto& [entry, seat] : Players(record, setup)) {
    const Event& event = *record.EventAt(entry);
    plays.push_back({entry, seat, event.deal, event.path.str(), *event.As<PlayEvent>()});
  }
  return plays;
}

void SwapCards(record::Record& record, size_t a, size_t b) {
  std::swap(record.EventAt<PlayEvent>(a)->card, record.EventAt<PlayEvent>(b)->card);
}

std::optional<InjectedFault> Revoke(record::Record& record, const MatchSetup& setup,
                                    std::mt19937_64& rng) {
  std::vector<PlayAt> plays = Plays(record, setup);
  std::map<std::pair<int, int>, Suit> led;  // (deal, trick) -> suit led
  for (const PlayAt& at : plays) {
    if (at.play.position == 0) led[{at.deal, at.play.trick}] = at.play.card.suit;
  }
  std::vector<std::pair<size_t, size_t>> candidates;  // (followed suit, later off-suit card)
  for (size_t i = 0; i < plays.size(); ++i) {
    const PlayAt& a = plays[i];
    Suit suit = led[{a.deal, a.play.trick}];
    if (a.play.position == 0 || a.play.card.suit != suit) continue;
    for (size_t j = i + 1; j < plays.size(); ++j) {
      const PlayAt& b = plays[j];
      if (b.deal == a.deal && b.seat == a.seat && b.play.trick > a.play.trick &&
          b.play.card.suit != suit) {
        candidates.emplace_back(i, j);
      }
    }
  }
  auto pick = Draw(candidates, rng);
  if (!pick) return std::nullopt;
  SwapCards(record, plays[pick->first].entry, plays[pick->second].entry);
  return InjectedFault{"revoke", "revoke", plays[pick->first].path};
}

// Swaps the cards at positions p and p+1 of a trick, p from `positions`.
std::optional<InjectedFault> SwapInTrick(record::Record& record, const MatchSetup& setup,
                                         std::mt19937_64& rng, const std::vector<int>& positions,
                                         InjectedFault expected) {
  std::vector<PlayAt> plays = Plays(record, setup);
  std::vector<size_t> candidates;
  for (size_t i = 0; i + 1 < plays.size(); ++i) {
    const PlayEvent& a = plays[i].play;
    const PlayEvent& b = plays[i + 1].play;
    bool wanted = std::find(positions.begin(), positions.end(), a.position) != positions.end();
    bool same_trick = plays[i + 1].deal == plays[i].deal && b.trick == a.trick;
    if (wanted && same_trick && b.position == a.position + 1) {
      candidates.push_back(i);
    }
  }
  auto pick = Draw(candidates, rng);
  if (!pick) return std::nullopt;
  SwapCards(record, plays[*pick].entry, plays[*pick + 1].entry);
  expected.path = plays[*pick].path;
  return expected;
}

std::vector<size_t> DealEntries(const record::Record& record) {
  std::vector<size_t> deals;
  for (size_t i = 0; i < record.entries.size(); ++i) {
    const Event* event = std::get_if<Event>(&record.entries[i].item);
    if (event != nullptr && event->As<DealEvent>() != nullptr) deals.push_back(i);
  }
  return deals;
}

std::string HandPath(const Event& deal, int seat) {
  return ChildPath(ChildPath(deal.path.str(), "hands"), SeatName(SeatAt(seat)));
}

std::optional<InjectedFault> DuplicateCard(record::Record& record, const MatchSetup& /*setup*/,
                                           std::mt19937_64& rng) {
  auto entry = Draw(DealEntries(record), rng);
  if (!entry) return std::nullopt;
  const Event& event = *record.EventAt(*entry);
  DealEvent& deal = *record.EventAt<DealEvent>(*entry);
  if (!deal.hands) return std::nullopt;
  int seat = 1 + static_cast<int>(UniformIndex(rng, 3));  // E, S or W: an earlier seat exists
  int earlier = static_cast<int>(UniformIndex(rng, static_cast<size_t>(seat)));
  std::vector<Card>& hand = (*deal.hands)[seat];
  const std::vector<Card>& source = (*deal.hands)[earlier];
  size_t k = UniformIndex(rng, hand.size());
  hand[k] = source[UniformIndex(rng, source.size())];
  return InjectedFault{"duplicate-card", "duplicate-card", ChildPath(HandPath(event, seat), k)};
}

std::optional<InjectedFault> MissingCard(record::Record& record, const MatchSetup& /*setup*/,
                                         std::mt19937_64& rng) {
  auto entry = Draw(DealEntries(record), rng);
  if (!entry) return std::nullopt;
  const Event& event = *record.EventAt(*entry);
  DealEvent& deal = *record.EventAt<DealEvent>(*entry);
  if (!deal.hands) return std::nullopt;
  int seat = static_cast<int>(UniformIndex(rng, 4));
  std::vector<Card>& hand = (*deal.hands)[seat];
  hand.erase(hand.begin() + static_cast<long>(UniformIndex(rng, hand.size())));
  return InjectedFault{"missing-card", "wrong-hand-size", HandPath(event, seat)};
}

std::optional<InjectedFault> WrongDealer(record::Record& record, const MatchSetup& /*setup*/,
                                         std::mt19937_64& rng) {
  std::vector<size_t> deals = DealEntries(record);
  if (deals.size() < 2) return std::nullopt;  // the record declares its first dealer
  deals.erase(deals.begin());
  size_t entry = *Draw(deals, rng);
  DealEvent& deal = *record.EventAt<DealEvent>(entry);
  deal.dealer = SeatAt(SeatIndex(deal.dealer.value_or(Seat::kNorth)) + 1 +
                       static_cast<int>(UniformIndex(rng, 3)));
  return InjectedFault{"wrong-dealer", "wrong-dealer",
                       ChildPath(record.EventAt(entry)->path.str(), "dealer")};
}

std::optional<InjectedFault> WrongClaim(record::Record& record, const MatchSetup& /*setup*/,
                                        std::mt19937_64& rng) {
  std::vector<std::pair<record::DealClaim*, size_t>> values;
  for (record::Record::Entry& entry : record.entries) {
    auto* claim = std::get_if<record::DealClaim>(&entry.item);
    for (size_t i = 0; claim != nullptr && i < claim->values.size(); ++i) {
      values.emplace_back(claim, i);
    }
  }
  auto pick = Draw(values, rng);
  if (!pick) return std::nullopt;
  auto [claim, unit] = *pick;
  ++claim->values[unit].points;
  return InjectedFault{"wrong-claim", "claim-mismatch",
                       claim->PathOf(claim->values[unit], record.game->score_units)};
}

std::optional<InjectedFault> DealAfterEnd(record::Record& record, const MatchSetup& /*setup*/,
                                          std::mt19937_64& /*rng*/) {
  std::vector<size_t> deals = DealEntries(record);
  if (deals.empty()) return std::nullopt;
  const Event& last_event = *record.EventAt(deals.back());
  const DealEvent& last = *last_event.As<DealEvent>();
  int number = last_event.deal + 1;
  // Conspiracy's default (`deals: 0`) lets a record go on past any even number of deals; fixing
  // the number of deals at those played keeps the record valid and makes the next deal one too
  // many (docs/rules/conspiracy.md, ruling 9).
  for (const OptionSpec& option : record.game->options) {
    if (option.name == "deals" && record.rules.Integer("deals") == 0) {
      record.rules.Set("deals", int64_t{last_event.deal});
    }
  }
  DealEvent extra{
      .dealer = LeftOf(last.dealer.value_or(Seat::kNorth)), .board = number, .seeded = true};
  std::string path = ChildPath("/deals", static_cast<size_t>(number - 1));
  record.entries.push_back({MakeEvent(extra, number, std::nullopt, path)});
  return InjectedFault{"deal-after-end", "deal-after-end", path};
}

}  // namespace

std::vector<FaultSpec> TrickFaults(bool follows_suit) {
  std::vector<FaultSpec> faults;
  if (follows_suit) {
    faults.push_back(
        {"revoke", "a seat that followed suit plays an off-suit card it held: revoke", &Revoke});
  }
  std::vector<FaultSpec> others = {
      {"out-of-turn", "two cards of a trick swap, so a seat plays its neighbour's card",
       [](record::Record& record, const MatchSetup& setup, std::mt19937_64& rng) {
         return SwapInTrick(record, setup, rng, {1, 2}, {"out-of-turn", "card-not-in-hand", ""});
       }},
      {"duplicate-card", "a card of one hand is replaced by a card of an earlier seat's hand",
       &DuplicateCard},
      {"missing-card", "a card is left out of a hand", &MissingCard},
      {"wrong-dealer", "a later deal names the wrong dealer", &WrongDealer},
      {"wrong-leader", "the lead and the second card of a trick swap",
       [](record::Record& record, const MatchSetup& setup, std::mt19937_64& rng) {
         return SwapInTrick(record, setup, rng, {0}, {"wrong-leader", "wrong-leader", ""});
       }},
      {"wrong-claim", "a deal's claim is one point off", &WrongClaim},
      {"deal-after-end", "a seeded deal after the last", &DealAfterEnd},
  };
  faults.insert(faults.end(), others.begin(), others.end());
  return faults;
}

}  // namespace referee::games::trick
