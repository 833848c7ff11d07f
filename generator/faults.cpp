#include "generator/faults.h"

#include <algorithm>
#include <functional>
#include <map>

#include "referee/core/bot.h"
#include "referee/record/record_writer.h"
#include "verifier/verifier.h"

namespace referee::generator {
namespace {

using Entries = std::vector<record::Record::Entry>;

// What the replay of a valid record says about each of its entries: who played a card, and the
// Cahoots pile tops before a turn.
struct Moment {
  size_t entry = 0;
  std::optional<Seat> seat;
  std::vector<NumberCard> tops;
};

std::vector<Moment> Replay(const record::Record& record) {
  std::vector<Moment> moments;
  std::unique_ptr<Match> match = record.game->new_match(verifier::SetupFor(record));
  for (size_t i = 0; i < record.entries.size(); ++i) {
    const Event* event = std::get_if<Event>(&record.entries[i].item);
    if (event == nullptr) continue;
    Moment moment{i, match->Next().seat, {}};
    if (std::holds_alternative<TurnEvent>(*event)) moment.tops = match->ViewFor(0).pile_tops;
    moments.push_back(std::move(moment));
    if (!match->Apply(*event).has_value()) break;  // a valid record never stops here
  }
  return moments;
}

template <class T>
T* EventAt(record::Record& record, size_t entry) {
  Event* event = std::get_if<Event>(&record.entries[entry].item);
  return event == nullptr ? nullptr : std::get_if<T>(event);
}

// Draws one of the candidates; nothing when there are none.
template <class T>
std::optional<T> Draw(const std::vector<T>& candidates, std::mt19937_64& rng) {
  if (candidates.empty()) return std::nullopt;
  return candidates[UniformIndex(rng, candidates.size())];
}

struct PlayAt {
  size_t entry;
  Seat seat;
  PlayEvent play;
};

std::vector<PlayAt> Plays(record::Record& record) {
  std::vector<PlayAt> plays;
  for (const Moment& moment : Replay(record)) {
    if (const auto* play = EventAt<PlayEvent>(record, moment.entry); play && moment.seat) {
      plays.push_back({moment.entry, *moment.seat, *play});
    }
  }
  return plays;
}

void SwapCards(record::Record& record, size_t a, size_t b) {
  std::swap(EventAt<PlayEvent>(record, a)->card, EventAt<PlayEvent>(record, b)->card);
}

std::optional<ExpectedFinding> Revoke(record::Record& record, std::mt19937_64& rng) {
  std::vector<PlayAt> plays = Plays(record);
  std::map<std::pair<int, int>, Suit> led;  // (deal, trick) -> suit led
  for (const PlayAt& at : plays) {
    if (at.play.position == 0) led[{at.play.deal, at.play.trick}] = at.play.card.suit;
  }
  std::vector<std::pair<size_t, size_t>> candidates;  // (followed suit, later off-suit card)
  for (size_t i = 0; i < plays.size(); ++i) {
    const PlayAt& a = plays[i];
    Suit suit = led[{a.play.deal, a.play.trick}];
    if (a.play.position == 0 || a.play.card.suit != suit) continue;
    for (size_t j = i + 1; j < plays.size(); ++j) {
      const PlayAt& b = plays[j];
      if (b.play.deal == a.play.deal && b.seat == a.seat && b.play.trick > a.play.trick &&
          b.play.card.suit != suit) {
        candidates.emplace_back(i, j);
      }
    }
  }
  auto pick = Draw(candidates, rng);
  if (!pick) return std::nullopt;
  SwapCards(record, plays[pick->first].entry, plays[pick->second].entry);
  return ExpectedFinding{"revoke", "revoke", plays[pick->first].play.path};
}

// Swaps the cards at positions p and p+1 of a trick, p from `positions`.
std::optional<ExpectedFinding> SwapInTrick(record::Record& record, std::mt19937_64& rng,
                                           const std::vector<int>& positions,
                                           ExpectedFinding expected) {
  std::vector<PlayAt> plays = Plays(record);
  std::vector<size_t> candidates;
  for (size_t i = 0; i + 1 < plays.size(); ++i) {
    const PlayEvent& a = plays[i].play;
    const PlayEvent& b = plays[i + 1].play;
    bool wanted = std::find(positions.begin(), positions.end(), a.position) != positions.end();
    if (wanted && b.deal == a.deal && b.trick == a.trick && b.position == a.position + 1) {
      candidates.push_back(i);
    }
  }
  auto pick = Draw(candidates, rng);
  if (!pick) return std::nullopt;
  SwapCards(record, plays[*pick].entry, plays[*pick + 1].entry);
  expected.path = plays[*pick].play.path;
  return expected;
}

std::vector<size_t> DealEntries(const record::Record& record) {
  std::vector<size_t> deals;
  for (size_t i = 0; i < record.entries.size(); ++i) {
    const Event* event = std::get_if<Event>(&record.entries[i].item);
    if (event != nullptr && std::holds_alternative<DealEvent>(*event)) deals.push_back(i);
  }
  return deals;
}

std::string HandPath(const DealEvent& deal, int seat) {
  return ChildPath(ChildPath(deal.path, "hands"), SeatName(SeatAt(seat)));
}

std::optional<ExpectedFinding> DuplicateCard(record::Record& record, std::mt19937_64& rng) {
  auto entry = Draw(DealEntries(record), rng);
  if (!entry) return std::nullopt;
  DealEvent& deal = *EventAt<DealEvent>(record, *entry);
  if (!deal.hands) return std::nullopt;
  int seat = 1 + static_cast<int>(UniformIndex(rng, 3));  // E, S or W: an earlier seat exists
  int earlier = static_cast<int>(UniformIndex(rng, static_cast<size_t>(seat)));
  std::vector<Card>& hand = (*deal.hands)[seat];
  const std::vector<Card>& source = (*deal.hands)[earlier];
  size_t k = UniformIndex(rng, hand.size());
  hand[k] = source[UniformIndex(rng, source.size())];
  return ExpectedFinding{"duplicate-card", "duplicate-card", ChildPath(HandPath(deal, seat), k)};
}

std::optional<ExpectedFinding> MissingCard(record::Record& record, std::mt19937_64& rng) {
  auto entry = Draw(DealEntries(record), rng);
  if (!entry) return std::nullopt;
  DealEvent& deal = *EventAt<DealEvent>(record, *entry);
  if (!deal.hands) return std::nullopt;
  int seat = static_cast<int>(UniformIndex(rng, 4));
  std::vector<Card>& hand = (*deal.hands)[seat];
  hand.erase(hand.begin() + static_cast<long>(UniformIndex(rng, hand.size())));
  return ExpectedFinding{"missing-card", "wrong-hand-size", HandPath(deal, seat)};
}

std::optional<ExpectedFinding> WrongDealer(record::Record& record, std::mt19937_64& rng) {
  std::vector<size_t> deals = DealEntries(record);
  if (deals.size() < 2) return std::nullopt;  // the record declares its first dealer
  deals.erase(deals.begin());
  DealEvent& deal = *EventAt<DealEvent>(record, *Draw(deals, rng));
  deal.dealer = SeatAt(SeatIndex(deal.dealer.value_or(Seat::kNorth)) + 1 +
                       static_cast<int>(UniformIndex(rng, 3)));
  return ExpectedFinding{"wrong-dealer", "wrong-dealer", ChildPath(deal.path, "dealer")};
}

std::optional<ExpectedFinding> WrongClaim(record::Record& record, std::mt19937_64& rng) {
  std::vector<record::ClaimedValue*> values;
  for (record::Record::Entry& entry : record.entries) {
    auto* claim = std::get_if<record::DealClaim>(&entry.item);
    for (size_t i = 0; claim != nullptr && i < claim->values.size(); ++i) {
      values.push_back(&claim->values[i]);
    }
  }
  std::string code = "claim-mismatch";
  if (values.empty() && record.result) {  // Cahoots: the claimed goals
    code = "result-mismatch";
    for (record::ClaimedValue& value : *record.result) {
      if (value.key == "goals") values.push_back(&value);
    }
  }
  auto pick = Draw(values, rng);
  if (!pick) return std::nullopt;
  std::string& words = (*pick)->words.at(0);
  words = std::to_string(std::stoi(words) + 1);
  return ExpectedFinding{"wrong-claim", code, (*pick)->path};
}

std::optional<ExpectedFinding> DealAfterEnd(record::Record& record, std::mt19937_64& /*rng*/) {
  std::vector<size_t> deals = DealEntries(record);
  if (deals.empty()) return std::nullopt;
  const DealEvent& last = *EventAt<DealEvent>(record, deals.back());
  int number = last.deal + 1;
  // Conspiracy's default (`deals: 0`) lets a record go on past any even number of deals; fixing
  // the number of deals at those played keeps the record valid and makes the next deal one too
  // many (docs/rules/conspiracy.md, ruling 9).
  for (const OptionSpec& option : record.game->options) {
    if (option.name == "deals" && record.rules.Integer("deals") == 0) {
      record.rules.Set("deals", int64_t{last.deal});
    }
  }
  DealEvent extra{.deal = number, .path = ChildPath("/deals", static_cast<size_t>(number - 1))};
  extra.dealer = LeftOf(last.dealer.value_or(Seat::kNorth));
  extra.board = number;
  extra.seeded = true;
  record.entries.push_back({Event(extra)});
  return ExpectedFinding{"deal-after-end", "deal-after-end", extra.path};
}

std::vector<size_t> TurnEntries(const record::Record& record) {
  std::vector<size_t> turns;
  for (size_t i = 0; i < record.entries.size(); ++i) {
    const Event* event = std::get_if<Event>(&record.entries[i].item);
    if (event != nullptr && std::holds_alternative<TurnEvent>(*event)) turns.push_back(i);
  }
  return turns;
}

std::optional<ExpectedFinding> NoMatch(record::Record& record, std::mt19937_64& rng) {
  std::vector<std::pair<size_t, int>> candidates;  // (entry, pile it does not match)
  for (const Moment& moment : Replay(record)) {
    const TurnEvent* turn = EventAt<TurnEvent>(record, moment.entry);
    for (size_t pile = 0; turn != nullptr && pile < moment.tops.size(); ++pile) {
      NumberCard top = moment.tops[pile];
      if (top.colour != turn->card.colour && top.number != turn->card.number) {
        candidates.emplace_back(moment.entry, static_cast<int>(pile) + 1);
      }
    }
  }
  auto pick = Draw(candidates, rng);
  if (!pick) return std::nullopt;
  TurnEvent& turn = *EventAt<TurnEvent>(record, pick->first);
  turn.pile = pick->second;
  return ExpectedFinding{"no-match", "no-match", turn.path};
}

std::optional<ExpectedFinding> WrongPlayer(record::Record& record, std::mt19937_64& rng) {
  if (record.rules.Choice("variant") == "speed") return std::nullopt;  // no turn order
  auto entry = Draw(TurnEntries(record), rng);
  if (!entry) return std::nullopt;
  TurnEvent& turn = *EventAt<TurnEvent>(record, *entry);
  int players = static_cast<int>(record.players.size());
  turn.player = (turn.player.value_or(0) + 1 +
                 static_cast<int>(UniformIndex(rng, static_cast<size_t>(players - 1)))) %
                players;
  return ExpectedFinding{"out-of-turn", "wrong-player", turn.path};
}

std::optional<ExpectedFinding> PlayAfterEnd(record::Record& record, std::mt19937_64& /*rng*/) {
  std::vector<size_t> turns = TurnEntries(record);
  if (turns.empty()) return std::nullopt;
  TurnEvent extra = *EventAt<TurnEvent>(record, turns.back());
  extra.path = ChildPath("/turns", turns.size());
  extra.turn = static_cast<int>(turns.size()) + 1;
  record.entries.push_back({Event(extra)});
  return ExpectedFinding{"deal-after-end", "play-after-end", extra.path};
}

using Injector = std::function<std::optional<ExpectedFinding>(record::Record&, std::mt19937_64&)>;

std::optional<Injector> InjectorFor(const std::string& kind, bool cahoots) {
  if (kind == "revoke") return Injector(&Revoke);
  if (kind == "out-of-turn" && cahoots) return Injector(&WrongPlayer);
  if (kind == "out-of-turn") {
    return Injector([](record::Record& record, std::mt19937_64& rng) {
      return SwapInTrick(record, rng, {1, 2}, {"out-of-turn", "card-not-in-hand", ""});
    });
  }
  if (kind == "wrong-leader") {
    return Injector([](record::Record& record, std::mt19937_64& rng) {
      return SwapInTrick(record, rng, {0}, {"wrong-leader", "wrong-leader", ""});
    });
  }
  if (kind == "duplicate-card") return Injector(&DuplicateCard);
  if (kind == "missing-card") return Injector(&MissingCard);
  if (kind == "wrong-dealer") return Injector(&WrongDealer);
  if (kind == "wrong-claim") return Injector(&WrongClaim);
  if (kind == "deal-after-end") return Injector(cahoots ? &PlayAfterEnd : &DealAfterEnd);
  if (kind == "no-match") return Injector(&NoMatch);
  return std::nullopt;
}

bool IsCahoots(const record::Record& record) {
  return record.game->player_shape == games::PlayerShape::kTurnOrder;
}

}  // namespace

std::vector<std::string> FaultKinds(const games::GameDescriptor& game) {
  if (game.player_shape == games::PlayerShape::kTurnOrder) {
    return {"no-match", "out-of-turn", "wrong-claim", "deal-after-end"};
  }
  std::vector<std::string> kinds = {"out-of-turn",   "duplicate-card", "missing-card",
                                    "wrong-dealer",  "wrong-leader",   "wrong-claim",
                                    "deal-after-end"};
  // Plonk has no need to follow suit, so nothing there is a revoke.
  if (game.name != "plonk") kinds.insert(kinds.begin(), "revoke");
  return kinds;
}

std::optional<ExpectedFinding> InjectFault(const std::string& kind, record::Record& record,
                                           std::mt19937_64& rng) {
  std::optional<Injector> injector = InjectorFor(kind, IsCahoots(record));
  if (!injector) return std::nullopt;
  return (*injector)(record, rng);
}

bool VerifierAgrees(const record::Record& record, const ExpectedFinding& expected) {
  verifier::Verdict verdict = verifier::VerifyNode(record::WriteRecord(record), "generated");
  for (const Finding& finding : verdict.findings) {
    if (finding.severity == Severity::kNote) continue;
    return finding.code == expected.code && finding.place.path == expected.path;
  }
  return false;
}

std::optional<ExpectedFinding> PlaceFault(record::Record& record,
                                          const std::vector<std::string>& kinds, size_t first,
                                          std::mt19937_64& rng) {
  constexpr int kPositionsPerKind = 6;
  for (size_t k = 0; k < kinds.size(); ++k) {
    const std::string& kind = kinds[(first + k) % kinds.size()];
    for (int attempt = 0; attempt < kPositionsPerKind; ++attempt) {
      record::Record trial = record;
      std::optional<ExpectedFinding> expected = InjectFault(kind, trial, rng);
      if (!expected) break;  // no place for this kind in this record
      if (!VerifierAgrees(trial, *expected)) continue;
      record = std::move(trial);
      return expected;
    }
  }
  return std::nullopt;
}

}  // namespace referee::generator
